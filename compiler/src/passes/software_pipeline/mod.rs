//! `software-pipeline`: loads that feed a tensor-core dot inside an `scf.for` become
//! asynchronous copies into a ring of shared buffers, issued `num_stages - 1` iterations
//! ahead of the iteration that uses them (Triton's loop pipelining, for cp.async).
//!
//! 1. A loop is pipelined when it has `num_stages` ≥ 2 (`range(..., num_stages = N)`, else
//!    the kernel's `#[num_stages]`) and loads whose only use is a `layout.local_alloc`
//!    staging them for a `warp_group_dot` or a `local_load`: plain loads with no `other`
//!    or a zero `other` (cp.async writes zeros for masked-off elements; an fp8 `0.0` is a
//!    truncf of one), moving 4, 8 or 16 bytes a thread a copy (PTX allows no other size:
//!    a 2-byte copy is refused, so unaligned or strided tiles stay plain loads).
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
//!      the next iteration's wait (no wait at all where the previous one was retired in
//!      the iteration: attention, whose p v the next iteration waits for right after q
//!      k^T's full wait, which retires it anyway, so q k^T is issued while p v runs, and a
//!      conversion of it moves down to its reader); the copies then come after it and a
//!      second barrier (another warp group may still read the slot being overwritten),
//!      and the loop's result waits for the last product. An `if` may read it too (a persistent
//!      matmul's epilogue, storing one tile and starting the next at zero): the branch
//!      that reads it waits for it first, and the if passes it on to the next iteration;
//!    - after the loop: wait for every copy (past-the-end copies write zeros too), a
//!      barrier, and the rings' bytes are free.
//!    - a `tile.desc_load` (a tensor descriptor's block, sm_90) whose buffer TMA can fill
//!      (`Shared::tma_box`: row-major, the tensor cores' swizzled panels or unswizzled) is
//!      copied by TMA instead (Triton's TMA pipelining, CUTLASS's producer/consumer ring
//!      without the warp specialisation): each ring gets an mbarrier a slot, initialised
//!      once before the prologue; thread 0 issues the copies (`layout.tma_load` under an
//!      `if` on the iteration's validity: nothing is in flight after the loop) and every
//!      thread waits on the read slot's mbarrier at the phase parity the loop carries
//!      (flipped when the read slot wraps), which also makes the bytes visible to it. With
//!      only TMA copies and a product in flight, the barrier at the top goes (the one
//!      before the copies orders the slot's reuse), as do the commit groups and waits.
//! 4. When no staged load can be copied (less than 4 bytes a thread: odd sizes and strides
//!    that no launch divisor helps; a non-zero `other`), the loads run one iteration
//!    ahead in registers instead (`registers.rs`), whatever `num_stages` (≥ 2) says.

mod analyse;
mod registers;
mod rewrite;

use crate::analysis::cluster_uniform::ClusterUniform;
use crate::options::CompileOptions;
use crate::pass::PassError;
use std::collections::{HashMap, HashSet};
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Module, Op, ValueId, Values};
use tile_dialects::opname;

pub fn run(m: &mut Module, _opts: &CompileOptions) -> Result<(), PassError> {
    m.funcs_mut(|values, func| {
        let default = func.int_attr(attrname::TILE_NUM_STAGES).unwrap_or(1);
        let cluster = func.int_attr(attrname::TILE_CLUSTER_DIMS).unwrap_or(1);
        let uniform = (cluster > 1).then(|| ClusterUniform::of(func, cluster));
        let mut ctx = Ctx { consts: HashMap::new(), defs: HashMap::new(), used: HashSet::new(), cluster, uniform };
        index(&func.regions[0].blocks[0].ops, &mut ctx);
        let body = &mut func.regions[0].blocks[0].ops;
        pipeline_block(values, body, default, &ctx, true);
        Ok(())
    })
}

/// What the pass knows of the whole function.
pub(super) struct Ctx {
    /// Integer constants by value.
    pub(super) consts: HashMap<ValueId, i64>,
    /// Each value's defining op's name and operands.
    pub(super) defs: HashMap<ValueId, (String, Vec<ValueId>, Option<String>)>,
    /// Every value some op reads.
    pub(super) used: HashSet<ValueId>,
    /// `#[cluster_dims]`: programs a cluster (1: none), and which values are the same in
    /// each of them (`multicast`).
    pub(super) cluster: i64,
    pub(super) uniform: Option<ClusterUniform>,
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

/// `together`: every program of a cluster runs `ops` or none does (the kernel's own block,
/// and the branches of an `if` whose condition is the same in all of them).
fn pipeline_block(values: &mut Values, ops: &mut Vec<Op>, default: i64, ctx: &Ctx, together: bool) {
    let mut out = Vec::with_capacity(ops.len());
    for mut op in std::mem::take(ops) {
        let inner = together
            && op.name == "scf.if"
            && ctx.uniform.as_ref().is_some_and(|u| op.operands.first().is_some_and(|&c| u.is(c)));
        for r in &mut op.regions {
            for b in &mut r.blocks {
                pipeline_block(values, &mut b.ops, default, ctx, inner);
            }
        }
        if op.name == "scf.for" && stages_dots(&op) {
            analyse::drop_dead(&mut op.regions[0].blocks[0].ops);
            let stages = op.int_attr(attrname::TILE_NUM_STAGES).unwrap_or(default);
            let why = if stages < 2 {
                "num_stages = 1".to_string()
            } else {
                match analyse::analyse(values, &op, ctx) {
                    Ok(plan) if plan.registers => {
                        registers::rewrite(values, op, &plan, &mut out);
                        continue;
                    }
                    Ok(plan) => {
                        let (mc, why) = multicast(&op, &plan, stages, together, ctx);
                        if let Some(why) = why {
                            op.set_attr(attrname::TILE_NOT_MULTICAST, Attr::str(&why));
                        }
                        rewrite::rewrite(values, op, &plan, stages as u32, &mc, ctx, &mut out);
                        continue;
                    }
                    Err(why) => why,
                }
            };
            // Recorded for --explain-layouts.
            op.set_attr(attrname::TILE_NOT_PIPELINED, Attr::str(&why));
        }
        out.push(op);
    }
    *ops = out;
}

/// For each staged load, whether the cluster copies it once for all its programs (TMA
/// multicast): in a kernel of clusters, a TMA-copied block whose every part (descriptor,
/// shape, strides, offsets) is the same in each program of a cluster, in a loop every
/// program runs the same trips of (run `together`, uniform bounds). Each slot is then
/// refilled only when every program of the cluster is done with it, which costs one stage
/// of lookahead: at least 3 stages. With why a TMA copy of a cluster's kernel is not.
fn multicast(lp: &Op, plan: &analyse::Plan, stages: i64, together: bool, ctx: &Ctx) -> (Vec<bool>, Option<String>) {
    let none = vec![false; plan.staged.len()];
    let Some(u) = ctx.uniform.as_ref() else { return (none, None) };
    if !plan.staged.iter().any(|s| s.tma) {
        return (none, None);
    }
    let n = ctx.cluster;
    let why = if !together {
        "the loop is under a condition that may differ between a cluster's programs".to_string()
    } else if stages < 3 {
        format!("num_stages = {stages} (a multicast slot is refilled a step later: 3 at least)")
    } else if !lp.operands[..3].iter().all(|&v| u.is(v)) {
        "its trip count may differ between a cluster's programs".to_string()
    } else {
        let body = &lp.regions[0].blocks[0].ops;
        let mc: Vec<bool> =
            plan.staged.iter().map(|s| s.tma && body[s.load].operands.iter().all(|&v| u.is(v))).collect();
        // Each copy left to its program, by its line.
        let own: Vec<String> = plan
            .staged
            .iter()
            .zip(&mc)
            .filter(|(s, &m)| s.tma && !m)
            .map(|(s, _)| tile_dialects::ir::loc_line(&body[s.load].loc))
            .collect();
        let why = (!own.is_empty()).then(|| {
            format!(
                "{}: coordinates that may differ between a cluster's programs (not computed from \
                 arguments, constants, the loop and `program_id(0) / {n}` alone)",
                own.join(", ")
            )
        });
        return (mc, why);
    };
    (none, Some(why))
}

/// Whether a loop's body stages tensor-core operands (the loops this pass is about).
fn stages_dots(lp: &Op) -> bool {
    lp.regions[0].blocks[0].ops.iter().any(|o| o.name == opname::LAYOUT_LOCAL_ALLOC)
}

/// Stage 0's values of the iteration whose induction value is `at` (the body's `iv`),
/// the advanced values (`carried[plan.ahead[k]]`) being `cur[k]`: the map its clones
/// start from.
fn stage0_map(
    plan: &analyse::Plan,
    iv: ValueId,
    carried: &[ValueId],
    at: ValueId,
    cur: &[ValueId],
) -> HashMap<ValueId, ValueId> {
    let mut map = HashMap::from([(iv, at)]);
    map.extend(plan.ahead.iter().zip(cur).map(|(&a, &c)| (carried[a], c)));
    map
}

/// The value of an integer constant, when `v` is one.
pub(super) fn known(v: ValueId, ctx: &Ctx) -> Option<i64> {
    ctx.consts.get(&v).copied()
}
