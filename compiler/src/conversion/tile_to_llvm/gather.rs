//! `tile.gather` along one axis: every thread writes each `src` element it holds to its
//! row-major shared slot, then, after a barrier, reads for each result element the slot
//! of its own coordinates with the one along the axis replaced by its index (modulo the
//! axis's size, a power of two: the read stays inside the tile). One round trip, whatever
//! the layouts of `src` and `index`.

use super::convert::gep;
use super::{lower_type, Lowerer};
use crate::conversion::nvidia::sreg;
use crate::passes::PassError;
use tile_dialects::ir::{Builder, Op, Type, ValueId};
use tile_dialects::layout::mul_const;

impl Lowerer<'_> {
    pub(super) fn gather(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let (src, index, r) = (op.operands[0], op.operands[1], op.result());
        let axis = op.int_attr("axis").unwrap_or(0) as usize;
        let sd = self.dist(src, &op.loc)?;
        let id = self.dist(index, &op.loc)?;
        if axis >= sd.rank() || id.rank() != sd.rank() {
            return Err(PassError::at(&op.loc, format!("gather axis {axis} of a {}-D tile", sd.rank())));
        }
        let ety = lower_type(self.ty(src));
        let eb = ety.bits().div_ceil(8).max(1);
        let base = self.smem_for_write(b, sd.shape.iter().product::<i64>() as u32 * eb);
        for j in 0..sd.elems_per_thread() {
            let i = self.slot_index(b, &sd, j, None);
            let p = gep(b, base, i, &ety);
            let v = self.reg(src, j);
            b.op("llvm.store", &[v, p], &[], &[]);
        }
        sreg::barrier(b);
        let ity = lower_type(self.ty(index));
        let mask = b.const_int(sd.shape[axis] - 1, 32);
        let out = (0..id.elems_per_thread())
            .map(|j| {
                let parts = self.thread_parts(b, &id);
                let o = id.reg_offsets(j);
                let mut li = b.const_int(0, 32);
                for d in 0..id.rank() {
                    let i = if d == axis {
                        let k = self.reg(index, j);
                        let k = if ity == Type::Int(32) { k } else { b.op1("arith.trunci", &[k], Type::Int(32), &[]) };
                        b.op1("arith.andi", &[k, mask], Type::Int(32), &[])
                    } else {
                        id.index(b, &parts, d, o[d])
                    };
                    li = mul_const(b, li, sd.shape[d]);
                    li = b.op1("arith.addi", &[li, i], Type::Int(32), &[]);
                }
                let p: ValueId = gep(b, base, li, &ety);
                b.op1("llvm.load", &[p], ety.clone(), &[])
            })
            .collect();
        // No barrier after the reads: the scratch's next writer has one (`Lowerer::smem`).
        self.map.insert(r, out);
        Ok(())
    }
}
