//! TMA copies and the mbarriers that count them: `layout.mbarrier_init`,
//! `layout.tma_load` (cp.async.bulk.tensor, multicast to a cluster or not) and
//! `layout.mbarrier_wait`; TMA stores (`layout.tma_store`, a bulk group); a cluster's
//! programs' arrivals on each other's mbarriers (`layout.mbarrier_arrive`) and its barrier
//! (`layout.cluster_barrier`).
//!
//! The kernel takes each descriptor of `tile.tensormaps` as a parameter after its own,
//! 128 bytes aligned to 64, `byval` and `nvvm.grid_constant`: the launch encodes it
//! (`cuTensorMapEncodeTiled`) and the copy names it by its generic address, with no copy
//! to local memory. One thread (thread 0) initialises a barrier and issues a copy; every
//! thread waits on the barrier's phase itself, which also makes the copied bytes visible
//! to it (no barrier needed after the wait).

use super::Lowerer;
use crate::conversion::nvidia::ptx;
use crate::pass::PassError;
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Builder, Op, Type, ValueId};
use tile_dialects::layout::shared::{tma_box_of, TmaBox};
use tile_dialects::layout::slot_bytes;
use tile_dialects::views::{
    LayoutMbarrierArrive, LayoutMbarrierInit, LayoutMbarrierInval, LayoutMbarrierWait, LayoutTmaLoad, LayoutTmaStore,
};

/// The arguments a descriptor parameter carries in the lowered kernel.
pub(super) const TENSORMAP_ARG_ATTRS: &str =
    "{llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}";

/// PTX ISA 8.0: `cp.async.bulk.tensor` and `mbarrier.arrive.expect_tx`.
const TMA_PTX: u32 = 80;

impl Lowerer<'_> {
    /// A shared-memory view's 32-bit address.
    fn smem_u32(&self, b: &mut Builder, v: ValueId) -> ValueId {
        let p = self.scalar(v);
        b.op1("llvm.ptrtoint", &[p], Type::Int(32), &[])
    }

    pub(super) fn mbarrier_init(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let v = LayoutMbarrierInit(op);
        let count = v
            .count()
            .and_then(|a| a.as_int())
            .filter(|&c| c >= 1)
            .ok_or_else(|| PassError::at(&op.loc, "`layout.mbarrier_init` needs a `count` of at least 1"))?;
        self.min_ptx = self.min_ptx.max(TMA_PTX);
        let bar = self.smem_u32(b, v.bar());
        // The fence makes the initialised barrier visible to the async proxy (the copies'
        // completions) before the barrier that publishes it to the other threads.
        let text = format!(
            "{{ .reg .pred p; setp.eq.u32 p, $0, 0; @p mbarrier.init.shared::cta.b64 [$1], {count}; \
             @p fence.mbarrier_init.release.cluster; }}"
        );
        ptx::asm(b, &text, &[], &[(self.tid, "r"), (bar, "r")], true);
        Ok(())
    }

    /// `layout.mbarrier_inval`: thread 0 invalidates each mbarrier of the buffer (a ring's
    /// slots are `slot_bytes` apart).
    pub(super) fn mbarrier_inval(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let v = LayoutMbarrierInval(op);
        let t = self.ty(v.bar()).clone();
        let (slot, slots) = slot_bytes(&t);
        self.min_ptx = self.min_ptx.max(TMA_PTX);
        let bar = self.smem_u32(b, v.bar());
        let mut text = "{ .reg .pred p; .reg .b32 a; setp.eq.u32 p, $0, 0; ".to_string();
        for k in 0..slots {
            text += &format!("add.u32 a, $1, {}; @p mbarrier.inval.shared::cta.b64 [a]; ", k * slot);
        }
        text += "}";
        ptx::asm(b, &text, &[], &[(self.tid, "r"), (bar, "r")], true);
        Ok(())
    }

    /// `layout.tma_load`: thread 0 expects the block's bytes on the barrier and issues a
    /// copy a box. Multicast (`multicast = n`): each program of the cluster still expects
    /// the whole block on its own barrier, and issues boxes k = its rank mod n to all n
    /// programs, which land at the same offsets and signal the same barrier in each.
    pub(super) fn tma_load(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let t = LayoutTmaLoad(op);
        let multicast = op.int_attr(attrname::LAYOUT_MULTICAST).filter(|&n| n > 1);
        let c = self.copy(b, op, t.tensormap(), t.buf(), t.offsets())?;
        let (rank, boxes) = (c.rank, &c.boxes);
        let bytes = boxes.copy_bytes * boxes.copies;
        let bar = self.smem_u32(b, t.bar());
        let regs = panel_regs(boxes);
        // A multicast copy also needs a predicate a box (`q`) and the cluster's mask (`m`).
        let more = if multicast.is_some() { ", q; .reg .b16 m" } else { "" };
        let mut text = format!(
            "{{ .reg .pred p{more};{regs} setp.eq.u32 p, $0, 0; \
             @p mbarrier.arrive.expect_tx.shared::cta.b64 _, [$2], {bytes}; "
        );
        let mut inputs = vec![(self.tid, "r"), (c.buf, "r"), (bar, "r"), (c.map, "l")];
        inputs.extend(c.coords.iter().map(|&c| (c, "r")));
        let copy = format!("cp.async.bulk.tensor.{rank}d.shared::cluster.global.tile.mbarrier::complete_tx::bytes");
        match multicast {
            None => {
                text += &panel_copies(boxes, rank, 4, |_, c, dst| format!("@p {copy} [{dst}], [$3, {{{c}}}], [$2]; "));
            }
            Some(n) => {
                let r = inputs.len();
                let cta = ptx::asm(b, "mov.u32 $0, %cluster_ctarank;", &[32], &[], false)[0];
                inputs.push((cta, "r"));
                text += &format!("mov.b16 m, {}; ", (1u32 << n) - 1);
                text += &panel_copies(boxes, rank, 4, |k, c, dst| {
                    format!(
                        "setp.eq.and.u32 q, ${r}, {}, p; @q {copy}.multicast::cluster [{dst}], [$3, {{{c}}}], [$2], m; ",
                        k as i64 % n
                    )
                });
            }
        }
        text += "}";
        ptx::asm(b, &text, &[], &inputs, true);
        Ok(())
    }

    /// `layout.mbarrier_arrive {cluster = n}`: thread 0 arrives on the barrier at the same
    /// offset in each of the cluster's n programs (itself included). The arrival's default
    /// semantics (release at CTA scope, CUTLASS's consumer release) order this program's
    /// reads of the slot, which its wgmma wait retired, before the copy that refills it; a
    /// `.release.cluster` arrival fenced every iteration at cluster scope and ran the loop
    /// at 0.7x the speed of the same kernel without clusters (an H200).
    pub(super) fn mbarrier_arrive(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let v = LayoutMbarrierArrive(op);
        let n =
            v.cluster().and_then(|a| a.as_int()).filter(|&c| (1..=16).contains(&c)).ok_or_else(|| {
                PassError::at(&op.loc, "`layout.mbarrier_arrive` needs a `cluster` of 1 to 16 programs")
            })?;
        self.min_ptx = self.min_ptx.max(TMA_PTX);
        let bar = self.smem_u32(b, v.bar());
        let mut text = "{ .reg .pred p; .reg .b32 a; setp.eq.u32 p, $0, 0; ".to_string();
        for r in 0..n {
            text += &format!("@p mapa.shared::cluster.u32 a, $1, {r}; @p mbarrier.arrive.shared::cluster.b64 _, [a]; ");
        }
        text += "}";
        ptx::asm(b, &text, &[], &[(self.tid, "r"), (bar, "r")], true);
        Ok(())
    }

    /// `layout.cluster_barrier`: every thread of the cluster, release then acquire.
    pub(super) fn cluster_barrier(&mut self, b: &mut Builder) -> Result<(), PassError> {
        self.min_ptx = self.min_ptx.max(TMA_PTX);
        let text = "barrier.cluster.arrive.release.aligned; barrier.cluster.wait.acquire.aligned;";
        ptx::asm(b, text, &[], &[], true);
        Ok(())
    }

    /// `layout.tma_store`: thread 0 copies the buffer (a box per panel) to the block at the
    /// offsets, then waits until the copies have read it (`wait_group.read`): the barrier
    /// `membar` puts before the buffer's next writer then covers every thread. The global
    /// writes complete on their own (before the kernel's end is visible to the host).
    pub(super) fn tma_store(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let t = LayoutTmaStore(op);
        let c = self.copy(b, op, t.tensormap(), t.buf(), t.offsets())?;
        let rank = c.rank;
        let mut text = format!("{{ .reg .pred p;{} setp.eq.u32 p, $0, 0; ", panel_regs(&c.boxes));
        text += &panel_copies(&c.boxes, rank, 3, |_, c, src| {
            format!("@p cp.async.bulk.tensor.{rank}d.global.shared::cta.bulk_group [$2, {{{c}}}], [{src}]; ")
        });
        text += "@p cp.async.bulk.commit_group; @p cp.async.bulk.wait_group.read 0; }";
        let mut inputs = vec![(self.tid, "r"), (c.buf, "r"), (c.map, "l")];
        inputs.extend(c.coords.iter().map(|&c| (c, "r")));
        ptx::asm(b, &text, &[], &inputs, true);
        Ok(())
    }

    /// What a TMA copy (load or store) of `buf` at `offsets` through the kernel's
    /// descriptor `tensormap` needs: the descriptor parameter, the boxes `tma-copies` gave
    /// the descriptor (one per panel of a swizzled buffer, each at its inner coordinate),
    /// the buffer's address and the coordinates, innermost first as the descriptor's
    /// dimensions.
    fn copy(
        &mut self,
        b: &mut Builder,
        op: &Op,
        tensormap: Option<&Attr>,
        buf: ValueId,
        offsets: &[ValueId],
    ) -> Result<Copy, PassError> {
        let n = tensormap.and_then(|a| a.as_int()).and_then(|n| usize::try_from(n).ok());
        let map = n.and_then(|n| self.tensormaps.get(n)).copied().ok_or_else(|| {
            PassError::at(&op.loc, format!("`{}` names no descriptor of the kernel's `tile.tensormaps`", op.name))
        })?;
        let bt = self.ty(buf).clone();
        let rank = offsets.len();
        if !(1..=5).contains(&rank) || bt.shape().len() != rank {
            return Err(PassError::at(&op.loc, format!("`{}`: a box of 1 to 5 axes, one offset each", op.name)));
        }
        let boxes = tma_box_of(&bt)
            .map_err(|why| PassError::at(&op.loc, format!("`{}` of a buffer TMA cannot copy: {why}", op.name)))?;
        self.min_ptx = self.min_ptx.max(TMA_PTX);
        let buf = self.smem_u32(b, buf);
        let coords = offsets.iter().rev().map(|&o| self.scalar(o)).collect();
        Ok(Copy { map, boxes, buf, coords, rank })
    }

    pub(super) fn mbarrier_wait(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let w = LayoutMbarrierWait(op);
        self.min_ptx = self.min_ptx.max(TMA_PTX);
        let bar = self.smem_u32(b, w.bar());
        let phase = self.scalar(w.phase());
        // Labels are local to the braces: the same text may appear many times.
        let text = "{ .reg .pred done; wait: mbarrier.try_wait.parity.shared::cta.b64 done, [$0], $1; \
                    @!done bra wait; }";
        ptx::asm(b, text, &[], &[(bar, "r"), (phase, "r")], true);
        Ok(())
    }
}

/// A TMA copy's operands (`Lowerer::copy`).
struct Copy {
    map: ValueId,
    boxes: TmaBox,
    buf: ValueId,
    coords: Vec<ValueId>,
    rank: usize,
}

/// The copies of a buffer's panels as PTX text: `copy(k, coords, shared address)` for
/// panel k, its inner coordinate `k` panels past `$first` (the innermost coordinate
/// operand; the outer ones follow it) and its bytes `k` panels past `$1` (the buffer).
fn panel_copies(boxes: &TmaBox, rank: usize, first: usize, copy: impl Fn(u32, &str, &str) -> String) -> String {
    let mut text = String::new();
    let outer: Vec<String> = (1..rank).map(|i| format!("${}", first + i)).collect();
    for k in 0..boxes.copies {
        let (inner, at) = if k == 0 {
            (format!("${first}"), "$1")
        } else {
            let (col, off) = (k * boxes.dims[rank - 1], k * boxes.copy_bytes);
            text += &format!("add.s32 c, ${first}, {col}; add.u32 d, $1, {off}; ");
            ("c".to_string(), "d")
        };
        let mut c = vec![inner];
        c.extend(outer.iter().cloned());
        text += &copy(k, &c.join(", "), at);
    }
    text
}

/// Registers `panel_copies` needs.
fn panel_regs(boxes: &TmaBox) -> &'static str {
    if boxes.copies > 1 {
        " .reg .b32 c, d;"
    } else {
        ""
    }
}
