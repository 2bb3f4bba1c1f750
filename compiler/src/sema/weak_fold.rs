//! Folding of weak constants (literals and `const` parameters) among themselves.
//!
//! In Triton such values are Python numbers (`tl.constexpr`): `2147483647 + 1` is
//! 2147483648, not a wrapped i32, and `-2147483648` is an i32 because it fits one. The
//! result gets the type Triton gives a Python scalar (`to_tensor_type`: i32, u32, i64,
//! u64 by value; f32, or f64 beyond f32's normal range). Integer `/` and `%` keep the
//! tile language's truncation (as on tiles); everything else is exact.

use super::consts::{compare, int_value};
use super::tir::{BinOp, ConstVal, UnOp};
use super::types::Scalar;

/// What folding two weak constants gives.
pub(crate) enum Folded {
    /// A weak constant of this type (bools from comparisons are strong).
    Value(ConstVal, Scalar),
    /// Not foldable here: the usual typed path decides (bools, pointers).
    NotHere,
}

/// Triton's type of a Python integer, or `None` when no integer type holds it.
pub(crate) fn int_type(v: i128) -> Option<Scalar> {
    if (-(1i128 << 31)..(1i128 << 31)).contains(&v) {
        Some(Scalar::I32)
    } else if ((1i128 << 31)..(1i128 << 32)).contains(&v) {
        Some(Scalar::U32)
    } else if (-(1i128 << 63)..(1i128 << 63)).contains(&v) {
        Some(Scalar::I64)
    } else if ((1i128 << 63)..(1i128 << 64)).contains(&v) {
        Some(Scalar::U64)
    } else {
        None
    }
}

/// Triton's type of a Python float: f32 unless its magnitude is outside f32's normal
/// range (zero, infinities and NaN are f32).
pub(crate) fn float_type(v: f64) -> Scalar {
    let a = v.abs();
    if a == 0.0 || a.is_infinite() || v.is_nan() || (f32::MIN_POSITIVE as f64..=f32::MAX as f64).contains(&a) {
        Scalar::F32
    } else {
        Scalar::F64
    }
}

fn int_const(v: i128) -> Result<Folded, String> {
    match int_type(v) {
        Some(t) => Ok(Folded::Value(ConstVal::Int(v as i64), t)),
        None => Err(format!("the constant {v} fits no integer type (it needs more than 64 bits)")),
    }
}

fn as_number(v: ConstVal, ty: Scalar) -> Option<Result<i128, f64>> {
    match v {
        ConstVal::Int(i) if ty.is_int() && ty != Scalar::I1 => Some(Ok(int_value(i, ty))),
        ConstVal::Float(f) if ty.is_float() => Some(Err(f)),
        _ => None,
    }
}

/// Folds `op` on two weak constants of types `ta`, `tb` as Python would.
pub(crate) fn binary(op: BinOp, a: ConstVal, ta: Scalar, b: ConstVal, tb: Scalar) -> Result<Folded, String> {
    use BinOp::*;
    let (Some(x), Some(y)) = (as_number(a, ta), as_number(b, tb)) else {
        return Ok(Folded::NotHere);
    };
    if matches!(op, LogicalAnd | LogicalOr) {
        return Ok(Folded::NotHere); // needs bools: the typed path says so
    }
    let (x, y) = match (x, y) {
        (Ok(x), Ok(y)) => (x, y),
        (x, y) => {
            if matches!(op, BitAnd | BitOr | BitXor | Shl | Shr) {
                return Ok(Folded::NotHere); // a float operand: the typed path refuses it
            }
            let num = |v: Result<i128, f64>| v.map_or_else(|f| f, |i| i as f64);
            let (x, y) = (num(x), num(y));
            if op.is_comparison() {
                return Ok(Folded::Value(ConstVal::Bool(compare(op, x.partial_cmp(&y))), Scalar::I1));
            }
            let r = match op {
                Add => x + y,
                Sub => x - y,
                Mul => x * y,
                Div => x / y,
                Rem => x % y,
                _ => unreachable!("bitwise operators returned above"),
            };
            return Ok(Folded::Value(ConstVal::Float(r), float_type(r)));
        }
    };
    if op.is_comparison() {
        return Ok(Folded::Value(ConstVal::Bool(compare(op, Some(x.cmp(&y)))), Scalar::I1));
    }
    let r = match op {
        Add => x + y,
        Sub => x - y,
        Mul => x.checked_mul(y).ok_or_else(|| format!("the constant {x} * {y} fits no integer type"))?,
        Div | Rem if y == 0 => return Err("division by zero in a constant expression".into()),
        // Truncating, as the tile language's `/` and `%` on tiles (C's; Triton's `//`
        // and `%` on tensors).
        Div => x / y,
        Rem => x % y,
        BitAnd => x & y,
        BitOr => x | y,
        BitXor => x ^ y,
        Shl | Shr if y < 0 => return Err(format!("negative shift count {y} in a constant expression")),
        Shl if y >= 64 && x != 0 => return Err(format!("the constant {x} << {y} fits no integer type")),
        Shl => x << y,
        Shr => x >> y.min(127),
        _ => unreachable!("comparisons and logical operators handled above"),
    };
    int_const(r)
}

/// Folds `-x` and `~x` on a weak integer constant as Python would (`-2147483648` is the
/// i32 minimum, `~0xFFFFFFFF` is -4294967296); `None` for anything else.
pub(crate) fn unary(op: UnOp, v: ConstVal, ty: Scalar) -> Option<Result<Folded, String>> {
    let Some(Ok(x)) = as_number(v, ty) else {
        return None;
    };
    match op {
        UnOp::Neg => Some(int_const(-x)),
        UnOp::BitNot => Some(int_const(!x)),
        UnOp::Not => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(r: Result<Folded, String>) -> (i128, Scalar) {
        match r.unwrap() {
            Folded::Value(ConstVal::Int(v), t) => (int_value(v, t), t),
            _ => panic!("not an integer"),
        }
    }

    #[test]
    fn python_integers() {
        let i = |v: i64| ConstVal::Int(v);
        assert_eq!(int(binary(BinOp::Add, i(2147483647), Scalar::I32, i(1), Scalar::I32)), (2147483648, Scalar::U32));
        assert_eq!(int(binary(BinOp::Sub, i(0), Scalar::I32, i(2147483647), Scalar::I32)), (-2147483647, Scalar::I32));
        assert_eq!(int(binary(BinOp::Shl, i(1), Scalar::I32, i(40), Scalar::I32)), (1 << 40, Scalar::I64));
        assert_eq!(int(binary(BinOp::Mul, i(2147483647), Scalar::I32, i(2), Scalar::I32)), (4294967294, Scalar::U32));
        assert_eq!(int(unary(UnOp::Neg, i(2147483648), Scalar::U32).unwrap()), (-2147483648, Scalar::I32));
        assert_eq!(int(unary(UnOp::Neg, i(2147483649), Scalar::U32).unwrap()), (-2147483649, Scalar::I64));
        assert_eq!(int(unary(UnOp::BitNot, i(0xFFFF_FFFF), Scalar::U32).unwrap()), (-4294967296, Scalar::I64));
        assert_eq!(int(binary(BinOp::Div, i(-7), Scalar::I32, i(2), Scalar::I32)), (-3, Scalar::I32));
        assert!(binary(BinOp::Mul, i(1 << 62), Scalar::I64, i(8), Scalar::I32).is_err());
        assert!(binary(BinOp::Div, i(1), Scalar::I32, i(0), Scalar::I32).is_err());
        assert!(matches!(
            binary(BinOp::Lt, i(-1), Scalar::I32, i(0xFFFF_FFFF), Scalar::U32),
            Ok(Folded::Value(ConstVal::Bool(true), Scalar::I1))
        ));
    }

    #[test]
    fn python_floats() {
        match binary(BinOp::Mul, ConstVal::Float(1e-30), Scalar::F32, ConstVal::Float(1e-30), Scalar::F32) {
            Ok(Folded::Value(ConstVal::Float(f), Scalar::F64)) => assert_eq!(f, 1e-30f64 * 1e-30),
            _ => panic!("expected an f64 constant"),
        }
        match binary(BinOp::Div, ConstVal::Int(1), Scalar::I32, ConstVal::Float(3.0), Scalar::F32) {
            Ok(Folded::Value(ConstVal::Float(f), Scalar::F32)) => assert_eq!(f, 1.0 / 3.0),
            _ => panic!("expected an f32-typed exact constant"),
        }
    }
}
