//! `tile.flip` along one axis: every thread writes each element it holds to the shared
//! slot of its mirrored position (row-major, index n - 1 - i along the axis), then, after
//! a barrier, reads back the slots of the positions it holds. Replicated copies write the
//! same value to the same slot. One round trip, whatever the layout; a tile larger than
//! the shared memory left goes a chunk at a time (`layout::rounds`).

use super::convert::{chunked, gep};
use super::{lower_type, Lowerer};
use crate::conversion::nvidia::sreg;
use crate::pass::PassError;
use tile_dialects::ir::{Builder, Op, Type, ValueId};
use tile_dialects::layout::rounds::Part;
use tile_dialects::layout::{mul_const, Dist};

impl Lowerer<'_> {
    pub(super) fn flip(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let (src, r) = (op.operands[0], op.result());
        let axis = op.int_attr("axis").unwrap_or(0) as usize;
        let dist = self.dist(src, &op.loc)?;
        if axis >= dist.rank() {
            return Err(PassError::at(&op.loc, format!("flip axis {axis} of a {}-D tile", dist.rank())));
        }
        let ety = lower_type(self.ty(src));
        let eb = ety.bits().div_ceil(8).max(1);
        let vals = self.get(src).to_vec();
        let (parts, scratch) = flip_rounds(&dist, eb, self.scratch_budget());
        let out = match parts {
            // A tile larger than the shared memory left, a chunk a round: flipping the
            // tile flips each chunk and the chunk's own bits along the axis, so chunk c
            // lands in chunk c ^ mirror.
            Some(parts) => {
                let p = &parts[0];
                let mirror = p.bits.iter().enumerate().filter(|(_, (d, _))| *d == axis).fold(0, |m, (i, _)| m | 1 << i);
                let base = self.smem_for_write(b, scratch);
                let mut out = vals.clone();
                for (c, regs) in p.regs.iter().enumerate() {
                    if c > 0 {
                        sreg::barrier(b);
                    }
                    let part: Vec<ValueId> = regs.iter().map(|&j| vals[j]).collect();
                    let got = self.flip_chunk(b, base, &p.dist, &part, axis, &ety);
                    for (&j, v) in p.regs[c ^ mirror].iter().zip(got) {
                        out[j] = v;
                    }
                }
                out
            }
            None => {
                let base = self.smem_for_write(b, scratch);
                self.flip_chunk(b, base, &dist, &vals, axis, &ety)
            }
        };
        // No barrier after the reads: the scratch's next writer has one (`Lowerer::smem`).
        self.map.insert(r, out);
        Ok(())
    }

    /// The registers `vals` of a tile distributed as `dist`, flipped along `axis` through
    /// the shared memory at `base`.
    fn flip_chunk(
        &mut self,
        b: &mut Builder,
        base: ValueId,
        dist: &Dist,
        vals: &[ValueId],
        axis: usize,
        ety: &Type,
    ) -> Vec<ValueId> {
        let n = dist.elems_per_thread();
        let mut slots = vec![];
        for j in 0..n {
            let i = self.slot_index(b, dist, j, Some(axis));
            slots.push(gep(b, base, i, ety));
        }
        for (v, s) in vals.iter().zip(slots) {
            b.op("llvm.store", &[*v, s], &[], &[]);
        }
        sreg::barrier(b);
        self.read_slots(b, base, dist, ety)
    }

    /// This thread's elements of a tile distributed as `dist`, each read from its
    /// row-major slot of the shared memory at `base` (elements of type `ety`).
    pub(super) fn read_slots(&mut self, b: &mut Builder, base: ValueId, dist: &Dist, ety: &Type) -> Vec<ValueId> {
        (0..dist.elems_per_thread())
            .map(|j| {
                let i = self.slot_index(b, dist, j, None);
                let p = gep(b, base, i, ety);
                b.op1("llvm.load", &[p], ety.clone(), &[])
            })
            .collect()
    }

    /// The row-major index of this thread's register `j` in the whole tile, with the index
    /// along `mirror` counted from the axis's end.
    pub(super) fn slot_index(&mut self, b: &mut Builder, dist: &Dist, j: usize, mirror: Option<usize>) -> ValueId {
        let parts = self.thread_parts(b, dist);
        let o = dist.reg_offsets(j);
        let mut li = b.const_int(0, 32);
        for d in 0..dist.rank() {
            let mut i = dist.index(b, &parts, d, o[d]);
            if mirror == Some(d) {
                let last = b.const_int(dist.shape[d] - 1, 32);
                i = b.op1("arith.subi", &[last, i], Type::Int(32), &[]);
            }
            li = mul_const(b, li, dist.shape[d]);
            li = b.op1("arith.addi", &[li, i], Type::Int(32), &[]);
        }
        li
    }
}

/// A flip's rounds (`convert::chunked`) and scratch bytes: the tile's elements.
pub(super) fn flip_rounds(dist: &Dist, eb: u32, budget: u32) -> (Option<Vec<Part>>, u32) {
    let order: Vec<usize> = (0..dist.rank()).collect();
    chunked(budget, &[(dist, order)], |d| d.shape.iter().product::<i64>() as u32 * eb)
}
