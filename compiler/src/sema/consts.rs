//! Constant folding with the target type's semantics (wrapping integers of the right
//! width and signedness, f32 rounding), literal typing, and `-D` value parsing.
//!
//! Integers are held in `ConstVal::Int(i64)`; a `u64` above `i64::MAX` keeps its bit
//! pattern (lowering emits the bits, so this is lossless).

use super::tir::{BinOp, ConstVal, MathFn, UnOp};
use super::types::Scalar;

/// The mathematical value of an integer constant of type `ty`.
pub(crate) fn int_value(v: i64, ty: Scalar) -> i128 {
    if ty == Scalar::U64 {
        v as u64 as i128
    } else {
        v as i128
    }
}

/// Wraps an integer to `ty`'s width and signedness (C semantics).
pub(crate) fn wrap(v: i128, ty: Scalar) -> i64 {
    let bits = ty.bits();
    if ty == Scalar::I1 {
        return (v & 1) as i64;
    }
    let mask: u128 = if bits == 64 { u64::MAX as u128 } else { (1u128 << bits) - 1 };
    let u = (v as u128) & mask;
    if ty.is_signed_int() && bits < 128 && (u >> (bits - 1)) & 1 == 1 {
        (u as i128 - (1i128 << bits)) as i64
    } else {
        u as u64 as i64
    }
}

/// Whether an integer fits `ty` without wrapping.
pub(crate) fn fits(v: i128, ty: Scalar) -> bool {
    match ty {
        Scalar::I1 => v == 0 || v == 1,
        t if t.is_signed_int() => {
            let b = t.bits();
            v >= -(1i128 << (b - 1)) && v < (1i128 << (b - 1))
        }
        t if t.is_unsigned_int() => v >= 0 && v < (1i128 << t.bits()),
        _ => true,
    }
}

/// The type of a bare integer literal: i32 when it fits, else u32, i64, u64 (as Triton).
pub(crate) fn int_literal_type(v: u64) -> Scalar {
    let v = v as i128;
    [Scalar::I32, Scalar::U32, Scalar::I64].into_iter().find(|t| fits(v, *t)).unwrap_or(Scalar::U64)
}

fn round_float(x: f64, ty: Scalar) -> f64 {
    match ty {
        Scalar::F32 => x as f32 as f64,
        _ => x,
    }
}

pub(crate) fn as_f64(v: ConstVal, ty: Scalar) -> f64 {
    match v {
        ConstVal::Int(i) => int_value(i, ty) as f64,
        ConstVal::Float(f) => f,
        ConstVal::Bool(b) => b as i64 as f64,
    }
}

fn as_int(v: ConstVal, ty: Scalar) -> i128 {
    match v {
        ConstVal::Int(i) => int_value(i, ty),
        ConstVal::Float(f) => f as i128,
        ConstVal::Bool(b) => b as i128,
    }
}

/// Normalises a value to the representation `ty` uses (bools as `Bool`).
pub(crate) fn normalize(v: ConstVal, ty: Scalar) -> ConstVal {
    if ty == Scalar::I1 {
        ConstVal::Bool(as_int(v, Scalar::I64) != 0)
    } else if ty.is_float() {
        ConstVal::Float(round_float(as_f64(v, ty), ty))
    } else {
        ConstVal::Int(wrap(as_int(v, ty), ty))
    }
}

/// Converts a constant from `from` to `to` (a value conversion, like `.to(T)`).
/// `None` when folding would need a rounding mode we do not model (f16 bit patterns).
pub(crate) fn cast(v: ConstVal, from: Scalar, to: Scalar, bitcast: bool) -> Option<ConstVal> {
    if from.is_fp8() || to.is_fp8() {
        return None; // converted by the kernel (and the interpreter), one rounding rule
    }
    if !bitcast {
        if to == Scalar::I1 {
            return Some(ConstVal::Bool(as_f64(v, from) != 0.0));
        }
        if from.is_float() && to.is_int() {
            let f = as_f64(v, from);
            if f.is_nan() {
                return None;
            }
            return Some(ConstVal::Int(wrap(f.trunc() as i128, to)));
        }
        if from.is_int() && to.is_float() {
            // Read with the source's signedness, rounded once (as cvt.rn.f32.s64): through
            // f64 a 64-bit value would be rounded twice.
            let i = as_int(v, from);
            let f = if to == Scalar::F32 { i as f32 as f64 } else { i as f64 };
            return Some(normalize(ConstVal::Float(f), to));
        }
        return Some(normalize(v, to));
    }
    let bits: u64 = match (v, from) {
        (ConstVal::Float(f), Scalar::F32) => (f as f32).to_bits() as u64,
        (ConstVal::Float(f), Scalar::F64) => f.to_bits(),
        (ConstVal::Float(_), _) => return None,
        (ConstVal::Bool(b), _) => b as u64,
        (ConstVal::Int(i), _) => {
            let w = from.bits();
            (i as u64) & if w == 64 { u64::MAX } else { (1u64 << w) - 1 }
        }
    };
    match to {
        Scalar::F32 => Some(ConstVal::Float(f32::from_bits(bits as u32) as f64)),
        Scalar::F64 => Some(ConstVal::Float(f64::from_bits(bits))),
        Scalar::F16 | Scalar::BF16 => None,
        t => Some(normalize(ConstVal::Int(bits as i64), t)),
    }
}

/// Folds a unary operator on a constant of type `ty`.
pub(crate) fn unary(op: UnOp, v: ConstVal, ty: Scalar) -> Option<ConstVal> {
    Some(match op {
        UnOp::Neg if ty.is_float() => ConstVal::Float(-as_f64(v, ty)),
        UnOp::Neg => normalize(ConstVal::Int(wrap(-as_int(v, ty), ty)), ty),
        UnOp::Not => ConstVal::Bool(as_int(v, ty) == 0),
        UnOp::BitNot => normalize(ConstVal::Int(wrap(!as_int(v, ty), ty)), ty),
    })
}

/// Folds `maximum` / `minimum` (and two-argument `max` / `min`) of constants of type
/// `ty` as the code would run them: for floats `f` says what a NaN does (`MaxNum` /
/// `MinNum` ignore it, as `arith.maxnumf`; `Maximum` / `Minimum` return it), and -0 is
/// below +0 either way (as the interpreter); integers compare signed or unsigned by type.
pub(crate) fn min_max(f: MathFn, a: ConstVal, b: ConstVal, ty: Scalar) -> ConstVal {
    let max = matches!(f, MathFn::Maximum | MathFn::MaxNum);
    if ty.is_float() {
        let (x, y) = (as_f64(a, ty), as_f64(b, ty));
        let ignore_nan = matches!(f, MathFn::MaxNum | MathFn::MinNum);
        let r = match (x.is_nan(), y.is_nan()) {
            (true, false) if ignore_nan => y,
            (false, true) if ignore_nan => x,
            (false, false) if x == y => {
                // Only the zeros' signs can differ: +0 is the larger.
                if max == x.is_sign_positive() {
                    x
                } else {
                    y
                }
            }
            (false, false) if (x > y) == max => x,
            (false, false) => y,
            _ => f64::NAN,
        };
        return ConstVal::Float(r);
    }
    let (x, y) = (as_int(a, ty), as_int(b, ty));
    let r = if (x > y) == max { x } else { y };
    normalize(ConstVal::Int(wrap(r, ty)), ty)
}

/// A comparison `op` of two values ordered `ord` (`None`: a NaN, unordered: only `!=`).
pub(crate) fn compare(op: BinOp, ord: Option<std::cmp::Ordering>) -> bool {
    use BinOp::*;
    match (op, ord) {
        (Ne, None) => true,
        (_, None) => false,
        (Eq, Some(o)) => o.is_eq(),
        (Ne, Some(o)) => o.is_ne(),
        (Lt, Some(o)) => o.is_lt(),
        (Le, Some(o)) => o.is_le(),
        (Gt, Some(o)) => o.is_gt(),
        (_, Some(o)) => o.is_ge(),
    }
}

/// Folds a binary operator on constants whose (common) type is `ty`.
pub(crate) fn binary(op: BinOp, a: ConstVal, b: ConstVal, ty: Scalar) -> Result<ConstVal, String> {
    use BinOp::*;
    if op.is_comparison() {
        let ord = if ty.is_float() {
            as_f64(a, ty).partial_cmp(&as_f64(b, ty))
        } else {
            Some(as_int(a, ty).cmp(&as_int(b, ty)))
        };
        return Ok(ConstVal::Bool(compare(op, ord)));
    }
    if ty.is_float() {
        let (x, y) = (as_f64(a, ty), as_f64(b, ty));
        let r = match op {
            Add => x + y,
            Sub => x - y,
            Mul => x * y,
            Div => x / y,
            Rem => x % y,
            _ => return Err(format!("`{op:?}` is not defined on floats")),
        };
        return Ok(ConstVal::Float(round_float(r, ty)));
    }
    let (x, y) = (as_int(a, ty), as_int(b, ty));
    let r: i128 = match op {
        Add => x + y,
        Sub => x - y,
        Mul => x.wrapping_mul(y),
        Div | Rem if y == 0 => return Err("division by zero in a constant expression".into()),
        // i128 division truncates toward zero, as C and Triton do.
        Div => x / y,
        Rem => x % y,
        BitAnd => x & y,
        BitOr => x | y,
        BitXor => x ^ y,
        LogicalAnd => ((x != 0) && (y != 0)) as i128,
        LogicalOr => ((x != 0) || (y != 0)) as i128,
        Shl | Shr => {
            let bits = ty.bits() as i128;
            if y < 0 || y >= bits {
                return Err(format!("shift by {y} is out of range for a {}-bit {ty}", bits));
            }
            if op == Shl {
                x << y
            } else {
                x >> y
            }
        }
        _ => unreachable!(),
    };
    Ok(normalize(ConstVal::Int(wrap(r, ty)), ty))
}

/// Parses a `-D NAME=VALUE` value for a const parameter of type `ty`.
pub(crate) fn parse_define(text: &str, ty: Scalar) -> Result<ConstVal, String> {
    let t = text.trim();
    if ty == Scalar::I1 {
        return match t {
            "true" | "1" => Ok(ConstVal::Bool(true)),
            "false" | "0" => Ok(ConstVal::Bool(false)),
            _ => Err(format!("expected `true` or `false` for a bool, found `{text}`")),
        };
    }
    if ty.is_float() {
        return match t {
            "inf" => Ok(ConstVal::Float(f64::INFINITY)),
            "-inf" => Ok(ConstVal::Float(f64::NEG_INFINITY)),
            "nan" => Ok(ConstVal::Float(f64::NAN)),
            _ => t
                .replace('_', "")
                .parse::<f64>()
                .map(|f| ConstVal::Float(round_float(f, ty)))
                .map_err(|_| format!("`{text}` is not a number")),
        };
    }
    // The tools' one syntax of integers (`1<<11`, `2*64`, `cdiv(1000, 3)`, `0x10`).
    let v = crate::int_expr::eval_number(t).map_err(|e| match e {
        crate::int_expr::ExprError::Unknown(n) => {
            format!("`{text}` is not an integer (`{n}` is not a number: -D values name nothing)")
        }
        e => e.to_string(),
    })?;
    if !fits(v, ty) {
        return Err(format!("{v} does not fit in {ty}"));
    }
    Ok(ConstVal::Int(wrap(v, ty)))
}

/// How a constant is spelled in messages and metadata.
pub(crate) fn show(v: ConstVal, ty: Scalar) -> String {
    match v {
        ConstVal::Int(i) => int_value(i, ty).to_string(),
        ConstVal::Float(f) if f.is_infinite() => (if f > 0.0 { "inf" } else { "-inf" }).into(),
        ConstVal::Float(f) => format!("{f:?}"),
        ConstVal::Bool(b) => b.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_and_truncation() {
        assert_eq!(wrap(300, Scalar::U8), 44);
        assert_eq!(wrap(128, Scalar::I8), -128);
        assert_eq!(wrap(-1, Scalar::U32), 0xFFFF_FFFF);
        assert_eq!(binary(BinOp::Div, ConstVal::Int(-7), ConstVal::Int(2), Scalar::I32), Ok(ConstVal::Int(-3)));
        assert_eq!(binary(BinOp::Rem, ConstVal::Int(-7), ConstVal::Int(2), Scalar::I32), Ok(ConstVal::Int(-1)));
        assert!(binary(BinOp::Div, ConstVal::Int(1), ConstVal::Int(0), Scalar::I32).is_err());
        assert_eq!(binary(BinOp::Shl, ConstVal::Int(1), ConstVal::Int(32), Scalar::U64), Ok(ConstVal::Int(1 << 32)));
        assert_eq!(
            binary(BinOp::Lt, ConstVal::Int(0xFFFF_FFFF), ConstVal::Int(0), Scalar::U32),
            Ok(ConstVal::Bool(false))
        );
    }

    #[test]
    fn literal_types_and_casts() {
        assert_eq!(int_literal_type(42), Scalar::I32);
        assert_eq!(int_literal_type(0xFFFF_FFFF), Scalar::U32);
        assert_eq!(int_literal_type(1 << 40), Scalar::I64);
        assert_eq!(int_literal_type(u64::MAX), Scalar::U64);
        assert_eq!(cast(ConstVal::Float(-1.5), Scalar::F32, Scalar::I32, false), Some(ConstVal::Int(-1)));
        assert_eq!(cast(ConstVal::Int(-1), Scalar::I32, Scalar::U32, true), Some(ConstVal::Int(0xFFFF_FFFF)));
        assert_eq!(cast(ConstVal::Float(1.0), Scalar::F32, Scalar::I32, true), Some(ConstVal::Int(0x3F80_0000)));
        // u64 read unsigned; 64-bit integers rounded once to f32 (not through f64).
        assert_eq!(cast(ConstVal::Int(-1), Scalar::U64, Scalar::F32, false), Some(ConstVal::Float(2f64.powi(64))));
        let x = (1i64 << 62) + (1 << 38) + 1;
        let want = ((1i64 << 62) + (1 << 39)) as f64;
        assert_eq!(cast(ConstVal::Int(x), Scalar::I64, Scalar::F32, false), Some(ConstVal::Float(want)));
    }

    #[test]
    fn define_values() {
        assert_eq!(parse_define("512", Scalar::I32), Ok(ConstVal::Int(512)));
        assert_eq!(parse_define("-3", Scalar::I32), Ok(ConstVal::Int(-3)));
        assert_eq!(parse_define("0x10", Scalar::I64), Ok(ConstVal::Int(16)));
        assert_eq!(parse_define("0.5", Scalar::F32), Ok(ConstVal::Float(0.5)));
        assert_eq!(parse_define("true", Scalar::I1), Ok(ConstVal::Bool(true)));
        assert!(parse_define("abc", Scalar::I32).is_err());
        assert_eq!(parse_define("1<<11", Scalar::I32), Ok(ConstVal::Int(2048)));
        assert_eq!(parse_define("2 * 64 + cdiv(10, 4)", Scalar::I32), Ok(ConstVal::Int(131)));
        assert_eq!(parse_define("0xFFFF_FFFF_FFFF_FFFF", Scalar::U64), Ok(ConstVal::Int(-1)));
        assert!(parse_define("1<<31", Scalar::I32).unwrap_err().contains("does not fit in i32"));
        assert!(parse_define("300", Scalar::U8).is_err());
    }
}
