//! Triton's `join(a, b)`, `interleave(a, b)` and `cat(a, b, can_reorder)`: two tiles
//! stacked along a new axis of size 2 (a select between the two, broadcast along it,
//! chosen by the position on that axis), then for `interleave` and `cat` a `reshape`
//! merging that axis with its neighbour. No op of their own: the select is elementwise
//! in registers, and the interpreter runs the same ops.

use super::broadcast::{broadcast_expr, expand_dims};
use super::builtins::{expr_s, Args};
use super::builtins_ops::fill;
use super::tir::*;
use super::types::{Elem, Scalar, Ty};
use super::{Checker, Val, R};
use crate::diag::Diagnostic;
use crate::limits::MAX_NUMEL;
use crate::source::Span;
use crate::syntax::ast;

impl<'a> Checker<'a> {
    pub(super) fn builtin_join(&mut self, name: &str, a: &Args, sp: Span) -> R<Val> {
        if name == "cat" {
            return self.cat(a, sp);
        }
        // Broadcast to one shape and promoted to one type, as arithmetic (Triton
        // broadcasts them; scalars give a tile of 2).
        let xs: Vec<&ast::Expr> = a[..2].iter().map(|e| e.unwrap()).collect();
        let (mut args, ty) = self.elementwise(name, &xs, sp)?;
        self.check_doubled(name, &ty, sp)?;
        let (b, a) = (args.pop().unwrap(), args.pop().unwrap());
        let rank = ty.shape.len() as u32;
        let joined = stack(a, b, rank, sp);
        if name == "join" || rank == 0 {
            return Ok(expr_s(joined, sp));
        }
        // interleave: the new axis merged into the last one, a0 b0 a1 b1 ...
        let mut shape = ty.shape.clone();
        *shape.last_mut().unwrap() *= 2;
        Ok(expr_s(reshape(joined, shape, sp), sp))
    }

    /// `cat(a, b)`: two tiles of one shape, one after the other along axis 0. Triton's
    /// `can_reorder = true` lets the compiler order the elements as it likes; this order
    /// is always the concatenation, so the flag is accepted and changes nothing.
    fn cat(&mut self, a: &Args, sp: Span) -> R<Val> {
        if let Some(e) = a[2] {
            self.const_bool(e, "can_reorder")?;
        }
        let x = self.tile_arg("cat", a[0].unwrap())?;
        let y = self.tile_arg("cat", a[1].unwrap())?;
        if x.ty().shape != y.ty().shape {
            return Err(self.err(
                Diagnostic::error(
                    format!("`cat` needs two tiles of one shape, found {} and {}", x.ty(), y.ty()),
                    sp,
                    "shapes differ",
                )
                .note("the result's first axis is twice theirs, so it stays a power of two"),
            ));
        }
        let (mut args, ty) = self.elementwise_of("cat", vec![x, y], sp)?;
        self.check_doubled("cat", &ty, sp)?;
        let (b, a) = (args.pop().unwrap(), args.pop().unwrap());
        let mut shape = ty.shape.clone();
        shape[0] *= 2;
        Ok(expr_s(reshape(stack(a, b, 0, sp), shape, sp), sp))
    }

    /// The result has twice the elements of `ty`: within the tile size limit.
    fn check_doubled(&mut self, name: &str, ty: &Ty, sp: Span) -> R<()> {
        if ty.numel() * 2 > MAX_NUMEL {
            return self.error(
                format!("`{name}` of two {ty} is too large"),
                sp,
                format!("tiles hold at most {MAX_NUMEL} elements"),
            );
        }
        Ok(())
    }
}

/// `a` and `b` (one type and shape) stacked along a new axis `axis` of size 2.
fn stack(a: Expr, b: Expr, axis: u32, sp: Span) -> Expr {
    let mut shape = a.ty.shape.clone();
    shape.insert(axis as usize, 2);
    let rank = shape.len() as u32;
    let a = broadcast_expr(expand_dims(a, axis, sp), &shape);
    let b = broadcast_expr(expand_dims(b, axis, sp), &shape);
    // The position along the new axis: arange(0, 2) with size-1 axes around it.
    let i32t = |s: Vec<i64>| Ty::tile(Elem::Scalar(Scalar::I32), s);
    let mut idx = Expr { kind: ExprKind::Arange { start: 0, end: 2 }, ty: i32t(vec![2]), span: sp };
    for _ in 0..axis {
        idx = expand_dims(idx, 0, sp);
    }
    while (idx.ty.shape.len() as u32) < rank {
        let at = idx.ty.shape.len() as u32;
        idx = expand_dims(idx, at, sp);
    }
    let idx = broadcast_expr(idx, &shape);
    let zero = fill(ConstVal::Int(0), Scalar::I32, &shape, sp);
    let first = Expr {
        kind: ExprKind::Binary(BinOp::Eq, Box::new(idx), Box::new(zero)),
        ty: Ty::tile(Elem::Scalar(Scalar::I1), shape.clone()),
        span: sp,
    };
    let ty = a.ty.clone();
    Expr { kind: ExprKind::Where { cond: Box::new(first), a: Box::new(a), b: Box::new(b) }, ty, span: sp }
}

fn reshape(e: Expr, shape: Vec<i64>, sp: Span) -> Expr {
    let ty = Ty::tile(e.ty.elem, shape);
    Expr { kind: ExprKind::Reshape(Box::new(e)), ty, span: sp }
}
