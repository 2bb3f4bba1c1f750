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

use super::convert::gep;
use super::{lower_type, Lowerer};
use crate::conversion::nvidia::sreg;
use crate::pass::PassError;
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Builder, Op, Type, ValueId};

const ULT: i64 = 6;

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
            shared_atomic(b, AtomicOp::Add, p, one);
        }
        sreg::barrier(b);

        // 3. Read the result.
        let out = self.read_slots(b, base, &rd, &i32t);
        self.map.insert(r, out);
        Ok(())
    }

    /// Runs `f(b, i)` for every `i` in `0..count`, the program's threads taking
    /// consecutive `i` (the last sweep guarded where `count` is not a multiple of them).
    pub(super) fn for_each_slot(&mut self, b: &mut Builder, count: i64, mut f: impl FnMut(&mut Builder, ValueId)) {
        let threads = self.num_warps as i64 * 32;
        let tid = self.tid;
        let mut k = 0;
        while k < count {
            let c = b.const_int(k, 32);
            let i = b.op1("arith.addi", &[tid, c], Type::Int(32), &[]);
            if k + threads <= count {
                f(b, i);
            } else {
                let lim = b.const_int(count, 32);
                let ok = b.op1("arith.cmpi", &[i, lim], Type::Int(1), &[("predicate", Attr::int(ULT, "i64"))]);
                b.if_then(ok, |ib| f(ib, i));
            }
            k += threads;
        }
    }
}

/// An `llvm.atomicrmw` read-modify-write of a 32-bit shared word, relaxed (the ordering
/// between threads comes from the barriers around it); returns the word before.
pub(super) fn shared_atomic(b: &mut Builder, op: AtomicOp, p: ValueId, v: ValueId) -> ValueId {
    // MLIR's `AtomicBinOp` and `AtomicOrdering` numbers: add 1, or 5; monotonic 2.
    let bin_op = match op {
        AtomicOp::Add => "1 : i64",
        AtomicOp::Or => "5 : i64",
    };
    b.op1(
        "llvm.atomicrmw",
        &[p, v],
        Type::Int(32),
        &[("bin_op", Attr(bin_op.into())), ("ordering", Attr("2 : i64".into()))],
    )
}

/// The read-modify-writes `shared_atomic` makes.
#[derive(Clone, Copy)]
pub(super) enum AtomicOp {
    Add,
    Or,
}

/// A histogram's scratch: a 32-bit counter per bin and one for values out of range.
pub(super) fn counter_bytes(bins: i64) -> u32 {
    (bins as u32 + 1) * 4
}

/// The bin of integer `v` (of type `ety`) as an i32: `v` itself when it is in `0..bins`
/// (read unsigned when `unsigned`), else `bins`: the spare bin. `bin_rank` bins alike.
pub(super) fn bin_of(b: &mut Builder, v: ValueId, ety: &Type, bins: i64, unsigned: bool) -> ValueId {
    let i32t = Type::Int(32);
    // `v <u bins` in the element's width; when `bins` is 2^width or more (a byte
    // histogram of 256 or 1024 bins) that constant does not exist: every unsigned value
    // is in range, and a signed one when it is not negative (`v <u 2^(width-1)`).
    let w = ety.bits();
    let limit = match (w < 63 && bins >= 1 << w, unsigned) {
        (false, _) => Some(bins),
        (true, false) => Some(1 << (w - 1)),
        (true, true) => None,
    };
    let v32 = match w {
        32 => v,
        w if w > 32 => b.op1("arith.trunci", &[v], i32t.clone(), &[]),
        _ => b.op1("arith.extui", &[v], i32t.clone(), &[]),
    };
    let Some(l) = limit else { return v32 };
    let nb = b.const_int(l, w);
    let ok = b.op1("arith.cmpi", &[v, nb], Type::Int(1), &[("predicate", Attr::int(ULT, "i64"))]);
    let spare = b.const_int(bins, 32);
    b.op1("arith.select", &[ok, v32, spare], i32t, &[])
}
