//! Selections: Triton's `topk(x, k, dim, descending)` and `max` / `min` with
//! `return_indices = true`.
//!
//! Neither has an op of its own, so every pass, the lowering and the interpreter handle
//! them as they are:
//! - `topk` is `sort` along the axis (descending by default: the k largest, largest first)
//!   and a `gather` of its first k positions (Triton's returns the values only, sorted);
//! - `max(x, axis, return_indices = true)` is `(x[argmax], argmax)`: the index from the
//!   `argmax` reduction (ties to the smallest index, a NaN the largest value, as tilec's
//!   `argmax` always did), the value picked at that index by a reduction of
//!   `where(i == index, x, identity)` (exact: bit for bit the element, `-0.0` and NaN
//!   included, so the pair always agrees), as `split` picks its halves.

use super::broadcast::{broadcast_expr, expand_dims};
use super::builtins::{expr, Args};
use super::promote::cast_expr;
use super::tir::{BinOp, ConstVal, Expr, ExprKind, ReduceOp};
use super::types::{Elem, Scalar, Ty};
use super::{Checker, TExpr, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;
use crate::syntax::ast;

impl Checker<'_> {
    pub(super) fn topk(&mut self, a: &Args, sp: Span) -> R<Val> {
        let x = self.tile_arg("topk", a[0].unwrap())?;
        self.no_fp8_arith(&x, "topk")?;
        let last = x.ty().shape.len() as u32 - 1;
        let axis = self.axis_arg(a[2], &x)?.unwrap_or(last);
        let n = x.ty().shape[axis as usize];
        let ke = a[1].unwrap();
        let k = self.const_int(ke, "k")?;
        if k < 1 || k > n || k & (k - 1) != 0 {
            return Err(self.err(
                Diagnostic::error(
                    format!("`topk` needs k a power of two from 1 to {n} (the size of axis {axis}), found {k}"),
                    ke.span,
                    "bad k",
                )
                .note("as Triton's: the k values come from a bitonic sort of the axis"),
            ));
        }
        let descending = match a[3] {
            Some(d) => self.const_bool(d, "descending")?,
            None => true,
        };
        let ty = x.ty().clone();
        let sorted = Expr { kind: ExprKind::Sort { value: Box::new(x.e), axis, descending }, ty: ty.clone(), span: sp };
        let mut shape = ty.shape.clone();
        shape[axis as usize] = k;
        let index = along(axis, k, &shape, sp);
        let out = Ty::tile(ty.elem, shape);
        Ok(expr(ExprKind::Gather { src: Box::new(sorted), index: Box::new(index), axis }, out, sp))
    }

    /// `max` / `min` of `x` along `axis` with `return_indices = true`: the tuple (values,
    /// indices).
    pub(super) fn reduce_with_indices(
        &mut self,
        name: &str,
        x: TExpr,
        axis: Option<&ast::Expr>,
        keep_dims: bool,
        sp: Span,
    ) -> R<Val> {
        self.no_fp8_arith(&x, name)?;
        let ax = match axis {
            Some(e) if !matches!(e.kind, ast::ExprKind::NoneLit) => self.axis_arg(Some(e), &x)?.unwrap(),
            _ => {
                return Err(self.err(
                    Diagnostic::error(format!("`{name}` with `return_indices = true` needs an axis"), sp, "no axis")
                        .help(format!("name the axis: `{name}(x, 0, return_indices = true)`")),
                ))
            }
        };
        // Triton computes bf16 in f32 here (its `_promote_bfloat16_to_float32`).
        let x = match x.ty().scalar_elem() {
            Some(Scalar::BF16) => cast_expr(x.e, Scalar::F32, false),
            _ => x.e,
        };
        // `x` is read twice (the index, then the value at it): bind it once.
        let x = self.hoist(TExpr::strong(x));
        let op = if name == "max" { ReduceOp::Argmax } else { ReduceOp::Argmin };
        let mut out_shape = x.ty.shape.clone();
        out_shape.remove(ax as usize);
        let idx = Expr {
            kind: ExprKind::Reduce { op, value: Box::new(x.clone()), axis: Some(ax) },
            ty: Ty::tile(Elem::Scalar(Scalar::I32), out_shape),
            span: sp,
        };
        let idx = self.hoist(TExpr::strong(idx));
        let value = pick_at(&x, ax, &idx, sp);
        let keep = |e: Expr| if keep_dims { expand_dims(e, ax, sp) } else { e };
        let pair = vec![Val::Expr(TExpr::strong(keep(value))), Val::Expr(TExpr::strong(keep(idx)))];
        Ok(Val::Tuple(pair, sp))
    }
}

/// `arange(0, k)` along `axis` of a tile of `shape`, broadcast to it (i32).
fn along(axis: u32, k: i64, shape: &[i64], sp: Span) -> Expr {
    let mut i = Expr {
        kind: ExprKind::Arange { start: 0, end: k },
        ty: Ty::tile(Elem::Scalar(Scalar::I32), vec![k]),
        span: sp,
    };
    for d in 0..shape.len() as u32 {
        if d != axis {
            i = expand_dims(i, d, sp);
        }
    }
    broadcast_expr(i, shape)
}

/// The element of `x` at `index` along `axis` (`index` has `x`'s shape without that axis):
/// the reduction over the axis of `where(i == index, x, id)`, `id` the reduction's
/// identity (`-0.0` for float `sum`, `0` for integer `xor`: the element bit for bit).
/// `x` and `index` are used as given: pass variables.
fn pick_at(x: &Expr, axis: u32, index: &Expr, sp: Span) -> Expr {
    let shape = x.ty.shape.clone();
    let s = x.ty.scalar_elem().unwrap();
    let (op, id) = if s.is_float() {
        (ReduceOp::Sum, ConstVal::Float(-0.0))
    } else {
        (ReduceOp::XorSum, if s == Scalar::I1 { ConstVal::Bool(false) } else { ConstVal::Int(0) })
    };
    let i = along(axis, shape[axis as usize], &shape, sp);
    let at = broadcast_expr(expand_dims(index.clone(), axis, sp), &shape);
    let mask = Expr {
        kind: ExprKind::Binary(BinOp::Eq, Box::new(i), Box::new(at)),
        ty: Ty::tile(Elem::Scalar(Scalar::I1), shape.clone()),
        span: sp,
    };
    let other = super::builtins_ops::fill(id, s, &shape, sp);
    let sel = Expr {
        kind: ExprKind::Where { cond: Box::new(mask), a: Box::new(x.clone()), b: Box::new(other) },
        ty: x.ty.clone(),
        span: sp,
    };
    let mut out = shape;
    out.remove(axis as usize);
    Expr {
        kind: ExprKind::Reduce { op, value: Box::new(sel), axis: Some(axis) },
        ty: Ty::tile(Elem::Scalar(s), out),
        span: sp,
    }
}
