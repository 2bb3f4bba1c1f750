//! `tile.reduce` along one axis of a distributed tile (2-D tiles, slices, and argmax /
//! argmin of any tile); the result is the operand's encoding sliced at `axis` (a scalar
//! when the operand is 1-D).
//!
//! 1. In each thread: fold the registers that share an index along the other dimensions
//!    (copies past the tile's end along `axis` count as the identity).
//! 2. Across lanes: butterfly shuffles over the lane bits that index `axis` only (whatever
//!    the encoding: blocked, mma, slices of them), so lanes holding other rows keep their
//!    own sums.
//! 3. Across warps, when warps split `axis`: a barrier, lane 0 of each warp (along
//!    `axis`) writes its partial per result element to shared memory, a barrier, and every
//!    thread folds the partials of its result elements in warp order.
//! argmax / argmin carry (value, index) pairs; ties keep the smaller index, as Triton.
//!
//! A custom combine (kind "custom", `combine.rs`) has no identity: copies past the tile's
//! end are skipped, not folded as one. A copy is set by a coordinate bit at or above the
//! axis's size, so those registers, lane bits and warps are left out statically. One that
//! is evidently commutative (`Combiner::commutative`: `a + b`, a max) then lowers exactly
//! as the built-ins. Any other is associative only: every combine keeps the elements in
//! axis order. Blocked layouts nest along the axis (`AxisSplit`: registers, then lanes,
//! then warps, then reps), so each rep is folded on its own through the three steps
//! (registers in offset order, lane bits from the lowest with the lower lane on the left,
//! warps in order), and the reps last: a shuffle per rep and lane bit instead of one.

use super::combine::Combiner;
use super::convert::gep;
use super::reduce::{combiner, identity, is_arg, reduce_kind, Fold};
use super::{lower_type, Lowerer};
use crate::conversion::nvidia::sreg;
use crate::pass::PassError;
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Builder, Op, Type, ValueId};
use tile_dialects::layout::{gather_bits, Dist, HwDim};

type Acc = (ValueId, Option<ValueId>);

impl Lowerer<'_> {
    pub(super) fn reduce_axis(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let (src, r) = (op.operands[0], op.result());
        let axis = op.int_attr("axis").unwrap_or(0) as usize;
        let kind = reduce_kind(op)?;
        let unsigned = op.int_attr(attrname::TILE_UNSIGNED) == Some(1);
        let arg = is_arg(kind);
        // The fold of a built-in kind (argmax's is max); `None`: custom.
        let fold = Fold::of_reduce(kind);
        let sty = self.ty(src).clone();
        let ety = lower_type(&sty);
        let combine = match fold {
            None => Combiner::region(op)?,
            Some(fold) => Combiner::Arith(
                combiner(fold, &ety, unsigned)
                    .ok_or_else(|| PassError::at(&op.loc, format!("reduction `{kind}` of {ety} is not supported")))?,
            ),
        };
        let custom = combine.is_custom();
        // Elements in axis order (a combine not evidently commutative).
        let ordered = !combine.commutative();
        let sd = self.dist(src, &op.loc)?;
        let rd = if self.ty(r).is_tensor() { Some(self.dist(r, &op.loc)?) } else { None };
        let rn = rd.as_ref().map_or(1, |d| d.elems_per_thread());
        // Custom: the axis's size, the elements of one rep, and the reps holding any.
        let lim = sd.shape[axis];
        let (span, nreps) = reps_along(&sd, axis, ordered).ok_or_else(|| {
            PassError::at(
                &op.loc,
                "`reduce` with a `fn` combine of a tile whose encoding does not nest along the axis (blocked ones do)",
            )
        })?;
        let id = fold.map(|f| identity(b, f, &ety, unsigned));
        let id_idx = if custom { None } else { Some(b.const_int(i32::MAX as i64, 32)) };
        let ctx = Combine { combine, max: fold == Some(Fold::Max), ety: ety.clone(), unsigned };
        // 1. Registers (custom: in offset order, one partial per rep).
        let parts = self.thread_parts(b, &sd);
        let mut acc: Vec<Option<Acc>> = vec![None; rn * nreps];
        let mut regs: Vec<usize> = (0..sd.elems_per_thread()).collect();
        if custom {
            regs.retain(|&j| sd.reg_offsets(j)[axis] < lim);
        }
        if ordered {
            regs.sort_by_key(|&j| sd.reg_offsets(j)[axis]);
        }
        for j in regs {
            let o = sd.reg_offsets(j);
            let g = match &rd {
                Some(rd) => {
                    let mut k = o.clone();
                    k.remove(axis);
                    rd.reg_index(&k)
                }
                None => 0,
            };
            let g = g * nreps + (o[axis] / span) as usize % nreps;
            let mut v = self.reg(src, j);
            let mut idx = None;
            if arg || (sd.replicates(axis) && !custom) {
                let c = b.const_int(o[axis], 32);
                let mut i = b.op1("arith.addi", &[parts[axis], c], Type::Int(32), &[]);
                if let (true, Some(id), Some(id_idx)) = (sd.replicates(axis), id, id_idx) {
                    let lim = b.const_int(sd.shape[axis], 32);
                    let own = b.op1("arith.cmpi", &[i, lim], Type::Int(1), &[("predicate", Attr::int(6, "i64"))]);
                    v = b.op1("arith.select", &[own, v, id], ety.clone(), &[]);
                    i = b.op1("arith.select", &[own, i, id_idx], Type::Int(32), &[]);
                }
                if arg {
                    idx = Some(i);
                }
            }
            acc[g] = Some(match acc[g] {
                None => (v, idx),
                Some(a) => ctx.apply(self, b, a, (v, idx))?,
            });
        }
        // Custom: every rep of every result element has its offset-0 register.
        let mut acc: Vec<Acc> = acc
            .into_iter()
            .map(|a| a.or_else(|| id.map(|id| (id, arg.then_some(id_idx).flatten()))).expect("a register per rep"))
            .collect();
        // 2. Lanes along the axis (custom: lane bits that only reach copies left out;
        //    ordered: from the lowest coordinate, the lower lane on the left).
        let lane_bits = sd.bits(HwDim::Lane, axis);
        if custom {
            for (bit, c) in sd.ll.bits_along(HwDim::Lane, axis) {
                if c >= lim {
                    continue;
                }
                let upper = if ordered {
                    let sh = b.const_int(bit as i64, 32);
                    let one = b.const_int(1, 32);
                    let t = b.op1("arith.shrui", &[self.lane, sh], Type::Int(32), &[]);
                    let t = b.op1("arith.andi", &[t, one], Type::Int(32), &[]);
                    Some(b.op1("arith.cmpi", &[t, one], Type::Int(1), &[("predicate", Attr::int(0, "i64"))]))
                } else {
                    None
                };
                for a in acc.iter_mut() {
                    let other = self.shuffle(b, a.0, 1 << bit, &ety)?;
                    a.0 = match upper {
                        Some(upper) => {
                            let l = b.op1("arith.select", &[upper, other, a.0], ety.clone(), &[]);
                            let r = b.op1("arith.select", &[upper, a.0, other], ety.clone(), &[]);
                            self.combine(b, combine, l, r, &ety)?
                        }
                        None => self.combine(b, combine, a.0, other, &ety)?,
                    };
                }
            }
        } else {
            for &bit in &lane_bits {
                let off = 1u32 << bit;
                for a in acc.iter_mut() {
                    let ov = self.shuffle(b, a.0, off, &ety)?;
                    let oi = match a.1 {
                        Some(i) => Some(self.shuffle(b, i, off, &Type::Int(32))?),
                        None => None,
                    };
                    *a = ctx.apply(self, b, *a, (ov, oi))?;
                }
            }
        }
        // 3. Warps along the axis (custom: those holding copies only are not read).
        let warp_bits = sd.bits(HwDim::Warp, axis);
        if let Some(x) = warp_exchange(&sd, rd.as_ref(), axis, (nreps, custom, arg), &ety) {
            let (wpc, wread, ibase) = (x.wpc, x.wread, x.ibase);
            let base = self.smem_for_write(b, x.bytes);
            let wa = gather_bits(b, self.warp, &warp_bits);
            let la = gather_bits(b, self.lane, &lane_bits);
            let z = b.const_int(0, 32);
            let writer = b.op1("arith.cmpi", &[la, z], Type::Int(1), &[("predicate", Attr::int(0, "i64"))]);
            let rparts = match &rd {
                Some(rd) => self.thread_parts(b, rd),
                None => vec![],
            };
            let cw = b.const_int(wpc as i64, 32);
            let mut slots = vec![];
            for (k, a) in acc.iter().enumerate() {
                let (g, rep) = (k / nreps, k % nreps);
                // The result element's row-major index (custom: then the rep's).
                let lin = match &rd {
                    Some(rd) => {
                        let o = rd.reg_offsets(g);
                        let mut lin = b.const_int(0, 32);
                        for d in 0..rd.rank() {
                            let n = b.const_int(rd.shape[d], 32);
                            let c = b.const_int(o[d], 32);
                            let mut x = b.op1("arith.addi", &[rparts[d], c], Type::Int(32), &[]);
                            if rd.replicates(d) {
                                let m = b.const_int(rd.shape[d] - 1, 32);
                                x = b.op1("arith.andi", &[x, m], Type::Int(32), &[]);
                            }
                            let t = b.op1("arith.muli", &[lin, n], Type::Int(32), &[]);
                            lin = b.op1("arith.addi", &[t, x], Type::Int(32), &[]);
                        }
                        lin
                    }
                    None => b.const_int(0, 32),
                };
                let lin = if nreps > 1 {
                    let lin = tile_dialects::layout::mul_const(b, lin, nreps as i64);
                    let c = b.const_int(rep as i64, 32);
                    b.op1("arith.addi", &[lin, c], Type::Int(32), &[])
                } else {
                    lin
                };
                let row = b.op1("arith.muli", &[lin, cw], Type::Int(32), &[]);
                let slot = b.op1("arith.addi", &[row, wa], Type::Int(32), &[]);
                let (vp, ip) = self.slot_ptrs(b, base, slot, &ety, arg.then_some(ibase));
                let (v, i) = *a;
                b.if_then(writer, |ib| {
                    ib.op("llvm.store", &[v, vp], &[], &[]);
                    if let (Some(i), Some(ip)) = (i, ip) {
                        ib.op("llvm.store", &[i, ip], &[], &[]);
                    }
                });
                slots.push(row);
            }
            sreg::barrier(b);
            for (g, row) in slots.into_iter().enumerate() {
                let mut tot: Option<Acc> = None;
                for w in 0..wread {
                    let c = b.const_int(w as i64, 32);
                    let slot = b.op1("arith.addi", &[row, c], Type::Int(32), &[]);
                    let (vp, ip) = self.slot_ptrs(b, base, slot, &ety, arg.then_some(ibase));
                    let v = b.op1("llvm.load", &[vp], ety.clone(), &[]);
                    let i = ip.map(|ip| b.op1("llvm.load", &[ip], Type::Int(32), &[]));
                    tot = Some(match tot {
                        None => (v, i),
                        Some(t) => ctx.apply(self, b, t, (v, i))?,
                    });
                }
                acc[g] = tot.expect("at least one warp");
            }
        }
        // 4. Custom: the reps of each result element, in order.
        if nreps > 1 {
            let mut folded = vec![];
            for reps in acc.chunks(nreps) {
                let mut t = reps[0].0;
                for a in &reps[1..] {
                    t = self.combine(b, combine, t, a.0, &ety)?;
                }
                folded.push((t, None));
            }
            acc = folded;
        }
        let rty = lower_type(self.ty(r));
        let out: Vec<ValueId> = acc
            .into_iter()
            .map(|(v, i)| match i {
                Some(i) if rty.bits() > 32 => b.op1("arith.extsi", &[i], rty.clone(), &[]),
                Some(i) => i,
                None => v,
            })
            .collect();
        self.map.insert(r, out);
        Ok(())
    }

    fn slot_ptrs(
        &mut self,
        b: &mut Builder,
        base: ValueId,
        slot: ValueId,
        ety: &Type,
        ibase: Option<u32>,
    ) -> (ValueId, Option<ValueId>) {
        let vp = gep(b, base, slot, ety);
        let ip = ibase.map(|off| {
            let c = b.const_int(off as i64, 32);
            let ib = gep(b, base, c, &Type::Int(8));
            gep(b, ib, slot, &Type::Int(32))
        });
        (vp, ip)
    }
}

struct Combine<'a> {
    combine: Combiner<'a>,
    /// An argmax (else an argmin) when indices ride along.
    max: bool,
    ety: Type,
    unsigned: bool,
}

impl Combine<'_> {
    /// Folds `y` into `x`; with indices, the better value wins and ties keep the smaller index.
    fn apply(&self, l: &mut Lowerer, b: &mut Builder, x: Acc, y: Acc) -> Result<Acc, PassError> {
        match (x.1, y.1) {
            (Some(xi), Some(yi)) => {
                let f = self.ety.is_float();
                let (cmp, better, eq) = if f {
                    ("arith.cmpf", if self.max { 2 } else { 4 }, 1) // ogt / olt, oeq
                } else if self.unsigned {
                    ("arith.cmpi", if self.max { 8 } else { 6 }, 0) // ugt / ult, eq
                } else {
                    ("arith.cmpi", if self.max { 4 } else { 2 }, 0) // sgt / slt, eq
                };
                let gt = b.op1(cmp, &[y.0, x.0], Type::Int(1), &[("predicate", Attr::int(better, "i64"))]);
                let same = b.op1(cmp, &[y.0, x.0], Type::Int(1), &[("predicate", Attr::int(eq, "i64"))]);
                let lower = b.op1("arith.cmpi", &[yi, xi], Type::Int(1), &[("predicate", Attr::int(2, "i64"))]);
                let tie = b.op1("arith.andi", &[same, lower], Type::Int(1), &[]);
                let take = b.op1("arith.ori", &[gt, tie], Type::Int(1), &[]);
                let v = b.op1("arith.select", &[take, y.0, x.0], self.ety.clone(), &[]);
                let i = b.op1("arith.select", &[take, yi, xi], Type::Int(32), &[]);
                Ok((v, Some(i)))
            }
            _ => Ok((l.combine(b, self.combine, x.0, y.0, &self.ety)?, None)),
        }
    }
}

/// The span of one rep along `axis` and the reps an ordered reduction keeps apart (1 and 1
/// for a commutative one); `None`: an ordered reduction of an encoding that does not nest
/// along the axis.
pub(super) fn reps_along(sd: &Dist, axis: usize, ordered: bool) -> Option<(i64, usize)> {
    if !ordered {
        return Some((1, 1));
    }
    let split = sd.axis_split(axis)?;
    let span = (split.spt * split.lanes as usize * split.warps) as i64;
    let n = ((sd.shape[axis] + span - 1) / span) as usize;
    Some((span, n.clamp(1, split.reps)))
}

/// Step 3's exchange between warps through shared memory: each warp along the axis
/// (`wpc` of them, `wread` read) writes its partial of every result element (and rep),
/// values first and, for an arg reduction, their indices from `ibase`.
pub(super) struct WarpExchange {
    pub wpc: u32,
    pub wread: u32,
    pub ibase: u32,
    pub bytes: u32,
}

/// `None` when one warp holds the axis (custom: when the other warps hold only copies).
pub(super) fn warp_exchange(
    sd: &Dist,
    rd: Option<&Dist>,
    axis: usize,
    (nreps, custom, arg): (usize, bool, bool),
    ety: &Type,
) -> Option<WarpExchange> {
    let wpc = 1u32 << sd.bits(HwDim::Warp, axis).len();
    let wread = if custom {
        1u32 << sd.ll.bits_along(HwDim::Warp, axis).iter().filter(|(_, c)| *c < sd.shape[axis]).count()
    } else {
        wpc
    };
    if wread <= 1 {
        return None;
    }
    let numel = rd.map_or(1, |d| d.shape.iter().product::<i64>()) as u32 * nreps as u32;
    let eb = ety.bits().div_ceil(8).max(1);
    let vbytes = numel * wpc * eb;
    let ibase = vbytes.div_ceil(4) * 4;
    let bytes = if arg { ibase + numel * wpc * 4 } else { vbytes };
    Some(WarpExchange { wpc, wread, ibase, bytes })
}
