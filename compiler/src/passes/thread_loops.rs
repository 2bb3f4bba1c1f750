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
//!    ops; no nested control flow): no op that talks to other threads;
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
use tile_dialects::ir::{loc_line, Attr, Block, Module, Op, Type, ValueId, Values};
use tile_dialects::layout::Dist;
use tile_dialects::opname;
use tile_dialects::views::View;

pub fn run(m: &mut Module, _opts: &CompileOptions) -> Result<(), PassError> {
    let consts = constants(m);
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
        if let Ok(at) = verdict(op, values, consts) {
            op.regions[0].blocks[0].ops[at].set_attr(attrname::LAYOUT_PER_THREAD, Attr::bool(true));
        }
    }
}

/// The pass's verdicts for `--explain-layouts`, which reads the module before
/// `tile-to-memsem` (the tile-level memory ops count as their memsem forms): the module's
/// constants gathered once for all its loops.
pub struct Explainer<'m> {
    m: &'m Module,
    consts: HashMap<ValueId, Known>,
}

impl<'m> Explainer<'m> {
    pub fn new(m: &'m Module) -> Self {
        Explainer { m, consts: constants(m) }
    }

    /// Whether a polling `while` (one whose condition reduces a tile) may run one loop a
    /// thread: `Ok`, or why not. `None` for a loop whose condition reduces no tile (a
    /// scalar loop, one a thread already).
    pub fn explain(&self, w: &Op) -> Option<Result<(), String>> {
        let reduces = w.regions.first()?.blocks.first()?.ops.iter().any(|o| o.name == opname::TILE_REDUCE);
        reduces.then(|| verdict(w, &self.m.values, &self.consts).map(|_| ()))
    }
}

/// Every boolean and integer-zero `arith.constant` of the module.
fn constants(m: &Module) -> HashMap<ValueId, Known> {
    let mut consts = HashMap::new();
    m.walk(&mut |o: &Op| {
        if o.name == "arith.constant" {
            if let Some(k) = o.attr("value").and_then(constant) {
                consts.insert(o.result(), k);
            }
        }
    });
    consts
}

/// The position of the condition's reduction in the `before` block when the loop
/// qualifies (module doc), else why not.
fn verdict(w: &Op, values: &Values, consts: &HashMap<ValueId, Known>) -> Result<usize, String> {
    let shape = "its condition is not \"any flag up\" over an i1 tile the loop carries \
                 (`max(f.to(i32)) > 0`, `min(f.to(i32)) == 0`)";
    if w.regions.len() != 2 || w.regions.iter().any(|r| r.blocks.len() != 1) {
        return Err(shape.into());
    }
    let (before, after) = (w.regions[0].entry(), w.regions[1].entry());
    let (flag, open_when, red_at) = condition(before, consts).ok_or(shape)?;
    let arg = before.args.iter().position(|a| *a == flag).ok_or(shape)?;
    // 2. One encoding, without copies, for every carried tile.
    let fty = values.ty(flag);
    let dist = Dist::of_type(fty).ok_or(shape)?;
    if fty.elem() != &Type::Int(1) {
        return Err(shape.into());
    }
    if dist.has_copies() {
        return Err("its flags are held in copies (more threads than elements): each copy would poll on its own".into());
    }
    let same_tile = |t: &Type| t.is_tensor() && t.shape() == fty.shape() && t.encoding() == fty.encoding();
    let tiles_ok = |vs: &[ValueId]| vs.iter().all(|v| !values.ty(*v).is_tensor() || same_tile(values.ty(*v)));
    let other_tile = "a tile it carries or computes has another shape or encoding than its flags";
    if !before.args.iter().chain(&w.results).all(|v| same_tile(values.ty(*v))) {
        return Err(other_tile.into());
    }
    // 3 and 4: a symbolic run of the body with the flag closed.
    let mut known: HashMap<ValueId, Known> = HashMap::new();
    known.insert(after.args[arg], Known::Bool(!open_when));
    let resolve = |known: &HashMap<ValueId, Known>, v: ValueId| match known.get(&v).or(consts.get(&v)) {
        Some(k) => *k,
        None => Known::Same(v),
    };
    let (last, body) = after.ops.split_last().ok_or(shape)?;
    let at = |o: &Op| loc_line(&o.loc);
    // An op as a user wrote it: `store`, `atomic_rmw`, `convert`.
    let name = |o: &Op| o.name.split('.').nth(1).unwrap_or(&o.name).to_string();
    for o in body {
        if !tiles_ok(&o.operands) || !tiles_ok(&o.results) {
            return Err(format!("{other_tile} (`{}` at {})", name(o), at(o)));
        }
        let k = |i: usize| resolve(&known, o.operands[i]);
        let masked_off = |mask: Option<ValueId>| mask.map(|m| resolve(&known, m)) == Some(Known::Bool(false));
        let writes = || format!("`{}` at {} is not masked off for a finished element", name(o), at(o));
        let out = match View::of(o) {
            View::MemsemLoad(_) | View::TileLoad(_) if !values.ty(o.result()).is_tensor() => {
                return Err(format!("`{}` at {} loads a scalar", name(o), at(o)));
            }
            View::MemsemLoad(l) => masked_off(l.mask()).then(|| l.other().map(|x| resolve(&known, x))).flatten(),
            View::TileLoad(l) => masked_off(l.mask()).then(|| l.other().map(|x| resolve(&known, x))).flatten(),
            View::MemsemStore(s) if masked_off(s.mask()) => None,
            View::TileStore(s) if masked_off(s.mask()) => None,
            View::MemsemAtomicRmw(a) if masked_off(a.mask()) && values.ty(a.ptr()).is_tensor() => None,
            View::TileAtomicRmw(a) if masked_off(a.mask()) && values.ty(a.ptr()).is_tensor() => None,
            View::MemsemStore(_) | View::TileStore(_) | View::MemsemAtomicRmw(_) | View::TileAtomicRmw(_) => {
                return Err(writes());
            }
            View::TileSplat(_) => Some(k(0)).filter(|x| !matches!(x, Known::Same(_))),
            View::TileArange(_) | View::TileAddptr(_) | View::TileProgramId(_) | View::TileNumPrograms(_) => None,
            View::Other(_) if o.name.starts_with("arith.") || o.name.starts_with("math.") => arith(o, &k),
            _ if o.name.starts_with("scf.") => return Err(format!("a nested `{}` at {}", name(o), at(o))),
            _ => return Err(format!("`{}` at {} is not elementwise", name(o), at(o))),
        };
        if let Some(x) = out {
            known.insert(o.result(), x);
        }
    }
    // The body yields each carried value unchanged.
    if last.name != "scf.yield" || last.operands.len() != after.args.len() {
        return Err(shape.into());
    }
    match last.operands.iter().zip(&after.args).find(|(y, a)| resolve(&known, **y) != resolve(&known, **a)) {
        None => Ok(red_at),
        Some((y, _)) => {
            let def = body.iter().find(|o| o.results.contains(y)).map_or(loc_line(&w.loc), at);
            Err(format!("its body may change a finished element's value (the one computed at {def})"))
        }
    }
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
