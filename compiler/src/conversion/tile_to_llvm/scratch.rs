//! The shared-memory scratch each op's lowering takes, in bytes (Triton's
//! `getScratchSizeInBytes`). `allocate-shared` places it above the buffers live at the op
//! (`layout.scratch_offset`); the lowering finds it there (`Lowerer::smem`), and the op
//! lowerings size their requests with the same functions (`staging`, `*_rounds`,
//! `warp_exchange`, `scan_scratch`, ...), so the two cannot disagree.
//!
//! Ops that pass values between threads through shared memory: a conversion or reshape
//! through shared memory, a reduction or scan across warps, a sort, flip, gather,
//! scatter, histogram or bin rank, a CUDA-core dot, an atomic whose old values reach
//! threads that did not issue it, and a strong (volatile or ordered) load of a tile held
//! in copies (`memory::strong_copies`). One whose tile does not fit `budget` (the bytes above the live buffers) goes
//! in rounds of a chunk each and takes a chunk's bytes (`convert::rounds`).

use super::combine::Combiner;
use super::convert::staging;
use super::flip::flip_rounds;
use super::gather::{gather_rounds, scatter_bytes};
use super::lower_type;
use super::reduce::{by_axis, is_arg};
use super::reduce_axis::{reps_along, warp_exchange};
use super::scan::scan_scratch;
use super::sort::sort_rounds;
use std::collections::HashSet;
use tile_dialects::attrname;
use tile_dialects::attrs::ReduceKind;
use tile_dialects::ir::{Encoding, Op, Type, ValueId, Values};
use tile_dialects::layout::Dist;
use tile_dialects::opname;

/// What sizing an op's scratch needs beyond the op.
pub struct ScratchCx<'a> {
    pub values: &'a Values,
    /// Every value some op of the kernel reads (an atomic's unread old values are not
    /// shared).
    pub used: &'a HashSet<ValueId>,
    pub num_warps: u32,
    /// Bytes of shared memory above the buffers live at the op.
    pub budget: u32,
}

/// The scratch bytes `op` takes (0: none). A malformed op takes none: its lowering
/// reports it.
pub fn scratch_bytes(op: &Op, cx: &ScratchCx) -> u32 {
    let ty = |v: ValueId| cx.values.ty(v);
    let dist = |v: ValueId| Dist::of_type(ty(v));
    let axis = op.int_attr("axis").unwrap_or(0) as usize;
    let eb = |v: ValueId| lower_type(ty(v)).bits().div_ceil(8).max(1);
    let rank_ok = |d: &Dist| axis < d.rank();
    match op.name.as_str() {
        opname::LAYOUT_CONVERT | opname::TILE_RESHAPE => {
            let (x, r) = (op.operands[0], op.result());
            let (Some(xd), Some(rd)) = (dist(x), dist(r)) else { return 0 };
            staging(op, (ty(x), &xd), (ty(r), &rd), cx.budget).map_or(0, |s| s.bytes)
        }
        opname::TILE_REDUCE => reduce(op, cx),
        opname::TILE_SCAN => {
            dist(op.operands[0]).filter(rank_ok).map_or(0, |d| scan_scratch(&d, axis, &lower_type(ty(op.operands[0]))))
        }
        opname::TILE_HISTOGRAM => {
            ty(op.result()).shape().first().map_or(0, |&bins| super::histogram::counter_bytes(bins))
        }
        opname::TILE_SORT => {
            dist(op.operands[0]).filter(rank_ok).map_or(0, |d| sort_rounds(&d, axis, eb(op.operands[0]), cx.budget).1)
        }
        opname::TILE_FLIP => {
            dist(op.operands[0]).filter(rank_ok).map_or(0, |d| flip_rounds(&d, eb(op.operands[0]), cx.budget).1)
        }
        opname::TILE_BIN_RANK => match (dist(op.operands[0]), op.int_attr("num_bins")) {
            (Some(d), Some(bins)) if d.rank() == 1 => {
                super::bin_rank::rank_scratch(d.shape[0], cx.num_warps as i64, bins).1
            }
            _ => 0,
        },
        opname::TILE_SCATTER => {
            dist(op.operands[0]).filter(|d| d.rank() == 1).map_or(0, |d| scatter_bytes(d.shape[0], eb(op.operands[0])))
        }
        opname::TILE_GATHER => match (dist(op.operands[0]), dist(op.operands[1])) {
            (Some(sd), Some(id)) if rank_ok(&sd) && id.rank() == sd.rank() => {
                gather_rounds(&sd, &id, axis, eb(op.operands[0]), cx.budget).1
            }
            _ => 0,
        },
        opname::TILE_DOT if !matches!(ty(op.result()).encoding(), Some(Encoding::Mma(_))) => cuda_core_dot(op, cx),
        opname::MEMSEM_ATOMIC_RMW | opname::MEMSEM_ATOMIC_CAS => atomic(op, cx),
        opname::MEMSEM_LOAD if super::memory::strong_copies(op, ty(op.result())) => {
            super::memory::owners_bytes(&Dist::of_type(ty(op.result())).expect("a tile"), &lower_type(ty(op.result())))
        }
        _ => 0,
    }
}

/// A reduction: a whole 1-D tile's warps' totals (`reduce.rs`), else step 3 of
/// `reduce_axis.rs`.
fn reduce(op: &Op, cx: &ScratchCx) -> u32 {
    let (src, r) = (op.operands[0], op.result());
    let (sty, rty) = (cx.values.ty(src), cx.values.ty(r));
    let Some(sd) = Dist::of_type(sty) else { return 0 };
    if op.int_attr(attrname::LAYOUT_PER_THREAD) == Some(1) {
        return 0;
    }
    // An unknown kind has no lowering (it fails there), so no scratch.
    let Some(kind) = op.enum_attr::<ReduceKind>(attrname::KIND) else { return 0 };
    let ety = lower_type(sty);
    if !by_axis(kind, sty, rty, sd.has_free_threads()) {
        return super::reduce::warp_totals_bytes(&ety, cx.num_warps);
    }
    let axis = op.int_attr("axis").unwrap_or(0) as usize;
    if axis >= sd.rank() {
        return 0;
    }
    let custom = kind == ReduceKind::Custom;
    let ordered = match custom {
        true => Combiner::region(op).is_ok_and(|c| !c.commutative()),
        false => false,
    };
    let rd = if rty.is_tensor() { Dist::of_type(rty) } else { None };
    let Some((_, nreps)) = reps_along(&sd, axis, ordered) else { return 0 };
    let arg = is_arg(kind);
    warp_exchange(&sd, rd.as_ref(), axis, (nreps, custom, arg), &ety).map_or(0, |x| x.bytes)
}

/// A dot on CUDA cores: both operands staged whole (`dot.rs`).
fn cuda_core_dot(op: &Op, cx: &ScratchCx) -> u32 {
    let (a, bm) = (cx.values.ty(op.operands[0]), cx.values.ty(op.operands[1]));
    super::dot::operand_bytes(a, bm)
}

/// An atomic whose old values are read: a scalar's from thread 0, a tile's from its
/// owners when the tile has copies (`memory.rs`); none for a pre-reduced one.
fn atomic(op: &Op, cx: &ScratchCx) -> u32 {
    let (ptr, r) = (op.operands[0], op.result());
    let cas = op.name == opname::MEMSEM_ATOMIC_CAS;
    if !cx.used.contains(&r) || (op.int_attr(attrname::LAYOUT_PREREDUCE) == Some(1) && !cas) {
        return 0;
    }
    let rty: &Type = cx.values.ty(r);
    match cx.values.ty(ptr).is_tensor() {
        false => super::memory::BROADCAST_BYTES,
        true => Dist::of_type(rty)
            .filter(|d| d.has_copies())
            .map_or(0, |d| super::memory::owners_bytes(&d, &lower_type(rty))),
    }
}
