//! Shared-memory buffers: `layout.local_alloc`, `local_dealloc`, `memdesc_index`,
//! `local_load`, and the barriers and proxy fence that order their accesses.
//!
//! Shared memory is one dynamic array per kernel; `allocate-shared` has placed every
//! buffer in it (`layout.offset`) and each op's scratch above the buffers live at the op.
//! A buffer's value is the `!llvm.ptr<3>` of its first byte; a ring's slots follow each
//! other at the slot size rounded up to the alignment.

use super::{lower_type, Lowerer};
use crate::pass::PassError;
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Builder, Op, Type, ValueId};
use tile_dialects::layout::{slot_bytes, Shared};

impl Lowerer<'_> {
    /// `!llvm.ptr<3>` of byte `offset` of the kernel's shared memory.
    pub(super) fn smem_at(&mut self, b: &mut Builder, offset: u32) -> ValueId {
        let g = b.op1(
            "llvm.mlir.addressof",
            &[],
            Type::LlvmPtr(3),
            &[("global_name", Attr(format!("@{}", self.smem_name)))],
        );
        if offset == 0 {
            return g;
        }
        byte_gep(b, g, offset as i64)
    }

    pub(super) fn local_alloc(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let r = op.result();
        let t = self.ty(r).clone();
        let s = t.shared().cloned().ok_or_else(|| PassError::at(&op.loc, "local_alloc of a non-memdesc"))?;
        let (slot, slots) = slot_bytes(&t);
        let bytes = slot * slots;
        // Where `allocate-shared` put it.
        let offset = op
            .int_attr(attrname::LAYOUT_OFFSET)
            .and_then(|o| u32::try_from(o).ok())
            .filter(|o| o % s.align() == 0)
            .ok_or_else(|| {
                PassError::at(
                    &op.loc,
                    format!(
                        "a shared buffer needs `{}` at a multiple of {} (run allocate-shared)",
                        attrname::LAYOUT_OFFSET,
                        s.align()
                    ),
                )
            })?;
        self.smem_bytes = self.smem_bytes.max(offset + bytes);
        let base = self.smem_at(b, offset);
        self.map.insert(r, vec![base]);
        // `membar` put the barriers around the writes (earlier readers of these bytes
        // done before, readers after).
        if let Some(&x) = op.operands.first() {
            let d = self.dist(x, &op.loc)?;
            let ety = lower_type(self.ty(x));
            let vals = self.get(x).to_vec();
            self.write_tile(b, base, &s, &d, &vals, &ety);
        }
        Ok(())
    }

    pub(super) fn memdesc_index(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let (buf, idx) = (op.operands[0], op.operands[1]);
        let (slot, _) = slot_bytes(self.ty(buf));
        let base = self.scalar(buf);
        let i = self.scalar(idx);
        let c = b.const_int(slot as i64, 32);
        let off = b.op1("arith.muli", &[i, c], Type::Int(32), &[]);
        let p = b.op1(
            "llvm.getelementptr",
            &[base, off],
            Type::LlvmPtr(3),
            &[("elem_type", Attr("i8".into())), ("rawConstantIndices", Attr("array<i32: -2147483648>".into()))],
        );
        self.map.insert(op.result(), vec![p]);
        Ok(())
    }

    pub(super) fn local_load(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let (buf, r) = (op.operands[0], op.result());
        let s: Shared =
            self.ty(buf).shared().cloned().ok_or_else(|| PassError::at(&op.loc, "local_load of a non-memdesc"))?;
        let d = self.dist(r, &op.loc)?;
        let ety = lower_type(self.ty(r));
        let base = self.scalar(buf);
        let vals = match self.ldmatrix(b, base, &s, &d, &ety) {
            Some(v) => v,
            None => self.read_tile(b, base, &s, &d, &ety, &op.loc)?,
        };
        self.map.insert(r, vals);
        Ok(())
    }
}

/// `fence.proxy.async.shared::cta`: this thread's ordinary shared-memory writes are seen
/// by the async proxy (wgmma) after the barrier that follows.
pub(super) fn fence_async_shared(b: &mut Builder) {
    b.op(
        "nvvm.fence.proxy",
        &[],
        &[],
        &[("kind", Attr("#nvvm.proxy_kind<async.shared>".into())), ("space", Attr("#nvvm.shared_space<cta>".into()))],
    );
}

/// `base + bytes` as `!llvm.ptr<3>`.
pub(super) fn byte_gep(b: &mut Builder, base: ValueId, bytes: i64) -> ValueId {
    b.op1(
        "llvm.getelementptr",
        &[base],
        Type::LlvmPtr(3),
        &[("elem_type", Attr("i8".into())), ("rawConstantIndices", Attr(format!("array<i32: {bytes}>")))],
    )
}
