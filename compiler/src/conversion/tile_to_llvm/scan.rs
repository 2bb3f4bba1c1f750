//! `tile.scan` (cumsum, cumprod): an inclusive scan along one axis of a distributed tile
//! (1-D tiles, slices, and any axis of an N-D tile).
//!
//! Along the scanned axis a blocked layout orders elements by rep (outermost), then warp,
//! then lane, then the thread's `size_per_thread` registers; so a thread's registers of
//! one rep are one contiguous chunk, and chunks follow each other in (rep, warp, lane)
//! order. A *line* is the elements that share every other index; a thread's registers
//! fall into groups, one per line it holds, each scanned on its own.
//! 1. Each thread scans each chunk of each group in registers. Copies past the tile's end
//!    along the axis (a tile smaller than the program) count as the identity.
//! 2. The lanes along the axis scan their chunk totals with `shfl.sync.up` by multiples
//!    of the axis's lane stride (log2 of the lanes along it steps), which gives every lane
//!    the exclusive prefix of the lanes before it in its line.
//! 3. When warps split the axis, the last lane along the axis writes each (line, rep,
//!    warp) total to shared memory; after a barrier every thread folds the totals that
//!    precede its own (rep, warp) in its lines, so all threads agree on every prefix
//!    without another barrier. With one warp along the axis, the totals of earlier reps
//!    come from the line's last lane by `shfl.sync.idx` instead.
//! 4. result = (warp prefix ∘ lane prefix) ∘ register scan. Copies past the end along the
//!    axis then read their owner's result back through shared memory.
//! The combiners (add, mul) are associative and commutative, so fold order only matters
//! for float rounding, where it matches a tree scan like Triton's.
//!
//! A `reverse` scan is the same scan in mirrored coordinates: registers taken from the
//! axis's end, lane and warp indices along the axis counted from the end (`tpw - 1 -
//! lane`), and `shfl.sync.down` in place of `up`. No flip through shared memory.
//!
//! Kind "custom" (`combine.rs`) runs the same steps with its region at every combine
//! point, always with the earlier elements on the left. It has no identity: a tile's
//! copies past the end come after every element in forward order, so they change nothing
//! an owner keeps, and where the built-ins fold the identity (lane 0's exclusive prefix,
//! the warps before warp 0) it folds nothing (`Partial`). Sema scans a reversed custom
//! scan forward between two flips, as mirrored order would put the copies first.

use super::combine::{Combiner, Partial};
use super::convert::gep;
use super::{lower_type, Lowerer};
use crate::conversion::nvidia::sreg;
use crate::pass::PassError;
use tile_dialects::attrname;
use tile_dialects::attrs::ScanKind;
use tile_dialects::ir::{Attr, Builder, Op, Type, ValueId};
use tile_dialects::layout::{div_mod, mul_const, Dist};

const ULT: i64 = 6;
const UGE: i64 = 9;
const UGT: i64 = 8;
const EQ: i64 = 0;

impl Lowerer<'_> {
    pub(super) fn scan(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let src = op.operands[0];
        let r = op.result();
        let kind: Option<ScanKind> = op.enum_attr(attrname::KIND);
        let axis = op.int_attr("axis").unwrap_or(0) as usize;
        let sty = self.ty(src).clone();
        let ety = lower_type(&sty);
        let combine = match (kind, ety.is_float()) {
            (Some(ScanKind::Cumsum), true) => Combiner::Arith("arith.addf"),
            (Some(ScanKind::Cumsum), false) => Combiner::Arith("arith.addi"),
            (Some(ScanKind::Cumprod), true) => Combiner::Arith("arith.mulf"),
            (Some(ScanKind::Cumprod), false) => Combiner::Arith("arith.muli"),
            (Some(ScanKind::Custom), _) => Combiner::region(op)?,
            (None, _) => {
                let k = op.str_attr(attrname::KIND).unwrap_or_default();
                return Err(PassError::at(&op.loc, format!("scan `{k}` on {ety} is not supported")));
            }
        };
        let custom = combine.is_custom();
        let dist = self.dist(src, &op.loc)?;
        if axis >= dist.rank() {
            return Err(PassError::at(&op.loc, format!("scan axis {axis} of a {}-D tile", dist.rank())));
        }
        let split = dist.axis_split(axis).ok_or_else(|| {
            PassError::at(&op.loc, "scan of a tile whose encoding does not nest along the axis (blocked ones do)")
        })?;
        let (spt, tpw, nw, reps) = (split.spt, split.lanes, split.warps, split.reps);
        // The lane stride along the axis (lanes along it are consecutive lane bits).
        let ls = 1u32 << split.lane_first;
        let rev = op.int_attr("reverse") == Some(1);
        let lane_a = div_mod(b, self.lane, ls, tpw);
        let warp_a = div_mod(b, self.warp, 1 << split.warp_first, nw as u32);
        // Positions along the axis in scan order (mirrored for a reverse scan).
        let (lane_a, warp_a) =
            if rev { (mirror(b, lane_a, tpw as usize), mirror(b, warp_a, nw as usize)) } else { (lane_a, warp_a) };
        // Lane `lane_a - k` in scan order.
        let shift = |b: &mut Builder, x: ValueId, k: u32| {
            if rev {
                sreg::shfl_down(b, x, &ety, ls * k)
            } else {
                sreg::shfl_up(b, x, &ety, ls * k)
            }
        };
        // A custom combine has no identity: where the built-ins fold one, it folds only
        // what the thread holds (`Partial`s, combine.rs).
        let id = (!custom).then(|| identity(b, kind == Some(ScanKind::Cumprod), &ety));

        // Lines: registers that differ only along the axis, in axis order (rep, then chunk).
        let mut lines: Vec<(Vec<i64>, Vec<usize>)> = vec![];
        for j in 0..dist.elems_per_thread() {
            let mut key = dist.reg_offsets(j);
            key[axis] = 0;
            match lines.iter_mut().find(|l| l.0 == key) {
                Some(l) => l.1.push(j),
                None => lines.push((key, vec![j])),
            }
        }
        for l in &mut lines {
            l.1.sort_by_key(|&j| dist.reg_offsets(j)[axis]);
            if rev {
                l.1.reverse();
            }
            debug_assert_eq!(l.1.len(), reps * spt);
        }

        // 1. Registers.
        let mut regs: Vec<ValueId> = (0..dist.elems_per_thread()).map(|j| self.reg(src, j)).collect();
        let mut owned = vec![];
        let wraps = dist.replicates(axis);
        if wraps && rev && custom {
            // Copies past the end come first in a reverse scan's order; sema flips the
            // tile around a forward scan instead.
            return Err(PassError::at(&op.loc, "a reverse custom scan of a tile with copies along the axis"));
        }
        if wraps {
            let parts = self.thread_parts(b, &dist);
            let lim = b.const_int(dist.shape[axis], 32);
            for (j, v) in regs.iter_mut().enumerate() {
                let c = b.const_int(dist.reg_offsets(j)[axis], 32);
                let i = b.op1("arith.addi", &[parts[axis], c], Type::Int(32), &[]);
                let own = b.op1("arith.cmpi", &[i, lim], Type::Int(1), &[("predicate", Attr::int(ULT, "i64"))]);
                // Custom (forward): copies come after every element in scan order, so they
                // change nothing an owner keeps.
                if let Some(id) = id {
                    *v = b.op1("arith.select", &[own, *v, id], ety.clone(), &[]);
                }
                owned.push(own);
            }
        }
        for (_, js) in &lines {
            for rep in 0..reps {
                for e in 1..spt {
                    let (p, q) = (js[rep * spt + e - 1], js[rep * spt + e]);
                    regs[q] = self.combine(b, combine, regs[p], regs[q], &ety)?;
                }
            }
        }

        // 2. Lanes along the axis: inclusive scan of the chunk totals, then each lane's
        //    exclusive prefix.
        let mut incl = vec![vec![]; lines.len()];
        let mut lane_excl = vec![vec![]; lines.len()];
        for (g, (_, js)) in lines.iter().enumerate() {
            for rep in 0..reps {
                let t = regs[js[rep * spt + spt - 1]];
                let mut x = t;
                let mut k = 1;
                while k < tpw {
                    let y = shift(b, x, k as u32);
                    let c = b.const_int(k as i64, 32);
                    let ge = b.op1("arith.cmpi", &[lane_a, c], Type::Int(1), &[("predicate", Attr::int(UGE, "i64"))]);
                    let z = self.combine(b, combine, y, x, &ety)?;
                    x = b.op1("arith.select", &[ge, z, x], ety.clone(), &[]);
                    k *= 2;
                }
                incl[g].push(x);
                // Exact for wrapping integer sums; otherwise one more shuffle (no division).
                // Custom: lane 0 along the axis has no exclusive prefix (not an identity).
                let ex: Partial = match (id, matches!(combine, Combiner::Arith("arith.addi"))) {
                    _ if tpw == 1 => (id.unwrap_or(t), None),
                    (Some(_), true) => (b.op1("arith.subi", &[x, t], ety.clone(), &[]), None),
                    (id, _) => {
                        let y = shift(b, x, 1);
                        let c = b.const_int(1, 32);
                        let ge =
                            b.op1("arith.cmpi", &[lane_a, c], Type::Int(1), &[("predicate", Attr::int(UGE, "i64"))]);
                        match id {
                            Some(id) => (b.op1("arith.select", &[ge, y, id], ety.clone(), &[]), None),
                            None => (y, Some(ge)),
                        }
                    }
                };
                lane_excl[g].push(ex);
            }
        }

        // 3. Warps and reps: each thread folds the totals before its (rep, warp).
        let k = reps * nw;
        let mut prefix: Vec<Vec<Option<Partial>>> = vec![vec![None; reps]; lines.len()];
        if nw == 1 && reps > 1 {
            // One warp along the axis: each rep's total is at the line's last lane in scan
            // order (the first one along the axis for a reverse scan).
            let axis_bits = ((tpw - 1) * ls) as i64;
            let src_lane = if rev {
                let keep = b.const_int(!axis_bits, 32);
                b.op1("arith.andi", &[self.lane, keep], Type::Int(32), &[])
            } else {
                let bits = b.const_int(axis_bits, 32);
                b.op1("arith.ori", &[self.lane, bits], Type::Int(32), &[])
            };
            for g in 0..lines.len() {
                let mut carry: Option<ValueId> = None;
                for rep in 0..reps {
                    prefix[g][rep] = carry.map(|c| (c, None));
                    if rep + 1 < reps {
                        let t = if tpw == 1 { incl[g][rep] } else { sreg::shfl_idx(b, incl[g][rep], &ety, src_lane) };
                        carry = Some(match carry {
                            None => t,
                            Some(c) => self.combine(b, combine, c, t, &ety)?,
                        });
                    }
                }
            }
        } else if k > 1 {
            let base = self.smem_for_write(b, totals_bytes(&dist, axis, k, &ety));
            let line_base: Vec<ValueId> = lines
                .iter()
                .map(|(key, _)| {
                    let li = self.line_index(b, &dist, axis, key);
                    mul_const(b, li, k as i64)
                })
                .collect();
            let cl = b.const_int(tpw as i64 - 1, 32);
            let last = b.op1("arith.cmpi", &[lane_a, cl], Type::Int(1), &[("predicate", Attr::int(EQ, "i64"))]);
            let mut slots = vec![];
            for (g, lb) in line_base.iter().enumerate() {
                for rep in 0..reps {
                    let rc = b.const_int((rep * nw) as i64, 32);
                    let i = b.op1("arith.addi", &[*lb, rc], Type::Int(32), &[]);
                    let i = if nw > 1 { b.op1("arith.addi", &[i, warp_a], Type::Int(32), &[]) } else { i };
                    slots.push((gep(b, base, i, &ety), incl[g][rep]));
                }
            }
            b.if_then(last, |ib| {
                for (s, v) in &slots {
                    ib.op("llvm.store", &[*v, *s], &[], &[]);
                }
            });
            sreg::barrier(b);
            for (g, lb) in line_base.iter().enumerate() {
                let mut carry: Option<ValueId> = None;
                for rep in 0..reps {
                    let mut acc: Option<Partial> = carry.map(|c| (c, None));
                    for w in 0..nw {
                        let c = b.const_int((rep * nw + w) as i64, 32);
                        let i = b.op1("arith.addi", &[*lb, c], Type::Int(32), &[]);
                        let ptr = gep(b, base, i, &ety);
                        let t = b.op1("llvm.load", &[ptr], ety.clone(), &[]);
                        if w + 1 < nw {
                            let wc = b.const_int(w as i64, 32);
                            let before = b.op1(
                                "arith.cmpi",
                                &[warp_a, wc],
                                Type::Int(1),
                                &[("predicate", Attr::int(UGT, "i64"))],
                            );
                            acc = Some(match (id, acc) {
                                (Some(id), acc) => {
                                    let s = b.op1("arith.select", &[before, t, id], ety.clone(), &[]);
                                    match acc {
                                        None => (s, None),
                                        Some((a, _)) => (self.combine(b, combine, a, s, &ety)?, None),
                                    }
                                }
                                // Custom: the warps before this one only (none for warp 0).
                                (None, None) => (t, Some(before)),
                                (None, Some((a, held))) => (self.fold_if(b, combine, before, a, t, &ety)?, held),
                            });
                        }
                        if rep + 1 < reps {
                            carry = Some(match carry {
                                None => t,
                                Some(c) => self.combine(b, combine, c, t, &ety)?,
                            });
                        }
                    }
                    prefix[g][rep] = acc;
                }
            }
            // No barrier after the reads: the scratch's next writer has one before its
            // writes (`Lowerer::smem`).
        }

        // 4. Combine.
        let mut out = regs.clone();
        for (g, (_, js)) in lines.iter().enumerate() {
            for rep in 0..reps {
                // With one lane along the axis the lane prefix is the identity.
                let base = match (prefix[g][rep], tpw == 1) {
                    (Some(p), true) => Some(p),
                    (Some(p), false) => Some(self.join(b, combine, p, lane_excl[g][rep], &ety)?),
                    (None, true) => None,
                    (None, false) => Some(lane_excl[g][rep]),
                };
                for e in 0..spt {
                    let j = js[rep * spt + e];
                    out[j] = self.fold_opt(b, combine, base, regs[j], &ety)?;
                }
            }
        }
        if wraps {
            out = self.from_owners(b, &dist, &out, &owned, &ety);
        }
        self.map.insert(r, out);
        Ok(())
    }

    /// Row-major index, over the tile's dimensions other than `axis`, of the line a group
    /// of registers lies on (`key`: the group's constant offsets, 0 along `axis`).
    fn line_index(&mut self, b: &mut Builder, dist: &Dist, axis: usize, key: &[i64]) -> ValueId {
        let parts = self.thread_parts(b, dist);
        let mut li = b.const_int(0, 32);
        for d in (0..dist.rank()).filter(|&d| d != axis) {
            let i = dist.index(b, &parts, d, key[d]);
            li = mul_const(b, li, dist.shape[d]);
            li = b.op1("arith.addi", &[li, i], Type::Int(32), &[]);
        }
        li
    }

    /// Every copy of a replicated tile takes the value its owner holds: owners write each
    /// element to its row-major shared slot, then everyone reads its elements back.
    fn from_owners(
        &mut self,
        b: &mut Builder,
        dist: &Dist,
        vals: &[ValueId],
        owned: &[ValueId],
        ety: &Type,
    ) -> Vec<ValueId> {
        let base = self.smem_for_write(b, owners_bytes(dist, ety));
        let ptrs: Vec<ValueId> = (0..vals.len())
            .map(|j| {
                let li = self.slot_index(b, dist, j, None);
                gep(b, base, li, ety)
            })
            .collect();
        for j in 0..vals.len() {
            b.if_then(owned[j], |ib| {
                ib.op("llvm.store", &[vals[j], ptrs[j]], &[], &[]);
            });
        }
        sreg::barrier(b);
        ptrs.iter().map(|p| b.op1("llvm.load", &[*p], ety.clone(), &[])).collect()
    }
}

/// `n - 1 - i`: an index along the axis counted from the other end.
fn mirror(b: &mut Builder, i: ValueId, n: usize) -> ValueId {
    let last = b.const_int(n as i64 - 1, 32);
    b.op1("arith.subi", &[last, i], Type::Int(32), &[])
}

/// 0 for cumsum, 1 for cumprod (`one`).
fn identity(b: &mut Builder, one: bool, t: &Type) -> ValueId {
    if t.is_float() {
        b.constant(t.clone(), if one { "1.0" } else { "0.0" })
    } else {
        b.const_int(one as i64, t.bits())
    }
}

/// Step 3's scratch: every line's total of each (rep, warp), `k` of them.
fn totals_bytes(dist: &Dist, axis: usize, k: usize, ety: &Type) -> u32 {
    let nlines = dist.shape.iter().product::<i64>() / dist.shape[axis];
    (nlines as usize * k) as u32 * (ety.bits().max(8) / 8)
}

/// `from_owners`' scratch: the whole tile, row-major.
fn owners_bytes(dist: &Dist, ety: &Type) -> u32 {
    dist.shape.iter().product::<i64>() as u32 * (ety.bits().max(8) / 8)
}

/// The scratch a scan takes: its warps' totals (more than one warp or rep along the axis,
/// unless one warp's reps pass them by shuffles) and the copies' exchange, one after the
/// other in the same bytes.
pub(super) fn scan_scratch(dist: &Dist, axis: usize, ety: &Type) -> u32 {
    let Some(split) = dist.axis_split(axis) else { return 0 };
    let (nw, reps) = (split.warps, split.reps);
    let k = reps * nw;
    let totals = if !(nw == 1 && reps > 1) && k > 1 { totals_bytes(dist, axis, k, ety) } else { 0 };
    let owners = if dist.replicates(axis) { owners_bytes(dist, ety) } else { 0 };
    totals.max(owners)
}
