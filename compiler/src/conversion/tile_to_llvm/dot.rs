//! `tile.dot` on CUDA cores: correct for every encoding, not yet fast. The tensor-core
//! path (mma.sync / wgmma with `#layout.mma`) replaces it where an instruction applies;
//! this one takes the rest (exact f32, K below the instruction's, fp8 without wgmma,
//! i8 in exact i32).
//!
//! 1. A barrier (earlier readers of the scratch are done), then every thread writes its
//!    registers of `a` ([M, K]) and `b` ([K, N]) row-major into shared memory.
//! 2. A barrier, then a loop over k: each thread's accumulator registers `(i, j)` gain
//!    `a[i][k] * b[k][j]` (in f32 for f16/bf16 inputs), reading both from shared memory
//!    (loads of the same row or column within an iteration are merged by LLVM).
//!
//! A batched (3-D) dot is the same with a batch index `z` first: `a[z][i][k] * b[z][k][j]`.

use super::convert::gep;
use super::{lower_type, Lowerer};
use crate::conversion::nvidia::sreg;
use crate::pass::PassError;
use tile_dialects::ir::{Builder, Op, Type, ValueId};
use tile_dialects::layout::Dist;

impl Lowerer<'_> {
    pub(super) fn dot(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let (a, bm, acc) = (op.operands[0], op.operands[1], op.operands[2]);
        let r = op.result();
        let (mut at, ct) = (lower_type(self.ty(a)), lower_type(self.ty(r)));
        // fp8 operands (where no tensor-core plan took them) are multiplied as f16, which
        // holds every fp8 value exactly.
        let fp8 = self.ty(a).elem().clone();
        let mut regs = std::collections::HashMap::new();
        for v in [a, bm] {
            let rs: Vec<ValueId> = (0..self.nregs(self.ty(v))).map(|j| self.reg(v, j)).collect();
            let rs = if fp8.is_fp8() { self.fp8_convert(b, &rs, &fp8, &Type::F16, &op.loc)? } else { rs };
            regs.insert(v, rs);
        }
        if fp8.is_fp8() {
            at = Type::F16;
        }
        // i8 operands (K not a multiple of the tensor cores' 32) accumulate exactly in i32,
        // wrapping as mma.sync's s8 does; floats in f32.
        let int = !at.is_float();
        if int && (at != Type::Int(8) || ct != Type::Int(32)) || !int && !ct.is_float() {
            return Err(PassError::at(&op.loc, format!("no CUDA-core `dot` multiplies {at} into {ct}")));
        }
        let wt = if int { Type::Int(32) } else { Type::F32 };
        let (sa, sb) = (self.ty(a).shape().to_vec(), self.ty(bm).shape().to_vec());
        // With a batch dimension (3-D), each batch's matrices follow one another.
        let nb = sa.len() - 2;
        let z = if nb == 1 { sa[0] } else { 1 };
        let (m, k, n) = (sa[nb], sa[nb + 1], sb[nb + 1]);

        let b_base_elems = z * m * k;
        let base = self.smem_for_write(b, operand_bytes(self.ty(a), self.ty(bm)));
        // Step 1.
        for (v, (rows, cols)) in [(a, (m, k)), (bm, (k, n))] {
            let d = self.dist(v, &op.loc)?;
            let first = if v == a { 0 } else { b_base_elems };
            let parts = self.thread_parts(b, &d);
            for j in 0..d.elems_per_thread() {
                let (zi, row, col) = coords(b, &d, &parts, j);
                let row = batch_row(b, zi, row, rows);
                let idx = linear(b, row, col, cols, first);
                let p = gep(b, base, idx, &at);
                b.op("llvm.store", &[regs[&v][j], p], &[], &[]);
            }
        }
        sreg::barrier(b);
        // Step 2.
        let dc = self.dist(r, &op.loc)?;
        let parts = self.thread_parts(b, &dc);
        let nregs = dc.elems_per_thread();
        // Each register's row of `a` (batch z's row i) and of `b` (batch z's row 0, to
        // which k is added), and its column.
        let rows_cols: Vec<(ValueId, Option<ValueId>, ValueId)> = (0..nregs)
            .map(|j| {
                let (zi, row, col) = coords(b, &dc, &parts, j);
                let brow = zi.map(|z| {
                    let zero = b.const_int(0, 32);
                    batch_row(b, Some(z), zero, k)
                });
                (batch_row(b, zi, row, m), brow, col)
            })
            .collect();
        let inits: Vec<ValueId> = (0..nregs)
            .map(|j| {
                let x = self.reg(acc, j);
                if ct == wt {
                    x
                } else {
                    b.op1("arith.extf", &[x], Type::F32, &[])
                }
            })
            .collect();
        let (lo, hi, one) = (b.const_int(0, 32), b.const_int(k, 32), b.const_int(1, 32));
        let mut arg_tys = vec![Type::Int(32)];
        arg_tys.extend(vec![wt.clone(); nregs]);
        let body = b.region(&arg_tys, |ib, args| {
            let kk = args[0];
            let mut outs = vec![];
            for (j, (row, brow, col)) in rows_cols.iter().enumerate() {
                let ia = linear(ib, *row, kk, k, 0);
                let krow = match brow {
                    Some(r) => ib.op1("arith.addi", &[*r, kk], Type::Int(32), &[]),
                    None => kk,
                };
                let ib_ = linear(ib, krow, *col, n, b_base_elems);
                let pa = gep(ib, base, ia, &at);
                let pb = gep(ib, base, ib_, &at);
                let mut x = ib.op1("llvm.load", &[pa], at.clone(), &[]);
                let mut y = ib.op1("llvm.load", &[pb], at.clone(), &[]);
                if int {
                    x = ib.op1("arith.extsi", &[x], Type::Int(32), &[]);
                    y = ib.op1("arith.extsi", &[y], Type::Int(32), &[]);
                    let p = ib.op1("arith.muli", &[x, y], Type::Int(32), &[]);
                    outs.push(ib.op1("arith.addi", &[args[1 + j], p], Type::Int(32), &[]));
                    continue;
                }
                if at != Type::F32 {
                    x = ib.op1("arith.extf", &[x], Type::F32, &[]);
                    y = ib.op1("arith.extf", &[y], Type::F32, &[]);
                }
                outs.push(ib.op1("llvm.intr.fma", &[x, y, args[1 + j]], Type::F32, &[]));
            }
            ib.op("scf.yield", &outs, &[], &[]);
        });
        let mut operands = vec![lo, hi, one];
        operands.extend(&inits);
        let res = b.op_with_regions("scf.for", &operands, &vec![wt.clone(); nregs], &[], vec![body]);
        let vals =
            res.into_iter().map(|x| if ct == wt { x } else { b.op1("arith.truncf", &[x], ct.clone(), &[]) }).collect();
        self.map.insert(r, vals);
        Ok(())
    }
}

/// Batch (None for a 2-D tile), row and column (i32) of register `j` of a tile in this
/// thread.
fn coords(b: &mut Builder, d: &Dist, parts: &[ValueId], j: usize) -> (Option<ValueId>, ValueId, ValueId) {
    let offs = d.reg_offsets(j);
    let mut c = vec![];
    for dim in 0..d.rank() {
        let o = b.const_int(offs[dim], 32);
        let mut x = b.op1("arith.addi", &[parts[dim], o], Type::Int(32), &[]);
        if d.replicates(dim) {
            let mask = b.const_int(d.shape[dim] - 1, 32);
            x = b.op1("arith.andi", &[x, mask], Type::Int(32), &[]);
        }
        c.push(x);
    }
    let n = c.len();
    (if n == 3 { Some(c[0]) } else { None }, c[n - 2], c[n - 1])
}

/// Row `row` of batch `z`'s matrix of `rows` rows, counted over the batches' rows.
fn batch_row(b: &mut Builder, z: Option<ValueId>, row: ValueId, rows: i64) -> ValueId {
    let Some(z) = z else { return row };
    let r = b.const_int(rows, 32);
    let zr = b.op1("arith.muli", &[z, r], Type::Int(32), &[]);
    b.op1("arith.addi", &[zr, row], Type::Int(32), &[])
}

/// `first + row * cols + col`.
fn linear(b: &mut Builder, row: ValueId, col: ValueId, cols: i64, first: i64) -> ValueId {
    let c = b.const_int(cols, 32);
    let m = b.op1("arith.muli", &[row, c], Type::Int(32), &[]);
    let mut x = b.op1("arith.addi", &[m, col], Type::Int(32), &[]);
    if first != 0 {
        let f = b.const_int(first, 32);
        x = b.op1("arith.addi", &[x, f], Type::Int(32), &[]);
    }
    x
}

/// A CUDA-core dot's scratch: both operands, A's batches then B's (fp8 staged as f16).
pub(super) fn operand_bytes(a: &Type, bm: &Type) -> u32 {
    let (sa, sb) = (a.shape(), bm.shape());
    if sa.len() < 2 || sb.len() != sa.len() {
        return 0;
    }
    let nb = sa.len() - 2;
    let z = if nb == 1 { sa[0] } else { 1 };
    let (m, k, n) = (sa[nb], sa[nb + 1], sb[nb + 1]);
    let eb = if a.elem().is_fp8() { 2 } else { lower_type(a).bits() / 8 };
    ((z * (m * k + k * n)) * eb as i64) as u32
}
