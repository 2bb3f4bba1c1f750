//! `tile.dot` on CUDA cores: correct for every encoding, not yet fast. The tensor-core
//! path (mma.sync / wgmma with `#layout.mma`) replaces it for f16/bf16.
//!
//! 1. A barrier (earlier readers of the scratch are done), then every thread writes its
//!    registers of `a` ([M, K]) and `b` ([K, N]) row-major into shared memory.
//! 2. A barrier, then a loop over k: each thread's accumulator registers `(i, j)` gain
//!    `a[i][k] * b[k][j]` (in f32 for f16/bf16 inputs), reading both from shared memory
//!    (loads of the same row or column within an iteration are merged by LLVM).

use super::convert::gep;
use super::{lower_type, Lowerer};
use crate::conversion::nvidia::sreg;
use crate::passes::PassError;
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
        if !at.is_float() || !ct.is_float() {
            return Err(PassError::at(&op.loc, "integer `dot` is not supported yet (f16, bf16 and f32 are)"));
        }
        let (sa, sb) = (self.ty(a).shape().to_vec(), self.ty(bm).shape().to_vec());
        let (m, k, n) = (sa[0], sa[1], sb[1]);
        let eb = at.bits() / 8;
        let b_base_elems = m * k;
        let bytes = ((m * k + k * n) * eb as i64) as u32;
        let base = self.smem_for_write(b, bytes);
        // Step 1.
        for (v, cols) in [(a, k), (bm, n)] {
            let d = self.dist(v, &op.loc)?;
            let first = if v == a { 0 } else { b_base_elems };
            let parts = self.thread_parts(b, &d);
            for j in 0..d.elems_per_thread() {
                let (row, col) = coords(b, &d, &parts, j);
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
        let rows_cols: Vec<(ValueId, ValueId)> = (0..nregs).map(|j| coords(b, &dc, &parts, j)).collect();
        let inits: Vec<ValueId> = (0..nregs)
            .map(|j| {
                let x = self.reg(acc, j);
                if ct == Type::F32 {
                    x
                } else {
                    b.op1("arith.extf", &[x], Type::F32, &[])
                }
            })
            .collect();
        let (lo, hi, one) = (b.const_int(0, 32), b.const_int(k, 32), b.const_int(1, 32));
        let mut arg_tys = vec![Type::Int(32)];
        arg_tys.extend(vec![Type::F32; nregs]);
        let body = b.region(&arg_tys, |ib, args| {
            let kk = args[0];
            let mut outs = vec![];
            for (j, (row, col)) in rows_cols.iter().enumerate() {
                let ia = linear(ib, *row, kk, k, 0);
                let ib_ = linear(ib, kk, *col, n, b_base_elems);
                let pa = gep(ib, base, ia, &at);
                let pb = gep(ib, base, ib_, &at);
                let mut x = ib.op1("llvm.load", &[pa], at.clone(), &[]);
                let mut y = ib.op1("llvm.load", &[pb], at.clone(), &[]);
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
        let res = b.op_with_regions("scf.for", &operands, &vec![Type::F32; nregs], &[], vec![body]);
        let vals = res
            .into_iter()
            .map(|x| if ct == Type::F32 { x } else { b.op1("arith.truncf", &[x], ct.clone(), &[]) })
            .collect();
        self.map.insert(r, vals);
        Ok(())
    }
}

/// Row and column (i32) of register `j` of a 2-D tile in this thread.
fn coords(b: &mut Builder, d: &Dist, parts: &[ValueId], j: usize) -> (ValueId, ValueId) {
    let offs = d.reg_offsets(j);
    let mut rc = [0; 2];
    for dim in 0..2 {
        let o = b.const_int(offs[dim], 32);
        let mut x = b.op1("arith.addi", &[parts[dim], o], Type::Int(32), &[]);
        if d.replicates(dim) {
            let mask = b.const_int(d.shape[dim] - 1, 32);
            x = b.op1("arith.andi", &[x, mask], Type::Int(32), &[]);
        }
        rc[dim] = x;
    }
    (rc[0], rc[1])
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
