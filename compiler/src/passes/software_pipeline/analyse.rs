//! Steps 1 and 2 of `software-pipeline`: which loads to copy ahead, what runs with them
//! (stage 0), and which products stay in flight.

use super::{known, Ctx};
use std::collections::{HashMap, HashSet};
use tile_dialects::attrname;
use tile_dialects::ir::{loc_line, Op, Type, ValueId, Values};
use tile_dialects::layout::shared::tma_box_of;
use tile_dialects::layout::{elem_bytes, Dist};
use tile_dialects::opname;
use tile_dialects::views::TileLoad;

/// One load to pipeline: the load, the `local_alloc` staging it, and that buffer's
/// `local_dealloc`, by index in the body.
pub(super) struct Staged {
    pub(super) load: usize,
    pub(super) alloc: usize,
    pub(super) dealloc: Option<usize>,
    /// A `tile.desc_load` copied by TMA (boxes into the buffer's layout, counted by an
    /// mbarrier per slot), not a `tile.load` copied by cp.async.
    pub(super) tma: bool,
}

/// Steps 1 and 2's result for one loop.
pub(super) struct Plan {
    pub(super) staged: Vec<Staged>,
    /// Body ops of stage 0 (loads included), by index.
    pub(super) stage0: HashSet<usize>,
    /// Stage-0 ops stage 1 needs too, emitted in both (for their own iterations).
    pub(super) both: HashSet<usize>,
    /// Loop-carried arguments (by position among the iter args) that stage 0 advances.
    pub(super) ahead: Vec<usize>,
    /// The index of a `warp_group_dot` whose result only feeds the yield (directly or
    /// through an epilogue `if`), to leave in flight across iterations.
    pub(super) async_dot: Option<usize>,
    /// The position among the yields of the value that carries that product.
    pub(super) dot_carry: Option<usize>,
    /// Loads staging a tensor-core operand that stay loads, and why.
    pub(super) refused: Vec<String>,
    /// No load can be copied asynchronously (rows too narrow or unaligned for cp.async,
    /// a non-zero `other`): `staged` are plain loads, prefetched one iteration ahead into
    /// registers instead (`registers.rs`).
    pub(super) registers: bool,
}

/// Whether `v` is a zero constant (or a splat of one): +0, the bits cp.async writes.
fn is_zero(v: ValueId, ctx: &Ctx) -> bool {
    match ctx.defs.get(&v) {
        Some((n, _, Some(text))) if n == "arith.constant" => {
            let head = text.split(':').next().unwrap_or("").trim();
            head.parse::<f64>().is_ok_and(|x| x == 0.0 && !head.starts_with('-'))
        }
        Some((n, ops, _)) if n == opname::TILE_SPLAT => is_zero(ops[0], ctx),
        // An fp8 `other = 0.0` arrives as `arith.truncf 0.0 : f32 to f8E4M3FN` (MLIR
        // folds no fp8 literal there); +0 converts to +0 in every float format.
        Some((n, ops, _)) if n == "arith.truncf" || n == "arith.extf" => is_zero(ops[0], ctx),
        _ => false,
    }
}

/// Bytes each thread's cp.async of `load`'s tile moves into `layout` (0 if none fits).
fn copy_bytes(values: &Values, load: &Op, buf_ty: &Type) -> u32 {
    let Some(d) = Dist::of_type(values.ty(load.operands[0])) else { return 0 };
    let Some(s) = buf_ty.shared() else { return 0 };
    let eb = elem_bytes(buf_ty);
    let hint = load.int_attr(attrname::LAYOUT_VEC).unwrap_or(1).max(1) as usize;
    if d.fast().0 != s.inner() {
        return eb;
    }
    hint.min(s.access(&d, &d.shape, eb)) as u32 * eb
}

/// Steps 1 and 2, or why the loop is left alone (for `--explain-layouts`).
pub(super) fn analyse(values: &Values, lp: &Op, ctx: &Ctx) -> Result<Plan, String> {
    // A constant, positive step: iteration i + D exists when its index is below the bound.
    if known(lp.operands[2], ctx).is_none_or(|s| s <= 0) {
        return Err("the loop's step is not a positive constant".into());
    }
    let body = &lp.regions[0].blocks[0];
    let ops = &body.ops;
    let def: HashMap<ValueId, usize> =
        ops.iter().enumerate().flat_map(|(i, o)| o.results.iter().map(move |r| (*r, i))).collect();
    let users =
        |v: ValueId| -> Vec<usize> { ops.iter().enumerate().filter(|(_, o)| o.uses(v)).map(|(i, _)| i).collect() };
    // Step 1.
    let mut staged = vec![];
    let mut refused = vec![];
    // Loads refused a copy that registers can still run ahead.
    let mut in_registers = vec![];
    for (i, op) in ops.iter().enumerate() {
        let Some(&r) = op.results.first() else { continue };
        let [alloc] = users(r)[..] else { continue };
        let a = &ops[alloc];
        let desc = op.name == opname::TILE_DESC_LOAD;
        if !(desc || op.name == opname::TILE_LOAD) || a.name != opname::LAYOUT_LOCAL_ALLOC {
            continue;
        }
        let at = loc_line(&op.loc);
        if op.attr(attrname::TILE_SEM).is_some() || op.int_attr(attrname::VOLATILE) == Some(1) {
            refused.push(format!("the load at {at} is ordered or volatile"));
            continue;
        }
        let readers = users(a.result());
        let consumer =
            |j: &usize| matches!(ops[*j].name.as_str(), opname::LAYOUT_WARP_GROUP_DOT | opname::LAYOUT_LOCAL_LOAD);
        let deallocs: Vec<usize> =
            readers.iter().copied().filter(|j| ops[*j].name == opname::LAYOUT_LOCAL_DEALLOC).collect();
        if !readers.iter().all(|j| consumer(j) || ops[*j].name == opname::LAYOUT_LOCAL_DEALLOC) || deallocs.len() > 1 {
            continue;
        }
        let s = Staged { load: i, alloc, dealloc: deallocs.first().copied(), tma: false };
        if desc {
            // A descriptor's block goes by TMA into the buffer the product reads, or stays
            // a copy waited for in its own iteration (`tma-copies`).
            match tma_box_of(values.ty(a.result())) {
                Ok(_) => staged.push(Staged { tma: true, ..s }),
                Err(why) => refused.push(format!("the descriptor load at {at} is copied in its own iteration: {why}")),
            }
            continue;
        }
        if TileLoad(op).other().is_some_and(|o| !is_zero(o, ctx)) {
            refused.push(format!("the load at {at} has a non-zero `other` (copies write zeros)"));
            in_registers.push(s);
            continue;
        }
        let bytes = copy_bytes(values, op, values.ty(a.result()));
        if bytes < 4 {
            refused.push(format!(
                "the load at {at} moves {bytes} bytes a thread at a time (cp.async moves 4, 8 or 16: the rows are not contiguous or not aligned)"
            ));
            in_registers.push(s);
            continue;
        }
        staged.push(s);
    }
    // With no copy possible, the loads run one iteration ahead in registers (odd sizes,
    // strides no divisor helps): latency hidden behind the product, as the copies would.
    let registers = staged.is_empty() && !in_registers.is_empty();
    if registers {
        staged = in_registers;
    }
    if staged.is_empty() {
        return Err(if refused.is_empty() {
            "no load stages a tensor-core operand".into()
        } else {
            refused.join("; ")
        });
    }
    // Step 2: the backward slice of the loads, through loop-carried values and their
    // updates, to a fixed point.
    let carried = &body.args[1..];
    let yields = &ops.last().ok_or("an empty loop body")?.operands;
    let mut stage0: HashSet<usize> = HashSet::new();
    let mut ahead: Vec<usize> = vec![];
    let mut work: Vec<ValueId> = staged.iter().flat_map(|s| ops[s.load].operands.clone()).collect();
    stage0.extend(staged.iter().map(|s| s.load));
    while let Some(v) = work.pop() {
        if let Some(k) = carried.iter().position(|a| *a == v) {
            if !ahead.contains(&k) {
                ahead.push(k);
                work.push(yields[k]);
            }
        } else if let Some(&i) = def.get(&v) {
            if stage0.insert(i) {
                work.extend(ops[i].operands.iter().copied());
                work.extend(ops[i].nested_operands());
            }
        }
    }
    // Stage 0 is pure tile arithmetic (no effects to reorder) and nothing else reads it.
    let loads: HashSet<usize> = staged.iter().map(|s| s.load).collect();
    for &i in &stage0 {
        if !loads.contains(&i) && !pure(&ops[i]) {
            return Err(format!("the copies' addresses need `{}`, which cannot run ahead", ops[i].name));
        }
    }
    let ahead_args: HashSet<ValueId> = ahead.iter().map(|&k| carried[k]).collect();
    // Stage-0 values stage 1 also reads are recomputed there (`both`), when they depend
    // on the induction variable and loop invariants alone (`kk = k * BK + ok` shared by a
    // pipelined load and one that is not).
    let mut both: HashSet<usize> = HashSet::new();
    let mut need: Vec<ValueId> = vec![];
    for (i, o) in ops.iter().enumerate() {
        let staged_alloc = staged.iter().any(|s| s.alloc == i);
        if stage0.contains(&i) || o.name == "scf.yield" || staged_alloc {
            continue;
        }
        for v in o.operands.iter().chain(o.nested_operands().iter()) {
            if ahead_args.contains(v) {
                return Err("a value the copies advance is also read by the rest of the loop".into());
            }
            need.push(*v);
        }
    }
    while let Some(v) = need.pop() {
        let Some(&i) = def.get(&v) else { continue };
        if !stage0.contains(&i) || !both.insert(i) {
            continue;
        }
        if loads.contains(&i) || ops[i].operands.iter().any(|x| ahead_args.contains(x)) {
            return Err("the rest of the loop reads what the copies compute".into());
        }
        need.extend(ops[i].operands.iter().copied());
    }
    let stage0_values: HashSet<ValueId> =
        stage0.iter().filter(|i| !both.contains(i)).flat_map(|&i| ops[i].results.clone()).collect();
    // The yield of an advanced value comes from stage 0; other yields must not.
    for (k, y) in yields.iter().enumerate() {
        if !ahead.contains(&k) && stage0_values.contains(y) {
            return Err("the loop yields a value the copies compute".into());
        }
    }
    // Values advanced ahead are not what the loop should return.
    if ahead.iter().any(|&k| ctx.used.contains(&lp.results[k])) {
        return Err("a value the copies advance is read after the loop".into());
    }
    // In flight across iterations only when each shared operand is a ring slot or a buffer
    // made before the loop (`hoist-buffers`): a buffer written again each iteration must
    // not be overwritten while the product reads it. A (attention's `p`) may be in
    // registers: they are written again only by the next iteration's ops, which come after
    // the wait put before the first of them that reads the product (PTX forbids touching
    // them earlier, and ptxas keeps their physical registers until the wait).
    let ring: HashSet<ValueId> = staged.iter().map(|s| ops[s.alloc].result()).collect();
    let slot_or_hoisted = |v: &ValueId| ring.contains(v) || (!def.contains_key(v) && !carried.contains(v));
    // The product may also be read in an `if` (a persistent matmul's epilogue: `if last {
    // store(.., acc); acc = zeros(..) }`): each branch that reads it waits for it first
    // (`rewrite`), and the if's results that may carry it feed the loop's yield alone.
    let carries = |o: &Op, k: usize, r: ValueId| {
        o.regions.iter().flat_map(|g| &g.blocks).any(|b| b.ops.last().is_some_and(|y| y.operands.get(k) == Some(&r)))
    };
    let epilogue_if = |o: &Op, r: ValueId| {
        o.name == "scf.if"
            && o.results
                .iter()
                .enumerate()
                .all(|(k, &x)| !carries(o, k, r) || users(x).iter().all(|&u| ops[u].name == "scf.yield"))
    };
    // A product whose fp8 partial sums are promoted waits for them itself (wgmma.rs):
    // nothing of it can be left in flight.
    let async_dot = ops.iter().position(|o| {
        o.name == opname::LAYOUT_WARP_GROUP_DOT
            && o.attr(attrname::TILE_MAX_NUM_IMPRECISE_ACC).is_none()
            && (values.ty(o.operands[0]).shared().is_none() || slot_or_hoisted(&o.operands[0]))
            && values.ty(o.operands[1]).shared().is_some()
            && slot_or_hoisted(&o.operands[1])
            && users(o.result()).iter().all(|&j| ops[j].name == "scf.yield" || epilogue_if(&ops[j], o.result()))
    });
    // The yields that carry the product to the next iteration: exactly one, which the
    // next iteration waits on before reading and the loop's result waits on after it (a
    // second copy, or none, would leave registers in flight that nothing waits for).
    let carried_at = |a: usize| -> Vec<usize> {
        let r = ops[a].result();
        let through_if = |y: &ValueId| {
            ops.iter()
                .any(|o| o.name == "scf.if" && o.results.iter().enumerate().any(|(k, x)| x == y && carries(o, k, r)))
        };
        (0..yields.len()).filter(|&k| yields[k] == r || through_if(&yields[k])).collect()
    };
    // Through registers each operand's buffer is written every iteration: no product
    // stays in flight over it.
    let async_dot = async_dot.filter(|&a| !registers && carried_at(a).len() == 1);
    let dot_carry = async_dot.map(|a| carried_at(a)[0]);
    let refused = if registers { vec![] } else { refused };
    Ok(Plan { staged, stage0, both, ahead, async_dot, dot_carry, refused, registers })
}

/// Drops the loop body's pure ops whose results nothing reads (a descriptor load's
/// masked-load index tiles, which tilegen's TMA form leaves unused): a dead op reading a
/// value the copies advance would otherwise keep the loop from being pipelined.
pub(super) fn drop_dead(ops: &mut Vec<Op>) {
    loop {
        let mut used: HashSet<ValueId> = HashSet::new();
        for o in ops.iter() {
            used.extend(o.operands.iter().copied());
            used.extend(o.nested_operands());
        }
        let before = ops.len();
        ops.retain(|o| {
            !o.regions.is_empty() || !pure(o) || o.results.is_empty() || o.results.iter().any(|r| used.contains(r))
        });
        if ops.len() == before {
            return;
        }
    }
}

/// Whether `o` is tile arithmetic with no effects to reorder, so it may run ahead: an
/// `scf.if` of such ops too (a persistent loop's `if kb == 0 { ..make the next tile's
/// pointers.. }`).
fn pure(o: &Op) -> bool {
    let flat = o.regions.is_empty()
        && (o.name.starts_with("arith.")
            || o.name.starts_with("math.")
            || matches!(
                o.name.as_str(),
                opname::TILE_SPLAT
                    | opname::TILE_ARANGE
                    | opname::TILE_ADDPTR
                    | opname::TILE_EXPAND_DIMS
                    | opname::TILE_BROADCAST
                    | opname::TILE_TRANS
                    | opname::LAYOUT_CONVERT
            ));
    let branches = || o.regions.iter().flat_map(|g| &g.blocks).flat_map(|b| &b.ops);
    flat || (o.name == "scf.if" && branches().all(|x| x.name == "scf.yield" || pure(x)))
}
