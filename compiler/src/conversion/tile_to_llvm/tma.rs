//! TMA copies and the mbarriers that count them: `layout.mbarrier_init`,
//! `layout.tma_load` (cp.async.bulk.tensor) and `layout.mbarrier_wait`.
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
use tile_dialects::ir::{Builder, Op, Type, ValueId};
use tile_dialects::layout::elem_bytes;
use tile_dialects::views::{LayoutMbarrierInit, LayoutMbarrierWait, LayoutTmaLoad};

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

    pub(super) fn tma_load(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let t = LayoutTmaLoad(op);
        let n = t.tensormap().and_then(|a| a.as_int()).and_then(|n| usize::try_from(n).ok());
        let Some(&map) = n.and_then(|n| self.tensormaps.get(n)) else {
            return Err(PassError::at(
                &op.loc,
                "`layout.tma_load` names no descriptor of the kernel's `tile.tensormaps`",
            ));
        };
        let bt = self.ty(t.buf()).clone();
        let rank = t.offsets().len();
        if !(1..=5).contains(&rank) || bt.shape().len() != rank {
            return Err(PassError::at(&op.loc, "`layout.tma_load`: a box of 1 to 5 axes, one offset each"));
        }
        self.min_ptx = self.min_ptx.max(TMA_PTX);
        let bytes = bt.shape().iter().product::<i64>() * elem_bytes(&bt) as i64;
        let buf = self.smem_u32(b, t.buf());
        let bar = self.smem_u32(b, t.bar());
        // Coordinates innermost first, as the descriptor's dimensions.
        let coords: Vec<ValueId> = t.offsets().iter().rev().map(|&o| self.scalar(o)).collect();
        let slots: Vec<String> = (0..rank).map(|i| format!("${}", 4 + i)).collect();
        let text = format!(
            "{{ .reg .pred p; setp.eq.u32 p, $0, 0; \
             @p mbarrier.arrive.expect_tx.shared::cta.b64 _, [$2], {bytes}; \
             @p cp.async.bulk.tensor.{rank}d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [$1], [$3, {{{}}}], [$2]; }}",
            slots.join(", ")
        );
        let mut inputs = vec![(self.tid, "r"), (buf, "r"), (bar, "r"), (map, "l")];
        inputs.extend(coords.iter().map(|&c| (c, "r")));
        ptx::asm(b, &text, &[], &inputs, true);
        Ok(())
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
