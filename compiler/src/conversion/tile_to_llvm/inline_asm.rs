//! `tile.inline_asm` (`inline_asm_elementwise`): the user's PTX once per `pack` registers
//! (Triton's `pack`, 1 by default), its operands the arguments' registers of the same
//! indices (they share the result's encoding, so register j of each is the same
//! element). As Triton packs them: an operand narrower than 32 bits puts min(32 / bits,
//! pack) consecutive registers in one vector (4 x i8 in one 32-bit `r`), a wider one
//! passes each register alone; a pointer passes its 64-bit address. Results come back
//! the same way. A pure asm may be merged or dropped by LLVM; an impure one is kept and
//! ordered (`has_side_effects`). With several `outputs` the asm returns a struct and this
//! op's result is output `index` (sema emits one op per output, pure only, and LLVM
//! merges the identical pure asm calls).

use super::{lower_type, Lowerer};
use crate::conversion::nvidia::ptx;
use crate::pass::PassError;
use tile_dialects::ir::{Attr, Builder, Op, Type, ValueId};

/// Elements of `t` one asm operand holds: min(32 / bits, pack) below 32 bits, else 1.
fn per_reg(t: &Type, pack: usize) -> usize {
    match t {
        Type::Int(b) if *b < 32 => (32 / *b as usize).min(pack),
        Type::F16 | Type::BF16 => 2.min(pack),
        Type::F8E4M3 | Type::F8E5M2 => 4.min(pack),
        _ => 1,
    }
}

/// `vector<n x t>` (or `t` itself for n = 1).
fn vec_of(t: &Type, n: usize) -> Type {
    if n == 1 {
        t.clone()
    } else {
        Type::Other(format!("vector<{n}x{t}>"))
    }
}

impl Lowerer<'_> {
    pub(super) fn inline_asm(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let r = op.result();
        let ty = lower_type(self.ty(r));
        let (asm, cons) = (op.str_attr("asm").unwrap_or_default(), op.str_attr("constraints").unwrap_or_default());
        let pure = op.int_attr("pure").unwrap_or(0) != 0;
        let outputs = op.str_attr("outputs").unwrap_or_default();
        let index = op.int_attr("index").unwrap_or(0) as usize;
        let pack = op.int_attr("pack").unwrap_or(1).max(1) as usize;
        let outs: Vec<Type> = outputs.split(',').map(|t| lower_type(&Type::parse(t.trim()))).collect();
        // The asm's return values: output i as pack / per_reg(i) values of its vector type.
        let mut rets: Vec<Type> = vec![];
        let mut first = 0;
        for (i, t) in outs.iter().enumerate() {
            let k = per_reg(t, pack);
            if i == index {
                first = rets.len();
            }
            rets.extend(std::iter::repeat_n(vec_of(t, k), pack / k));
        }
        let ret = if rets.len() > 1 {
            let fields: Vec<String> = rets.iter().map(|t| t.to_string()).collect();
            Type::Other(format!("!llvm.struct<({})>", fields.join(", ")))
        } else {
            rets[0].clone()
        };
        let n = self.nregs(self.ty(r));
        if n % pack != 0 {
            return Err(PassError::at(
                &op.loc,
                format!(
                    "`inline_asm_elementwise` with `pack = {pack}` needs a multiple of {pack} elements in each \
                     thread, and this tile of {} elements gives each thread {n}: use a larger tile, fewer warps or a \
                     smaller `pack`",
                    self.ty(r).shape().iter().product::<i64>()
                ),
            ));
        }
        let k_out = per_reg(&ty, pack);
        // Arguments of several types arrive as i64 bits (tilegen): their own types.
        let arg_types: Option<Vec<Type>> =
            op.str_attr("arg_types").map(|s| s.split(',').map(|t| lower_type(&Type::parse(t.trim()))).collect());
        let carried = |i: usize| arg_types.as_ref().map(|a| a[i].clone());
        let mut vals = Vec::with_capacity(n);
        for g in (0..n).step_by(pack) {
            let mut xs: Vec<ValueId> = vec![];
            for (i, &o) in op.operands.iter().enumerate() {
                let orig = carried(i);
                let et = orig.clone().unwrap_or_else(|| lower_type(self.ty(o).elem()));
                let is_ptr = matches!(et, Type::TilePtr(_) | Type::LlvmPtr(_));
                let k = per_reg(&et, pack);
                // Register j of the argument, as its own type (an address for a pointer).
                let reg = |b: &mut Builder, j: usize| {
                    let x = self.reg(o, j);
                    match &orig {
                        _ if is_ptr && orig.is_none() => b.op1("llvm.ptrtoint", &[x], Type::Int(64), &[]),
                        Some(t) if !is_ptr && t.bits() < 64 => {
                            let n = b.op1("arith.trunci", &[x], Type::Int(t.bits()), &[]);
                            if t.is_float() {
                                b.op1("arith.bitcast", &[n], t.clone(), &[])
                            } else {
                                n
                            }
                        }
                        Some(t) if t.is_float() => b.op1("arith.bitcast", &[x], t.clone(), &[]),
                        _ => x,
                    }
                };
                for j in (g..g + pack).step_by(k) {
                    if k == 1 {
                        let x = reg(b, j);
                        xs.push(x);
                    } else {
                        let vt = vec_of(&et, k);
                        let mut v = b.op1("llvm.mlir.undef", &[], vt.clone(), &[]);
                        for l in 0..k {
                            let at = b.const_int(l as i64, 32);
                            let x = reg(b, j + l);
                            v = b.op1("llvm.insertelement", &[v, x, at], vt.clone(), &[]);
                        }
                        xs.push(v);
                    }
                }
            }
            let call = ptx::asm_with(b, &asm, &cons, &xs, ret.clone(), !pure);
            for f in 0..pack / k_out {
                let v = if rets.len() > 1 {
                    let at = [("position", Attr(format!("array<i64: {}>", first + f)))];
                    b.op1("llvm.extractvalue", &[call], vec_of(&ty, k_out), &at)
                } else {
                    call
                };
                if k_out == 1 {
                    vals.push(v);
                } else {
                    for l in 0..k_out {
                        let at = b.const_int(l as i64, 32);
                        vals.push(b.op1("llvm.extractelement", &[v, at], ty.clone(), &[]));
                    }
                }
            }
        }
        self.map.insert(r, vals);
        Ok(())
    }
}
