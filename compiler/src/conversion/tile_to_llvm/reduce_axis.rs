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

use super::reduce::{combiner, identity};
use super::{lower_type, Lowerer};
use crate::conversion::nvidia::sreg;
use crate::passes::PassError;
use tile_dialects::ir::{Attr, Builder, Op, Type, ValueId};
use tile_dialects::layout::{gather_bits, HwDim};

type Acc = (ValueId, Option<ValueId>);

impl Lowerer<'_> {
    pub(super) fn reduce_axis(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let (src, r) = (op.operands[0], op.result());
        let axis = op.int_attr("axis").unwrap_or(0) as usize;
        let kind = op.str_attr("kind").unwrap_or_default();
        let unsigned = op.int_attr("tile.unsigned") == Some(1);
        let arg = kind.starts_with("arg");
        let base_kind = kind.trim_start_matches("arg");
        let sty = self.ty(src).clone();
        let ety = lower_type(&sty);
        let combine = combiner(base_kind, &ety, unsigned)
            .ok_or_else(|| PassError::at(&op.loc, format!("reduction `{kind}` of {ety} is not supported")))?;
        let sd = self.dist(src, &op.loc)?;
        let rd = if self.ty(r).is_tensor() { Some(self.dist(r, &op.loc)?) } else { None };
        let rn = rd.as_ref().map_or(1, |d| d.elems_per_thread());
        let id = identity(b, base_kind, &ety, unsigned);
        let id_idx = b.const_int(i32::MAX as i64, 32);
        let ctx = Combine { combine, kind: base_kind.to_string(), ety: ety.clone(), unsigned };
        // 1. Registers.
        let parts = self.thread_parts(b, &sd);
        let mut acc: Vec<Option<Acc>> = vec![None; rn];
        for j in 0..sd.elems_per_thread() {
            let o = sd.reg_offsets(j);
            let g = match &rd {
                Some(rd) => {
                    let mut k = o.clone();
                    k.remove(axis);
                    rd.reg_index(&k)
                }
                None => 0,
            };
            let mut v = self.reg(src, j);
            let mut idx = None;
            if arg || sd.replicates(axis) {
                let c = b.const_int(o[axis], 32);
                let mut i = b.op1("arith.addi", &[parts[axis], c], Type::Int(32), &[]);
                if sd.replicates(axis) {
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
                Some(a) => ctx.apply(b, a, (v, idx)),
            });
        }
        let mut acc: Vec<Acc> = acc.into_iter().map(|a| a.unwrap_or((id, arg.then_some(id_idx)))).collect();
        // 2. Lanes along the axis.
        let lane_bits = sd.bits(HwDim::Lane, axis);
        for &bit in &lane_bits {
            let off = 1u32 << bit;
            for a in acc.iter_mut() {
                let ov = self.shuffle(b, a.0, off, &ety)?;
                let oi = match a.1 {
                    Some(i) => Some(self.shuffle(b, i, off, &Type::Int(32))?),
                    None => None,
                };
                *a = ctx.apply(b, *a, (ov, oi));
            }
        }
        // 3. Warps along the axis.
        let warp_bits = sd.bits(HwDim::Warp, axis);
        let wpc = 1u32 << warp_bits.len();
        if wpc > 1 {
            let numel = rd.as_ref().map_or(1, |d| d.shape.iter().product::<i64>()) as u32;
            let eb = ety.bits().div_ceil(8).max(1);
            let vbytes = numel * wpc * eb;
            let ibase = vbytes.div_ceil(4) * 4;
            let bytes = if arg { ibase + numel * wpc * 4 } else { vbytes };
            let base = self.smem_for_write(b, bytes);
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
            for (g, a) in acc.iter().enumerate() {
                // The result element's row-major index.
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
                for w in 0..wpc {
                    let c = b.const_int(w as i64, 32);
                    let slot = b.op1("arith.addi", &[row, c], Type::Int(32), &[]);
                    let (vp, ip) = self.slot_ptrs(b, base, slot, &ety, arg.then_some(ibase));
                    let v = b.op1("llvm.load", &[vp], ety.clone(), &[]);
                    let i = ip.map(|ip| b.op1("llvm.load", &[ip], Type::Int(32), &[]));
                    tot = Some(match tot {
                        None => (v, i),
                        Some(t) => ctx.apply(b, t, (v, i)),
                    });
                }
                acc[g] = tot.expect("at least one warp");
            }
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
        let gep = |b: &mut Builder, p: ValueId, i: ValueId, t: &Type| {
            b.op1(
                "llvm.getelementptr",
                &[p, i],
                Type::LlvmPtr(3),
                &[("elem_type", Attr(t.to_string())), ("rawConstantIndices", Attr("array<i32: -2147483648>".into()))],
            )
        };
        let vp = gep(b, base, slot, ety);
        let ip = ibase.map(|off| {
            let c = b.const_int(off as i64, 32);
            let ib = gep(b, base, c, &Type::Int(8));
            gep(b, ib, slot, &Type::Int(32))
        });
        (vp, ip)
    }
}

struct Combine {
    combine: &'static str,
    kind: String,
    ety: Type,
    unsigned: bool,
}

impl Combine {
    /// Folds `y` into `x`; with indices, the better value wins and ties keep the smaller index.
    fn apply(&self, b: &mut Builder, x: Acc, y: Acc) -> Acc {
        match (x.1, y.1) {
            (Some(xi), Some(yi)) => {
                let f = self.ety.is_float();
                let (cmp, better, eq) = if f {
                    ("arith.cmpf", if self.kind == "max" { 2 } else { 4 }, 1) // ogt / olt, oeq
                } else if self.unsigned {
                    ("arith.cmpi", if self.kind == "max" { 8 } else { 6 }, 0) // ugt / ult, eq
                } else {
                    ("arith.cmpi", if self.kind == "max" { 4 } else { 2 }, 0) // sgt / slt, eq
                };
                let gt = b.op1(cmp, &[y.0, x.0], Type::Int(1), &[("predicate", Attr::int(better, "i64"))]);
                let same = b.op1(cmp, &[y.0, x.0], Type::Int(1), &[("predicate", Attr::int(eq, "i64"))]);
                let lower = b.op1("arith.cmpi", &[yi, xi], Type::Int(1), &[("predicate", Attr::int(2, "i64"))]);
                let tie = b.op1("arith.andi", &[same, lower], Type::Int(1), &[]);
                let take = b.op1("arith.ori", &[gt, tie], Type::Int(1), &[]);
                let v = b.op1("arith.select", &[take, y.0, x.0], self.ety.clone(), &[]);
                let i = b.op1("arith.select", &[take, yi, xi], Type::Int(32), &[]);
                (v, Some(i))
            }
            _ => (b.op1(self.combine, &[x.0, y.0], self.ety.clone(), &[]), None),
        }
    }
}
