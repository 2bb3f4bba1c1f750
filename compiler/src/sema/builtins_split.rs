//! `split(x)` (Triton's `tl.split`): a tile whose last axis has size 2 becomes the tuple
//! of its two halves, each of shape `x.shape[:-1]`.
//!
//! No op of its own: half k is a reduction over the last axis of `where(i == k, x, id)`
//! with `id` the reduction's identity (`-0.0` for float `sum`: `v + -0.0` is `v` for every
//! `v`, signed zeros and NaNs included; `0` for integer `xor_sum`), so every later pass,
//! the lowering and the interpreter handle it as they are. A reduction over an axis of
//! size 2 is one combine per element.

use super::broadcast::{broadcast_expr, expand_dims};
use super::builtins::Args;
use super::builtins_ops::fill;
use super::tir::{BinOp, ConstVal, Expr, ExprKind, ReduceOp, Stmt};
use super::types::{Elem, Scalar, Ty};
use super::{Checker, TExpr, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;

impl Checker<'_> {
    pub(super) fn split(&mut self, a: &Args, sp: Span) -> R<Val> {
        let x = self.tile_arg("split", a[0].unwrap())?;
        let shape = x.ty().shape.clone();
        let last = shape.len() - 1;
        if shape[last] != 2 {
            return Err(self.err(
                Diagnostic::error(
                    format!("`split` needs a tile whose last axis has size 2, found {}", x.ty()),
                    x.span(),
                    format!("the last axis has size {}", shape[last]),
                )
                .help("`reshape` the tile so that the two halves are along a last axis of size 2"),
            ));
        }
        // Both halves read `x`: bind it once so that a load or a call is not repeated.
        let x = self.hoist(x);
        let halves = (0..2).map(|k| Val::Expr(TExpr::strong(pick_last(&x, k, sp)))).collect();
        Ok(Val::Tuple(halves, sp))
    }

    /// `x` itself when it is a variable, else a fresh variable bound to it (emitted ahead
    /// of the statement being checked).
    pub(super) fn hoist(&mut self, x: TExpr) -> Expr {
        if matches!(x.e.kind, ExprKind::Var(_) | ExprKind::Const(_)) {
            return x.e;
        }
        let span = x.span();
        let var = self.new_var("tmp", x.ty().clone(), span);
        let ty = x.ty().clone();
        self.pending.push(Stmt::Let { var, value: x.e, span });
        Expr { kind: ExprKind::Var(var), ty, span }
    }
}

/// Element `k` along the last axis of `x` (which `x` must have, of any size).
pub(super) fn pick_last(x: &Expr, k: i64, sp: Span) -> Expr {
    pick(x, x.ty.shape.len() as u32 - 1, k, sp)
}

/// Element `k` along `axis` of `x`: the reduction over that axis of `where(i == k, x,
/// id)`, `id` the reduction's identity (`-0.0` for float `sum`, `0` for integer `xor`), so
/// the value comes through bit for bit. `x` is used twice: pass a variable.
pub(super) fn pick(x: &Expr, axis: u32, k: i64, sp: Span) -> Expr {
    let shape = &x.ty.shape;
    let n = shape[axis as usize];
    let s = x.ty.scalar_elem().unwrap();
    let (op, id) = if s.is_float() {
        (ReduceOp::Sum, ConstVal::Float(-0.0))
    } else {
        (ReduceOp::XorSum, if s == Scalar::I1 { ConstVal::Bool(false) } else { ConstVal::Int(0) })
    };
    let sel = if n == 1 {
        x.clone()
    } else {
        let mut idx = Expr {
            kind: ExprKind::Arange { start: 0, end: n },
            ty: Ty::tile(Elem::Scalar(Scalar::I32), vec![n]),
            span: sp,
        };
        for d in axis as usize + 1..shape.len() {
            idx = expand_dims(idx, (d - axis as usize) as u32, sp);
        }
        let idx = broadcast_expr(idx, shape);
        let mask_ty = Ty::tile(Elem::Scalar(Scalar::I1), shape.clone());
        let kk = fill(ConstVal::Int(k), Scalar::I32, shape, sp);
        let mask = Expr { kind: ExprKind::Binary(BinOp::Eq, Box::new(idx), Box::new(kk)), ty: mask_ty, span: sp };
        let other = fill(id, s, shape, sp);
        Expr {
            kind: ExprKind::Where { cond: Box::new(mask), a: Box::new(x.clone()), b: Box::new(other) },
            ty: x.ty.clone(),
            span: sp,
        }
    };
    let mut out_shape = shape.clone();
    out_shape.remove(axis as usize);
    let kind = ExprKind::Reduce { op, value: Box::new(sel), axis: Some(axis) };
    Expr { kind, ty: Ty::tile(Elem::Scalar(s), out_shape), span: sp }
}
