//! Type promotion (Triton's rules) and conversions.
//!
//! Strong operands: int + float → the float; the wider int wins; same-width signed +
//! unsigned → unsigned; f16 + bf16 → f32; f16/bf16 + f32 → f32. A weak literal takes the
//! other operand's type (an int literal with a bool operand gives i32; a float literal
//! with an int operand gives f32). Every conversion becomes an explicit `Cast`.

use super::tir::{ConstVal, Expr, ExprKind};
use super::types::{Elem, Scalar, Ty};
use super::{consts, Checker, TExpr, R};
use crate::diag::Diagnostic;

/// Triton's computation type of two strong scalars.
pub(crate) fn promote(a: Scalar, b: Scalar) -> Scalar {
    use Scalar::*;
    if a == b {
        return a;
    }
    match (a.is_float(), b.is_float()) {
        (true, true) => {
            if a == F64 || b == F64 {
                F64
            } else {
                F32
            }
        }
        (true, false) => a,
        (false, true) => b,
        (false, false) => {
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
    }
}

/// The type a weak literal of type `lit` takes next to a strong operand of type `other`.
pub(crate) fn adapt_weak(lit: Scalar, other: Scalar) -> Scalar {
    match (lit.is_float(), other.is_float()) {
        (_, true) => other,
        (true, false) => Scalar::F32,
        (false, false) if other == Scalar::I1 && lit != Scalar::I1 => Scalar::I32,
        // A literal too large for i32 keeps its own type when that is wider.
        (false, false) if lit != Scalar::I32 && lit.bits() > other.bits() => lit,
        (false, false) => other,
    }
}

/// The common element type of two numeric operands.
pub(crate) fn common_scalar(a: &TExpr, b: &TExpr) -> Scalar {
    let (sa, sb) = (a.ty().scalar_elem().unwrap(), b.ty().scalar_elem().unwrap());
    match (a.weak, b.weak) {
        (true, false) => adapt_weak(sa, sb),
        (false, true) => adapt_weak(sb, sa),
        _ => promote(sa, sb),
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
        assert_eq!(promote(F16, BF16), F32);
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
        assert_eq!(adapt_weak(I64, I32), I64);
    }
}
