//! Functions of Triton's standard library that are plain arithmetic, expanded here on
//! the operands as a Triton user's code would be: `swizzle2d(i, j, size_i, size_j,
//! size_g)`; and `assume(cond)`, a hint that is checked and dropped.

use super::builtins::Args;
use super::tir::{BinOp, ConstVal, MathFn};
use super::types::Scalar;
use super::{Checker, TExpr, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;

impl Checker<'_> {
    /// Triton's `swizzle2d` (standard.py), step for step on integers (`/` and `%`
    /// truncate as Triton's `//` and `%` do): the new indices of (i, j) in a
    /// `size_i` x `size_j` grid whose groups of `size_g` rows are walked column-major.
    pub(super) fn swizzle2d(&mut self, a: &Args, sp: Span) -> R<Val> {
        let names = ["i", "j", "size_i", "size_j", "size_g"];
        let mut v: Vec<TExpr> = vec![];
        for (e, n) in a[..5].iter().zip(names) {
            let x = self.value(e.unwrap())?;
            if !x.ty().scalar_elem().is_some_and(|s| s.is_int() && s != Scalar::I1) {
                return self.error(
                    format!("`swizzle2d` needs integers, found {} for `{n}`", x.ty()),
                    x.span(),
                    "not an integer",
                );
            }
            // Each is used more than once: a load must not run twice.
            v.push(self.materialize(x));
        }
        let [i, j, size_i, size_j, size_g] = <[TExpr; 5]>::try_from(v).unwrap();
        let ij = self.binary(BinOp::Mul, i, size_j.clone(), sp)?;
        let ij = self.binary(BinOp::Add, ij, j, sp)?;
        let size_gj = self.binary(BinOp::Mul, size_g.clone(), size_j, sp)?;
        let group_id = self.binary(BinOp::Div, ij.clone(), size_gj.clone(), sp)?;
        let off_i = self.binary(BinOp::Mul, group_id, size_g.clone(), sp)?;
        // The last group may have fewer rows.
        let rows_left = self.binary(BinOp::Sub, size_i, off_i.clone(), sp)?;
        let size_g = match self.min_max_of("minimum", MathFn::MinNum, vec![rows_left, size_g], sp)? {
            Val::Expr(e) => e,
            _ => unreachable!("minimum gives a value"),
        };
        // The index within the group first: in a last group of fewer rows, `ij % size_g`
        // of the whole index would put elements in the wrong row.
        let in_gj = self.binary(BinOp::Rem, ij, size_gj, sp)?;
        let in_group = self.binary(BinOp::Rem, in_gj.clone(), size_g.clone(), sp)?;
        let new_i = self.binary(BinOp::Add, off_i, in_group, sp)?;
        let new_j = self.binary(BinOp::Div, in_gj, size_g, sp)?;
        Ok(Val::Tuple(vec![Val::Expr(new_i), Val::Expr(new_j)], sp))
    }

    /// `assume(cond)` (Triton's `tl.assume`): a promise that a bool scalar holds. Checked,
    /// then dropped: it changes no result (nothing uses it yet; the axis analysis may).
    /// A condition known false is an error (Triton's would be undefined behaviour).
    pub(super) fn assume(&mut self, a: &Args, sp: Span) -> R<Val> {
        let c = self.value(a[0].unwrap())?;
        if !c.ty().is_scalar() || c.ty().scalar_elem() != Some(Scalar::I1) {
            return Err(self.err(
                Diagnostic::error(
                    format!("`assume` needs a bool (i1) scalar condition, found {}", c.ty()),
                    c.span(),
                    "not a bool scalar",
                )
                .help("compare explicitly (`n % 16 == 0`); for a tile, reduce it first"),
            ));
        }
        if c.as_const() == Some(ConstVal::Bool(false)) {
            return self.error("`assume` of a condition that is false", c.span(), "known false at compile time");
        }
        Ok(Val::Unit(sp))
    }
}
