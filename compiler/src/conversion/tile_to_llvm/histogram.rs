//! `tile.histogram(x, num_bins)`: counts of each value `0..num_bins` in a 1-D integer
//! tile, as an i32 tile of `num_bins`. Values outside the range are not counted (Triton
//! leaves them undefined; dropping them is the one answer that cannot corrupt memory).
//!
//! 1. The threads zero `num_bins + 1` shared counters (`num_bins` is a power of two; the
//!    extra one absorbs what is not counted), after the scratch's leading barrier.
//! 2. A barrier, then each thread adds 1 to the counter of each element it owns with a
//!    shared-memory atomic: elements out of range and replicated copies go to the extra
//!    counter, so no branch is needed.
//! 3. A barrier, then every thread reads the counters of the result elements it holds.

use super::bin_rank::bin_of;
use super::convert::gep;
use super::{lower_type, Lowerer};
use crate::conversion::nvidia::sreg;
use crate::pass::PassError;
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Builder, Op, Type, ValueId};

impl Lowerer<'_> {
    pub(super) fn histogram(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let (src, r) = (op.operands[0], op.result());
        let sd = self.dist(src, &op.loc)?;
        let rd = self.dist(r, &op.loc)?;
        let ety = lower_type(self.ty(src));
        let bins = rd.shape[0];
        let i32t = Type::Int(32);
        let base = self.smem_for_write(b, counter_bytes(bins));

        // 1. Zero the counters.
        let zero = b.const_int(0, 32);
        self.for_each_slot(b, bins + 1, |b, i| {
            let p = gep(b, base, i, &Type::Int(32));
            b.op("llvm.store", &[zero, p], &[], &[]);
        });
        sreg::barrier(b);

        // 2. Count: out-of-range values and copies go to the spare counter `bins`.
        let one = b.const_int(1, 32);
        let spare = b.const_int(bins, 32);
        let unsigned = op.int_attr(attrname::TILE_UNSIGNED) == Some(1);
        for j in 0..sd.elems_per_thread() {
            let v = self.reg(src, j);
            let mut slot = bin_of(b, v, &ety, bins, unsigned);
            // Copies (a tile smaller than the program, or a slice's copies along its
            // sliced dimensions) must not count twice.
            if sd.has_copies() {
                let own = self.owner(b, src, j, &op.loc)?;
                slot = b.op1("arith.select", &[own, slot, spare], i32t.clone(), &[]);
            }
            let p = gep(b, base, slot, &i32t);
            b.op1(
                "llvm.atomicrmw",
                &[p, one],
                i32t.clone(),
                &[("bin_op", Attr("1 : i64".into())), ("ordering", Attr("2 : i64".into()))],
            );
        }
        sreg::barrier(b);

        // 3. Read the result.
        let parts = self.thread_parts(b, &rd);
        let out: Vec<ValueId> = (0..rd.elems_per_thread())
            .map(|j| {
                let i = rd.index(b, &parts, 0, rd.reg_offsets(j)[0]);
                let p = gep(b, base, i, &i32t);
                b.op1("llvm.load", &[p], i32t.clone(), &[])
            })
            .collect();
        self.map.insert(r, out);
        Ok(())
    }
}

/// A histogram's scratch: a 32-bit counter per bin and one for values out of range.
pub(super) fn counter_bytes(bins: i64) -> u32 {
    (bins as u32 + 1) * 4
}
