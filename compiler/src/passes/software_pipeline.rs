//! `software-pipeline`: loads that feed a tensor-core dot inside an `scf.for` become
//! asynchronous copies into a ring of shared buffers, issued `num_stages - 1` iterations
//! ahead of the iteration that uses them (Triton's loop pipelining, for cp.async).
//!
//! 1. A loop is pipelined when it has `num_stages` ≥ 2 (`range(..., num_stages = N)`, else
//!    the kernel's `#[num_stages]`) and loads whose only use is a `layout.local_alloc`
//!    staging them for a `warp_group_dot` or a `local_load`: plain loads with no `other`
//!    or a zero `other` (cp.async writes zeros for masked-off elements), moving 4, 8 or 16
//!    bytes a thread a copy (PTX allows no other size: a 2-byte copy is refused, so
//!    unaligned or strided tiles stay plain loads).
//! 2. Stage 0 is those loads and everything they need in the body: their address and
//!    mask arithmetic, and the loop-carried values that arithmetic advances (a pointer
//!    tile `p += BK`), with their updates. Stage 0 must be pure tile arithmetic whose
//!    values the rest of the body (stage 1) does not read, and its loop-carried values
//!    must not be read after the loop; otherwise the loop is left alone.
//! 3. The rewrite, with D = num_stages - 1 and a ring of num_stages slots per load:
//!    - prologue: stage 0 of iterations 0..D, each copy into slot i, masked by
//!      `lo + i * step < hi` (loops shorter than the ring copy nothing past their end),
//!      one commit group per iteration;
//!    - the loop carries the stage-0 values D iterations ahead, and the slots it reads and
//!      writes. Each iteration waits until at most D - 1 groups are in flight (its own has
//!      landed), a barrier makes every thread's copies visible, then stage 0 of iteration
//!      i + D copies into the slot iteration i - 1 read (free: every thread has passed the
//!      barrier), masked by `i + D * step < hi`, and stage 1 runs on slot i;
//!    - a product on wgmma whose result only feeds the next iteration is left in flight:
//!      it is issued asynchronously and waited for with one group pending, so it overlaps
//!      the next iteration's wait; the copies then come after it and a second barrier
//!      (another warp group may still read the slot being overwritten), and the loop's
//!      result waits for the last product. An `if` may read it too (a persistent
//!      matmul's epilogue, storing one tile and starting the next at zero): the branch
//!      that reads it waits for it first, and the if passes it on to the next iteration;
//!    - after the loop: wait for every copy (past-the-end copies write zeros too), a
//!      barrier, and the rings' bytes are free.

use crate::passes::PassError;
use crate::pipeline::Options;
use std::collections::{HashMap, HashSet};
use tile_dialects::ir::{loc_line, Attr, Builder, Module, Op, Type, ValueId, Values};
use tile_dialects::layout::{elem_bytes, Dist};

pub fn run(m: &mut Module, _opts: &Options) -> Result<(), PassError> {
    m.funcs_mut(|values, func| {
        let default = func.int_attr("tile.num_stages").unwrap_or(1);
        let mut ctx = Ctx { consts: HashMap::new(), defs: HashMap::new(), used: HashSet::new() };
        index(&func.regions[0].blocks[0].ops, &mut ctx);
        let body = &mut func.regions[0].blocks[0].ops;
        pipeline_block(values, body, default, &ctx);
        Ok(())
    })
}

/// What the pass knows of the whole function.
struct Ctx {
    /// Integer constants by value.
    consts: HashMap<ValueId, i64>,
    /// Each value's defining op's name and operands.
    defs: HashMap<ValueId, (String, Vec<ValueId>, Option<String>)>,
    /// Every value some op reads.
    used: HashSet<ValueId>,
}

fn index(ops: &[Op], ctx: &mut Ctx) {
    for op in ops {
        ctx.used.extend(op.operands.iter().copied());
        if op.name == "arith.constant" {
            if let Some(v) = op.int_attr("value") {
                ctx.consts.insert(op.result(), v);
            }
        }
        for &r in &op.results {
            ctx.defs.insert(r, (op.name.clone(), op.operands.clone(), op.attr("value").map(|a| a.0.clone())));
        }
        for r in &op.regions {
            for b in &r.blocks {
                index(&b.ops, ctx);
            }
        }
    }
}

fn pipeline_block(values: &mut Values, ops: &mut Vec<Op>, default: i64, ctx: &Ctx) {
    let mut out = Vec::with_capacity(ops.len());
    for mut op in std::mem::take(ops) {
        for r in &mut op.regions {
            for b in &mut r.blocks {
                pipeline_block(values, &mut b.ops, default, ctx);
            }
        }
        if op.name == "scf.for" && stages_dots(&op) {
            let stages = op.int_attr("tile.num_stages").unwrap_or(default);
            let why = if stages < 2 {
                "num_stages = 1".to_string()
            } else {
                match analyse(values, &op, ctx) {
                    Ok(plan) => {
                        rewrite(values, op, &plan, stages as u32, ctx, &mut out);
                        continue;
                    }
                    Err(why) => why,
                }
            };
            // Recorded for --explain-layouts.
            op.set_attr("tile.not_pipelined", Attr::str(&why));
        }
        out.push(op);
    }
    *ops = out;
}

/// Whether a loop's body stages tensor-core operands (the loops this pass is about).
fn stages_dots(lp: &Op) -> bool {
    lp.regions[0].blocks[0].ops.iter().any(|o| o.name == "layout.local_alloc")
}

/// One load to pipeline: the load, the `local_alloc` staging it, and that buffer's
/// `local_dealloc`, by index in the body.
struct Staged {
    load: usize,
    alloc: usize,
    dealloc: Option<usize>,
}

/// Steps 1 and 2's result for one loop.
struct Plan {
    staged: Vec<Staged>,
    /// Body ops of stage 0 (loads included), by index.
    stage0: HashSet<usize>,
    /// Stage-0 ops stage 1 needs too, emitted in both (for their own iterations).
    both: HashSet<usize>,
    /// Loop-carried arguments (by position among the iter args) that stage 0 advances.
    ahead: Vec<usize>,
    /// The index of a `warp_group_dot` whose result only feeds the yield (directly or
    /// through an epilogue `if`), to leave in flight across iterations.
    async_dot: Option<usize>,
    /// The position among the yields of the value that carries that product.
    dot_carry: Option<usize>,
    /// Loads staging a tensor-core operand that stay loads, and why.
    refused: Vec<String>,
}

/// Whether `v` is a zero constant (or a splat of one).
fn is_zero(v: ValueId, ctx: &Ctx) -> bool {
    match ctx.defs.get(&v) {
        Some((n, _, Some(text))) if n == "arith.constant" => {
            let head = text.split(':').next().unwrap_or("").trim();
            head.parse::<f64>().is_ok_and(|x| x == 0.0 && !head.starts_with('-'))
        }
        Some((n, ops, _)) if n == "tile.splat" => is_zero(ops[0], ctx),
        _ => false,
    }
}

/// Bytes each thread's cp.async of `load`'s tile moves into `layout` (0 if none fits).
fn copy_bytes(values: &Values, load: &Op, buf_ty: &Type) -> u32 {
    let Some(d) = Dist::of_type(values.ty(load.operands[0])) else { return 0 };
    let Some(s) = buf_ty.shared() else { return 0 };
    let eb = elem_bytes(buf_ty);
    let hint = load.int_attr("layout.vec").unwrap_or(1).max(1) as usize;
    if d.fast().0 != s.inner() {
        return eb;
    }
    hint.min(s.access(&d, &d.shape, eb)) as u32 * eb
}

/// Steps 1 and 2, or why the loop is left alone (for `--explain-layouts`).
fn analyse(values: &Values, lp: &Op, ctx: &Ctx) -> Result<Plan, String> {
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
    for (i, op) in ops.iter().enumerate() {
        let Some(&r) = op.results.first() else { continue };
        let [alloc] = users(r)[..] else { continue };
        let a = &ops[alloc];
        if op.name != "tile.load" || a.name != "layout.local_alloc" {
            continue;
        }
        let at = loc_line(&op.loc);
        if op.attr("tile.sem").is_some() || op.int_attr("volatile") == Some(1) {
            refused.push(format!("the load at {at} is ordered or volatile"));
            continue;
        }
        if op.optional(2).is_some_and(|o| !is_zero(o, ctx)) {
            refused.push(format!("the load at {at} has a non-zero `other` (copies write zeros)"));
            continue;
        }
        let bytes = copy_bytes(values, op, values.ty(a.result()));
        if bytes < 4 {
            refused.push(format!(
                "the load at {at} moves {bytes} bytes a thread at a time (cp.async moves 4, 8 or 16: the rows are not contiguous or not aligned)"
            ));
            continue;
        }
        let readers = users(a.result());
        let consumer = |j: &usize| matches!(ops[*j].name.as_str(), "layout.warp_group_dot" | "layout.local_load");
        let deallocs: Vec<usize> = readers.iter().copied().filter(|j| ops[*j].name == "layout.local_dealloc").collect();
        if readers.iter().all(|j| consumer(j) || ops[*j].name == "layout.local_dealloc") && deallocs.len() <= 1 {
            staged.push(Staged { load: i, alloc, dealloc: deallocs.first().copied() });
        }
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
            && o.results.iter().enumerate().all(|(k, &x)| {
                !carries(o, k, r) || users(x).iter().all(|&u| ops[u].name == "scf.yield")
            })
    };
    let async_dot = ops.iter().position(|o| {
        o.name == "layout.warp_group_dot"
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
            ops.iter().any(|o| o.name == "scf.if" && o.results.iter().enumerate().any(|(k, x)| x == y && carries(o, k, r)))
        };
        (0..yields.len()).filter(|&k| yields[k] == r || through_if(&yields[k])).collect()
    };
    let async_dot = async_dot.filter(|&a| carried_at(a).len() == 1);
    let dot_carry = async_dot.map(|a| carried_at(a)[0]);
    Ok(Plan { staged, stage0, both, ahead, async_dot, dot_carry, refused })
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
                "tile.splat" | "tile.arange" | "tile.addptr" | "tile.expand_dims" | "tile.broadcast" | "layout.convert"
            ));
    let branches = || o.regions.iter().flat_map(|g| &g.blocks).flat_map(|b| &b.ops);
    flat || (o.name == "scf.if" && branches().all(|x| x.name == "scf.yield" || pure(x)))
}

/// Step 3.
fn rewrite(values: &mut Values, lp: Op, plan: &Plan, stages: u32, ctx: &Ctx, out: &mut Vec<Op>) {
    let loc = lp.loc.clone();
    let d = stages - 1;
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
            rings.push(b.op1("layout.local_alloc", &[], Type::MemDesc { shape: rs, elem, layout }, &[]));
        }
    }
    // Stage 0 of the iteration whose induction value is `at`, reading the advanced
    // values `cur`; copies into `slot` (an i32 value). Returns the advanced values' next.
    let stage0 =
        |values: &mut Values, out: &mut Vec<Op>, at: ValueId, cur: &[ValueId], slot: ValueId| -> Vec<ValueId> {
            let mut map: HashMap<ValueId, ValueId> = HashMap::new();
            map.insert(iv, at);
            for (k, &a) in plan.ahead.iter().enumerate() {
                map.insert(carried[a], cur[k]);
            }
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
                // The load, as a copy into the ring's slot, masked by the iteration's validity
                // (at the load's line).
                b.loc = op.loc.clone();
                let ptr = map.get(&op.operands[0]).copied().unwrap_or(op.operands[0]);
                let pt = b.ty(ptr).clone();
                let mt = pt.with_elem(Type::Int(1));
                let v = b.op1("tile.splat", &[valid], mt.clone(), &[]);
                let mask = match op.optional(1) {
                    Some(m) => {
                        let m = map.get(&m).copied().unwrap_or(m);
                        b.op1("arith.andi", &[m, v], mt, &[])
                    }
                    None => v,
                };
                let ring_ty = b.ty(rings[st]).clone();
                let Type::MemDesc { shape, elem, layout } = ring_ty else { unreachable!() };
                let slot_ty = Type::MemDesc { shape: shape[1..].to_vec(), elem, layout };
                let view = b.op1("layout.memdesc_index", &[rings[st], slot], slot_ty, &[]);
                let mut attrs = vec![];
                if let Some(a) = op.attr("layout.vec") {
                    attrs.push(("layout.vec", a.clone()));
                }
                b.op("layout.async_copy", &[ptr, view, mask], &[], &attrs);
                b.loc = loc.clone();
            }
            b.op("layout.async_commit", &[], &[], &[]);
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
        cur = stage0(values, out, at, &cur, slot);
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
    let new_iv = values.new_value(ivt.clone());
    let mut args: Vec<ValueId> = carried.iter().map(|a| values.new_value(values.ty(*a).clone())).collect();
    let (read, write) = (values.new_value(i32t.clone()), values.new_value(i32t.clone()));
    let mut body_ops = vec![];
    let mut map: HashMap<ValueId, ValueId> = HashMap::new();
    map.insert(iv, new_iv);
    for (a, n) in carried.iter().zip(&args) {
        map.insert(*a, *n);
    }
    {
        let mut b = Builder::new(values, &mut body_ops, loc.clone());
        b.op("layout.async_wait", &[], &[], &[("pending", Attr::int(d as i64 - 1, "i32"))]);
        b.op("layout.barrier", &[], &[], &[]);
    }
    let ahead_cur: Vec<ValueId> = plan.ahead.iter().map(|&a| args[a]).collect();
    let issue = |values: &mut Values, body_ops: &mut Vec<Op>| -> Vec<ValueId> {
        let mut b = Builder::new(values, body_ops, loc.clone());
        let c = b.const_int(step_by * d as i64, ibits);
        let at = b.op1("arith.addi", &[new_iv, c], ivt.clone(), &[]);
        stage0(values, body_ops, at, &ahead_cur, write)
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
    for (i, op) in body.ops.iter().enumerate() {
        if (plan.stage0.contains(&i) && !plan.both.contains(&i)) || op.name == "scf.yield" {
            continue;
        }
        let is_dot = Some(i) == plan.async_dot;
        if let Some(acc) = in_flight.filter(|&acc| if is_dot { a_in_regs } else { op.uses(acc) }) {
            let arg = map[&acc];
            let w = values.new_value(values.ty(arg).clone());
            body_ops.push(dot_wait(arg, w, 0, &loc));
            map.insert(acc, w);
            in_flight = None;
        }
        if let Some(st) = plan.staged.iter().position(|s| s.alloc == i) {
            let t = values.ty(op.result()).clone();
            let mut b = Builder::new(values, &mut body_ops, loc.clone());
            let view = b.op1("layout.memdesc_index", &[rings[st], read], t, &[]);
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
            let w = values.new_value(values.ty(r).clone());
            body_ops.push(dot_wait(r, w, 1, &loc));
            map.insert(op.result(), w);
            waited = Some(w);
            continue;
        }
        body_ops.push(c);
    }
    if plan.async_dot.is_some() {
        let mut b = Builder::new(values, &mut body_ops, loc.clone());
        b.op("layout.barrier", &[], &[], &[]);
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
        for s in [read, write] {
            let one = b.const_int(1, 32);
            let n = b.op1("arith.addi", &[s, one], i32t.clone(), &[]);
            let wrap = b.const_int(stages as i64, 32);
            let full = b.op1("arith.cmpi", &[n, wrap], Type::Int(1), &[("predicate", Attr::int(0, "i64"))]);
            let zero = b.const_int(0, 32);
            ys.push(b.op1("arith.select", &[full, zero, n], i32t.clone(), &[]));
        }
        b.op("scf.yield", &ys, &[], &[]);
    }
    args.insert(0, new_iv);
    args.push(read);
    args.push(write);
    let mut results = lp.results.clone();
    // The in-flight product's loop result is waited for after the loop.
    let async_result = waited.and(plan.dot_carry);
    if let Some(k) = async_result {
        results[k] = values.new_value(values.ty(lp.results[k]).clone());
    }
    results.push(values.new_value(i32t.clone()));
    results.push(values.new_value(i32t.clone()));
    let mut operands = vec![lo, hi, step];
    operands.extend(inits);
    let mut new_loop = lp.clone();
    new_loop.operands = operands;
    new_loop.results = results.clone();
    new_loop.regions[0].blocks[0].args = args;
    new_loop.regions[0].blocks[0].ops = body_ops;
    new_loop.remove_attr("tile.num_stages");
    new_loop.set_attr("tile.pipelined", Attr::int(stages as i64, "i32"));
    if !plan.refused.is_empty() {
        new_loop.set_attr("tile.not_staged", Attr::str(&plan.refused.join("; ")));
    }
    out.push(new_loop);
    // Epilogue.
    let mut b = Builder::new(values, out, loc.clone());
    if let Some(k) = async_result {
        b.ops.push(dot_wait(results[k], lp.results[k], 0, &loc));
    }
    b.op("layout.async_wait", &[], &[], &[("pending", Attr::int(0, "i32"))]);
    b.op("layout.barrier", &[], &[], &[]);
    for r in rings {
        b.op("layout.local_dealloc", &[r], &[], &[]);
    }
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
        name: "layout.warp_group_dot_wait".into(),
        operands: vec![v],
        results: vec![result],
        attrs: vec![("pending".into(), Attr::int(pending, "i32"))],
        loc: loc.into(),
        ..Default::default()
    }
}

/// The value of an integer constant, when `v` is one.
fn known(v: ValueId, ctx: &Ctx) -> Option<i64> {
    ctx.consts.get(&v).copied()
}
