//! Step 3 of `software-pipeline`: the prologue, the rewritten loop and what follows it.

use super::analyse::Plan;
use super::{known, Ctx};
use std::collections::HashMap;
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Builder, Op, Shared, Type, ValueId, Values};
use tile_dialects::opname;
use tile_dialects::views::TileLoad;

/// Step 3. `mc`: for each staged load, whether the cluster multicasts it (`multicast`).
pub(super) fn rewrite(
    values: &mut Values,
    lp: Op,
    plan: &Plan,
    stages: u32,
    mc: &[bool],
    ctx: &Ctx,
    out: &mut Vec<Op>,
) {
    let loc = lp.loc.clone();
    // With multicast copies a slot is refilled one iteration later than it could be: the
    // slot every program of the cluster has released (`release`), so a program rarely
    // waits for another.
    let multicast = mc.contains(&true);
    let d = if multicast { stages - 2 } else { stages - 1 };
    let cluster = ctx.cluster as u32;
    let body = &lp.regions[0].blocks[0];
    let iv = body.args[0];
    let carried: Vec<ValueId> = body.args[1..].to_vec();
    let yields = body.ops.last().expect("a yield").operands.clone();
    let (lo, hi, step) = (lp.operands[0], lp.operands[1], lp.operands[2]);
    let ivt = values.ty(iv).clone();
    let ibits = ivt.bits();
    // The rings: one per staged load, `stages` slots of its buffer's type.
    let mut rings = vec![];
    {
        let mut b = Builder::new(values, out, loc.clone());
        for s in &plan.staged {
            let t = b.ty(body.ops[s.alloc].result()).clone();
            let Type::MemDesc { shape, elem, layout } = t else { unreachable!("local_alloc makes a memdesc") };
            let mut rs = vec![stages as i64];
            rs.extend(shape);
            rings.push(b.op1(opname::LAYOUT_LOCAL_ALLOC, &[], Type::MemDesc { shape: rs, elem, layout }, &[]));
        }
    }
    // A TMA-copied load's ring has an mbarrier per slot, initialised once before the
    // loop (after a barrier: the bytes may have held something other threads read).
    let (bars, empties) = tma_barriers(values, out, plan, stages, mc, cluster, &loc);
    let cp_async = plan.staged.iter().any(|s| !s.tma);
    // Stage 0 of the iteration whose induction value is `at`, reading the advanced
    // values `cur`; copies into `slot` (an i32 value), a multicast one once the phase of
    // parity `free` of the slot's empty barrier is complete. Returns the advanced values'
    // next.
    let stage0 = |values: &mut Values,
                  out: &mut Vec<Op>,
                  at: ValueId,
                  cur: &[ValueId],
                  slot: ValueId,
                  free: ValueId|
     -> Vec<ValueId> {
        let mut map = super::stage0_map(plan, iv, &carried, at, cur);
        let mut b = Builder::new(values, out, loc.clone());
        let valid = b.op1("arith.cmpi", &[at, hi], Type::Int(1), &[("predicate", Attr::int(2, "i64"))]);
        for (i, op) in body.ops.iter().enumerate() {
            if !plan.stage0.contains(&i) {
                continue;
            }
            let Some(st) = plan.staged.iter().position(|s| s.load == i) else {
                let c = b.values.clone_op(op, &mut map);
                b.ops.push(c);
                continue;
            };
            b.loc = op.loc.clone();
            let view = slot_view(&mut b, rings[st], slot);
            if let Some(bar) = bars[st] {
                // One TMA copy of the block (thread 0), counted by the slot's mbarrier;
                // none past the loop's end, so nothing is in flight after it.
                let bar = slot_view(&mut b, bar, slot);
                let empty = empties[st].map(|e| slot_view(&mut b, e, slot));
                let parts: Vec<ValueId> = op.operands.iter().map(|v| map.get(v).copied().unwrap_or(*v)).collect();
                b.if_then(valid, |ib| {
                    if let Some(e) = empty {
                        ib.op(opname::LAYOUT_MBARRIER_WAIT, &[e, free], &[], &[]);
                    }
                    let mc = empty.is_some().then_some(cluster);
                    crate::passes::tma_copies::tma_load(ib, op, parts, view, bar, mc)
                });
                b.loc = loc.clone();
                continue;
            }
            // The load, as a copy into the ring's slot, masked by the iteration's validity
            // (at the load's line).
            let ptr = map.get(&op.operands[0]).copied().unwrap_or(op.operands[0]);
            let pt = b.ty(ptr).clone();
            let mt = pt.with_elem(Type::Int(1));
            let v = b.op1(opname::TILE_SPLAT, &[valid], mt.clone(), &[]);
            let mask = match TileLoad(op).mask() {
                Some(m) => {
                    let m = map.get(&m).copied().unwrap_or(m);
                    b.op1("arith.andi", &[m, v], mt, &[])
                }
                None => v,
            };
            let mut attrs = vec![];
            if let Some(a) = op.attr(attrname::LAYOUT_VEC) {
                attrs.push((attrname::LAYOUT_VEC, a.clone()));
            }
            b.op(opname::LAYOUT_ASYNC_COPY, &[ptr, view, mask], &[], &attrs);
            b.loc = loc.clone();
        }
        if cp_async {
            b.op(opname::LAYOUT_ASYNC_COMMIT, &[], &[], &[]);
        }
        plan.ahead.iter().map(|&a| map.get(&yields[a]).copied().unwrap_or(yields[a])).collect()
    };
    // Prologue.
    let mut cur: Vec<ValueId> = plan.ahead.iter().map(|&a| lp.operands[3 + a]).collect();
    let step_by = known(step, ctx).expect("analyse checked a constant step");
    for s in 0..d {
        let mut b = Builder::new(values, out, loc.clone());
        let at = if s == 0 {
            lo
        } else {
            let c = b.const_int(s as i64 * step_by, ibits);
            b.op1("arith.addi", &[lo, c], ivt.clone(), &[])
        };
        let slot = b.const_int(s as i64, 32);
        // A first use of the slot: the phase before the empty barrier's first counts as
        // complete (parity 1).
        let free = b.const_int(1, 32);
        cur = stage0(values, out, at, &cur, slot, free);
    }
    // The loop: original iter args (advanced ones hold the values D iterations ahead),
    // then the read and write slots.
    let mut inits = lp.operands[3..].to_vec();
    for (k, &a) in plan.ahead.iter().enumerate() {
        inits[a] = cur[k];
    }
    let i32t = Type::Int(32);
    let (read0, write0) = {
        let mut b = Builder::new(values, out, loc.clone());
        (b.const_int(0, 32), b.const_int(d as i64, 32))
    };
    inits.push(read0);
    inits.push(write0);
    // With TMA rings, the parity of the phase the read slot's mbarrier completes next:
    // it flips each time the read slot wraps around.
    let tma = bars.iter().any(Option::is_some);
    if tma {
        inits.push(read0);
    }
    // With multicast rings, the parity `free` waits for of the write slot's empty barrier:
    // 1 at a slot's first use, then flipped each time the write slot wraps around.
    if multicast {
        let mut b = Builder::new(values, out, loc.clone());
        inits.push(b.const_int(1, 32));
    }
    let new_iv = values.new_value(ivt.clone());
    let mut args: Vec<ValueId> = carried.iter().map(|a| values.new_value(values.ty(*a).clone())).collect();
    let (read, write) = (values.new_value(i32t.clone()), values.new_value(i32t.clone()));
    let phase = values.new_value(i32t.clone());
    let free = values.new_value(i32t.clone());
    let mut body_ops = vec![];
    let mut map: HashMap<ValueId, ValueId> = HashMap::new();
    map.insert(iv, new_iv);
    for (a, n) in carried.iter().zip(&args) {
        map.insert(*a, *n);
    }
    {
        let mut b = Builder::new(values, &mut body_ops, loc.clone());
        if cp_async {
            b.op(opname::LAYOUT_ASYNC_WAIT, &[], &[], &[("pending", Attr::int(d as i64 - 1, "i32"))]);
        }
        // Each thread waits on the read slot's mbarriers itself, which makes the TMA
        // copies visible to it; the barrier then makes the cp.async copies visible, and
        // tells the copies issued next (before stage 1 unless a product stays in flight)
        // that every thread is done with the slot they refill.
        for bar in bars.iter().flatten() {
            let v = slot_view(&mut b, *bar, read);
            b.op(opname::LAYOUT_MBARRIER_WAIT, &[v, phase], &[], &[]);
        }
        if cp_async || plan.async_dot.is_none() {
            b.op(opname::LAYOUT_BARRIER, &[], &[], &[]);
        }
    }
    let ahead_cur: Vec<ValueId> = plan.ahead.iter().map(|&a| args[a]).collect();
    let issue = |values: &mut Values, body_ops: &mut Vec<Op>| -> Vec<ValueId> {
        let mut b = Builder::new(values, body_ops, loc.clone());
        if multicast {
            release(&mut b, &empties, (new_iv, lo), read, stages, cluster);
        }
        let c = b.const_int(step_by * d as i64, ibits);
        let at = b.op1("arith.addi", &[new_iv, c], ivt.clone(), &[]);
        stage0(values, body_ops, at, &ahead_cur, write, free)
    };
    let mut next_ahead = vec![];
    if plan.async_dot.is_none() {
        next_ahead = issue(values, &mut body_ops);
    }
    // Stage 1: every other op, the staged buffers now the ring's read slot.
    let mut waited: Option<ValueId> = None;
    // The previous iteration's in-flight product, as this iteration receives it: read by
    // anything but the product itself (which chains on it in the tensor cores) only after
    // a wait for it (attention's `acc * alpha`). With A in registers the product itself
    // waits too when nothing did before it: issuing it packs A's fragments into the
    // registers the previous product may still be reading.
    let a_in_regs = plan.async_dot.is_some_and(|a| values.ty(body.ops[a].operands[0]).shared().is_none());
    let mut in_flight = plan.dot_carry.map(|k| carried[k]);
    for i in emit_order(&body.ops, in_flight) {
        let op = &body.ops[i];
        if (plan.stage0.contains(&i) && !plan.both.contains(&i)) || op.name == "scf.yield" {
            continue;
        }
        let is_dot = Some(i) == plan.async_dot;
        if let Some(acc) = in_flight.filter(|&acc| if is_dot { a_in_regs } else { op.uses(acc) }) {
            wait_for(values, &mut body_ops, &mut map, acc, &loc);
            in_flight = None;
        }
        if let Some(st) = plan.staged.iter().position(|s| s.alloc == i) {
            let t = values.ty(op.result()).clone();
            let mut b = Builder::new(values, &mut body_ops, loc.clone());
            let view = b.op1(opname::LAYOUT_MEMDESC_INDEX, &[rings[st], read], t, &[]);
            map.insert(op.result(), view);
            continue;
        }
        if plan.staged.iter().any(|s| s.dealloc == Some(i)) {
            continue;
        }
        let mut c = values.clone_op(op, &mut map);
        if let (Some(w), "scf.if") = (waited, op.name.as_str()) {
            wait_in_branches(values, &mut c, w, &loc);
        }
        if Some(i) == plan.async_dot {
            c.set_attr("async", Attr::bool(true));
            let r = c.result();
            body_ops.push(c);
            // At most this product in flight from here on (the copies below refill the
            // previous one's slot): a wait for all but one, unless the previous product
            // was waited for in this iteration already.
            let w = match in_flight {
                Some(_) => {
                    let w = values.new_value(values.ty(r).clone());
                    body_ops.push(dot_wait(r, w, 1, &loc));
                    w
                }
                None => r,
            };
            map.insert(op.result(), w);
            waited = Some(w);
            continue;
        }
        body_ops.push(c);
        // A product waited for in full (attention's q k^T) retires the in-flight one with
        // it: its wait goes right there, free, rather than at the first reader, where it
        // would hold back what comes between (ptxas keeps the softmax's row-sum shuffles
        // above a wgmma wait; after this one they move past the next product's issue).
        if op.name == opname::LAYOUT_WARP_GROUP_DOT {
            if let Some(acc) = in_flight.take() {
                wait_for(values, &mut body_ops, &mut map, acc, &loc);
            }
        }
    }
    if plan.async_dot.is_some() {
        let mut b = Builder::new(values, &mut body_ops, loc.clone());
        b.op(opname::LAYOUT_BARRIER, &[], &[], &[]);
        next_ahead = issue(values, &mut body_ops);
    }
    // Yield: stage 1's values, the advanced ones from this iteration's stage 0, and the
    // slots moved on by one.
    let mut ys: Vec<ValueId> = yields.iter().map(|y| map.get(y).copied().unwrap_or(*y)).collect();
    for (k, &a) in plan.ahead.iter().enumerate() {
        ys[a] = next_ahead[k];
    }
    {
        let mut b = Builder::new(values, &mut body_ops, loc.clone());
        let mut wrapped = vec![];
        for s in [read, write] {
            let one = b.const_int(1, 32);
            let n = b.op1("arith.addi", &[s, one], i32t.clone(), &[]);
            let wrap = b.const_int(stages as i64, 32);
            let full = b.op1("arith.cmpi", &[n, wrap], Type::Int(1), &[("predicate", Attr::int(0, "i64"))]);
            let zero = b.const_int(0, 32);
            ys.push(b.op1("arith.select", &[full, zero, n], i32t.clone(), &[]));
            wrapped.push(full);
        }
        // A parity flips when its slot wraps around: the read slot's full barriers', the
        // write slot's empty ones'.
        let mut flip = |p: ValueId, wrapped: ValueId| {
            let one = b.const_int(1, 32);
            let flipped = b.op1("arith.xori", &[p, one], i32t.clone(), &[]);
            b.op1("arith.select", &[wrapped, flipped, p], i32t.clone(), &[])
        };
        if tma {
            ys.push(flip(phase, wrapped[0]));
        }
        if multicast {
            ys.push(flip(free, wrapped[1]));
        }
        b.op("scf.yield", &ys, &[], &[]);
    }
    args.insert(0, new_iv);
    args.push(read);
    args.push(write);
    if tma {
        args.push(phase);
    }
    if multicast {
        args.push(free);
    }
    let mut results = lp.results.clone();
    // The in-flight product's loop result is waited for after the loop.
    let async_result = waited.and(plan.dot_carry);
    if let Some(k) = async_result {
        results[k] = values.new_value(values.ty(lp.results[k]).clone());
    }
    results.push(values.new_value(i32t.clone()));
    results.push(values.new_value(i32t.clone()));
    for _ in 0..tma as usize + multicast as usize {
        results.push(values.new_value(i32t.clone()));
    }
    let acc_init = async_result.map(|k| inits[k]);
    let mut operands = vec![lo, hi, step];
    operands.extend(inits);
    let mut new_loop = lp.clone();
    new_loop.operands = operands;
    new_loop.results = results.clone();
    new_loop.regions[0].blocks[0].args = args;
    new_loop.regions[0].blocks[0].ops = body_ops;
    new_loop.remove_attr(attrname::TILE_NUM_STAGES);
    new_loop.set_attr(attrname::TILE_PIPELINED, Attr::int(stages as i64, "i32"));
    if !plan.refused.is_empty() {
        new_loop.set_attr(attrname::TILE_NOT_STAGED, Attr::str(&plan.refused.join("; ")));
    }
    out.push(new_loop);
    // Epilogue.
    let mut b = Builder::new(values, out, loc.clone());
    let may_not_run = !matches!((known(lo, ctx), known(hi, ctx)), (Some(l), Some(h)) if l < h);
    if let (Some(k), Some(init), true) = (async_result, acc_init, may_not_run) {
        // The last product is waited for only where the loop ran. Where it ran no trip
        // the accumulator is its initial value; a wait shared with that path has that
        // value's moves define the accumulator's registers between a wgmma and its wait,
        // and ptxas then serialises every wgmma of the kernel (C7515: 24% slower).
        let ran = b.op1("arith.cmpi", &[lo, hi], Type::Int(1), &[("predicate", Attr::int(2, "i64"))]);
        let ty = b.ty(lp.results[k]).clone();
        let then = b.region(&[], |ib, _| {
            let w = ib.values.new_value(ty.clone());
            ib.ops.push(dot_wait(results[k], w, 0, &loc));
            ib.op("scf.yield", &[w], &[], &[]);
        });
        let els = b.region(&[], |ib, _| {
            ib.op("scf.yield", &[init], &[], &[]);
        });
        b.ops.push(Op {
            name: "scf.if".into(),
            operands: vec![ran],
            results: vec![lp.results[k]],
            regions: vec![then, els],
            loc: loc.clone(),
            ..Default::default()
        });
    } else if let Some(k) = async_result {
        b.ops.push(dot_wait(results[k], lp.results[k], 0, &loc));
    }
    // No TMA copy is in flight after the loop (none is issued past its end); cp.async
    // copies past the end write zeros and are waited for.
    if cp_async {
        b.op(opname::LAYOUT_ASYNC_WAIT, &[], &[], &[("pending", Attr::int(0, "i32"))]);
    }
    b.op(opname::LAYOUT_BARRIER, &[], &[], &[]);
    // The other programs of the cluster may still arrive on this one's empty barriers (and
    // it on theirs): every program is past the loop before any reuses those bytes.
    if multicast {
        b.op(opname::LAYOUT_CLUSTER_BARRIER, &[], &[], &[]);
    }
    // Every wait on the mbarriers is done (the barrier): invalidated, their bytes may be
    // reused (`membar` orders the next writer of them after this).
    for bar in bars.iter().chain(&empties).flatten() {
        b.op(opname::LAYOUT_MBARRIER_INVAL, &[*bar], &[], &[]);
    }
    for r in rings.into_iter().chain(bars.into_iter().flatten()).chain(empties.into_iter().flatten()) {
        b.op(opname::LAYOUT_LOCAL_DEALLOC, &[r], &[], &[]);
    }
}

/// Slot `slot` (an i32 value) of ring `ring`.
fn slot_view(b: &mut Builder, ring: ValueId, slot: ValueId) -> ValueId {
    let Type::MemDesc { shape, elem, layout } = b.ty(ring).clone() else { unreachable!("a ring is a memdesc") };
    let slot_ty = Type::MemDesc { shape: shape[1..].to_vec(), elem, layout };
    b.op1(opname::LAYOUT_MEMDESC_INDEX, &[ring, slot], slot_ty, &[])
}

/// A ring of mbarriers, (full, empty), for each staged load: full for each one copied by
/// TMA, `stages` mbarriers (one i64 a slot) initialised to count one arrival (the copy's
/// issuing thread's `expect_tx`); empty for each one multicast (`mc`), counting one
/// arrival from each of the cluster's programs (`release`).
type Rings = (Vec<Option<ValueId>>, Vec<Option<ValueId>>);
fn tma_barriers(
    values: &mut Values,
    out: &mut Vec<Op>,
    plan: &Plan,
    stages: u32,
    mc: &[bool],
    cluster: u32,
    loc: &str,
) -> Rings {
    let mut b = Builder::new(values, out, loc.to_string());
    let bar_ty = Type::MemDesc {
        shape: vec![stages as i64, 1],
        elem: Box::new(Type::Int(64)),
        layout: Shared::plain(1, 1, 1, 0, vec![0]),
    };
    let mut ring = |want: bool| want.then(|| b.op1(opname::LAYOUT_LOCAL_ALLOC, &[], bar_ty.clone(), &[]));
    let bars: Vec<Option<ValueId>> = plan.staged.iter().map(|s| ring(s.tma)).collect();
    let empties: Vec<Option<ValueId>> = mc.iter().map(|&m| ring(m)).collect();
    if bars.iter().any(Option::is_some) {
        b.op(opname::LAYOUT_BARRIER, &[], &[], &[]);
        for (bar, count) in bars.iter().flatten().map(|v| (v, 1)).chain(empties.iter().flatten().map(|v| (v, cluster)))
        {
            for s in 0..stages {
                let slot = b.const_int(s as i64, 32);
                let v = slot_view(&mut b, *bar, slot);
                b.op(opname::LAYOUT_MBARRIER_INIT, &[v], &[], &[("count", Attr::int(count as i64, "i32"))]);
            }
        }
        b.op(opname::LAYOUT_BARRIER, &[], &[], &[]);
        // The other programs' copies and arrivals may reach this one's barriers next.
        if empties.iter().any(Option::is_some) {
            b.op(opname::LAYOUT_CLUSTER_BARRIER, &[], &[], &[]);
        }
    }
    (bars, empties)
}

/// This program is done with the slot the previous iteration read (every thread is, after
/// the barrier before the copies): one arrival on that slot's empty barrier in each
/// program of the cluster, so each may refill it in all of them. Not on the first
/// iteration (`iv` = `lo`), which has no previous one.
fn release(
    b: &mut Builder,
    empties: &[Option<ValueId>],
    (iv, lo): (ValueId, ValueId),
    read: ValueId,
    stages: u32,
    cluster: u32,
) {
    let i32t = Type::Int(32);
    let not_first = b.op1("arith.cmpi", &[iv, lo], Type::Int(1), &[("predicate", Attr::int(1, "i64"))]);
    let zero = b.const_int(0, 32);
    let first_slot = b.op1("arith.cmpi", &[read, zero], Type::Int(1), &[("predicate", Attr::int(0, "i64"))]);
    let (one, last) = (b.const_int(1, 32), b.const_int(stages as i64 - 1, 32));
    let before = b.op1("arith.subi", &[read, one], i32t.clone(), &[]);
    let prev = b.op1("arith.select", &[first_slot, last, before], i32t, &[]);
    b.if_then(not_first, |ib| {
        for e in empties.iter().flatten() {
            let v = slot_view(ib, *e, prev);
            ib.op(opname::LAYOUT_MBARRIER_ARRIVE, &[v], &[], &[("cluster", Attr::int(cluster as i64, "i32"))]);
        }
    });
}

/// The order stage 1 emits the body's ops in: the program's, except that a
/// `layout.convert` of the in-flight product moves down to just before its first reader.
/// `layout-propagate` places a conversion at the top of the block that defines its operand
/// (attention's `acc` between two accumulator encodings for `acc * alpha`, free in
/// registers), and a read of the product is where its wait goes: at the top, the wait
/// would keep the next iteration's first product (q k^T) from being issued while the
/// previous one (p v) still runs, leaving the tensor cores idle between them.
fn emit_order(ops: &[Op], in_flight: Option<ValueId>) -> Vec<usize> {
    let deferred: Vec<usize> = match in_flight {
        Some(acc) => {
            (0..ops.len()).filter(|&i| ops[i].name == opname::LAYOUT_CONVERT && ops[i].operands == [acc]).collect()
        }
        None => vec![],
    };
    let mut order = vec![];
    let mut placed = vec![false; ops.len()];
    for j in (0..ops.len()).filter(|j| !deferred.contains(j)) {
        // The terminator comes last: whatever is still deferred goes before it.
        let last = j + 1 == ops.len();
        for &i in &deferred {
            if !placed[i] && (last || ops[j].uses(ops[i].result())) {
                placed[i] = true;
                order.push(i);
            }
        }
        order.push(j);
    }
    order
}

/// Wait for the in-flight product `acc` (a carried value): what follows reads the waited
/// value.
fn wait_for(values: &mut Values, body_ops: &mut Vec<Op>, map: &mut HashMap<ValueId, ValueId>, acc: ValueId, loc: &str) {
    let arg = map[&acc];
    let w = values.new_value(values.ty(arg).clone());
    body_ops.push(dot_wait(arg, w, 0, loc));
    map.insert(acc, w);
}

/// In each branch of an epilogue `if` that reads the in-flight product `w` (other than
/// yielding it on), first wait for it: that branch then reads the waited value.
fn wait_in_branches(values: &mut Values, op: &mut Op, w: ValueId, loc: &str) {
    for b in op.regions.iter_mut().flat_map(|g| &mut g.blocks) {
        let n = b.ops.len();
        if !b.ops[..n.saturating_sub(1)].iter().any(|o| o.uses(w)) {
            continue;
        }
        let w0 = values.new_value(values.ty(w).clone());
        Op::replace_uses(&mut b.ops, w, w0);
        b.ops.insert(0, dot_wait(w, w0, 0, loc));
    }
}

/// `layout.warp_group_dot_wait`: `result` is `v` once at most `pending` products are in
/// flight.
fn dot_wait(v: ValueId, result: ValueId, pending: i64, loc: &str) -> Op {
    Op {
        name: opname::LAYOUT_WARP_GROUP_DOT_WAIT.into(),
        operands: vec![v],
        results: vec![result],
        attrs: vec![("pending".into(), Attr::int(pending, "i32"))],
        loc: loc.into(),
        ..Default::default()
    }
}
