//! `range(start, end, step)` with a step that is not known to be positive.
//!
//! `scf.for` counts upwards only, so `range(-18, -22, -1)` would run no iteration. As
//! Triton does for a constant negative step, the loop runs upwards over the mirrored
//! bounds and the user's variable is read back: for `range(a, b, -k)` the loop counter
//! `i` goes from `b` to `a` by `k` and the variable is `a + b - i` (wrapping arithmetic
//! gives the right value even where `a + b` overflows). A step whose sign is known only
//! at run time chooses between the two forms with selects (a zero step runs nothing).
//! A positive constant step, or a product of positive constants and `num_programs`
//! (grid-stride loops), keeps the loop as written, so the passes that reason about
//! loop bounds (`fold-bounds`, software pipelining) see it unchanged.

use super::tir::{BinOp, ConstVal, Expr, ExprKind, Stmt, UnOp, VarId};
use super::types::{Scalar, Ty};
use super::{const_expr, Checker};
use crate::source::Span;

/// How the loop's counter maps to the user's variable.
pub(super) enum Mapping {
    /// The counter is the variable.
    Direct,
    /// The variable is `sum - counter` (a negative constant step), or
    /// `if forward { counter } else { sum - counter }` (a step of unknown sign).
    Mirrored { sum: Expr, forward: Option<Expr> },
}

/// Whether `e` (a step) is certainly positive.
fn positive(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Const(ConstVal::Int(v)) => *v > 0,
        ExprKind::NumPrograms(_) => true,
        ExprKind::Binary(BinOp::Mul | BinOp::Add, a, b) => positive(a) && positive(b),
        _ => false,
    }
}

fn bin(op: BinOp, a: Expr, b: Expr, s: Scalar, sp: Span) -> Expr {
    let ty = Ty::scalar(if op.is_comparison() { Scalar::I1 } else { s });
    Expr { kind: ExprKind::Binary(op, Box::new(a), Box::new(b)), ty, span: sp }
}

fn select(c: Expr, a: Expr, b: Expr, sp: Span) -> Expr {
    let ty = a.ty.clone();
    Expr { kind: ExprKind::Where { cond: Box::new(c), a: Box::new(a), b: Box::new(b) }, ty, span: sp }
}

impl Checker<'_> {
    /// Evaluates `e` once, before the loop: a constant stays as it is, anything else is
    /// bound to a temporary.
    fn once(&mut self, e: Expr, out: &mut Vec<Stmt>) -> Expr {
        if matches!(e.kind, ExprKind::Const(_) | ExprKind::Var(_)) {
            return e;
        }
        let (ty, span) = (e.ty.clone(), e.span);
        let var: VarId = self.new_var("range_bound", ty.clone(), span);
        out.push(Stmt::Let { var, value: e, span });
        Expr { kind: ExprKind::Var(var), ty, span }
    }

    /// The counter's bounds and step, and how to read the user's variable back from it.
    /// `s` is the loop's (integer) type.
    pub(super) fn range_bounds(
        &mut self,
        start: Expr,
        end: Expr,
        step: Expr,
        s: Scalar,
        sp: Span,
        out: &mut Vec<Stmt>,
    ) -> (Expr, Expr, Expr, Mapping) {
        if positive(&step) || s.is_unsigned_int() {
            return (start, end, step, Mapping::Direct);
        }
        let (a, b) = (self.once(start, out), self.once(end, out));
        let sum = bin(BinOp::Add, a.clone(), b.clone(), s, sp);
        if let ExprKind::Const(ConstVal::Int(k)) = step.kind {
            let k = const_expr(ConstVal::Int(k.wrapping_neg()), s, sp);
            return (b, a, k, Mapping::Mirrored { sum, forward: None });
        }
        let st = self.once(step, out);
        let zero = || const_expr(ConstVal::Int(0), s, sp);
        let fwd = self.once(bin(BinOp::Gt, st.clone(), zero(), s, sp), out);
        let neg = Expr { kind: ExprKind::Unary(UnOp::Neg, Box::new(st.clone())), ty: st.ty.clone(), span: sp };
        let lo = select(fwd.clone(), a.clone(), b.clone(), sp);
        let hi = select(fwd.clone(), b, a, sp);
        // A zero step runs nothing (`lo` to `lo`), where Python's `range` would raise.
        let hi = select(bin(BinOp::Eq, st.clone(), zero(), s, sp), lo.clone(), hi, sp);
        let step = select(fwd.clone(), st, neg, sp);
        (lo, hi, step, Mapping::Mirrored { sum, forward: Some(fwd) })
    }

    /// The user's variable at the top of the body, from the counter `i`.
    pub(super) fn range_var(&self, m: Mapping, i: VarId, s: Scalar, sp: Span) -> Expr {
        let ty = Ty::scalar(s);
        let counter = Expr { kind: ExprKind::Var(i), ty, span: sp };
        match m {
            Mapping::Direct => counter,
            Mapping::Mirrored { sum, forward } => {
                let back = bin(BinOp::Sub, sum, counter.clone(), s, sp);
                match forward {
                    None => back,
                    Some(f) => select(f, counter, back, sp),
                }
            }
        }
    }
}
