//! `tile.scan` (cumsum, cumprod) of a 1-D tile: an inclusive scan over the whole program.
//!
//! A blocked 1-D tile orders its elements by rep (outermost), then warp, then lane, then
//! the thread's `size_per_thread` registers; so a thread's registers of one rep are one
//! contiguous chunk, and chunks follow each other in (rep, warp, lane) order.
//! 1. Each thread scans each of its chunks in registers. Replicated copies (a tile smaller
//!    than the program) count as the identity, so every element is counted once.
//! 2. Each warp scans its lanes' chunk totals of every rep with `shfl.sync.up`
//!    (5 steps), which gives every lane the exclusive prefix of the lanes before it.
//! 3. Lane 31 of every warp writes the warp's total of each rep to shared memory at
//!    `rep * num_warps + warp`; after a barrier every thread folds the totals that precede
//!    its own (rep, warp), so all threads agree on every prefix without another barrier.
//! 4. result = (warp prefix ∘ lane prefix) ∘ register scan. Replicated copies then read
//!    their owner's result back through shared memory.
//! The combiners (add, mul) are associative and commutative, so fold order only matters
//! for float rounding, where it matches a tree scan like Triton's.

use super::{lower_type, Lowerer};
use crate::conversion::nvidia::sreg;
use crate::passes::PassError;
use tile_dialects::ir::{Attr, Builder, Op, Type, ValueId};

const UGE: i64 = 9;
const UGT: i64 = 8;
const EQ: i64 = 0;

impl Lowerer<'_> {
    pub(super) fn scan(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let src = op.operands[0];
        let r = op.result();
        let kind = op.str_attr("kind").unwrap_or_default();
        let sty = self.ty(src).clone();
        if sty.shape().len() != 1 {
            return Err(PassError::at(
                &op.loc,
                "scans along an axis of a 2-D tile come with the 2-D layout work; a 1-D tile scans",
            ));
        }
        let ety = lower_type(&sty);
        let combine = match (kind.as_str(), ety.is_float()) {
            ("cumsum", true) => "arith.addf",
            ("cumsum", false) => "arith.addi",
            ("cumprod", true) => "arith.mulf",
            ("cumprod", false) => "arith.muli",
            _ => return Err(PassError::at(&op.loc, format!("scan `{kind}` on {ety} is not supported"))),
        };
        let dist = self.dist(src, &op.loc)?;
        let (spt, tpw, nw) =
            (dist.b.size_per_thread[0] as usize, dist.b.threads_per_warp[0], dist.b.warps_per_cta[0] as usize);
        let reps = dist.reps(0) as usize;
        // The lane and warp of an element are the thread's own (checked, not assumed: a
        // layout pass could hand a 1-D tile some other spread).
        if tpw != 32 || nw as u32 != self.num_warps {
            return Err(PassError::at(
                &op.loc,
                format!("scan of a 1-D tile needs a layout over 32 lanes and {} warps", self.num_warps),
            ));
        }
        let id = identity(b, &kind, &ety);
        let fold = |b: &mut Builder, x: ValueId, y: ValueId| b.op1(combine, &[x, y], ety.clone(), &[]);

        // 1. Registers.
        let mut regs: Vec<ValueId> = (0..reps * spt).map(|j| self.reg(src, j)).collect();
        let mut owned = vec![];
        if dist.replicates(0) {
            for (j, v) in regs.iter_mut().enumerate() {
                let own = self.owner(b, src, j, &op.loc)?;
                *v = b.op1("arith.select", &[own, *v, id], ety.clone(), &[]);
                owned.push(own);
            }
        }
        for rep in 0..reps {
            for e in 1..spt {
                let j = rep * spt + e;
                regs[j] = fold(b, regs[j - 1], regs[j]);
            }
        }
        let totals: Vec<ValueId> = (0..reps).map(|rep| regs[rep * spt + spt - 1]).collect();

        // 2. Lanes: inclusive scan of the chunk totals, then each lane's exclusive prefix.
        let mut incl = vec![];
        let mut lane_excl = vec![];
        for &t in &totals {
            let mut x = t;
            let mut off = 1;
            while off < tpw {
                let y = sreg::shfl_up(b, x, &ety, off);
                let c = b.const_int(off as i64, 32);
                let ge = b.op1("arith.cmpi", &[self.lane, c], Type::Int(1), &[("predicate", Attr::int(UGE, "i64"))]);
                let z = fold(b, y, x);
                x = b.op1("arith.select", &[ge, z, x], ety.clone(), &[]);
                off *= 2;
            }
            incl.push(x);
            // Exact for wrapping integer sums; otherwise one more shuffle (no division).
            let ex = if combine == "arith.addi" {
                b.op1("arith.subi", &[x, t], ety.clone(), &[])
            } else {
                let y = sreg::shfl_up(b, x, &ety, 1);
                let c = b.const_int(1, 32);
                let ge = b.op1("arith.cmpi", &[self.lane, c], Type::Int(1), &[("predicate", Attr::int(UGE, "i64"))]);
                b.op1("arith.select", &[ge, y, id], ety.clone(), &[])
            };
            lane_excl.push(ex);
        }

        // 3. Warps and reps: each thread folds the totals before its (rep, warp).
        let k = reps * nw;
        let mut prefix: Vec<Option<ValueId>> = vec![None; reps];
        if k > 1 {
            let eb = ety.bits().max(8) / 8;
            let base = self.smem(b, k as u32 * eb);
            sreg::barrier(b);
            let c31 = b.const_int(tpw as i64 - 1, 32);
            let last = b.op1("arith.cmpi", &[self.lane, c31], Type::Int(1), &[("predicate", Attr::int(EQ, "i64"))]);
            let slots: Vec<ValueId> = (0..reps)
                .map(|rep| {
                    let rc = b.const_int((rep * nw) as i64, 32);
                    let idx = if nw > 1 { b.op1("arith.addi", &[rc, self.warp], Type::Int(32), &[]) } else { rc };
                    gep(b, base, idx, &ety)
                })
                .collect();
            let then = b.region(&[], |ib, _| {
                for (rep, s) in slots.iter().enumerate() {
                    ib.op("llvm.store", &[incl[rep], *s], &[], &[]);
                }
                ib.op("scf.yield", &[], &[], &[]);
            });
            let els = b.region(&[], |ib, _| {
                ib.op("scf.yield", &[], &[], &[]);
            });
            b.op_with_regions("scf.if", &[last], &[], &[], vec![then, els]);
            sreg::barrier(b);
            let mut carry: Option<ValueId> = None;
            for (rep, p) in prefix.iter_mut().enumerate() {
                let mut acc = carry;
                for w in 0..nw {
                    let idx = b.const_int((rep * nw + w) as i64, 32);
                    let ptr = gep(b, base, idx, &ety);
                    let t = b.op1("llvm.load", &[ptr], ety.clone(), &[]);
                    if w + 1 < nw {
                        let wc = b.const_int(w as i64, 32);
                        let before = b.op1(
                            "arith.cmpi",
                            &[self.warp, wc],
                            Type::Int(1),
                            &[("predicate", Attr::int(UGT, "i64"))],
                        );
                        let s = b.op1("arith.select", &[before, t, id], ety.clone(), &[]);
                        acc = Some(match acc {
                            None => s,
                            Some(a) => fold(b, a, s),
                        });
                    }
                    if rep + 1 < reps {
                        carry = Some(match carry {
                            None => t,
                            Some(c) => fold(b, c, t),
                        });
                    }
                }
                *p = acc;
            }
            // No barrier after the reads: the scratch's next writer has one before its
            // writes (`Lowerer::smem`).
        }

        // 4. Combine.
        let mut out = regs.clone();
        for rep in 0..reps {
            let base = match prefix[rep] {
                Some(p) => fold(b, p, lane_excl[rep]),
                None => lane_excl[rep],
            };
            for e in 0..spt {
                let j = rep * spt + e;
                out[j] = fold(b, base, regs[j]);
            }
        }
        if dist.replicates(0) {
            out = self.from_owners(b, &dist, &out, &owned, &ety);
        }
        self.map.insert(r, out);
        Ok(())
    }

    /// Every copy of a replicated 1-D tile takes the value its owner holds: owners write
    /// element `i` to shared slot `i`, then everyone reads its elements back.
    fn from_owners(
        &mut self,
        b: &mut Builder,
        dist: &super::layout::Dist,
        vals: &[ValueId],
        owned: &[ValueId],
        ety: &Type,
    ) -> Vec<ValueId> {
        let eb = ety.bits().max(8) / 8;
        let base = self.smem(b, dist.shape[0] as u32 * eb);
        let part = self.thread_parts(b, dist)[0];
        let mask = b.const_int(dist.shape[0] - 1, 32);
        let ptrs: Vec<ValueId> = (0..vals.len())
            .map(|j| {
                let off = b.const_int(dist.reg_offsets(j)[0], 32);
                let i = b.op1("arith.addi", &[part, off], Type::Int(32), &[]);
                let i = b.op1("arith.andi", &[i, mask], Type::Int(32), &[]);
                gep(b, base, i, ety)
            })
            .collect();
        sreg::barrier(b);
        for j in 0..vals.len() {
            let then = b.region(&[], |ib, _| {
                ib.op("llvm.store", &[vals[j], ptrs[j]], &[], &[]);
                ib.op("scf.yield", &[], &[], &[]);
            });
            let els = b.region(&[], |ib, _| {
                ib.op("scf.yield", &[], &[], &[]);
            });
            b.op_with_regions("scf.if", &[owned[j]], &[], &[], vec![then, els]);
        }
        sreg::barrier(b);
        ptrs.iter().map(|p| b.op1("llvm.load", &[*p], ety.clone(), &[])).collect()
    }
}

fn gep(b: &mut Builder, base: ValueId, idx: ValueId, ety: &Type) -> ValueId {
    b.op1(
        "llvm.getelementptr",
        &[base, idx],
        Type::LlvmPtr(3),
        &[("elem_type", Attr(ety.to_string())), ("rawConstantIndices", Attr("array<i32: -2147483648>".into()))],
    )
}

/// 0 for cumsum, 1 for cumprod.
fn identity(b: &mut Builder, kind: &str, t: &Type) -> ValueId {
    let one = kind == "cumprod";
    if t.is_float() {
        b.constant(t.clone(), if one { "1.0" } else { "0.0" })
    } else {
        b.const_int(one as i64, t.bits())
    }
}
