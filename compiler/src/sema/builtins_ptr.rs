//! Pointers as values, as Triton has them: `where(c, p, q)` choosing between pointers
//! (scalars or tiles, broadcast), and pointer casts, `p.to(*i32)` (Triton's
//! `.to(tl.pointer_type(tl.int32))`: loads and stores through the result use the new
//! element type), `p.to(i64)` (the address), `p.to(bool)` (not null) and `a.to(*f32)`
//! from a 64-bit address. With `bitcast = true` they are the same casts (Triton's
//! `bitcast` falls back to `cast` for pointers). One op, `tile.ptr_cast`, carries them.

use super::broadcast::broadcast_expr;
use super::builtins::expr;
use super::promote::cast_expr;
use super::tir::*;
use super::types::{Elem, Scalar, Ty};
use super::{Checker, TExpr, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;

impl<'a> Checker<'a> {
    /// `where(c, x, y)` where `x` or `y` is a pointer: both must be pointers to one type.
    pub(super) fn where_ptr(&mut self, c: TExpr, x: TExpr, y: TExpr, sp: Span) -> R<Val> {
        let (ex, ey) = (x.ty().elem.clone(), y.ty().elem.clone());
        if ex != ey {
            let (bad, good) = if matches!(ex, Elem::Ptr(_)) { (&y, &x) } else { (&x, &y) };
            return Err(self.err(
                Diagnostic::error(
                    format!("`where` needs both branches of one type: found {} and {}", x.ty(), y.ty()),
                    bad.span(),
                    format!("not {}", Ty::tile(good.ty().elem.clone(), bad.ty().shape.clone())),
                )
                .help(if matches!((&ex, &ey), (Elem::Ptr(_), Elem::Ptr(_))) {
                    "cast one pointer to the other's type first, e.g. `q.to(*f32)`"
                } else {
                    "both branches are pointers (to one type) or both are numbers"
                }),
            ));
        }
        let shape = self.common_shape(&[&c, &x, &y], "`where`", sp)?;
        let ty = Ty::tile(ex, shape.clone());
        let (c, x, y) = (broadcast_expr(c.e, &shape), broadcast_expr(x.e, &shape), broadcast_expr(y.e, &shape));
        Ok(expr(ExprKind::Where { cond: Box::new(c), a: Box::new(x), b: Box::new(y) }, ty, sp))
    }

    /// `x.to(T)` where `x` or `T` is a pointer.
    pub(super) fn ptr_cast(&mut self, x: TExpr, to: Elem, target_span: Span, sp: Span) -> R<Val> {
        let from = x.ty().elem.clone();
        let shape = x.ty().shape.clone();
        let cast = |e: Expr, elem: Elem| Expr {
            kind: ExprKind::Cast { value: Box::new(e), bitcast: false },
            ty: Ty::tile(elem, shape.clone()),
            span: sp,
        };
        match (&from, &to) {
            (Elem::Ptr(_), Elem::Ptr(_)) => Ok(Val::Expr(TExpr::strong(cast(x.e, to)))),
            (Elem::Ptr(_), Elem::Scalar(s)) if matches!(s, Scalar::I64 | Scalar::U64) => {
                Ok(Val::Expr(TExpr::strong(cast(x.e, to))))
            }
            (Elem::Ptr(_), Elem::Scalar(Scalar::I1)) => {
                // Not null: the address compared with 0.
                let a = cast(x.e, Elem::Scalar(Scalar::I64));
                Ok(Val::Expr(TExpr::strong(cast_expr(a, Scalar::I1, false))))
            }
            (Elem::Ptr(_), Elem::Scalar(s)) => Err(self.err(
                Diagnostic::error(format!("cannot convert a pointer ({}) to {s}", x.ty()), target_span, "not 64 bits")
                    .help(
                    "a pointer converts to another pointer type (`*i32`), to its address (`i64`, `u64`) or to `bool`",
                ),
            )),
            (Elem::Scalar(s), Elem::Ptr(_)) if s.is_int() && (s.bits() == 64 || x.weak) => {
                let e = if x.weak { self.convert(x, Scalar::I64)? } else { x.e };
                Ok(Val::Expr(TExpr::strong(cast(e, to))))
            }
            (Elem::Scalar(s), Elem::Ptr(p)) => Err(self.err(
                Diagnostic::error(
                    format!("cannot convert {} to a pointer (*{p})", x.ty()),
                    x.span(),
                    "not a 64-bit integer",
                )
                .help(if s.is_int() {
                    "only a 64-bit address converts to a pointer: widen it first, e.g. `a.to(i64)`"
                } else {
                    "only a 64-bit integer address converts to a pointer"
                }),
            )),
            (Elem::Scalar(_), Elem::Scalar(_)) => unreachable!("not a pointer cast"),
        }
    }
}
