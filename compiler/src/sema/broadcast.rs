//! Numpy broadcasting, made explicit: a scalar is `Splat`ted, a lower-rank tile gets
//! leading size-1 axes (`ExpandDims` at 0), then size-1 axes are stretched (`Broadcast`).

use super::tir::{Expr, ExprKind};
use super::types::Ty;
use super::{Checker, TExpr, R};
use crate::diag::Diagnostic;
use crate::source::Span;

/// The broadcast shape of two shapes (aligned on the right), if compatible.
pub(crate) fn broadcast_shapes(a: &[i64], b: &[i64]) -> Option<Vec<i64>> {
    let n = a.len().max(b.len());
    let mut out = vec![0; n];
    for i in 0..n {
        let da = if i < n - a.len() { 1 } else { a[i - (n - a.len())] };
        let db = if i < n - b.len() { 1 } else { b[i - (n - b.len())] };
        out[i] = match (da, db) {
            (x, y) if x == y => x,
            (1, y) => y,
            (x, 1) => x,
            _ => return None,
        };
    }
    Some(out)
}

/// Whether `from` broadcasts to exactly `to` (one way: `to` does not grow).
pub(crate) fn broadcasts_to(from: &[i64], to: &[i64]) -> bool {
    broadcast_shapes(from, to).is_some_and(|s| s == to)
}

/// Brings `e` to `shape` (which it must broadcast to).
pub(crate) fn broadcast_expr(e: Expr, shape: &[i64]) -> Expr {
    if e.ty.shape == shape {
        return e;
    }
    let span = e.span;
    if e.ty.is_scalar() {
        let ty = Ty::tile(e.ty.elem, shape.to_vec());
        return Expr { kind: ExprKind::Splat(Box::new(e)), ty, span };
    }
    let mut e = e;
    while e.ty.shape.len() < shape.len() {
        let mut s = e.ty.shape.clone();
        s.insert(0, 1);
        let ty = Ty::tile(e.ty.elem, s);
        e = Expr { kind: ExprKind::ExpandDims { value: Box::new(e), axis: 0 }, ty, span };
    }
    if e.ty.shape != shape {
        let ty = Ty::tile(e.ty.elem, shape.to_vec());
        e = Expr { kind: ExprKind::Broadcast(Box::new(e)), ty, span };
    }
    e
}

/// `e` with a size-1 axis inserted at `axis` (`x[:, None]`, `expand_dims`); a scalar
/// becomes a one-element tile (there is no axis to insert next to).
pub(crate) fn expand_dims(e: Expr, axis: u32, span: Span) -> Expr {
    let mut shape = e.ty.shape.clone();
    shape.insert(axis as usize, 1);
    let ty = Ty::tile(e.ty.elem, shape);
    let kind =
        if e.ty.is_scalar() { ExprKind::Splat(Box::new(e)) } else { ExprKind::ExpandDims { value: Box::new(e), axis } };
    Expr { kind, ty, span }
}

impl<'a> Checker<'a> {
    /// The common shape of several operands, or an error naming the clashing types.
    pub fn common_shape(&mut self, xs: &[&TExpr], what: &str, span: Span) -> R<Vec<i64>> {
        let mut shape: Vec<i64> = vec![];
        let mut first: Option<&TExpr> = None;
        for x in xs {
            match broadcast_shapes(&shape, &x.ty().shape) {
                Some(s) => {
                    if !x.ty().is_scalar() && first.is_none() {
                        first = Some(x);
                    }
                    shape = s;
                }
                None => {
                    let prev = first.unwrap_or(xs[0]);
                    return Err(self.err(
                        Diagnostic::error(
                            format!("cannot broadcast {} with {}", prev.ty(), x.ty()),
                            span,
                            format!("shapes do not match in {what}"),
                        )
                        .with_secondary(prev.span(), format!("{}", prev.ty()))
                        .with_secondary(x.span(), format!("{}", x.ty()))
                        .note("shapes broadcast when, aligned on the right, each pair of sizes is equal or one of them is 1"),
                    ));
                }
            }
        }
        Ok(shape)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sema::const_expr;
    use crate::sema::tir::ConstVal;
    use crate::sema::types::{Elem, Scalar};

    #[test]
    fn shapes() {
        assert_eq!(broadcast_shapes(&[64, 1], &[1, 32]), Some(vec![64, 32]));
        assert_eq!(broadcast_shapes(&[], &[8]), Some(vec![8]));
        assert_eq!(broadcast_shapes(&[16], &[4, 16]), Some(vec![4, 16]));
        assert_eq!(broadcast_shapes(&[64], &[128]), None);
        assert!(broadcasts_to(&[1, 32], &[64, 32]));
        assert!(!broadcasts_to(&[64, 32], &[1, 32]));
    }

    #[test]
    fn explicit_ops() {
        let s = const_expr(ConstVal::Int(1), Scalar::I32, Span::default());
        let e = broadcast_expr(s, &[4, 8]);
        assert!(matches!(e.kind, ExprKind::Splat(_)));
        let v = Expr {
            kind: ExprKind::Arange { start: 0, end: 8 },
            ty: Ty::tile(Elem::Scalar(Scalar::I32), vec![8]),
            span: Span::default(),
        };
        let e = broadcast_expr(v, &[4, 8]);
        assert_eq!(e.ty.shape, vec![4, 8]);
        let ExprKind::Broadcast(inner) = &e.kind else { panic!("{e:?}") };
        assert!(matches!(inner.kind, ExprKind::ExpandDims { axis: 0, .. }));
        assert_eq!(inner.ty.shape, vec![1, 8]);
    }
}
