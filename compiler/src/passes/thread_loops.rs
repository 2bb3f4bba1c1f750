//! `thread-loops` (layout + memsem): a polling `while` runs as one loop a thread.
//!
//! A look-back polls flags: `while max(open.to(i32)) > 0 { ... }` (or `min(ready.to(i32))
//! == 0`) loads, for each element still open, a word another program publishes, and
//! closes the element once it is there. Lowered as written, every round ends in a
//! reduction of the whole tile (shuffles, shared memory and a barrier) to decide whether
//! any element is open, and every thread waits for the slowest load of the round. CUB's
//! look-back instead has each thread poll its own words until they are there.
//!
//! Both give the same values when the loop body leaves a closed element as it is: then
//! the extra rounds a closed element runs in lockstep change nothing, and a thread may
//! stop as soon as its own elements are closed. This pass proves that, and marks the
//! condition's reduction `layout.per_thread`: the lowering folds only the thread's own
//! elements (no shuffle, no shared memory, no barrier), so the loop's branch is the
//! thread's own.
//!
//! The loop qualifies when:
//! 1. its condition is "any element open": a whole-tile `max` of `extui(f)` compared
//!    `> 0` (open: `f`), or a `min` compared `== 0` (open: `!f`), where `f` is an i1 tile
//!    the loop carries and the condition passes the carried values on unchanged;
//! 2. every tile the loop carries or computes has `f`'s shape and encoding, and that
//!    encoding holds each element in one thread only (copies would poll on their own and
//!    could disagree);
//! 3. the body is elementwise (arith, math, splats, ranges, pointer arithmetic and memory
//!    ops, no regions): no op that talks to other threads;
//! 4. with `f` at its closed value, the body yields each carried value unchanged (a
//!    symbolic run: `a & false` is false, `where(false, x, y)` is y, `x + 0` is x, a load
//!    masked off gives its `other`), and every store or atomic in it is masked off.
//!
//! The interpreter computes tiles whole, so it runs such a loop in lockstep: the same
//! values, by 4.

use crate::options::CompileOptions;
use crate::pass::PassError;
use std::collections::HashMap;
use tile_dialects::attrname;
use tile_dialects::attrs::ReduceKind;
use tile_dialects::ir::{Attr, Block, Module, Op, Type, ValueId, Values};
use tile_dialects::layout::Dist;
use tile_dialects::opname;
use tile_dialects::views::View;

pub fn run(m: &mut Module, _opts: &CompileOptions) -> Result<(), PassError> {
    let mut consts: HashMap<ValueId, Known> = HashMap::new();
    m.walk(&mut |o: &Op| {
        if o.name == "arith.constant" {
            if let Some(k) = o.attr("value").and_then(constant) {
                consts.insert(o.result(), k);
            }
        }
    });
    let Module { values, body, .. } = m;
    for f in body.iter_mut() {
        visit(f, values, &consts);
    }
    Ok(())
}

/// What a value is known to be while the polled flag is closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Known {
    Bool(bool),
    /// Integer zero.
    Zero,
    /// The same as this value (itself when nothing more is known).
    Same(ValueId),
}

/// An `arith.constant`'s value, when it is a boolean or an integer zero (a scalar or a
/// splat). Not a float zero: `x + 0.0` is not `x` when x is -0.0.
fn constant(a: &Attr) -> Option<Known> {
    let v = a.dense_splat().unwrap_or_else(|| a.0.split(':').next().unwrap_or("").trim());
    match v.trim() {
        "true" => Some(Known::Bool(true)),
        "false" => Some(Known::Bool(false)),
        v if v.parse::<i128>() == Ok(0) => Some(Known::Zero),
        _ => None,
    }
}

fn visit(op: &mut Op, values: &Values, consts: &HashMap<ValueId, Known>) {
    for r in &mut op.regions {
        for b in &mut r.blocks {
            for o in &mut b.ops {
                visit(o, values, consts);
            }
        }
    }
    if op.name == "scf.while" {
        if let Some(at) = qualifies(op, values, consts) {
            op.regions[0].blocks[0].ops[at].set_attr(attrname::LAYOUT_PER_THREAD, Attr::bool(true));
        }
    }
}

/// The position of the condition's reduction in the `before` block, when the loop
/// qualifies (module doc).
fn qualifies(w: &Op, values: &Values, consts: &HashMap<ValueId, Known>) -> Option<usize> {
    if w.regions.len() != 2 || w.regions.iter().any(|r| r.blocks.len() != 1) {
        return None;
    }
    let (before, after) = (w.regions[0].entry(), w.regions[1].entry());
    let (flag, open_when, red_at) = condition(before, consts)?;
    let arg = before.args.iter().position(|a| *a == flag)?;
    // 2. One encoding, without copies, for every carried tile.
    let fty = values.ty(flag);
    let dist = Dist::of_type(fty)?;
    if fty.elem() != &Type::Int(1) || dist.has_copies() {
        return None;
    }
    let same_tile = |t: &Type| t.is_tensor() && t.shape() == fty.shape() && t.encoding() == fty.encoding();
    let tiles_ok = |vs: &[ValueId]| vs.iter().all(|v| !values.ty(*v).is_tensor() || same_tile(values.ty(*v)));
    if !before.args.iter().chain(&w.results).all(|v| same_tile(values.ty(*v))) {
        return None;
    }
    // 3 and 4: a symbolic run of the body with the flag closed.
    let mut known: HashMap<ValueId, Known> = HashMap::new();
    known.insert(after.args[arg], Known::Bool(!open_when));
    let resolve = |known: &HashMap<ValueId, Known>, v: ValueId| match known.get(&v).or(consts.get(&v)) {
        Some(k) => *k,
        None => Known::Same(v),
    };
    let (last, body) = after.ops.split_last()?;
    for o in body {
        if !o.regions.is_empty() || !tiles_ok(&o.operands) || !tiles_ok(&o.results) {
            return None;
        }
        let k = |i: usize| resolve(&known, o.operands[i]);
        let out = match View::of(o) {
            View::MemsemLoad(l) => {
                if !values.ty(l.res()).is_tensor() {
                    return None;
                }
                match l.mask().map(|m| resolve(&known, m)) {
                    Some(Known::Bool(false)) => l.other().map(|x| resolve(&known, x)),
                    _ => None,
                }
            }
            View::MemsemStore(s) => match s.mask().map(|m| resolve(&known, m)) {
                Some(Known::Bool(false)) => None,
                _ => return None,
            },
            View::MemsemAtomicRmw(a) => match a.mask().map(|m| resolve(&known, m)) {
                Some(Known::Bool(false)) if values.ty(a.ptr()).is_tensor() => None,
                _ => return None,
            },
            View::TileSplat(_) => Some(k(0)).filter(|x| !matches!(x, Known::Same(_))),
            View::TileArange(_) | View::TileAddptr(_) | View::TileProgramId(_) | View::TileNumPrograms(_) => None,
            View::Other(_) if o.name.starts_with("arith.") || o.name.starts_with("math.") => arith(o, &k),
            _ => return None,
        };
        if let Some(x) = out {
            known.insert(o.result(), x);
        }
    }
    // The body yields each carried value unchanged.
    let unchanged = last.name == "scf.yield"
        && last.operands.len() == after.args.len()
        && last.operands.iter().zip(&after.args).all(|(y, a)| resolve(&known, *y) == resolve(&known, *a));
    unchanged.then_some(red_at)
}

/// 1. The polled flag (a `before` block argument), the value it has while an element is
/// open, and the reduction's position, when the `before` block is `extui`, a whole-tile
/// `max` (`min`), a compare with a constant and the condition, passing its arguments on.
fn condition(before: &Block, consts: &HashMap<ValueId, Known>) -> Option<(ValueId, bool, usize)> {
    let ops: Vec<(usize, &Op)> = before.ops.iter().enumerate().filter(|(_, o)| o.name != "arith.constant").collect();
    let [(_, ext), (red_at, red), (_, cmp), (_, cond)] = ops.as_slice() else { return None };
    if ext.name != "arith.extui" || red.name != opname::TILE_REDUCE || cmp.name != "arith.cmpi" {
        return None;
    }
    if cond.name != "scf.condition" || cond.operands[1..] != before.args[..] || cond.operands[0] != cmp.result() {
        return None;
    }
    if red.operands[0] != ext.result() || cmp.operands[0] != red.result() {
        return None;
    }
    // MLIR's cmpi predicates: eq 0, ne 1, sgt 4, ugt 8.
    let (pred, zero) = (cmp.int_attr("predicate")?, consts.get(&cmp.operands[1]) == Some(&Known::Zero));
    let open_when = match (red.enum_attr::<ReduceKind>(attrname::KIND)?, pred) {
        (ReduceKind::Max, 1 | 4 | 8) if zero => true,
        (ReduceKind::Min, 0) if zero => false,
        _ => return None,
    };
    Some((ext.operands[0], open_when, *red_at))
}

/// An arith op's value while the flag is closed, where it follows from its operands'.
fn arith(o: &Op, k: &dyn Fn(usize) -> Known) -> Option<Known> {
    use Known::*;
    if o.operands.len() < 2 {
        return None;
    }
    let (a, b) = (k(0), k(1));
    match o.name.as_str() {
        "arith.andi" => match (a, b) {
            (Bool(false), _) | (_, Bool(false)) => Some(Bool(false)),
            (Bool(true), x) | (x, Bool(true)) => Some(x),
            _ => None,
        },
        "arith.ori" => match (a, b) {
            (Bool(true), _) | (_, Bool(true)) => Some(Bool(true)),
            (Bool(false), x) | (x, Bool(false)) => Some(x),
            _ => None,
        },
        "arith.xori" => match (a, b) {
            (Bool(x), Bool(y)) => Some(Bool(x != y)),
            _ => None,
        },
        "arith.select" => match a {
            Bool(true) => Some(b),
            Bool(false) => Some(k(2)),
            _ => None,
        },
        "arith.addi" => match (a, b) {
            (Zero, x) | (x, Zero) => Some(x),
            _ => None,
        },
        "arith.subi" => (b == Zero).then_some(a),
        _ => None,
    }
}
