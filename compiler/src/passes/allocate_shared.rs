//! `allocate-shared`: where every shared buffer and every op's scratch lives in the
//! kernel's one dynamic shared-memory array (Triton's `Allocation.cpp`), decided on the IR
//! and written on it, so the lowering only follows (and a test can read it off small IR).
//!
//! Placement is a stack in program order, the order the lowering emits ops (regions in
//! order): a buffer starts at the end of the buffers live at its `local_alloc`, aligned as
//! its layout needs (1024 bytes for the tensor cores' swizzle atoms), and its bytes are
//! free again at its `local_dealloc`; an op's scratch (`tile_to_llvm::scratch_bytes`)
//! takes the bytes above the live buffers, 16-aligned, for the duration of the op. So
//! live buffers never share bytes, and scratch never overlaps a live buffer.
//!
//! Written: `layout.offset` on each `local_alloc`; `layout.scratch_offset` and
//! `layout.scratch_bytes` on each op with scratch; on the kernel `tile.smem_bytes` (the
//! most bytes any point uses) and `layout.smem_align`. A kernel over the device's limit
//! is an error naming every use and its line (Triton finds it only at launch).

use crate::conversion::tile_to_llvm::{collect_used, scratch_bytes, ScratchCx};
use crate::options::CompileOptions;
use crate::pass::PassError;
use std::collections::HashSet;
use tile_dialects::attrname;
use tile_dialects::ir::{loc_line, Attr, Module, Op, ValueId, Values};
use tile_dialects::layout::slot_bytes;
use tile_dialects::opname;

/// One kernel's placement as the walk goes.
struct Stack<'a> {
    values: &'a Values,
    used: HashSet<ValueId>,
    num_warps: u32,
    limit: u32,
    /// Buffers live here: (value, first byte, bytes).
    live: Vec<(ValueId, u32, u32)>,
    /// The kernel's bytes and alignment so far.
    bytes: u32,
    align: u32,
    /// Every use, for the budget error: (bytes, location, op).
    uses: Vec<(u32, String, String)>,
}

pub fn run(m: &mut Module, opts: &CompileOptions) -> Result<(), PassError> {
    let Module { body, values, .. } = m;
    for f in body.iter_mut().filter(|o| o.name == "func.func") {
        let Some(entry) = f.regions.first().and_then(|r| r.blocks.first()) else { continue };
        let mut used = HashSet::new();
        collect_used(&entry.ops, &mut used);
        let mut st = Stack {
            values,
            used,
            num_warps: f.num_warps(),
            limit: opts.arch.smem_limit(),
            live: vec![],
            bytes: 0,
            align: 16,
            uses: vec![],
        };
        for r in &mut f.regions {
            for blk in &mut r.blocks {
                st.block(&mut blk.ops)?;
            }
        }
        check_budget(f, &st, opts)?;
        f.set_attr(attrname::TILE_SMEM_BYTES, Attr::int(st.bytes as i64, "i32"));
        f.set_attr(attrname::LAYOUT_SMEM_ALIGN, Attr::int(st.align as i64, "i32"));
    }
    Ok(())
}

impl Stack<'_> {
    fn top(&self) -> u32 {
        self.live.iter().map(|(_, off, bytes)| off + bytes).max().unwrap_or(0)
    }

    fn block(&mut self, ops: &mut [Op]) -> Result<(), PassError> {
        for op in ops {
            self.op(op)?;
        }
        Ok(())
    }

    fn op(&mut self, op: &mut Op) -> Result<(), PassError> {
        match op.name.as_str() {
            opname::LAYOUT_LOCAL_ALLOC => {
                let t = self.values.ty(op.result());
                let s = t.shared().ok_or_else(|| PassError::at(&op.loc, "local_alloc of a non-memdesc"))?;
                let (slot, slots) = slot_bytes(t);
                let bytes = slot * slots;
                let offset = self.top().next_multiple_of(s.align());
                self.align = self.align.max(s.align());
                self.place(op, offset, bytes);
                self.live.push((op.result(), offset, bytes));
                op.set_attr(attrname::LAYOUT_OFFSET, Attr::int(offset as i64, "i32"));
            }
            opname::LAYOUT_LOCAL_DEALLOC => {
                let buf = op.operands[0];
                self.live.retain(|(v, _, _)| *v != buf);
            }
            _ => {
                let at = self.top().next_multiple_of(16);
                let cx = ScratchCx {
                    values: self.values,
                    used: &self.used,
                    num_warps: self.num_warps,
                    budget: self.limit.saturating_sub(at),
                };
                let bytes = scratch_bytes(op, &cx);
                if bytes > 0 {
                    self.place(op, at, bytes);
                    op.set_attr(attrname::LAYOUT_SCRATCH_OFFSET, Attr::int(at as i64, "i32"));
                    op.set_attr(attrname::LAYOUT_SCRATCH_BYTES, Attr::int(bytes as i64, "i32"));
                }
            }
        }
        for r in &mut op.regions {
            for blk in &mut r.blocks {
                self.block(&mut blk.ops)?;
            }
        }
        Ok(())
    }

    fn place(&mut self, op: &Op, offset: u32, bytes: u32) {
        self.bytes = self.bytes.max(offset + bytes);
        self.uses.push((bytes, op.loc.clone(), op.name.clone()));
    }
}

/// Fails a kernel whose shared memory exceeds the device's limit, naming every use, its
/// size and the .tile line that needs it.
fn check_budget(f: &Op, st: &Stack, opts: &CompileOptions) -> Result<(), PassError> {
    if st.bytes <= st.limit {
        return Ok(());
    }
    let name = f.str_attr("sym_name").unwrap_or_default();
    let mut msg = format!(
        "kernel `{name}` needs {} bytes of shared memory, over the {} limit of {} bytes a block:",
        st.bytes, opts.arch, st.limit
    );
    for (bytes, at, what) in &st.uses {
        msg.push_str(&format!("\n  {bytes} bytes for `{what}` at {}", loc_line(at)));
    }
    msg.push_str("\n(the buffers share one scratch area, sized to the largest; use smaller tiles)");
    let worst = st.uses.iter().max_by_key(|u| u.0).map(|u| u.1.clone()).unwrap_or_else(|| f.loc.clone());
    Err(PassError::at(&worst, msg))
}
