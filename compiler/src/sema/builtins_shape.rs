//! Shape builtins that make no data movement of their own: `reshape` / `view` / `ravel`,
//! `broadcast_to`, `broadcast(a, b)`, `expand_dims`, and Triton's ways of spelling their
//! shapes and axes: lists (`[R, C]`, a tuple to the parser). Separate arguments where
//! Triton takes `*shape` / `*dims` (`reshape(x, R, C)`, `permute(x, 1, 0)`) are packed
//! before binding (`varargs.rs`).

use super::broadcast::{broadcast_expr, broadcasts_to};
use super::builtins::{expr, expr_s, Args};
use super::promote::cast_expr;
use super::types::{Scalar, Ty};
use super::{Checker, TExpr, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;
use crate::syntax::ast;

impl Checker<'_> {
    pub(super) fn shape_op(&mut self, name: &str, a: &Args, sp: Span) -> R<Val> {
        match name {
            "ravel" => {
                let x = self.tile_arg(name, a[0].unwrap())?;
                let ty = Ty::tile(x.ty().elem, vec![x.ty().numel()]);
                Ok(expr(super::tir::ExprKind::Reshape(Box::new(x.e)), ty, sp))
            }
            // Triton's `view` (and `reshape(..., can_reorder = true)`) may reorder the
            // elements; here nothing does: a reshape keeps row-major order.
            "reshape" | "view" => {
                let x = self.tile_arg(name, a[0].unwrap())?;
                let shape = self.shape_arg(a[1].unwrap())?;
                if let Some(r) = a.get(2).copied().flatten() {
                    self.const_bool(r, "can_reorder")?;
                }
                let n: i64 = shape.iter().product();
                if shape.is_empty() && x.ty().numel() == 1 {
                    return self.unsplat(x, sp);
                }
                if n != x.ty().numel() {
                    return self.error(
                        format!("cannot {name} {} ({} elements) to {:?} ({n} elements)", x.ty(), x.ty().numel(), shape),
                        sp,
                        "element counts differ",
                    );
                }
                let ty = Ty::tile(x.ty().elem, shape);
                Ok(expr(super::tir::ExprKind::Reshape(Box::new(x.e)), ty, sp))
            }
            "broadcast_to" => {
                let x = self.value(a[0].unwrap())?;
                let shape = self.shape_arg(a[1].unwrap())?;
                if !broadcasts_to(&x.ty().shape, &shape) {
                    let to = Ty::tile(x.ty().elem, shape);
                    return self.error(format!("cannot broadcast {} to {to}", x.ty()), sp, "incompatible shapes");
                }
                Ok(expr_s(broadcast_expr(x.e, &shape), sp))
            }
            // Triton's `broadcast`: both to their common shape, types unchanged.
            "broadcast" => {
                let x = self.value(a[0].unwrap())?;
                let y = self.value(a[1].unwrap())?;
                let shape = self.common_shape(&[&x, &y], "`broadcast`", sp)?;
                let both = [x, y].map(|v| Val::Expr(TExpr::strong(broadcast_expr(v.e, &shape))));
                Ok(Val::Tuple(both.into(), sp))
            }
            _ => self.expand_dims(a, sp),
        }
    }

    /// The element of a one-element tile as a scalar (Triton's `reshape(x, ())`): its max,
    /// which for one element is that element (-0.0 and NaN included); bools through i32.
    fn unsplat(&mut self, x: TExpr, sp: Span) -> R<Val> {
        let s = x.ty().scalar_elem().expect("a tile of numbers");
        if s != Scalar::I1 {
            return self.reduce_of("max", x, None, false, true, sp);
        }
        let wide = TExpr::strong(cast_expr(x.e, Scalar::I32, false));
        let Val::Expr(m) = self.reduce_of("max", wide, None, false, true, sp)? else { unreachable!("a value") };
        Ok(expr_s(cast_expr(m.e, Scalar::I1, false), sp))
    }

    /// `expand_dims(x, axis)` or `expand_dims(x, (a, b, ...))` (Triton's): a size-1 axis
    /// at each, counted in the result's axes (negative from its end), inserted in order.
    fn expand_dims(&mut self, a: &Args, sp: Span) -> R<Val> {
        let x = self.value(a[0].unwrap())?;
        let e = a[1].unwrap();
        let items: Vec<&ast::Expr> = match &e.kind {
            ast::ExprKind::Tuple(xs) => xs.iter().collect(),
            _ => vec![e],
        };
        let rank = (x.ty().shape.len() + items.len()) as i64;
        let mut axes: Vec<(i64, Span)> = vec![];
        for it in items {
            let axis = self.const_int(it, "axis")?;
            let ax = if axis < 0 { axis + rank } else { axis };
            if !(0..rank).contains(&ax) {
                return self.error(
                    format!(
                        "axis {axis} is out of range for {} with {} new axes",
                        x.ty(),
                        rank as usize - x.ty().shape.len()
                    ),
                    it.span,
                    format!("the result has {rank} axes"),
                );
            }
            if let Some(&(_, first)) = axes.iter().find(|(b, _)| *b == ax) {
                return Err(self.err(
                    Diagnostic::error(format!("axis {ax} appears twice in `expand_dims`"), it.span, "again here")
                        .with_secondary(first, "first here"),
                ));
            }
            axes.push((ax, it.span));
        }
        axes.sort_by_key(|&(ax, _)| ax);
        let mut v = x.e;
        for (ax, _) in axes {
            v = super::broadcast::expand_dims(v, ax as u32, sp);
        }
        Ok(Val::Expr(TExpr::strong(v)))
    }
}
