//! `tile.sort` along one axis of a distributed tile: a bitonic sorting network in shared
//! memory, several stages at a time in registers.
//!
//! The tile is `lines x n` for the network (n, the axis's size, a power of two; a line is
//! the elements that share every other index), stored line by line with one pad word
//! every 32 (`i + i / 32`) so threads that own chunks 16 elements apart hit distinct banks.
//! 1. After the scratch's leading barrier, every thread writes each element it holds to
//!    its slot (replicated copies write the same value to the same slot).
//! 2. For k = 2, 4, .., n the network merges blocks of k: first pair i with its mirror
//!    i ^ (k - 1), then i with i ^ j for j = k/4, .., 1, every pair put in order (so no
//!    pair needs a direction: min and max for integers). Consecutive stages go together
//!    in runs of up to four (`RUN_BITS`): a run over index bits `lo..=hi` needs only the
//!    2^(hi-lo+1) elements that differ in those bits (with the low bits mirrored in the
//!    upper half, for a run that starts with the mirror stage), so each group of them is
//!    loaded into registers, put through the run's compare-exchanges there and stored
//!    back; a barrier after each run. The blocks of k <= 16 all fit one run. Groups are
//!    spread over the threads, the next group on the next lane; a thread with more than
//!    2^RUN_BITS elements' worth of groups takes them in an `scf.for`.
//! 3. Every thread reads back each element it holds.
//!
//! Lines are independent: a tile larger than the shared memory left goes through these
//! steps a chunk of lines at a time (`layout::rounds`).
//! Floats sort NaN as the largest value (last ascending, first descending), as torch.sort
//! does; unsigned elements (`tile.unsigned`) compare unsigned.

use super::convert::{chunked, gep};
use super::{lower_type, Lowerer};
use crate::conversion::nvidia::sreg;
use crate::pass::PassError;
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Builder, Op, Type, ValueId};
use tile_dialects::layout::rounds::Part;
use tile_dialects::layout::{div_mod, mul_const, Dist};

/// Stages a run keeps in registers: 16 elements a group.
const RUN_BITS: u32 = 4;

struct Net {
    ety: Type,
    unsigned: bool,
    descending: bool,
    base: ValueId,
}

impl Lowerer<'_> {
    pub(super) fn sort(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let (src, r) = (op.operands[0], op.result());
        let axis = op.int_attr("axis").unwrap_or(0) as usize;
        let dist = self.dist(src, &op.loc)?;
        if axis >= dist.rank() {
            return Err(PassError::at(&op.loc, format!("sort axis {axis} of a {}-D tile", dist.rank())));
        }
        let ety = lower_type(self.ty(src));
        let eb = ety.bits().div_ceil(8).max(1);
        let vals = self.get(src).to_vec();
        let (parts, scratch) = sort_rounds(&dist, axis, eb, self.scratch_budget());
        let net = Net {
            ety: ety.clone(),
            unsigned: op.int_attr(attrname::TILE_UNSIGNED) == Some(1) || ety == Type::Int(1),
            descending: op.int_attr("descending") == Some(1),
            base: self.smem_for_write(b, scratch),
        };
        let out = match &parts {
            Some(parts) => {
                let mut out = vals.clone();
                for (c, regs) in parts[0].regs.iter().enumerate() {
                    if c > 0 {
                        sreg::barrier(b);
                    }
                    let part: Vec<ValueId> = regs.iter().map(|&j| vals[j]).collect();
                    let got = self.sort_chunk(b, &net, &parts[0].dist, &part, axis);
                    for (&j, v) in regs.iter().zip(got) {
                        out[j] = v;
                    }
                }
                out
            }
            None => self.sort_chunk(b, &net, &dist, &vals, axis),
        };
        self.map.insert(r, out);
        Ok(())
    }

    /// The registers `vals` of a tile distributed as `dist`, sorted along `axis` through
    /// the shared memory at `net.base` (steps 1 to 3).
    fn sort_chunk(&mut self, b: &mut Builder, net: &Net, dist: &Dist, vals: &[ValueId], axis: usize) -> Vec<ValueId> {
        let n = dist.shape[axis];
        let total: i64 = dist.shape.iter().product();
        let (base, ety) = (net.base, &net.ety);

        // 1. Write. The slot of an element: line * n + index along the axis.
        let parts = self.thread_parts(b, dist);
        let slots: Vec<ValueId> = (0..dist.elems_per_thread())
            .map(|j| {
                let o = dist.reg_offsets(j);
                let mut line = b.const_int(0, 32);
                for d in (0..dist.rank()).filter(|&d| d != axis) {
                    let i = dist.index(b, &parts, d, o[d]);
                    line = mul_const(b, line, dist.shape[d]);
                    line = b.op1("arith.addi", &[line, i], Type::Int(32), &[]);
                }
                let i = dist.index(b, &parts, axis, o[axis]);
                let l = mul_const(b, line, n);
                let s = b.op1("arith.addi", &[l, i], Type::Int(32), &[]);
                pad(b, s)
            })
            .collect();
        for (j, s) in slots.iter().enumerate() {
            let p = gep(b, base, *s, ety);
            b.op("llvm.store", &[vals[j], p], &[], &[]);
        }
        sreg::barrier(b);

        // 2. The network, a run of stages at a time.
        let threads = self.num_warps as i64 * 32;
        let tid = self.tid;
        let logn = n.trailing_zeros();
        let first_bits = RUN_BITS.min(logn);
        if first_bits > 0 {
            // Blocks of 2 .. 2^first_bits: each whole within one group.
            let stages: Vec<(u32, bool)> =
                (1..=first_bits).flat_map(|lk| (0..lk).rev().map(move |bit| (bit, bit == lk - 1))).collect();
            self.run(b, net, total, n, (0, first_bits - 1, false), &stages, tid, threads);
            sreg::barrier(b);
        }
        for logk in first_bits + 1..=logn {
            let mut hi = logk as i64 - 1;
            while hi >= 0 {
                let lo = (hi - RUN_BITS as i64 + 1).max(0) as u32;
                let first = hi == logk as i64 - 1;
                let stages: Vec<(u32, bool)> =
                    (0..=hi as u32 - lo).rev().map(|bit| (bit, first && bit == hi as u32 - lo)).collect();
                self.run(b, net, total, n, (lo, hi as u32, first), &stages, tid, threads);
                sreg::barrier(b);
                hi = lo as i64 - 1;
            }
        }

        // 3. Read back.
        let out: Vec<ValueId> = slots
            .iter()
            .map(|s| {
                let p = gep(b, base, *s, ety);
                b.op1("llvm.load", &[p], ety.clone(), &[])
            })
            .collect();
        out
    }

    /// One run: `stages` (a bit of the group index, and whether that stage pairs mirrors)
    /// on every group of elements that differ only in index bits `lo..=hi`; a `mirrored`
    /// group holds the mirror images of its lower half's low bits in its upper half.
    #[allow(clippy::too_many_arguments)]
    fn run(
        &mut self,
        b: &mut Builder,
        net: &Net,
        total: i64,
        n: i64,
        group: (u32, u32, bool),
        stages: &[(u32, bool)],
        tid: ValueId,
        threads: i64,
    ) {
        let (lo, hi, mirrored) = group;
        let width = hi - lo + 1;
        let groups = total >> width;
        let per_line = n >> width;
        let emit = |b: &mut Builder, g: ValueId| {
            // The group's line, its low bits and its index with zeros at bits lo..hi.
            let line = if per_line > 1 {
                let s = b.const_int(per_line.trailing_zeros() as i64, 32);
                b.op1("arith.shrui", &[g, s], Type::Int(32), &[])
            } else {
                g
            };
            let o = div_mod(b, g, 1, per_line as u32);
            let low_mask = b.const_int((1i64 << lo) - 1, 32);
            let below = b.op1("arith.andi", &[o, low_mask], Type::Int(32), &[]);
            let sh = b.const_int(lo as i64, 32);
            let above = b.op1("arith.shrui", &[o, sh], Type::Int(32), &[]);
            let sh2 = b.const_int(hi as i64 + 1, 32);
            let above = b.op1("arith.shli", &[above, sh2], Type::Int(32), &[]);
            let lbase = mul_const(b, line, n);
            let first = b.op1("arith.addi", &[lbase, above], Type::Int(32), &[]);
            let lower = b.op1("arith.addi", &[first, below], Type::Int(32), &[]);
            let upper = if mirrored && lo > 0 {
                let m = b.op1("arith.xori", &[below, low_mask], Type::Int(32), &[]);
                b.op1("arith.addi", &[first, m], Type::Int(32), &[])
            } else {
                lower
            };
            let ptrs: Vec<ValueId> = (0..1i64 << width)
                .map(|c| {
                    let off = b.const_int(c << lo, 32);
                    let half = if c >> (width - 1) == 1 { upper } else { lower };
                    let s = b.op1("arith.addi", &[half, off], Type::Int(32), &[]);
                    let s = pad(b, s);
                    gep(b, net.base, s, &net.ety)
                })
                .collect();
            let mut v: Vec<ValueId> = ptrs.iter().map(|p| b.op1("llvm.load", &[*p], net.ety.clone(), &[])).collect();
            for &(bit, mirror) in stages {
                for c in 0..v.len() {
                    if c & (1 << bit) == 0 {
                        let d = if mirror { c ^ ((2 << bit) - 1) } else { c | (1 << bit) };
                        (v[c], v[d]) = net.exchange(b, v[c], v[d]);
                    }
                }
            }
            for (p, x) in ptrs.iter().zip(&v) {
                b.op("llvm.store", &[*x, *p], &[], &[]);
            }
        };
        if groups >= threads {
            // A thread's groups, `unroll` of them (2^RUN_BITS elements, or all it has) an
            // iteration: a loop keeps large tiles' code one iteration long.
            let per = groups / threads;
            let unroll = ((1i64 << RUN_BITS) >> width).clamp(1, per);
            let step = |b: &mut Builder, g0: ValueId| {
                for u in 0..unroll {
                    let c = b.const_int(u * threads, 32);
                    let g = b.op1("arith.addi", &[g0, c], Type::Int(32), &[]);
                    emit(b, g);
                }
            };
            if per == unroll {
                step(b, tid);
            } else {
                let body = b.region(&[Type::Int(32)], |ib, args| {
                    step(ib, args[0]);
                    ib.op("scf.yield", &[], &[], &[]);
                });
                let (end, stride) = (b.const_int(groups, 32), b.const_int(unroll * threads, 32));
                b.op_with_regions("scf.for", &[tid, end, stride], &[], &[], vec![body]);
            }
        } else {
            // Fewer groups than threads: the rest sit the run out (running a group twice
            // could race with its own stores).
            let lim = b.const_int(groups, 32);
            let active = b.op1("arith.cmpi", &[tid, lim], Type::Int(1), &[("predicate", Attr::int(6, "i64"))]);
            b.if_then(active, |ib| {
                emit(ib, tid);
            });
        }
    }
}

impl Net {
    /// (x, y) in the sort's order.
    fn exchange(&self, b: &mut Builder, x: ValueId, y: ValueId) -> (ValueId, ValueId) {
        let (lo, hi) = if self.ety.is_float() {
            let swap = self.greater(b, x, y);
            let lo = b.op1("arith.select", &[swap, y, x], self.ety.clone(), &[]);
            let hi = b.op1("arith.select", &[swap, x, y], self.ety.clone(), &[]);
            (lo, hi)
        } else {
            let (mn, mx) = if self.unsigned { ("arith.minui", "arith.maxui") } else { ("arith.minsi", "arith.maxsi") };
            (b.op1(mn, &[x, y], self.ety.clone(), &[]), b.op1(mx, &[x, y], self.ety.clone(), &[]))
        };
        if self.descending {
            (hi, lo)
        } else {
            (lo, hi)
        }
    }

    /// a > b in the sort's order (NaN the largest float).
    fn greater(&self, b: &mut Builder, x: ValueId, y: ValueId) -> ValueId {
        let i1 = Type::Int(1);
        if self.ety.is_float() {
            // ogt, or x NaN and y not: uno(x, x) & ord(y, y).
            let gt = b.op1("arith.cmpf", &[x, y], i1.clone(), &[("predicate", Attr::int(2, "i64"))]);
            let xn = b.op1("arith.cmpf", &[x, x], i1.clone(), &[("predicate", Attr::int(14, "i64"))]);
            let yo = b.op1("arith.cmpf", &[y, y], i1.clone(), &[("predicate", Attr::int(7, "i64"))]);
            let nan = b.op1("arith.andi", &[xn, yo], i1.clone(), &[]);
            b.op1("arith.ori", &[gt, nan], i1, &[])
        } else {
            let pred = if self.unsigned { 8 } else { 4 };
            b.op1("arith.cmpi", &[x, y], i1, &[("predicate", Attr::int(pred, "i64"))])
        }
    }
}

/// Slot `i` with one pad word every 32.
fn pad(b: &mut Builder, i: ValueId) -> ValueId {
    let c5 = b.const_int(5, 32);
    let q = b.op1("arith.shrui", &[i, c5], Type::Int(32), &[]);
    b.op1("arith.addi", &[i, q], Type::Int(32), &[])
}

fn padded(total: i64) -> i64 {
    total + total / 32 + 1
}

/// A sort's rounds and scratch bytes (its padded slots). Lines are sorted independently:
/// a tile larger than the shared memory left goes a chunk of lines at a time
/// (`layout::rounds`, over the other dimensions).
pub(super) fn sort_rounds(dist: &Dist, axis: usize, eb: u32, budget: u32) -> (Option<Vec<Part>>, u32) {
    let order: Vec<usize> = (0..dist.rank()).filter(|&d| d != axis).collect();
    chunked(budget, &[(dist, order)], |d| (padded(d.shape.iter().product()) * eb as i64) as u32)
}
