//! `trans-loads` (tile): a loaded tile that a product takes transposed, `dot(a,
//! trans(load(p)))` (Triton's `tl.dot(q, tl.trans(k))`), is loaded transposed instead:
//! `load(trans(p), trans(mask), trans(other))`, whose tile arrives in the order the
//! product reads it (a K-major operand is a column-major load, as a `[D, N]` load of K
//! is). A `trans` of loaded registers instead goes through shared memory every iteration,
//! and the software pipeline, which stages loads that feed a product, cannot stage it.
//!
//! 1. Find each `tile.trans` of a `tile.load` result in the same block, where the
//!    transposed tile is a factor of a `tile.dot`, the load neither volatile nor ordered
//!    (a second read of such a load could see another value).
//! 2. Right after the load, transpose its pointers (and its mask and `other`) and load
//!    them; the `trans`'s users take that load. Where the first load has other users it
//!    stays, and the second reads the same addresses with nothing between the two that
//!    could write them (one more read of the tile: attention's backward reads Q both ways
//!    round); otherwise the first load and the `trans` go.

use crate::options::CompileOptions;
use crate::pass::PassError;
use std::collections::{HashMap, HashSet};
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Builder, Module, Op, Type, ValueId, Values};
use tile_dialects::opname;
use tile_dialects::views::TileLoad;

pub fn run(m: &mut Module, _opts: &CompileOptions) -> Result<(), PassError> {
    // How many uses each value has, the factors of every product, and every splat's value.
    let mut users: HashMap<ValueId, usize> = HashMap::new();
    let mut factors: HashSet<ValueId> = HashSet::new();
    let mut splats: HashMap<ValueId, ValueId> = HashMap::new();
    m.walk(&mut |o: &Op| {
        if o.name == opname::TILE_SPLAT {
            splats.insert(o.results[0], o.operands[0]);
        }
        for &v in &o.operands {
            *users.entry(v).or_default() += 1;
        }
        if o.name == opname::TILE_DOT {
            factors.extend(o.operands.iter().take(2));
        }
    });
    let mut renames: Vec<(ValueId, ValueId)> = vec![];
    let Module { values, body, .. } = m;
    for f in body.iter_mut() {
        rewrite_in(f, values, &users, &factors, &splats, &mut renames);
    }
    for &(from, to) in &renames {
        Op::replace_uses(body, from, to);
    }
    Ok(())
}

fn rewrite_in(
    op: &mut Op,
    values: &mut Values,
    users: &HashMap<ValueId, usize>,
    factors: &HashSet<ValueId>,
    splats: &HashMap<ValueId, ValueId>,
    renames: &mut Vec<(ValueId, ValueId)>,
) {
    for r in &mut op.regions {
        for b in &mut r.blocks {
            for o in &mut b.ops {
                rewrite_in(o, values, users, factors, splats, renames);
            }
            // Step 1: (trans position, load position) pairs of this block.
            let at: HashMap<ValueId, usize> = b
                .ops
                .iter()
                .enumerate()
                .filter(|(_, o)| o.name == opname::TILE_LOAD)
                .map(|(i, o)| (o.results[0], i))
                .collect();
            let pairs: Vec<(usize, usize)> = b
                .ops
                .iter()
                .enumerate()
                .filter(|(_, o)| o.name == opname::TILE_TRANS && factors.contains(&o.results[0]))
                .filter_map(|(t, o)| at.get(&o.operands[0]).map(|&l| (t, l)))
                .filter(|&(_, l)| {
                    let load = &b.ops[l];
                    load.attr(attrname::TILE_SEM).is_none() && load.int_attr(attrname::VOLATILE) != Some(1)
                })
                .collect();
            if pairs.is_empty() {
                continue;
            }
            // Step 2, building the new ops of each load apart, then splicing them in.
            let mut after: HashMap<usize, Vec<Op>> = HashMap::new();
            let mut dropped: HashSet<usize> = HashSet::new();
            // One transposed load for every `trans` of a load in one order.
            let mut made: HashMap<(usize, Vec<usize>), ValueId> = HashMap::new();
            for &(t, l) in &pairs {
                let (trans, load) = (&b.ops[t], &b.ops[l]);
                let view = TileLoad(load);
                let order = trans.trans_order().expect("a trans has an order");
                // Its pointers, mask and `other` are transposed as the tile was.
                let trans_attrs: Vec<(&str, Attr)> = trans.attrs.iter().map(|(n, a)| (n.as_str(), a.clone())).collect();
                dropped.insert(t);
                // The first load goes where every user of it is such a `trans`.
                if users.get(&load.results[0]) == Some(&pairs.iter().filter(|p| p.1 == l).count()) {
                    dropped.insert(l);
                }
                if let Some(&res) = made.get(&(l, order.clone())) {
                    renames.push((trans.results[0], res));
                    continue;
                }
                let mut new_ops = vec![];
                let mut bld = Builder::new(values, &mut new_ops, load.loc.clone());
                let mut transposed = |v: ValueId| {
                    let ty = bld.ty(v).clone();
                    if ty.shape().len() != order.len() {
                        return v; // a scalar `other`
                    }
                    let shape: Vec<i64> = order.iter().map(|&d| ty.shape()[d]).collect();
                    let t = Type::tensor(shape, ty.elem().clone());
                    // A splat (`other = 0.0`, an all-true mask) is made again in the new
                    // shape: the pipeline recognises a zero `other` by its splat.
                    match splats.get(&v) {
                        Some(&x) => bld.op1(opname::TILE_SPLAT, &[x], t, &[]),
                        None => bld.op1(opname::TILE_TRANS, &[v], t, &trans_attrs),
                    }
                };
                let mut operands = vec![transposed(view.ptr())];
                operands.extend(view.mask().map(&mut transposed));
                operands.extend(view.other().map(&mut transposed));
                let res = values.new_value(values.ty(trans.results[0]).clone());
                new_ops.push(Op { operands, results: vec![res], ..load.clone() });
                renames.push((trans.results[0], res));
                made.insert((l, order.clone()), res);
                after.entry(l).or_default().extend(new_ops);
            }
            let old = std::mem::take(&mut b.ops);
            for (i, o) in old.into_iter().enumerate() {
                let extra = after.remove(&i);
                if !dropped.contains(&i) {
                    b.ops.push(o);
                }
                b.ops.extend(extra.into_iter().flatten());
            }
        }
    }
}
