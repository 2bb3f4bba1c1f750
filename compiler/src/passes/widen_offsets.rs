//! `widen-offsets` (tile, only with `--index-bits 64`): compute every pointer offset in
//! 64 bits, so `program_id(0) * TILE + arange(0, TILE)` cannot wrap past 2^31 elements.
//!
//! 1. For each `tile.addptr` whose offset is a 32-bit (or narrower) integer, walk the
//!    offset's definition backwards through wrapping integer arithmetic (`addi`, `subi`,
//!    `muli`, `shli`) and shape ops (`splat`, `broadcast`, `expand_dims`).
//! 2. Re-create that slice in i64 just before the `addptr`; everything else the slice
//!    reads (arguments, program ids, `arange`, loads, loop variables) is sign-extended.
//! 3. The `addptr` takes the 64-bit offset; the 32-bit originals are left for the back end
//!    to drop when nothing else uses them.

use crate::options::CompileOptions;
use crate::pass::PassError;
use std::collections::HashMap;
use tile_dialects::ir::{Builder, Module, Op, Type, ValueId, Values};
use tile_dialects::opname;

pub fn run(m: &mut Module, _opts: &CompileOptions) -> Result<(), PassError> {
    let mut defs: HashMap<ValueId, Op> = HashMap::new();
    for op in &m.body {
        collect_defs(op, &mut defs);
    }
    let Module { values, body, .. } = m;
    for op in body.iter_mut() {
        widen_in(op, values, &defs);
    }
    Ok(())
}

fn collect_defs(op: &Op, defs: &mut HashMap<ValueId, Op>) {
    for r in &op.results {
        let mut shallow = op.clone();
        shallow.regions.clear();
        defs.insert(*r, shallow);
    }
    for r in &op.regions {
        for b in &r.blocks {
            for o in &b.ops {
                collect_defs(o, defs);
            }
        }
    }
}

fn widen_in(op: &mut Op, values: &mut Values, defs: &HashMap<ValueId, Op>) {
    for r in &mut op.regions {
        for b in &mut r.blocks {
            let old = std::mem::take(&mut b.ops);
            for mut o in old {
                widen_in(&mut o, values, defs);
                if o.name == opname::TILE_ADDPTR && matches!(values.ty(o.operands[1]).elem(), Type::Int(w) if *w < 64) {
                    let mut memo = HashMap::new();
                    let mut b2 = Builder::new(values, &mut b.ops, o.loc.clone());
                    o.operands[1] = widen(&mut b2, o.operands[1], defs, &mut memo);
                }
                b.ops.push(o);
            }
        }
    }
}

/// `v` as i64 (step 2).
fn widen(b: &mut Builder, v: ValueId, defs: &HashMap<ValueId, Op>, memo: &mut HashMap<ValueId, ValueId>) -> ValueId {
    if let Some(w) = memo.get(&v) {
        return *w;
    }
    let ty = b.ty(v).clone();
    let wide = ty.with_elem(Type::Int(64));
    let w = match defs.get(&v) {
        Some(d) if matches!(d.name.as_str(), "arith.addi" | "arith.subi" | "arith.muli" | "arith.shli") => {
            let ops: Vec<ValueId> = d.operands.iter().map(|o| widen(b, *o, defs, memo)).collect();
            b.op1(&d.name, &ops, wide, &[])
        }
        Some(d)
            if matches!(d.name.as_str(), opname::TILE_SPLAT | opname::TILE_BROADCAST | opname::TILE_EXPAND_DIMS) =>
        {
            let x = widen(b, d.operands[0], defs, memo);
            let attrs: Vec<(&str, tile_dialects::ir::Attr)> =
                d.attrs.iter().map(|(n, a)| (n.as_str(), a.clone())).collect();
            b.op1(&d.name, &[x], wide, &attrs)
        }
        _ => b.op1("arith.extsi", &[v], wide, &[]),
    };
    memo.insert(v, w);
    w
}
