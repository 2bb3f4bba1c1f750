//! Changes of shape and encoding: `expand_dims`, `broadcast` and `trans` only rename
//! registers (layout-propagate gave them matching encodings); `layout.convert` and
//! `reshape` move the tile through shared memory.
//!
//! 1. expand_dims / broadcast / trans: result register j holds the element at its
//!    offsets; the operand register at the same element (axis dropped, broadcast dims at
//!    0, dims swapped) is that value. Encodings that do not match are an error, never a
//!    silent shuffle.
//! 2. A convert whose encodings put every element in the same register of the same thread
//!    (`smem-transpose` left no `layout.shared`) is the identity.
//! 3. Otherwise: a barrier (earlier readers of the scratch are done; none for the
//!    kernel's first use outside loops), every thread writes
//!    its registers at their offsets in the `layout.shared` layout (as many contiguous
//!    elements per `st.shared` as the layout keeps together, up to 16 bytes), a barrier,
//!    and every thread reads its registers of the destination encoding the same way.
//!    Only `address_plan`'s bases compute the layout's offsets; other accesses are a
//!    base's offset XOR a constant plus an immediate.
//!    A reshape uses plain row-major offsets of each shape (the same linear order).
//! 4. A tile too large for the shared memory left above the live buffers (a 256x256 f32
//!    tile over 4 warps: 256 KB) goes in rounds, as Triton's conversions do: chunks of
//!    its flat index that every thread holds in registers (`layout::rounds`), one chunk
//!    written and read back a round.

use super::{elements_of, lower_type, vector_of, Lowerer};
use crate::analysis::shared_addresses::{address_plan, tid_bit_masks, Addr};
use crate::conversion::nvidia::sreg;
use crate::pass::PassError;
use std::collections::HashMap;
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Builder, Encoding, Op, Type, ValueId};
use tile_dialects::layout::blocked::unpermuted;
use tile_dialects::layout::rounds::{split, Part};
use tile_dialects::layout::{Dist, Shared};
use tile_dialects::opname;

impl Lowerer<'_> {
    pub(super) fn shape_op(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let _ = b;
        let (x, r) = (op.operands[0], op.result());
        let (xt, rt) = (self.ty(x).clone(), self.ty(r).clone());
        let (xe, re) = (xt.encoding().cloned(), rt.encoding().cloned());
        let axis = op.int_attr("axis").unwrap_or(0) as usize;
        let order = op.trans_order().unwrap_or_default();
        let ok = match op.name.as_str() {
            opname::TILE_EXPAND_DIMS => {
                xe == re.clone().map(|p| Encoding::Slice { dim: axis as u32, parent: Box::new(p) })
            }
            opname::TILE_BROADCAST => xe == re,
            _ => xe.is_some() && xe == re.as_ref().and_then(|e| unpermuted(e, &order)),
        };
        if !ok {
            return Err(PassError::at(
                &op.loc,
                format!("`{}` from {xt} to {rt}: encodings do not match (run layout-propagate)", op.name),
            ));
        }
        let (xd, rd) = (self.dist(x, &op.loc)?, self.dist(r, &op.loc)?);
        let xs = xt.shape().to_vec();
        let vals = (0..rd.elems_per_thread())
            .map(|j| {
                let mut o = rd.reg_offsets(j);
                match op.name.as_str() {
                    opname::TILE_EXPAND_DIMS => {
                        o.remove(axis);
                    }
                    opname::TILE_BROADCAST => {
                        for (d, s) in xs.iter().enumerate() {
                            if *s == 1 {
                                o[d] = 0;
                            }
                        }
                    }
                    _ => {
                        // Result axis i is operand axis order[i].
                        let mut x = vec![0; o.len()];
                        for (i, &d) in order.iter().enumerate() {
                            x[d] = o[i];
                        }
                        o = x;
                    }
                }
                self.reg(x, xd.reg_index(&o))
            })
            .collect();
        self.map.insert(r, vals);
        Ok(())
    }

    pub(super) fn convert(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let (x, r) = (op.operands[0], op.result());
        let (xt, rt) = (self.ty(x).clone(), self.ty(r).clone());
        let (xd, rd) = (self.dist(x, &op.loc)?, self.dist(r, &op.loc)?);
        let Some(st) = staging(op, (&xt, &xd), (&rt, &rd), self.scratch_budget()) else {
            if xd.elems_per_thread() != rd.elems_per_thread() {
                return Err(PassError::at(&op.loc, "layout.convert without a shared layout: run smem-transpose"));
            }
            // Step 2.
            let v = self.get(x).to_vec();
            self.map.insert(r, v);
            return Ok(());
        };
        let (ws, rs) = (st.write, st.read);
        let ety = lower_type(&xt);
        let vals: Vec<ValueId> = self.get(x).to_vec();
        let base = self.smem_for_write(b, st.bytes);
        if let Some(parts) = st.rounds {
            // Step 4: one chunk a round, a barrier between rounds (the last one's reads
            // are done before the next one's writes).
            let (xp, rp) = (&parts[0], &parts[1]);
            let (ws, rs) = (on_chunk(&ws, &xp.dist.shape), on_chunk(&rs, &rp.dist.shape));
            let mut out = vec![None; rd.elems_per_thread()];
            for (c, (xregs, rregs)) in xp.regs.iter().zip(&rp.regs).enumerate() {
                if c > 0 {
                    sreg::barrier(b);
                }
                let part: Vec<ValueId> = xregs.iter().map(|&j| vals[j]).collect();
                self.write_tile(b, base, &ws, &xp.dist, &part, &ety);
                sreg::barrier(b);
                let got = self.read_tile(b, base, &rs, &rp.dist, &ety, &op.loc)?;
                for (&j, v) in rregs.iter().zip(got) {
                    out[j] = Some(v);
                }
            }
            let out = out.into_iter().collect::<Option<Vec<_>>>();
            let out =
                out.ok_or_else(|| PassError::at(&op.loc, "a register of a conversion in rounds was never read"))?;
            self.map.insert(r, out);
            return Ok(());
        }
        self.write_tile(b, base, &ws, &xd, &vals, &ety);
        sreg::barrier(b);
        let vals = self.read_tile(b, base, &rs, &rd, &ety, &op.loc)?;
        self.map.insert(r, vals);
        Ok(())
    }

    /// The bytes left for an op's scratch: the device's limit above where
    /// `allocate-shared` put it (above the live buffers).
    pub(super) fn scratch_budget(&self) -> u32 {
        self.arch.smem_limit().saturating_sub(self.scratch.map_or(0, |s| s.0))
    }

    /// Stores the registers `vals` of a tile distributed as `d` at their offsets in shared
    /// layout `s` from `base`: by whole 8x8 matrices where `d` is a tensor-core fragment
    /// (`stmatrix`), else as many contiguous elements per `st.shared` as the layout keeps
    /// together, up to 16 bytes (only `address_plan`'s bases compute offsets).
    pub(super) fn write_tile(
        &mut self,
        b: &mut Builder,
        base: ValueId,
        s: &Shared,
        d: &Dist,
        vals: &[ValueId],
        ety: &Type,
    ) {
        if self.stmatrix(b, base, s, d, vals, ety) {
            return;
        }
        let sty = shared_type(ety);
        let eb = sty.bits().div_ceil(8).max(1);
        let shape = d.shape.clone();
        let v = s.access(d, &shape, eb);
        let parts = self.thread_parts(b, d);
        let vecs = d.vectors(s.inner(), v);
        let ptrs = addresses(b, base, s, d, &shape, (self.tid, &parts), &vecs, self.num_warps, &sty);
        for (regs, p) in vecs.into_iter().zip(ptrs) {
            let mut elems: Vec<ValueId> = regs.iter().map(|k| vals[*k]).collect();
            if sty != *ety {
                elems = elems.iter().map(|e| b.op1("arith.extui", &[*e], sty.clone(), &[])).collect();
            }
            if v == 1 {
                b.op("llvm.store", &[elems[0], p], &[], &[("alignment", Attr::int(eb as i64, "i64"))]);
            } else {
                let acc = vector_of(b, &elems, &sty);
                b.op("llvm.store", &[acc, p], &[], &[("alignment", Attr::int((v as u32 * eb) as i64, "i64"))]);
            }
        }
    }

    /// Loads the registers of a tile distributed as `d` from shared layout `s` at `base`
    /// (the reverse of `write_tile`).
    pub(super) fn read_tile(
        &mut self,
        b: &mut Builder,
        base: ValueId,
        s: &Shared,
        d: &Dist,
        ety: &Type,
        loc: &str,
    ) -> Result<Vec<ValueId>, PassError> {
        let sty = shared_type(ety);
        let eb = sty.bits().div_ceil(8).max(1);
        let shape = d.shape.clone();
        let v = s.access(d, &shape, eb);
        let parts = self.thread_parts(b, d);
        let mut vals = vec![None; d.elems_per_thread()];
        let vecs = d.vectors(s.inner(), v);
        let ptrs = addresses(b, base, s, d, &shape, (self.tid, &parts), &vecs, self.num_warps, &sty);
        for (regs, p) in vecs.into_iter().zip(ptrs) {
            let mut got = vec![];
            if v == 1 {
                got.push(b.op1("llvm.load", &[p], sty.clone(), &[("alignment", Attr::int(eb as i64, "i64"))]));
            } else {
                let vt = Type::Other(format!("vector<{v}x{sty}>"));
                let w = b.op1("llvm.load", &[p], vt, &[("alignment", Attr::int((v as u32 * eb) as i64, "i64"))]);
                got = elements_of(b, w, v, &sty);
            }
            for (g, k) in got.into_iter().zip(regs) {
                vals[k] = Some(if sty != *ety { b.op1("arith.trunci", &[g], ety.clone(), &[]) } else { g });
            }
        }
        vals.into_iter()
            .collect::<Option<Vec<ValueId>>>()
            .ok_or_else(|| PassError::at(loc, "a register of the tile read from shared memory was never read"))
    }
}

/// How a conversion or a reshape goes through shared memory: the layouts it writes and
/// reads, the scratch bytes it takes, and its rounds when the whole tile does not fit
/// `budget`. `None`: a conversion without a shared layout (registers only, step 2).
pub(super) struct Staging {
    pub write: Shared,
    pub read: Shared,
    pub bytes: u32,
    pub rounds: Option<Vec<Part>>,
}

pub(super) fn staging(op: &Op, (xt, xd): (&Type, &Dist), (rt, rd): (&Type, &Dist), budget: u32) -> Option<Staging> {
    let reshape = op.name == opname::TILE_RESHAPE;
    let row_major = |rank: usize| Shared::plain(1, 1, 1, 0, (0..rank as u32).rev().collect());
    let (ws, rs) = match reshape {
        true => (row_major(xt.shape().len()), row_major(rt.shape().len())),
        false => {
            let s = op.attr(attrname::LAYOUT_SHARED).and_then(Shared::parse)?;
            (s.clone(), s)
        }
    };
    let eb = shared_type(&lower_type(xt)).bits().div_ceil(8).max(1);
    let bytes = ws.bytes(xt.shape(), eb).max(rs.bytes(rt.shape(), eb));
    // The chunk's bits are the flat index's top bits: row-major for a reshape (both
    // shapes share that order), else the shared layout's rows, outermost first.
    let order = |s: &Shared, rank: usize| -> Vec<usize> {
        match reshape {
            true => (0..rank).collect(),
            false => s.order.iter().rev().map(|&d| d as usize).collect(),
        }
    };
    let sides = [(xd, order(&ws, xd.rank())), (rd, order(&rs, rd.rank()))];
    let chunk_bytes = |p: &[Part]| {
        on_chunk(&ws, &p[0].dist.shape)
            .bytes(&p[0].dist.shape, eb)
            .max(on_chunk(&rs, &p[1].dist.shape).bytes(&p[1].dist.shape, eb))
    };
    let parts = rounds(budget, bytes, &sides, chunk_bytes);
    let bytes = parts.as_deref().map_or(bytes, chunk_bytes);
    Some(Staging { write: ws, read: rs, bytes, rounds: parts })
}

/// `rounds` for tiles whose scratch is `bytes` of the first side's tile (whole, or the
/// chunk of a round): the rounds, and the scratch bytes they take.
pub(super) fn chunked(
    budget: u32,
    sides: &[(&Dist, Vec<usize>)],
    bytes: impl Fn(&Dist) -> u32,
) -> (Option<Vec<Part>>, u32) {
    let parts = rounds(budget, bytes(sides[0].0), sides, |p| bytes(&p[0].dist));
    let n = parts.as_ref().map_or_else(|| bytes(sides[0].0), |p| bytes(&p[0].dist));
    (parts, n)
}

/// A round trip of `whole` bytes that does not fit `budget` (the shared memory above the
/// live buffers), split into the fewest rounds whose chunk's buffer (`chunk_bytes`) does:
/// each side (a tile and the order of its dimensions, outermost first) by the top bits
/// of its flat index (`layout::rounds`). `None` when it fits, or no split applies (the
/// budget check then names the op).
pub(super) fn rounds(
    budget: u32,
    whole: u32,
    sides: &[(&Dist, Vec<usize>)],
    chunk_bytes: impl Fn(&[Part]) -> u32,
) -> Option<Vec<Part>> {
    if whole <= budget {
        return None;
    }
    let total = sides[0].0.shape.iter().product::<i64>().trailing_zeros();
    for t in 1..=total {
        // A bit one side holds in a thread's lanes or warps ends the search: more
        // rounds would need it too.
        let parts = sides.iter().map(|(d, order)| split(d, order, t)).collect::<Option<Vec<Part>>>()?;
        if chunk_bytes(&parts) <= budget {
            return Some(parts);
        }
    }
    None
}

/// `s` on a chunk of a tile taken in rounds: a plain layout of the same order where the
/// swizzle made for the whole tile leaves the chunk's bounds.
fn on_chunk(s: &Shared, shape: &[i64]) -> Shared {
    if s.fits(shape) {
        s.clone()
    } else {
        Shared::plain(1, 1, 1, 0, s.order.clone())
    }
}

/// The type an element travels through shared memory as (i1 as a byte).
fn shared_type(ety: &Type) -> Type {
    if *ety == Type::Int(1) {
        Type::Int(8)
    } else {
        ety.clone()
    }
}

/// The address of each access (`vecs`, runs of registers) of one side, as
/// `address_plan` says: bases pay for the layout's arithmetic, the rest are a base's
/// offset XOR a constant (one `xor` per distinct pair) plus an immediate. A base of a
/// layout with XOR masks is computed from `%tid.x`'s bits when its offset is linear in
/// them (`tid_linear_offset`), else from the thread's coordinates (`thread`'s parts).
#[allow(clippy::too_many_arguments)]
pub(super) fn addresses(
    b: &mut Builder,
    smem: ValueId,
    s: &Shared,
    d: &Dist,
    shape: &[i64],
    thread: (ValueId, &[ValueId]),
    vecs: &[Vec<usize>],
    num_warps: u32,
    elem: &Type,
) -> Vec<ValueId> {
    let starts: Vec<usize> = vecs.iter().map(|r| r[0]).collect();
    let plan = address_plan(s, d, shape, num_warps, &starts);
    let linear = !(s.xor.is_empty() && s.nvmma == 0);
    emit_plan(b, smem, &plan, linear.then_some(thread.0), elem, |b, i| offset(b, s, d, shape, thread.1, starts[i]))
}

/// The addresses of a plan's accesses: each base's offset from `%tid.x` when it is
/// linear in its bits (and `tid` is given), else from `base_offset`; the other accesses
/// a base's XOR a constant plus an immediate.
pub(super) fn emit_plan(
    b: &mut Builder,
    smem: ValueId,
    plan: &[Addr],
    tid: Option<ValueId>,
    elem: &Type,
    mut base_offset: impl FnMut(&mut Builder, usize) -> ValueId,
) -> Vec<ValueId> {
    // (base, xor) -> (element offset, address).
    let mut made: HashMap<(usize, i64), (ValueId, ValueId)> = HashMap::new();
    let mut out = vec![];
    for (i, a) in plan.iter().enumerate() {
        let (base, xor, add) = match a {
            Addr::Base { .. } => (i, 0, 0),
            Addr::From { base, xor, add } => (*base, *xor, *add),
        };
        let p = match made.get(&(base, xor)) {
            Some(&(_, p)) => p,
            None => {
                let off = match (made.get(&(base, 0)), a) {
                    (Some(&(o, _)), _) => {
                        let m = b.const_int(xor, 32);
                        b.op1("arith.xori", &[o, m], Type::Int(32), &[])
                    }
                    // A base (a `From`'s base is always made first).
                    (None, Addr::Base { offsets }) => {
                        let from_tid = tid.and_then(|t| tid_linear_offset(b, t, offsets));
                        from_tid.unwrap_or_else(|| base_offset(b, i))
                    }
                    (None, Addr::From { .. }) => unreachable!("a plan's bases come before their uses"),
                };
                let p = gep(b, smem, off, elem);
                made.insert((base, xor), (off, p));
                p
            }
        };
        out.push(gep_const(b, p, add, elem));
    }
    out
}

/// An element offset given for every thread (`offs[tid]`), as `%tid.x`'s bits pick it,
/// when it is `offs[0] ^ XOR of m_b over tid's set bits b` (checked for every thread):
/// a mask and a shift a bit, where the coordinate form pays for the thread's coordinates
/// and then for every coordinate bit.
pub(super) fn tid_linear_offset(b: &mut Builder, tid: ValueId, offs: &[i64]) -> Option<ValueId> {
    let m = tid_bit_masks(offs)?;
    let mut acc = b.const_int(offs[0], 32);
    for (k, &mk) in m.iter().enumerate().filter(|(_, mk)| **mk != 0) {
        let term = if mk.count_ones() == 1 {
            // tid bit k moved to bit p.
            let bit = b.const_int(1 << k, 32);
            let t = b.op1("arith.andi", &[tid, bit], Type::Int(32), &[]);
            let p = mk.trailing_zeros() as i64;
            match p.cmp(&(k as i64)) {
                std::cmp::Ordering::Equal => t,
                std::cmp::Ordering::Greater => {
                    let sh = b.const_int(p - k as i64, 32);
                    b.op1("arith.shli", &[t, sh], Type::Int(32), &[])
                }
                std::cmp::Ordering::Less => {
                    let sh = b.const_int(k as i64 - p, 32);
                    b.op1("arith.shrui", &[t, sh], Type::Int(32), &[])
                }
            }
        } else {
            let sh = b.const_int(k as i64, 32);
            let t = b.op1("arith.shrui", &[tid, sh], Type::Int(32), &[]);
            let one = b.const_int(1, 32);
            let t = b.op1("arith.andi", &[t, one], Type::Int(32), &[]);
            let c = b.const_int(mk, 32);
            b.op1("arith.muli", &[t, c], Type::Int(32), &[])
        };
        acc = b.op1("arith.xori", &[acc, term], Type::Int(32), &[]);
    }
    Some(acc)
}

/// `base + delta` elements: a constant the backend folds into the access.
fn gep_const(b: &mut Builder, base: ValueId, delta: i64, elem: &Type) -> ValueId {
    if delta == 0 {
        return base;
    }
    b.op1(
        "llvm.getelementptr",
        &[base],
        Type::LlvmPtr(3),
        &[("elem_type", Attr(elem.to_string())), ("rawConstantIndices", Attr(format!("array<i32: {delta}>")))],
    )
}

/// The element offset in `s` of register `j` of a thread (thread parts `parts`).
fn offset(b: &mut Builder, s: &Shared, d: &Dist, shape: &[i64], parts: &[ValueId], j: usize) -> ValueId {
    let o = d.reg_offsets(j);
    let x: Vec<ValueId> = (0..d.rank())
        .map(|k| {
            let mut v = parts[k];
            if o[k] != 0 {
                let c = b.const_int(o[k], 32);
                v = b.op1("arith.addi", &[v, c], Type::Int(32), &[]);
            }
            if d.replicates(k) {
                let m = b.const_int(shape[k] - 1, 32);
                v = b.op1("arith.andi", &[v, m], Type::Int(32), &[]);
            }
            v
        })
        .collect();
    let mut row: Option<ValueId> = None;
    for &dd in s.order.iter().skip(1).rev() {
        let dd = dd as usize;
        row = Some(match row {
            None => x[dd],
            Some(r) => {
                let n = b.const_int(shape[dd], 32);
                let m = b.op1("arith.muli", &[r, n], Type::Int(32), &[]);
                b.op1("arith.addi", &[m, x[dd]], Type::Int(32), &[])
            }
        });
    }
    let mut col = x[s.inner()];
    // nvmma panels: the panel index moves by whole blocks of rows.
    let mut panel_off = None;
    let p = s.panel(shape);
    if s.nvmma > 0 && p < shape[s.inner()] {
        let lp = b.const_int(p.trailing_zeros() as i64, 32);
        let panel = b.op1("arith.shrui", &[col, lp], Type::Int(32), &[]);
        let stride = b.const_int(s.rows(shape) * p, 32);
        panel_off = Some(b.op1("arith.muli", &[panel, stride], Type::Int(32), &[]));
        let pm = b.const_int(p - 1, 32);
        col = b.op1("arith.andi", &[col, pm], Type::Int(32), &[]);
    }
    if s.max_phase > 1 {
        if let Some(row) = row {
            let lv = b.const_int(s.vec.trailing_zeros() as i64, 32);
            let slot = b.op1("arith.shrui", &[col, lv], Type::Int(32), &[]);
            let lp = b.const_int(s.per_phase.trailing_zeros() as i64, 32);
            let ph = b.op1("arith.shrui", &[row, lp], Type::Int(32), &[]);
            let mm = b.const_int(s.max_phase as i64 - 1, 32);
            let ph = b.op1("arith.andi", &[ph, mm], Type::Int(32), &[]);
            let slot = b.op1("arith.xori", &[slot, ph], Type::Int(32), &[]);
            let hi = b.op1("arith.shli", &[slot, lv], Type::Int(32), &[]);
            let vm = b.const_int(s.vec as i64 - 1, 32);
            let lo = b.op1("arith.andi", &[col, vm], Type::Int(32), &[]);
            col = b.op1("arith.ori", &[hi, lo], Type::Int(32), &[]);
        }
    }
    let row_len = if s.nvmma > 0 { p } else { s.row_len(shape) };
    let mut off = match row {
        None => col,
        Some(r) => {
            let n = b.const_int(row_len, 32);
            let m = b.op1("arith.muli", &[r, n], Type::Int(32), &[]);
            b.op1("arith.addi", &[m, col], Type::Int(32), &[])
        }
    };
    if let Some(po) = panel_off {
        off = b.op1("arith.addi", &[off, po], Type::Int(32), &[]);
    }
    for &(d, bit, mask) in &s.xor {
        // off ^= ((x[d] >> bit) & 1) * mask
        let sh = b.const_int(bit as i64, 32);
        let t = b.op1("arith.shrui", &[x[d as usize], sh], Type::Int(32), &[]);
        let one = b.const_int(1, 32);
        let t = b.op1("arith.andi", &[t, one], Type::Int(32), &[]);
        let m = b.const_int(mask as i64, 32);
        let t = b.op1("arith.muli", &[t, m], Type::Int(32), &[]);
        off = b.op1("arith.xori", &[off, t], Type::Int(32), &[]);
    }
    off
}

/// `base` advanced by `off` elements of `elem`, in address space `space` (1 global, 3
/// shared).
pub(super) fn gep_in(b: &mut Builder, space: u32, base: ValueId, off: ValueId, elem: &Type) -> ValueId {
    b.op1(
        "llvm.getelementptr",
        &[base, off],
        Type::LlvmPtr(space),
        &[("elem_type", Attr(elem.to_string())), ("rawConstantIndices", Attr("array<i32: -2147483648>".into()))],
    )
}

/// `base` advanced by `off` elements of `elem` in shared memory.
pub(super) fn gep(b: &mut Builder, base: ValueId, off: ValueId, elem: &Type) -> ValueId {
    gep_in(b, 3, base, off, elem)
}
