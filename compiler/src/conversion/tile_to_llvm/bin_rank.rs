//! `tile.bin_rank(x)`: for each element of a 1-D integer tile, how many elements at lower
//! indices hold its value (its bin; values outside `0..num_bins` share bin `num_bins`).
//! With `histogram` and `cumsum` this is a stable counting sort's scatter positions, the
//! ranking step of a radix sort (CUB's `BlockRadixRankMatch`, Onesweep's ranking), for a
//! fraction of a bitonic `sort`'s work: one pass over the elements instead of log² n.
//!
//! Whatever the operand's layout, the ranking runs in an order of its own, warp-striped:
//! warp w owns indices [w·32·S, (w+1)·32·S), its lanes take 32 consecutive indices at a
//! time (S such rounds), split into `parts` runs of consecutive rounds that the warp ranks
//! side by side, each as a virtual warp with counters of its own. Within a part, a round's
//! equal values find each other through a match word a bin (CUB's
//! `WARP_MATCH_ATOMIC_OR`): each lane ORs its bit into its bin's word and reads the word
//! back; the highest peer adds the group's size to the part's counter of that bin in
//! shared memory and clears the word, and each peer's rank in the part is the counter
//! before plus the peers at lower lanes. Then, per bin, the parts' counters turn into
//! exclusive sums over the parts (the elements of earlier parts come first), and an
//! element's rank is its part's sum for its bin plus its rank in the part.
//!
//! 1. After the scratch's leading barrier: zero the counters and the match words
//!    (`num_warps` x parts x (`num_bins` + 2) each: bin `num_bins` for values out of
//!    range, one more for the lanes past a tile smaller than a warp) and store each
//!    element's bin at its index.
//! 2. A barrier; each warp ranks its rounds (`bar.warp.sync` after the ORs, and between
//!    rounds to order one round's clearing and counter update before the next round's
//!    reads), storing each element's bin and rank in its part over its bin.
//! 3. A barrier; each thread turns one bin's counters into sums over the earlier parts.
//! 4. A barrier; each lane adds its elements' part sums to their ranks in place.
//! 5. A barrier; each thread reads the ranks of the elements it holds.

use super::convert::gep;
use super::histogram::{bin_of, shared_atomic, AtomicOp};
use super::{lower_type, Lowerer};
use crate::conversion::nvidia::{ptx, sreg};
use crate::pass::PassError;
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Builder, Op, Type};
use tile_dialects::layout::mul_const;

const ULT: i64 = 6;

impl Lowerer<'_> {
    pub(super) fn bin_rank(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let (src, r) = (op.operands[0], op.result());
        let sd = self.dist(src, &op.loc)?;
        let rd = self.dist(r, &op.loc)?;
        let ety = lower_type(self.ty(src));
        let bins = op.int_attr("num_bins").unwrap_or(1);
        let unsigned = op.int_attr(attrname::TILE_UNSIGNED) == Some(1);
        let n = sd.shape[0];
        let warps = self.num_warps as i64;
        // Sized by scratch.rs alike; allocate-shared refused a tile whose bins and counters
        // do not fit, at its line.
        let (rounds, bytes) = rank_scratch(n, warps, bins);
        let i32t = Type::Int(32);
        let base = self.smem_for_write(b, bytes);
        let padded = rounds * 32 * warps;
        let row = bins + 2;
        let parts = parts(rounds);
        let rows = warps * parts;
        let counters = {
            let at = b.const_int(padded, 32);
            gep(b, base, at, &i32t)
        };

        // 1. Zero the counters, store the bins.
        let zero = b.const_int(0, 32);
        self.for_each_slot(b, 2 * rows * row, |b, i| {
            let p = gep(b, counters, i, &i32t);
            b.op("llvm.store", &[zero, p], &[], &[]);
        });
        for j in 0..sd.elems_per_thread() {
            let v = self.reg(src, j);
            let bin = bin_of(b, v, &ety, bins, unsigned);
            let i = self.slot_index(b, &sd, j, None);
            let p = gep(b, base, i, &i32t);
            b.op("llvm.store", &[bin, p], &[], &[]);
        }
        sreg::barrier(b);

        // 2. Rank within each part, round by round.
        let (lane, warp) = (self.lane, self.warp);
        let one = b.const_int(1, 32);
        let my_bit = b.op1("arith.shli", &[one, lane], i32t.clone(), &[]);
        let up_to_me = {
            let below = b.op1("arith.subi", &[my_bit, one], i32t.clone(), &[]);
            b.op1("arith.ori", &[below, my_bit], i32t.clone(), &[])
        };
        // Part p of warp w ranks the warp's rounds p·R..(p+1)·R (R = rounds / parts) as
        // the virtual warp w·parts + p: its own row of counters and of match words.
        let per_part = rounds / parts;
        let row_of = |b: &mut Builder, p: i64, at: i64| {
            let v = mul_const(b, warp, parts * row);
            let off = b.const_int(at + p * row, 32);
            let v = b.op1("arith.addi", &[v, off], Type::Int(32), &[]);
            gep(b, counters, v, &Type::Int(32))
        };
        let count_rows: Vec<_> = (0..parts).map(|p| row_of(b, p, 0)).collect();
        let match_rows: Vec<_> = (0..parts).map(|p| row_of(b, p, rows * row)).collect();
        let first = mul_const(b, warp, rounds * 32);
        let first = b.op1("arith.addi", &[first, lane], i32t.clone(), &[]);
        let sixteen = b.const_int(16, 32);
        for s in 0..per_part {
            // The parts' rounds go through each step together, one warp sync for all.
            let mut ored = vec![];
            for part in 0..parts {
                let off = b.const_int((part * per_part + s) * 32, 32);
                let idx = b.op1("arith.addi", &[first, off], i32t.clone(), &[]);
                let p = gep(b, base, idx, &i32t);
                let mut bin = b.op1("llvm.load", &[p], i32t.clone(), &[]);
                if n < padded {
                    // A tile smaller than the warps' lanes: the lanes past it rank in a
                    // bin of their own that nothing reads.
                    let lim = b.const_int(n, 32);
                    let live = b.op1("arith.cmpi", &[idx, lim], Type::Int(1), &[("predicate", Attr::int(ULT, "i64"))]);
                    let junk = b.const_int(bins + 1, 32);
                    bin = b.op1("arith.select", &[live, bin, junk], i32t.clone(), &[]);
                }
                // The peers: every lane ORs its bit into its bin's word, the warp syncs,
                // and each reads back the lanes that share its bin (CUB's
                // WARP_MATCH_ATOMIC_OR: one shared atomic and one load, where a ballot a
                // bit of the bin took 9 ballots and their selects for 257 labels).
                let mp = gep(b, match_rows[part as usize], bin, &i32t);
                shared_atomic(b, AtomicOp::Or, mp, my_bit);
                ored.push((part, p, bin, mp));
            }
            ptx::asm(b, "bar.warp.sync -1;", &[], &[], true);
            let mut ranked = vec![];
            for &(part, p, bin, mp) in &ored {
                let peers = b.op1("llvm.load", &[mp], i32t.clone(), &[]);
                // This lane's place among its peers, from 1; the highest peer (its place
                // is the group's size) bumps the counter of the bin and clears the word
                // for the next round, the others take the count before from it.
                let mine = b.op1("arith.andi", &[peers, up_to_me], i32t.clone(), &[]);
                let place = ptx::asm(b, "popc.b32 $0, $1;", &[32], &[(mine, "r")], false)[0];
                let lead = b.op1("arith.cmpi", &[mine, peers], Type::Int(1), &[("predicate", Attr::int(0, "i64"))]);
                let leader = ptx::asm(b, "bfind.u32 $0, $1;", &[32], &[(peers, "r")], false)[0];
                let cp = gep(b, count_rows[part as usize], bin, &i32t);
                let old = b.if_then_else_value(
                    lead,
                    &i32t,
                    |ib| shared_atomic(ib, AtomicOp::Add, cp, place),
                    |ib| ib.const_int(0, 32),
                );
                let old = sreg::shfl_idx(b, old, &i32t, leader);
                b.if_then(lead, |ib| {
                    ib.op("llvm.store", &[zero, mp], &[], &[]);
                });
                ranked.push((p, bin, old, place));
            }
            ptx::asm(b, "bar.warp.sync -1;", &[], &[], true);
            for (p, bin, old, place) in ranked {
                // The bin and the rank in the part, packed over the bin at the element's
                // index (this lane's slot) rather than held in registers across the
                // barriers: a part ranks under 2^16 elements (the shared memory holds far
                // fewer) and there are at most 1026 bins.
                let before = b.op1("arith.subi", &[place, one], i32t.clone(), &[]);
                let rank = b.op1("arith.addi", &[old, before], i32t.clone(), &[]);
                let hi = b.op1("arith.shli", &[bin, sixteen], i32t.clone(), &[]);
                let packed = b.op1("arith.ori", &[hi, rank], i32t.clone(), &[]);
                b.op("llvm.store", &[packed, p], &[], &[]);
            }
        }
        sreg::barrier(b);

        // 3. Per bin (the spare one included), the counts of the earlier parts.
        self.for_each_slot(b, bins + 1, |b, bin| {
            let mut sum = zero;
            for w in 0..rows {
                let at = b.const_int(w * row, 32);
                let at = b.op1("arith.addi", &[at, bin], Type::Int(32), &[]);
                let p = gep(b, counters, at, &Type::Int(32));
                let c = b.op1("llvm.load", &[p], Type::Int(32), &[]);
                b.op("llvm.store", &[sum, p], &[], &[]);
                sum = b.op1("arith.addi", &[sum, c], Type::Int(32), &[]);
            }
        });
        sreg::barrier(b);

        // 4. Ranks over the bins.
        let low = b.const_int(0xFFFF, 32);
        for s in 0..rounds {
            let off = b.const_int(s * 32, 32);
            let idx = b.op1("arith.addi", &[first, off], i32t.clone(), &[]);
            let p = gep(b, base, idx, &i32t);
            let packed = b.op1("llvm.load", &[p], i32t.clone(), &[]);
            let bin = b.op1("arith.shrui", &[packed, sixteen], i32t.clone(), &[]);
            let rank = b.op1("arith.andi", &[packed, low], i32t.clone(), &[]);
            let cp = gep(b, count_rows[(s / per_part) as usize], bin, &i32t);
            let earlier = b.op1("llvm.load", &[cp], i32t.clone(), &[]);
            let total = b.op1("arith.addi", &[earlier, rank], i32t.clone(), &[]);
            b.op("llvm.store", &[total, p], &[], &[]);
        }
        sreg::barrier(b);

        // 5. Read them in the result's layout.
        let out = self.read_slots(b, base, &rd, &i32t);
        self.map.insert(r, out);
        Ok(())
    }
}

/// A `bin_rank`'s rounds a warp (32 elements each) and scratch bytes: the elements' bins
/// (at least one a lane), then a row of `bins + 2` counters a part (`parts`) of each
/// warp, then as many match words, all 32-bit.
pub(super) fn rank_scratch(n: i64, warps: i64, bins: i64) -> (i64, u32) {
    let rounds = (n + 32 * warps - 1) / (32 * warps);
    let rows = warps * parts(rounds);
    (rounds, ((rounds * 32 * warps + 2 * rows * (bins + 2)) * 4) as u32)
}

/// Each warp's rounds split into this many parts, ranked side by side (a part's rounds in
/// order, with counters and match words of its own) so that one round's chain of shared
/// memory round trips overlaps another's: a round alone waits on each step.
fn parts(rounds: i64) -> i64 {
    if rounds % 2 == 0 {
        2
    } else {
        1
    }
}
