//! `tile.dot` on mma.sync (`#layout.mma` version 2): operands in registers as
//! `#layout.dot_op` encodings, the accumulator in the mma encoding.
//!
//! The program's tile is a grid of m16n8k instructions: along M `16 wm` rows a repetition,
//! along N `8 wn` columns, along K the instruction's K. For each (m, n, k) repetition the
//! operands' fragment registers are found by their offsets (the linear layouts put each
//! instruction's fragment in the order mma.sync takes it), packed into 32-bit registers
//! (f16 pairs as `vector<2xf16>`, bf16 pairs, tf32 rounded by `cvt.rna`, s8 quads), and
//! the accumulator's four registers of that (m, n) chain through the K repetitions. A
//! batched (3-D) dot does the same for each of a thread's batch repetitions.

use super::{lower_type, vector_of, Lowerer};
use crate::conversion::nvidia::ptx;
use crate::pass::PassError;
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Builder, Encoding, Op, Type, ValueId};
use tile_dialects::layout::mma::ptx_kind;
use tile_dialects::layout::Dist;

impl Lowerer<'_> {
    pub(super) fn mma_sync(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let (a, bm, acc, r) = (op.operands[0], op.operands[1], op.operands[2], op.result());
        let Some(Encoding::Mma(m)) = self.ty(r).encoding().cloned() else {
            return Err(PassError::at(&op.loc, "mma.sync dot without an mma accumulator"));
        };
        let (ta, tb, tc) = (lower_type(self.ty(a)), lower_type(self.ty(bm)), lower_type(self.ty(r)));
        let kind = ptx_kind(&ta, &tb, &tc, op.enum_attr(attrname::INPUT_PRECISION).unwrap_or_default())
            .ok_or_else(|| PassError::at(&op.loc, format!("no mma.sync multiplies {ta} x {tb} into {tc}")))?;
        let (da, db, dc) = (self.dist(a, &op.loc)?, self.dist(bm, &op.loc)?, self.dist(r, &op.loc)?);
        let ik = m.instr_shape[2] as i64;
        // A batched (3-D) dot: its warps along the batch first, and the batch's
        // repetitions outside each 2-D product's (`encoding::batched`).
        let nb = dc.rank() - 2;
        let (wz, wm, wn) = (
            if nb == 1 { m.warps_per_cta[0] as i64 } else { 1 },
            m.warps_per_cta[nb] as i64,
            m.warps_per_cta[nb + 1] as i64,
        );
        let (zz, mm, nn, kk) =
            (if nb == 1 { dc.shape[0] } else { 1 }, dc.shape[nb], dc.shape[nb + 1], da.shape[nb + 1]);
        let (rz, rm, rn, rk) = ((zz / wz).max(1), (mm / (16 * wm)).max(1), (nn / (8 * wn)).max(1), kk / ik);
        // Fragment sizes: A 16 x ik, B ik x 8, C 16 x 8 over 32 lanes.
        let (fa, fb) = ((16 * ik / 32) as usize, (8 * ik / 32) as usize);
        let mut out = vec![0; dc.elems_per_thread()];
        // The element (batch repetition z, then the matrices' row and column) an
        // instruction starts at, in a tile of this rank.
        let at = |z: i64, row: i64, col: i64| if nb == 1 { vec![z * wz, row, col] } else { vec![row, col] };
        for z in 0..rz {
            let mut a_frags: HashMap<(i64, i64), Vec<ValueId>> = HashMap::new();
            let mut b_frags: HashMap<(i64, i64), Vec<ValueId>> = HashMap::new();
            for i in 0..rm {
                for j in 0..rn {
                    let (row, col) = (i * 16 * wm, j * 8 * wn);
                    let idx = instr_regs(&dc, 4, &at(z, row, col));
                    let mut c: Vec<ValueId> = idx.iter().map(|&x| self.reg(acc, x)).collect();
                    for k in 0..rk {
                        if let Entry::Vacant(e) = a_frags.entry((i, k)) {
                            e.insert(self.fragment(b, a, &da, fa, &at(z, row, k * ik), kind));
                        }
                        if let Entry::Vacant(e) = b_frags.entry((k, j)) {
                            e.insert(self.fragment(b, bm, &db, fb, &at(z, k * ik, col), kind));
                        }
                        c = mma(b, kind, ik, &a_frags[&(i, k)], &b_frags[&(k, j)], &c, &tc);
                    }
                    for (x, v) in idx.into_iter().zip(c) {
                        out[x] = v;
                    }
                }
            }
        }
        self.map.insert(r, out);
        Ok(())
    }
}

impl Lowerer<'_> {
    /// The first `n` registers of `v` (distributed as `d`) shifted by `origin` (a
    /// repetition's first element): one instruction's operand fragment, packed.
    pub(super) fn fragment(
        &mut self,
        b: &mut Builder,
        v: ValueId,
        d: &Dist,
        n: usize,
        origin: &[i64],
        kind: &str,
    ) -> Vec<ValueId> {
        let regs: Vec<ValueId> = instr_regs(d, n, origin).into_iter().map(|x| self.reg(v, x)).collect();
        pack(b, &regs, kind)
    }
}

/// The registers of `d` that hold one instruction's `n` fragment elements for the
/// repetition whose first element is at `origin`: the fragment's own register offsets,
/// moved there.
pub(super) fn instr_regs(d: &Dist, n: usize, origin: &[i64]) -> Vec<usize> {
    (0..n)
        .map(|f| {
            let o = d.reg_offsets(f);
            let at: Vec<i64> = o.iter().zip(origin).map(|(x, y)| x + y).collect();
            d.reg_index(&at)
        })
        .collect()
}

/// Elements into tensor-core instructions' 32-bit operand registers.
fn pack(b: &mut Builder, regs: &[ValueId], kind: &str) -> Vec<ValueId> {
    match kind {
        "f16" => regs.chunks(2).map(|p| vector_of(b, p, &Type::F16)).collect(),
        "tf32" => regs.iter().map(|x| ptx::asm(b, "cvt.rna.tf32.f32 $0, $1;", &[32], &[(*x, "f")], false)[0]).collect(),
        // bf16 pairs and s8 quads: little-endian lanes of an i32.
        _ => {
            let per = if kind == "s8" { 4 } else { 2 };
            let w = 32 / per as u32;
            regs.chunks(per)
                .map(|p| {
                    let mut acc = b.const_int(0, 32);
                    for (h, x) in p.iter().enumerate() {
                        let bits = if w == 16 { b.op1("arith.bitcast", &[*x], Type::Int(16), &[]) } else { *x };
                        let z = b.op1("arith.extui", &[bits], Type::Int(32), &[]);
                        let sh = b.const_int((h as u32 * w) as i64, 32);
                        let s = b.op1("arith.shli", &[z, sh], Type::Int(32), &[]);
                        acc = b.op1("arith.ori", &[acc, s], Type::Int(32), &[]);
                    }
                    acc
                })
                .collect()
        }
    }
}

/// One `mma.sync.aligned.m16n8k{ik}.row.col` on packed operands; returns the four
/// accumulator registers.
fn mma(b: &mut Builder, kind: &str, ik: i64, a: &[ValueId], bb: &[ValueId], c: &[ValueId], ct: &Type) -> Vec<ValueId> {
    let mut operands = a.to_vec();
    operands.extend(bb);
    operands.extend(c);
    let st = Type::Other(format!("!llvm.struct<({ct}, {ct}, {ct}, {ct})>"));
    let mut attrs = vec![
        ("operandSegmentSizes", Attr(format!("array<i32: {}, {}, 4>", a.len(), bb.len()))),
        ("layoutA", Attr("#nvvm.mma_layout<row>".into())),
        ("layoutB", Attr("#nvvm.mma_layout<col>".into())),
        ("shape", Attr(format!("#nvvm.shape<m = 16, n = 8, k = {ik}>"))),
        ("multiplicandAPtxType", Attr(format!("#nvvm.mma_type<{kind}>"))),
        ("multiplicandBPtxType", Attr(format!("#nvvm.mma_type<{kind}>"))),
    ];
    if kind == "s8" {
        attrs.push(("intOverflowBehavior", Attr("#nvvm.mma_int_overflow<wrapped>".into())));
    }
    let d = b.op1("nvvm.mma.sync", &operands, st, &attrs);
    (0..4)
        .map(|i| b.op1("llvm.extractvalue", &[d], ct.clone(), &[("position", Attr(format!("array<i64: {i}>")))]))
        .collect()
}
