//! Step 3 of `software-pipeline` for loads no asynchronous copy can take (rows whose
//! alignment gives less than 4 bytes a thread: odd K or odd strides, where no launch
//! divisor helps; a non-zero `other`): they run one iteration ahead in registers.
//!
//! - prologue: stage 0 of the first iteration, its loads masked by `lo < hi` (a loop that
//!   runs no iteration reads nothing);
//! - the loop carries the loaded tiles besides its own values (the advanced ones one
//!   iteration ahead); each iteration first issues stage 0 of the next one (loads masked
//!   by `i + step < hi`), then runs stage 1 on the tiles the previous iteration loaded:
//!   the loads' latency passes while the product runs, as a copy's would;
//! - nothing follows the loop: no copy is in flight.

use super::analyse::Plan;
use std::collections::HashMap;
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Builder, Op, Type, ValueId, Values};
use tile_dialects::opname;
use tile_dialects::views::TileLoad;

/// Step 3 in registers.
pub(super) fn rewrite(values: &mut Values, lp: Op, plan: &Plan, out: &mut Vec<Op>) {
    let loc = lp.loc.clone();
    let body = &lp.regions[0].blocks[0];
    let iv = body.args[0];
    let carried: Vec<ValueId> = body.args[1..].to_vec();
    let yields = body.ops.last().expect("a yield").operands.clone();
    let (lo, hi, step) = (lp.operands[0], lp.operands[1], lp.operands[2]);
    let ivt = values.ty(iv).clone();
    // Stage 0 of the iteration whose induction value is `at`, reading the advanced values
    // `cur`: the staged loads' tiles and the advanced values' next.
    let stage0 = |values: &mut Values, out: &mut Vec<Op>, at: ValueId, cur: &[ValueId]| {
        let mut map = super::stage0_map(plan, iv, &carried, at, cur);
        let mut b = Builder::new(values, out, loc.clone());
        let valid = b.op1("arith.cmpi", &[at, hi], Type::Int(1), &[("predicate", Attr::int(2, "i64"))]);
        let mut loaded = vec![];
        for (i, op) in body.ops.iter().enumerate() {
            if !plan.stage0.contains(&i) {
                continue;
            }
            let mut c = b.values.clone_op(op, &mut map);
            if plan.staged.iter().any(|s| s.load == i) {
                b.loc = op.loc.clone();
                masked_by(&mut b, &mut c, valid);
                b.loc = loc.clone();
                loaded.push(c.result());
            }
            b.ops.push(c);
        }
        let next: Vec<ValueId> =
            plan.ahead.iter().map(|&a| map.get(&yields[a]).copied().unwrap_or(yields[a])).collect();
        (loaded, next)
    };
    // Prologue.
    let inits_ahead: Vec<ValueId> = plan.ahead.iter().map(|&a| lp.operands[3 + a]).collect();
    let (first, cur) = stage0(values, out, lo, &inits_ahead);
    // The loop: its own iter args (advanced ones one iteration ahead), then the tiles.
    let mut inits = lp.operands[3..].to_vec();
    for (k, &a) in plan.ahead.iter().enumerate() {
        inits[a] = cur[k];
    }
    inits.extend(&first);
    let new_iv = values.new_value(ivt.clone());
    let args: Vec<ValueId> = carried.iter().map(|a| values.new_value(values.ty(*a).clone())).collect();
    let tiles: Vec<ValueId> = first.iter().map(|t| values.new_value(values.ty(*t).clone())).collect();
    let mut body_ops = vec![];
    let ahead_cur: Vec<ValueId> = plan.ahead.iter().map(|&a| args[a]).collect();
    let next_at = {
        let mut b = Builder::new(values, &mut body_ops, loc.clone());
        b.op1("arith.addi", &[new_iv, step], ivt.clone(), &[])
    };
    let (next_tiles, next_ahead) = stage0(values, &mut body_ops, next_at, &ahead_cur);
    // Stage 1 on this iteration's tiles (loaded by the previous one).
    let mut map: HashMap<ValueId, ValueId> = HashMap::new();
    map.insert(iv, new_iv);
    for (a, n) in carried.iter().zip(&args) {
        map.insert(*a, *n);
    }
    for (s, t) in plan.staged.iter().zip(&tiles) {
        map.insert(body.ops[s.load].result(), *t);
    }
    for (i, op) in body.ops.iter().enumerate() {
        if (plan.stage0.contains(&i) && !plan.both.contains(&i)) || op.name == "scf.yield" {
            continue;
        }
        let c = values.clone_op(op, &mut map);
        body_ops.push(c);
    }
    let mut ys: Vec<ValueId> = yields.iter().map(|y| map.get(y).copied().unwrap_or(*y)).collect();
    for (k, &a) in plan.ahead.iter().enumerate() {
        ys[a] = next_ahead[k];
    }
    ys.extend(&next_tiles);
    Builder::new(values, &mut body_ops, loc.clone()).op("scf.yield", &ys, &[], &[]);
    let mut block_args = vec![new_iv];
    block_args.extend(&args);
    block_args.extend(&tiles);
    let mut results = lp.results.clone();
    results.extend(first.iter().map(|t| values.new_value(values.ty(*t).clone())));
    let mut operands = vec![lo, hi, step];
    operands.extend(inits);
    let mut new_loop = lp;
    new_loop.operands = operands;
    new_loop.results = results;
    new_loop.regions[0].blocks[0].args = block_args;
    new_loop.regions[0].blocks[0].ops = body_ops;
    new_loop.remove_attr(attrname::TILE_NUM_STAGES);
    new_loop.set_attr(attrname::TILE_PIPELINED_REGISTERS, Attr::int(plan.staged.len() as i64, "i32"));
    out.push(new_loop);
}

/// `load` (a `tile.load`) masked by the scalar `valid` besides its own mask.
fn masked_by(b: &mut Builder, load: &mut Op, valid: ValueId) {
    let pt = b.ty(load.operands[0]).clone();
    let mt = pt.with_elem(Type::Int(1));
    let v = b.op1(opname::TILE_SPLAT, &[valid], mt.clone(), &[]);
    let (has_other, own_mask) = (TileLoad(load).other().is_some(), TileLoad(load).mask());
    match own_mask {
        Some(m) => {
            let both = b.op1("arith.andi", &[m, v], mt, &[]);
            load.operands[1] = both;
        }
        None => {
            load.operands.insert(1, v);
            let seg = format!("array<i32: 1, 1, {}>", has_other as u8);
            load.set_attr("operandSegmentSizes", Attr(seg));
        }
    }
}
