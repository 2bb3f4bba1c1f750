//! `loop-pointer-bases`: in a loop of warp-group products (wgmma), a pointer tile the
//! loop advances by one scalar a trip (`ap += BK * sak`) is carried as that scalar's
//! running sum instead: the pointers are the loop's initial tile plus the sum, computed
//! afresh each iteration.
//!
//! Why: carried 64-bit pointers next to a large accumulator are allocated by ptxas as
//! two unrelated 32-bit halves, and every cp.async then needs two moves to rebuild an
//! aligned register pair (the 128x256 matmul's loop: 24 moves among 132 instructions).
//! A fresh `base + offset` lands in a pair directly: 112 instructions, no moves (Triton's
//! loops have this shape too). The sum is an i64, so it wraps exactly as the repeated
//! pointer additions did.
//!
//! 1. Loops whose body has a `layout.warp_group_dot`, inner loops first. Elsewhere the
//!    carried pointers keep their form: ptxas keeps them in pairs there (mma.sync's
//!    pipelined loop on sm_80 has no moves, and the sum's 64-bit shifts would add 8
//!    uniform instructions to its 248), and memory-bound loops have registers to spare.
//! 2. An iteration argument qualifies when it is a pointer tile, the loop yields
//!    `tile.addptr(arg, tile.splat(s))` for it (a scalar `s`, however computed) and that
//!    addptr has no other use, and the loop's result for it is unused afterwards.
//! 3. The argument becomes an i64 `o` (initially 0); the body starts with
//!    `arg = tile.addptr(init, tile.splat(o))` (the old argument's value, so its uses stay);
//!    the yield becomes `o + s` (sign-extended, as addptr reads i32 offsets) and the old
//!    addptr, and its splat when nothing else reads it, go.

use crate::options::CompileOptions;
use crate::pass::PassError;
use std::collections::HashMap;
use tile_dialects::ir::{Builder, Module, Op, Type, ValueId, Values};
use tile_dialects::opname;

pub fn run(m: &mut Module, _opts: &CompileOptions) -> Result<(), PassError> {
    m.funcs_mut(|values, func| {
        rebase_block(values, &mut func.regions[0].blocks[0].ops);
        Ok(())
    })
}

fn rebase_block(values: &mut Values, ops: &mut Vec<Op>) {
    let used_after: Vec<ValueId> =
        ops.iter().flat_map(|o| o.operands.iter().copied().chain(o.nested_operands())).collect();
    let mut out = Vec::with_capacity(ops.len());
    for mut op in std::mem::take(ops) {
        for r in &mut op.regions {
            for b in &mut r.blocks {
                rebase_block(values, &mut b.ops);
            }
        }
        if op.name == "scf.for" && op.regions[0].blocks[0].ops.iter().any(|o| o.name == opname::LAYOUT_WARP_GROUP_DOT) {
            rebase_loop(values, &mut op, &used_after, &mut out);
        }
        out.push(op);
    }
    *ops = out;
}

/// Steps 2 and 3 for one loop; the zeros the new arguments start from go to `before`.
fn rebase_loop(values: &mut Values, lp: &mut Op, used_after: &[ValueId], before: &mut Vec<Op>) {
    let body = &lp.regions[0].blocks[0];
    let def: HashMap<ValueId, usize> =
        body.ops.iter().enumerate().flat_map(|(i, o)| o.results.iter().map(move |r| (*r, i))).collect();
    let readers = |v: ValueId| body.ops.iter().filter(|o| o.uses(v)).count();
    let yields = &body.ops.last().expect("a loop body ends in scf.yield").operands;
    // (argument position, the addptr's index, its splat's index, the scalar s).
    let mut found = vec![];
    for (k, &arg) in body.args[1..].iter().enumerate() {
        if !matches!(values.ty(arg), Type::Tensor { elem, .. } if matches!(**elem, Type::TilePtr(_))) {
            continue;
        }
        if used_after.contains(&lp.results[k]) {
            continue;
        }
        let Some(&a) = def.get(&yields[k]) else { continue };
        let add = &body.ops[a];
        if add.name != opname::TILE_ADDPTR || add.operands[0] != arg || readers(add.result()) != 1 {
            continue;
        }
        let Some(&s) = def.get(&add.operands[1]) else { continue };
        if body.ops[s].name != opname::TILE_SPLAT {
            continue;
        }
        found.push((k, a, s, body.ops[s].operands[0]));
    }
    if found.is_empty() {
        return;
    }
    let loc = lp.loc.clone();
    let i64t = Type::Int(64);
    let mut head = vec![];
    let mut drop = vec![];
    let mut bumps = vec![];
    for &(k, a, _, scalar) in &found {
        let body = &mut lp.regions[0].blocks[0];
        let arg = body.args[1 + k];
        let init = lp.operands[3 + k];
        let zero = Builder::new(values, before, loc.clone()).const_int(0, 64);
        let o = values.new_value(i64t.clone());
        // The old argument's value, recomputed from the initial tile.
        let pt = values.ty(arg).clone();
        let mut b = Builder::new(values, &mut head, loc.clone());
        let splat = b.op1(opname::TILE_SPLAT, &[o], pt.with_elem(i64t.clone()), &[]);
        b.ops.push(Op {
            name: opname::TILE_ADDPTR.into(),
            operands: vec![init, splat],
            results: vec![arg],
            loc: loc.clone(),
            ..Default::default()
        });
        body.args[1 + k] = o;
        lp.operands[3 + k] = zero;
        lp.results[k] = values.new_value(i64t.clone());
        bumps.push((k, scalar, o));
        drop.push(a);
    }
    // A splat goes too when only dropped addptrs read it.
    let body = &lp.regions[0].blocks[0];
    for &(_, _, s, _) in &found {
        let sv = body.ops[s].result();
        let kept_readers = body.ops.iter().enumerate().filter(|(i, x)| !drop.contains(i) && x.uses(sv)).count();
        if kept_readers == 0 && !drop.contains(&s) {
            drop.push(s);
        }
    }
    let body = &mut lp.regions[0].blocks[0];
    let mut ops = head;
    for (i, op) in std::mem::take(&mut body.ops).into_iter().enumerate() {
        if drop.contains(&i) {
            continue;
        }
        if op.name == "scf.yield" {
            let mut y = op;
            let mut b = Builder::new(values, &mut ops, loc.clone());
            for &(k, scalar, o) in &bumps {
                let s64 =
                    if b.ty(scalar).bits() == 64 { scalar } else { b.op1("arith.extsi", &[scalar], i64t.clone(), &[]) };
                y.operands[k] = b.op1("arith.addi", &[o, s64], i64t.clone(), &[]);
            }
            ops.push(y);
            continue;
        }
        ops.push(op);
    }
    body.ops = ops;
}
