//! Asynchronous copies from global to shared memory: `layout.async_copy` as cp.async,
//! `async_commit` and `async_wait` as their groups.
//!
//! Each thread copies its elements of the tile in vectors contiguous both in global memory
//! (the pointer tile's `layout.vec`, from `coalesce`) and in the shared layout; PTX allows
//! 4, 8 and 16 bytes (16 through L2 only: `.cg`). A masked-off vector is copied with a
//! source size of 0, which writes zeros (a masked load's `other` of 0). Destination
//! addresses follow the same address plan as any other shared access.

use super::convert::addresses;
use super::Lowerer;
use crate::passes::PassError;
use tile_dialects::ir::{Attr, Builder, Op, Type};
use tile_dialects::layout::elem_bytes;

impl Lowerer<'_> {
    pub(super) fn async_copy(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let (ptr, buf, mask) = (op.operands[0], op.operands[1], op.optional(2));
        let bt = self.ty(buf).clone();
        let s = bt.shared().cloned().ok_or_else(|| PassError::at(&op.loc, "async_copy into a non-memdesc"))?;
        let d = self.dist(ptr, &op.loc)?;
        let eb = elem_bytes(&bt);
        let shape = d.shape.clone();
        let hint = op.int_attr("layout.vec").unwrap_or(1).max(1) as usize;
        let along = d.fast().0 == s.inner();
        let v = if along { hint.min(s.access(&d, &shape, eb)) } else { 1 };
        let bytes = v as u32 * eb;
        if ![4, 8, 16].contains(&bytes) {
            return Err(PassError::at(
                &op.loc,
                format!("cp.async moves 4, 8 or 16 bytes; this tile allows {bytes} a thread (software-pipeline should not have made it)"),
            ));
        }
        let ety = super::lower_type(bt.elem());
        self.smem_touched = true;
        let parts = self.thread_parts(b, &d);
        let base = self.scalar(buf);
        let vecs = d.vectors(s.inner(), v);
        let dsts = addresses(b, base, &s, &d, &shape, (self.tid, &parts), &vecs, self.num_warps, &ety);
        let full = b.const_int(bytes as i64, 32);
        let zero = b.const_int(0, 32);
        let modifier = if bytes == 16 { "cg" } else { "ca" };
        for (regs, dst) in vecs.into_iter().zip(dsts) {
            let src = self.reg(ptr, regs[0]);
            let size = match mask {
                Some(m) => {
                    let p = self.reg(m, regs[0]);
                    b.op1("arith.select", &[p, full, zero], Type::Int(32), &[])
                }
                None => full,
            };
            b.op(
                "nvvm.cp.async.shared.global",
                &[dst, src, size],
                &[],
                &[
                    ("size", Attr::int(bytes as i64, "i32")),
                    ("modifier", Attr(format!("#nvvm<load_cache_modifier {modifier}>"))),
                ],
            );
        }
        Ok(())
    }

    pub(super) fn async_commit(&mut self, b: &mut Builder) {
        b.op("nvvm.cp.async.commit.group", &[], &[], &[]);
    }

    pub(super) fn async_wait(&mut self, b: &mut Builder, op: &Op) {
        let n = op.int_attr("pending").unwrap_or(0);
        b.op("nvvm.cp.async.wait.group", &[], &[], &[("n", Attr::int(n, "i32"))]);
    }
}
