//! Where the lowering's shared-memory barriers go (each op's own internal barriers, a
//! reduction's or a conversion's, stay with the op).
//!
//! 1. **Deferred publishing.** A tile written into a shared buffer (`local_alloc` with a
//!    value) must be seen by every thread before any thread reads it: a barrier, after
//!    `fence.proxy.async` when wgmma reads the buffer. The write leaves that pending
//!    instead, and the pending barrier is emitted before the first op that could touch
//!    the buffer, or whose effect on shared memory is not known here. Ops that let it
//!    wait: those that never touch shared memory (arithmetic, index and pointer tiles,
//!    global loads and stores, waits), and asynchronous copies into and allocations of
//!    other buffers (live buffers never overlap). A loop whose body reaches a barrier
//!    before anything else touches shared memory takes the fence before it and lets its
//!    own barrier publish (after the loop the barrier is pending again: the loop may not
//!    have run). So a pipelined loop's prologue copies start before the tile written
//!    ahead of them is published (attention's Q: its K and V copies do not wait for a
//!    fence and three barriers, which with step 2 cost head dim 128 about 2% of its
//!    cycles).
//! 2. **Redundant barriers.** A barrier of the pipeline (`layout.barrier`) or of a
//!    buffer's reuse rule is left out when no op emitted since the previous barrier of
//!    the block being built touches shared memory or completes an asynchronous
//!    operation: all threads are already in step (the epilogue's barrier right after the
//!    loop's last wait). The block's ops are read back, so no state outlives a block.
//! 3. **Untouched bytes.** A buffer's "earlier readers are done" barrier is left out when
//!    every op since the block's last barrier touched only other live buffers (whose
//!    bytes the new one, above them, does not share): a loop's A and B tiles written one
//!    after the other take one barrier before A (and one publishing both), not three.
//!    Ops are tracked by what they are (`after_op`): writes, copies and reads of known
//!    buffers; anything else, or a block boundary, forgets.

use super::Lowerer;
use crate::conversion::nvidia::sreg;
use tile_dialects::ir::{Builder, Op, Type, ValueId};
use tile_dialects::opname;

/// Writes to shared buffers not yet published by a barrier.
#[derive(Clone, Debug)]
pub struct Pending {
    /// Whether wgmma reads any of them (a `fence.proxy.async` goes before the barrier).
    pub fence: bool,
    /// The buffers (their `local_alloc` values).
    pub bufs: Vec<ValueId>,
}

impl Lowerer<'_> {
    /// Leaves the barrier that publishes `buf`'s new contents pending (step 1).
    pub(super) fn publish_later(&mut self, buf: ValueId, fence: bool) {
        let p = self.pending.get_or_insert(Pending { fence: false, bufs: vec![] });
        p.fence |= fence;
        p.bufs.push(buf);
    }

    /// A barrier: any pending fence first; none when the block being built already has
    /// one with nothing since that needs another (step 2).
    pub fn barrier(&mut self, b: &mut Builder) {
        let fence = self.pending.take().is_some_and(|p| p.fence);
        if fence {
            super::shared_mem::fence_async_shared(b);
        } else if let Some(o) = b.ops.iter().rev().find(|o| o.name == "nvvm.barrier0" || synchronises(o, b)) {
            if o.name == "nvvm.barrier0" {
                self.since_barrier = Some(vec![]);
                return;
            }
        }
        sreg::barrier(b);
        self.since_barrier = Some(vec![]);
    }

    /// Whether a buffer is live (live buffers never share bytes).
    fn live(&self, buf: &ValueId) -> bool {
        self.smem_live.iter().any(|(l, _, _)| l == buf)
    }

    /// Whether every op since the block's last barrier touched only live buffers (step 3).
    pub(super) fn untouched_since_barrier(&self) -> bool {
        self.since_barrier.as_ref().is_some_and(|bufs| bufs.iter().all(|v| self.live(v)))
    }

    /// After lowering `op` (in `block`): the buffers it touched, or that it is unknown
    /// (step 3).
    pub(super) fn after_op(&mut self, op: &Op) {
        let touched = match op.name.as_str() {
            // `barrier()` has recorded it.
            opname::LAYOUT_BARRIER => return,
            opname::LAYOUT_LOCAL_ALLOC => op.operands.first().map(|_| op.result()),
            opname::LAYOUT_ASYNC_COPY => Some(self.alloc_of(op.operands[1])),
            opname::LAYOUT_LOCAL_LOAD => Some(self.alloc_of(op.operands[0])),
            n if smem_free(n) => None,
            _ => {
                self.since_barrier = None;
                return;
            }
        };
        if let (Some(s), Some(t)) = (&mut self.since_barrier, touched) {
            s.push(t);
        }
    }

    /// Before lowering `op` (in `block`): emits the pending barrier unless `op` lets it
    /// wait (step 1).
    pub(super) fn before_op(&mut self, b: &mut Builder, op: &Op) {
        let Some(p) = &self.pending else { return };
        let live = |v: &ValueId| self.live(v);
        let waits = match op.name.as_str() {
            opname::LAYOUT_BARRIER => true,
            "func.return" => {
                self.pending = None;
                true
            }
            opname::LAYOUT_LOCAL_ALLOC => p.bufs.iter().all(live),
            opname::LAYOUT_ASYNC_COPY => {
                let dst = self.alloc_of(op.operands[1]);
                p.bufs.iter().all(live) && live(&dst) && !p.bufs.contains(&dst)
            }
            "scf.for" => body_starts_with_barrier(op),
            n => smem_free(n),
        };
        if waits {
            return;
        }
        self.barrier(b);
    }

    /// Lowers a loop `before_op` let the pending barrier into: the fence goes before it,
    /// the body's barrier publishes, and after it the barrier is pending again.
    pub(super) fn around_loop<T>(&mut self, b: &mut Builder, f: impl FnOnce(&mut Self, &mut Builder) -> T) -> T {
        let Some(p) = self.pending.take() else { return f(self, b) };
        if p.fence {
            super::shared_mem::fence_async_shared(b);
        }
        self.pending = Some(Pending { fence: false, bufs: p.bufs.clone() });
        let r = f(self, b);
        self.pending = Some(Pending { fence: false, bufs: p.bufs });
        r
    }

    /// The allocation a memdesc (a ring slot) views.
    pub(super) fn alloc_of(&self, mut v: ValueId) -> ValueId {
        while let Some(&a) = self.views.get(&v) {
            v = a;
        }
        v
    }
}

/// Ops that never touch shared memory, by name (step 1).
fn smem_free(name: &str) -> bool {
    name.starts_with("arith.")
        || name.starts_with("math.")
        || matches!(
            name,
            opname::TILE_PROGRAM_ID
                | opname::TILE_NUM_PROGRAMS
                | opname::TILE_ARANGE
                | opname::TILE_SPLAT
                | opname::TILE_ADDPTR
                | opname::TILE_PTR_CAST
                | opname::TILE_EXPAND_DIMS
                | opname::TILE_BROADCAST
                | opname::TILE_TRANS
                | opname::MEMSEM_LOAD
                | opname::MEMSEM_STORE
                | opname::LAYOUT_MEMDESC_INDEX
                | opname::LAYOUT_LOCAL_DEALLOC
                | opname::LAYOUT_ASYNC_COMMIT
                | opname::LAYOUT_ASYNC_WAIT
                | opname::LAYOUT_WARP_GROUP_DOT_WAIT
        )
}

/// Whether a loop's body reaches a `layout.barrier` before any op that may touch shared
/// memory.
fn body_starts_with_barrier(op: &Op) -> bool {
    let Some(body) = op.regions.first().and_then(|r| r.blocks.first()) else { return false };
    body.ops.iter().find(|o| !smem_free(&o.name)).is_some_and(|o| o.name == opname::LAYOUT_BARRIER)
}

/// Whether an emitted op may touch shared memory or complete an asynchronous operation,
/// so that a barrier after it is needed (step 2): shared loads and stores, any NVVM op
/// but special-register reads, inline assembly with side effects, calls, and ops with
/// regions.
fn synchronises(o: &Op, b: &Builder) -> bool {
    match o.name.as_str() {
        // Global memory's loads and stores need no barrier among a block's threads here.
        "llvm.load" => !matches!(b.ty(o.operands[0]), Type::LlvmPtr(1)),
        "llvm.store" => !matches!(b.ty(o.operands[1]), Type::LlvmPtr(1)),
        n if n.starts_with("nvvm.read.ptx.sreg") => false,
        // Assembly without side effects computes (LLVM may move or drop it as well).
        "llvm.inline_asm" => o.attr("has_side_effects").is_some(),
        n if n.starts_with("nvvm.") || n == "llvm.call" => true,
        n if n.starts_with("llvm.atomic") || n == "llvm.cmpxchg" => true,
        // Memory intrinsics (none is emitted today; math intrinsics are pure).
        n if n.starts_with("llvm.intr.mem") || n.starts_with("llvm.intr.masked") => true,
        _ => !o.regions.is_empty(),
    }
}
