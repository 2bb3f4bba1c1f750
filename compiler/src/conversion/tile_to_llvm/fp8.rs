//! fp8 (`f8E4M3FN`, `f8E5M2`) values: held as their bits in i8 registers (LLVM has no fp8
//! type), so loads, stores, selects and layout conversions move them like i8. Only the
//! ops whose meaning depends on the format come here: constants, conversions to and from
//! other floats, and bitcasts.
//!
//! Conversions are the instructions Triton emits on sm_89+ (two elements at a time):
//! `cvt.rn.satfinite.{e4m3,e5m2}x2.f32` (round to nearest even, saturating to the finite
//! range, NaN kept) and `cvt.rn.f16x2.{e4m3,e5m2}x2` (exact). Other floats go through f32
//! (f16 / bf16 → f32 is exact, so one rounding; f64 → f32 → fp8 rounds twice) or f16
//! (fp8 → f16 is exact, as is f16 → f32 / f64 and, for fp8 values, f32 → bf16).

use super::Lowerer;
use crate::conversion::nvidia::ptx;
use crate::options::Arch;
use crate::pass::PassError;
use tile_dialects::fp8::{self, Fp8};
use tile_dialects::ir::{Builder, Op, Type, ValueId};

/// Whether `op` is an arith op that reads or makes an fp8 value and needs more than
/// moving its bits.
pub(super) fn is_fp8_op(l: &Lowerer, op: &Op) -> bool {
    let fp8 = |v: &ValueId| l.ty(*v).elem().is_fp8();
    matches!(op.name.as_str(), "arith.constant" | "arith.extf" | "arith.truncf" | "arith.bitcast")
        && (op.operands.iter().any(fp8) || op.results.iter().any(fp8))
}

/// The PTX name of an fp8 format in `cvt`.
fn ptx_name(t: &Type) -> &'static str {
    if *t == Type::F8E4M3 {
        "e4m3"
    } else {
        "e5m2"
    }
}

impl Lowerer<'_> {
    pub(super) fn fp8_op(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let r = op.result();
        let rty = self.ty(r).elem().clone();
        let vals = match op.name.as_str() {
            "arith.constant" => {
                let bits = constant_bits(op, fp8_format(&rty)).ok_or_else(|| {
                    PassError::at(&op.loc, format!("fp8 constant `{:?}` is not a bit pattern", op.attrs))
                })?;
                vec![b.const_int(bits, 8)]
            }
            // The bits are the value: an fp8 <-> i8 bitcast moves nothing.
            "arith.bitcast" => self.get(op.operands[0]).to_vec(),
            _ => {
                let x = op.operands[0];
                let xty = self.ty(x).elem().clone();
                let regs: Vec<ValueId> = (0..self.nregs(self.ty(r))).map(|j| self.reg(x, j)).collect();
                self.fp8_convert(b, &regs, &xty, &rty, &op.loc)?
            }
        };
        self.map.insert(r, vals);
        Ok(())
    }

    /// Registers of float type `from` converted to `to`, one of them fp8.
    pub(super) fn fp8_convert(
        &mut self,
        b: &mut Builder,
        regs: &[ValueId],
        from: &Type,
        to: &Type,
        loc: &str,
    ) -> Result<Vec<ValueId>, PassError> {
        if self.arch == Arch::Sm80 {
            return Err(PassError::at(
                loc,
                "fp8 conversions need sm_89 or newer: sm_80 has no `cvt` to or from e4m3 / e5m2 \
                 (compile with --arch sm_90, or bitcast the bytes to u8)",
            ));
        }
        if to.is_fp8() && from.is_fp8() {
            // e4m3 <-> e5m2: tilegen routes it through f32.
            return Err(PassError::at(loc, "internal: fp8 to fp8 conversion not through f32"));
        }
        Ok(if to.is_fp8() {
            let f32s: Vec<ValueId> = regs.iter().map(|&v| to_f32(b, v, from)).collect();
            from_f32_pairs(b, &f32s, to)
        } else {
            let f16s = to_f16_pairs(b, regs, from);
            f16s.into_iter().map(|h| from_f16(b, h, to)).collect()
        })
    }
}

/// The bit format of an fp8 type.
fn fp8_format(t: &Type) -> Fp8 {
    if *t == Type::F8E4M3 {
        fp8::E4M3
    } else {
        fp8::E5M2
    }
}

/// The bits of an fp8 `arith.constant`: `0x38 : f8E4M3FN` as tilegen writes it, or the
/// exact decimal MLIR prints once it has parsed it (`1.000000e+00 : f8E4M3FN`), or a
/// dense splat of either.
fn constant_bits(op: &Op, fmt: Fp8) -> Option<i64> {
    let v = &op.attrs.iter().find(|(k, _)| k == "value")?.1 .0;
    let v = v.trim().trim_start_matches("dense<");
    let lit = v.split([' ', '>', ':']).next()?;
    match lit.strip_prefix("0x") {
        Some(hex) => i64::from_str_radix(hex, 16).ok(),
        None => lit.parse::<f64>().ok().map(|x| fmt.encode(x) as i64),
    }
}

fn to_f32(b: &mut Builder, v: ValueId, t: &Type) -> ValueId {
    match t {
        Type::F32 => v,
        Type::F64 => b.op1("arith.truncf", &[v], Type::F32, &[]),
        _ => b.op1("arith.extf", &[v], Type::F32, &[]),
    }
}

fn from_f16(b: &mut Builder, h: ValueId, t: &Type) -> ValueId {
    match t {
        Type::F16 => h,
        Type::BF16 => {
            let f = b.op1("arith.extf", &[h], Type::F32, &[]);
            b.op1("arith.truncf", &[f], Type::BF16, &[])
        }
        _ => b.op1("arith.extf", &[h], t.clone(), &[]),
    }
}

/// f32 registers → fp8 bits (i8), two per `cvt`: the first of a pair in the low byte.
fn from_f32_pairs(b: &mut Builder, xs: &[ValueId], t: &Type) -> Vec<ValueId> {
    let text = format!("cvt.rn.satfinite.{}x2.f32 $0, $2, $1;", ptx_name(t));
    let mut out = vec![];
    for pair in xs.chunks(2) {
        let (lo, hi) = (pair[0], *pair.get(1).unwrap_or(&pair[0]));
        // PTX puts the first source operand in the upper half.
        let w = ptx::asm(b, &text, &[16], &[(lo, "f"), (hi, "f")], false)[0];
        out.push(b.op1("arith.trunci", &[w], Type::Int(8), &[]));
        if pair.len() == 2 {
            let s = b.const_int(8, 16);
            let h = b.op1("arith.shrui", &[w, s], Type::Int(16), &[]);
            out.push(b.op1("arith.trunci", &[h], Type::Int(8), &[]));
        }
    }
    out
}

/// fp8 bits (i8) → f16 values, two per `cvt`.
fn to_f16_pairs(b: &mut Builder, xs: &[ValueId], t: &Type) -> Vec<ValueId> {
    let text = format!("cvt.rn.f16x2.{}x2 $0, $1;", ptx_name(t));
    let mut out = vec![];
    for pair in xs.chunks(2) {
        let mut packed = b.op1("arith.extui", &[pair[0]], Type::Int(16), &[]);
        if let Some(&hi) = pair.get(1) {
            let h = b.op1("arith.extui", &[hi], Type::Int(16), &[]);
            let s = b.const_int(8, 16);
            let h = b.op1("arith.shli", &[h, s], Type::Int(16), &[]);
            packed = b.op1("arith.ori", &[packed, h], Type::Int(16), &[]);
        }
        let w = ptx::asm(b, &text, &[32], &[(packed, "h")], false)[0];
        for k in 0..pair.len() {
            let mut x = w;
            if k == 1 {
                let s = b.const_int(16, 32);
                x = b.op1("arith.shrui", &[x, s], Type::Int(32), &[]);
            }
            let x = b.op1("arith.trunci", &[x], Type::Int(16), &[]);
            out.push(b.op1("arith.bitcast", &[x], Type::F16, &[]));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn constant_bits() {
        let op = |v: &str| tile_dialects::ir::Op {
            attrs: vec![("value".into(), tile_dialects::ir::Attr(v.into()))],
            ..Default::default()
        };
        let e4 = tile_dialects::fp8::E4M3;
        assert_eq!(super::constant_bits(&op("0x38 : f8E4M3FN"), e4), Some(0x38));
        assert_eq!(super::constant_bits(&op("dense<0x7E> : tensor<4xf8E4M3FN>"), e4), Some(0x7e));
        assert_eq!(super::constant_bits(&op("-2.000000e+00 : f8E4M3FN"), e4), Some(0xc0));
        assert_eq!(super::constant_bits(&op("dense<4.480000e+02> : tensor<4xf8E4M3FN>"), e4), Some(0x7e));
        assert_eq!(super::constant_bits(&op("x : f8E4M3FN"), e4), None);
    }
}
