//! `tile.gather` along one axis: every thread writes each `src` element it holds to its
//! row-major shared slot, then, after a barrier, reads for each result element the slot
//! of its own coordinates with the one along the axis replaced by its index (modulo the
//! axis's size, a power of two: the read stays inside the tile). One round trip, whatever
//! the layouts of `src` and `index`; a `src` larger than the shared memory left goes a
//! chunk of rows at a time (`layout::rounds`).
//!
//! `tile.scatter`, its inverse on 1-D tiles, the same round trip the other way: zeros
//! where every result element goes, a barrier, each `src` element stored at its index
//! (modulo the size), a barrier, the result read back. Whole: a scatter's element may go
//! anywhere, so it cannot go in chunks (allocate-shared refuses a tile larger than the
//! shared memory, at its line).

use super::convert::{chunked, gep};
use super::{lower_type, Lowerer};
use crate::conversion::nvidia::sreg;
use crate::pass::PassError;
use tile_dialects::ir::{Builder, Op, Type, ValueId};
use tile_dialects::layout::rounds::Part;
use tile_dialects::layout::{mul_const, Dist};

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
        let ity = lower_type(self.ty(index));
        let eb = ety.bits().div_ceil(8).max(1);
        let (svals, ivals) = (self.get(src).to_vec(), self.get(index).to_vec());
        let (parts, scratch) = gather_rounds(&sd, &id, axis, eb, self.scratch_budget());
        let out = match parts {
            Some(parts) => {
                let (sp, ip) = (&parts[0], &parts[1]);
                let base = self.smem_for_write(b, scratch);
                let mut out = vec![ivals[0]; id.elems_per_thread()];
                for (c, (sregs, iregs)) in sp.regs.iter().zip(&ip.regs).enumerate() {
                    if c > 0 {
                        sreg::barrier(b);
                    }
                    let s: Vec<ValueId> = sregs.iter().map(|&j| svals[j]).collect();
                    let i: Vec<ValueId> = iregs.iter().map(|&j| ivals[j]).collect();
                    let got = self.gather_chunk(b, base, (&sp.dist, &s), (&ip.dist, &i, &ity), axis, &ety);
                    for (&j, v) in iregs.iter().zip(got) {
                        out[j] = v;
                    }
                }
                out
            }
            None => {
                let base = self.smem_for_write(b, scratch);
                self.gather_chunk(b, base, (&sd, &svals), (&id, &ivals, &ity), axis, &ety)
            }
        };
        // No barrier after the reads: the scratch's next writer has one (`Lowerer::smem`).
        self.map.insert(r, out);
        Ok(())
    }

    pub(super) fn scatter(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let (src, index, r) = (op.operands[0], op.operands[1], op.result());
        let sd = self.dist(src, &op.loc)?;
        let id = self.dist(index, &op.loc)?;
        let rd = self.dist(r, &op.loc)?;
        let ety = lower_type(self.ty(src));
        let ity = lower_type(self.ty(index));
        if sd != id || sd.rank() != 1 {
            return Err(PassError::at(&op.loc, "`scatter`'s source and index are not laid out alike".to_string()));
        }
        let n = sd.shape[0];
        let base = self.smem_for_write(b, scatter_bytes(n, ety.bits().div_ceil(8).max(1)));
        let zero = b.constant(ety.clone(), "0");
        for j in 0..rd.elems_per_thread() {
            let i = self.slot_index(b, &rd, j, None);
            let p = gep(b, base, i, &ety);
            b.op("llvm.store", &[zero, p], &[], &[]);
        }
        sreg::barrier(b);
        let mask = b.const_int(n - 1, 32);
        for j in 0..id.elems_per_thread() {
            // `index` and `src` share a layout (layout-propagate gives both the default
            // of their one shape), so register j of each is one element.
            let k = self.reg(index, j);
            let k = if ity == Type::Int(32) { k } else { b.op1("arith.trunci", &[k], Type::Int(32), &[]) };
            let k = b.op1("arith.andi", &[k, mask], Type::Int(32), &[]);
            let p = gep(b, base, k, &ety);
            b.op("llvm.store", &[self.reg(src, j), p], &[], &[]);
        }
        sreg::barrier(b);
        let out = self.read_slots(b, base, &rd, &ety);
        self.map.insert(r, out);
        Ok(())
    }

    /// The gather of a tile `src` (distributed as `sd`, registers `svals`) by `index`
    /// (`id`, `ivals`, of type `ity`) along `axis`, through the shared memory at `base`.
    fn gather_chunk(
        &mut self,
        b: &mut Builder,
        base: ValueId,
        (sd, svals): (&Dist, &[ValueId]),
        (id, ivals, ity): (&Dist, &[ValueId], &Type),
        axis: usize,
        ety: &Type,
    ) -> Vec<ValueId> {
        for (j, v) in svals.iter().enumerate() {
            let i = self.slot_index(b, sd, j, None);
            let p = gep(b, base, i, ety);
            b.op("llvm.store", &[*v, p], &[], &[]);
        }
        sreg::barrier(b);
        let mask = b.const_int(sd.shape[axis] - 1, 32);
        (0..id.elems_per_thread())
            .map(|j| {
                let parts = self.thread_parts(b, id);
                let o = id.reg_offsets(j);
                let mut li = b.const_int(0, 32);
                for d in 0..id.rank() {
                    let i = if d == axis {
                        let k = ivals[j];
                        let k = if *ity == Type::Int(32) { k } else { b.op1("arith.trunci", &[k], Type::Int(32), &[]) };
                        b.op1("arith.andi", &[k, mask], Type::Int(32), &[])
                    } else {
                        id.index(b, &parts, d, o[d])
                    };
                    li = mul_const(b, li, sd.shape[d]);
                    li = b.op1("arith.addi", &[li, i], Type::Int(32), &[]);
                }
                let p: ValueId = gep(b, base, li, ety);
                b.op1("llvm.load", &[p], ety.clone(), &[])
            })
            .collect()
    }
}

/// A gather's rounds and scratch bytes (`src`'s elements). Rows along the axis are
/// independent: a `src` larger than the shared memory left goes a chunk of rows at a time
/// (`layout::rounds`, over the other dimensions, which `index` shares).
pub(super) fn gather_rounds(sd: &Dist, id: &Dist, axis: usize, eb: u32, budget: u32) -> (Option<Vec<Part>>, u32) {
    let order: Vec<usize> = (0..sd.rank()).filter(|&d| d != axis).collect();
    chunked(budget, &[(sd, order.clone()), (id, order)], |d| d.shape.iter().product::<i64>() as u32 * eb)
}

/// A scatter's scratch bytes: its `n` elements of `eb` bytes, whole.
pub(super) fn scatter_bytes(n: i64, eb: u32) -> u32 {
    n as u32 * eb
}
