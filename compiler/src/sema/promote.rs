//! Type promotion (Triton's rules, `computation_type_impl` in Triton's semantic.py) and
//! conversions.
//!
//! Strong operands: f64 wins, then f32; f16 with anything narrower gives f16 (f16 + bf16
//! too), bf16 stays bf16 only beside bf16 (bf16 + an integer gives f32); `/` and `%` on
//! f16 / bf16 compute in f32; integers: the wider wins, same width signed + unsigned →
//! unsigned. A weak operand (a literal or `const`: Triton's Python scalar) whose kind
//! (bool < integer < float) is not above the other operand's takes the other's type;
//! above it, the two promote as strong operands with the literal's own type (i32, u32,
//! i64, u64 by value; f32). Every conversion becomes an explicit `Cast`.

use super::tir::{ConstVal, Expr, ExprKind};
use super::types::{Elem, Scalar, Ty};
use super::{consts, Checker, TExpr, R};
use crate::diag::Diagnostic;

/// Triton's order of kinds: bool < integer < float.
fn kind(s: Scalar) -> u8 {
    if s == Scalar::I1 {
        0
    } else if s.is_int() {
        1
    } else {
        2
    }
}

/// Triton's computation type of two strong scalars (`div_or_mod`: the operator is `/`
/// or `%`, which PTX has no f16 / bf16 form of).
pub(crate) fn promote_op(a: Scalar, b: Scalar, div_or_mod: bool) -> Scalar {
    use Scalar::*;
    if a.is_float() || b.is_float() {
        let half = |t: Scalar| if div_or_mod { F32 } else { t };
        return if a == F64 || b == F64 {
            F64
        } else if a == F32 || b == F32 {
            F32
        } else if a == F16 || b == F16 {
            half(F16)
        } else if a == BF16 && b == BF16 {
            half(BF16)
        } else if a == BF16 || b == BF16 {
            F32
        } else if a == b {
            a // fp8 beside itself (arithmetic on fp8 is refused before it matters)
        } else if a.is_float() && b.is_float() {
            F16
        } else if a.is_float() {
            a
        } else {
            b
        };
    }
    if a == b {
        return a;
    }
    if a == I1 {
        b
    } else if b == I1 {
        a
    } else if a.bits() != b.bits() {
        if a.bits() > b.bits() {
            a
        } else {
            b
        }
    } else if a.is_unsigned_int() {
        a
    } else {
        b
    }
}

/// `promote_op` outside `/` and `%`.
pub(crate) fn promote(a: Scalar, b: Scalar) -> Scalar {
    promote_op(a, b, false)
}

/// The type a weak operand of type `lit` takes next to a strong operand of type `other`.
pub(crate) fn adapt_weak_op(lit: Scalar, other: Scalar, div_or_mod: bool) -> Scalar {
    if kind(lit) <= kind(other) {
        // The scalar does not take part in the promotion (as PyTorch's scalars).
        if div_or_mod && matches!(other, Scalar::F16 | Scalar::BF16) {
            return Scalar::F32;
        }
        return other;
    }
    promote_op(lit, other, div_or_mod)
}

/// `adapt_weak_op` outside `/` and `%`.
pub(crate) fn adapt_weak(lit: Scalar, other: Scalar) -> Scalar {
    adapt_weak_op(lit, other, false)
}

/// The common element type of two numeric operands of an operator.
pub(crate) fn common_scalar(a: &TExpr, b: &TExpr, div_or_mod: bool) -> Scalar {
    let (sa, sb) = (a.ty().scalar_elem().unwrap(), b.ty().scalar_elem().unwrap());
    match (a.weak, b.weak) {
        (true, false) => adapt_weak_op(sa, sb, div_or_mod),
        (false, true) => adapt_weak_op(sb, sa, div_or_mod),
        _ => promote_op(sa, sb, div_or_mod),
    }
}

impl<'a> Checker<'a> {
    /// Converts a numeric expression to element type `to`, keeping its shape. A weak
    /// integer literal that does not fit `to` is an error (as in Triton).
    pub fn convert(&mut self, e: TExpr, to: Scalar) -> R<Expr> {
        let from = match e.ty().elem {
            Elem::Scalar(s) => s,
            Elem::Ptr(_) => {
                return self.error(
                    format!("expected a number, found a pointer ({})", e.ty()),
                    e.span(),
                    "this is a pointer",
                )
            }
        };
        if from == to {
            return Ok(e.e);
        }
        if e.weak && from.is_int() && to.is_int() && to != Scalar::I1 {
            if let Some(ConstVal::Int(v)) = e.as_const() {
                let v = consts::int_value(v, from);
                if !consts::fits(v, to) {
                    return Err(self.err(
                        Diagnostic::error(
                            format!("literal {v} does not fit in {to}"),
                            e.span(),
                            format!("used as {to} here"),
                        )
                        .help(format!("write the value explicitly typed, e.g. `{v}.to(i64)`")),
                    ));
                }
            }
        }
        Ok(cast_expr(e.e, to, false))
    }
}

/// A `Cast` of `e` to element `to` (same shape), folded when `e` is a constant.
pub(crate) fn cast_expr(e: Expr, to: Scalar, bitcast: bool) -> Expr {
    let from = e.ty.scalar_elem();
    if from == Some(to) {
        return e;
    }
    if let (ExprKind::Const(v), Some(from)) = (&e.kind, from) {
        if let Some(c) = consts::cast(*v, from, to, bitcast) {
            return Expr { kind: ExprKind::Const(c), ty: Ty::scalar(to), span: e.span };
        }
    }
    let ty = e.ty.with_elem(Elem::Scalar(to));
    let span = e.span;
    Expr { kind: ExprKind::Cast { value: Box::new(e), bitcast }, ty, span }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Scalar::*;

    #[test]
    fn triton_promotion() {
        assert_eq!(promote(I32, F32), F32);
        assert_eq!(promote(F16, I64), F16);
        assert_eq!(promote(I32, I64), I64);
        assert_eq!(promote(I8, U32), U32);
        assert_eq!(promote(I32, U32), U32);
        assert_eq!(promote(F16, BF16), F16);
        assert_eq!(promote(BF16, BF16), BF16);
        assert_eq!(promote(BF16, I32), F32);
        assert_eq!(promote(F16, I8), F16);
        assert_eq!(promote_op(F16, F16, true), F32);
        assert_eq!(promote_op(BF16, BF16, true), F32);
        assert_eq!(promote_op(F32, F16, true), F32);
        assert_eq!(promote(F16, F32), F32);
        assert_eq!(promote(BF16, F64), F64);
        assert_eq!(promote(I1, I8), I8);
    }

    #[test]
    fn weak_literals_adapt() {
        assert_eq!(adapt_weak(I32, F16), F16);
        assert_eq!(adapt_weak(F32, F16), F16);
        assert_eq!(adapt_weak(F32, I32), F32);
        assert_eq!(adapt_weak(I32, U8), U8);
        assert_eq!(adapt_weak(I32, I64), I64);
        assert_eq!(adapt_weak(I32, I1), I32);
        assert_eq!(adapt_weak(U32, U64), U64);
        assert_eq!(adapt_weak(U32, I32), I32);
        // Triton: the tensor's type; the value is then checked against it.
        assert_eq!(adapt_weak(I64, I32), I32);
        assert_eq!(adapt_weak(U64, I8), I8);
        assert_eq!(adapt_weak_op(F32, F16, true), F32);
        assert_eq!(adapt_weak_op(I32, BF16, true), F32);
        assert_eq!(adapt_weak_op(I32, F16, false), F16);
        assert_eq!(adapt_weak(F32, I1), F32);
    }
}
