//! `trans(x, dims)` and `permute(x, dims)` (Triton's `tl.trans` / `tl.permute`): result
//! axis i is axis `dims[i]` of `x`, for any rank; `trans(x)` without `dims` swaps the two
//! axes of a 2-D tile. `dims` is a tuple of constants, checked to be a permutation.

use super::builtins::{expr, Args};
use super::tir::ExprKind;
use super::types::Ty;
use super::{Checker, TExpr, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;
use crate::syntax::ast;

impl Checker<'_> {
    pub(super) fn permute(&mut self, name: &str, a: &Args, sp: Span) -> R<Val> {
        let x = self.tile_arg(name, a[0].unwrap())?;
        let rank = x.ty().shape.len();
        let order = match a.get(1).copied().flatten() {
            Some(e) => self.dims_arg(name, e, &x)?,
            None if rank == 2 => vec![1, 0],
            None => {
                return Err(self.err(
                    Diagnostic::error(
                        format!("`{name}` without `dims` needs a 2-D tile, found {}", x.ty()),
                        x.span(),
                        format!("{rank}-D"),
                    )
                    .help(if rank > 2 {
                        format!("give the new order of the axes, e.g. `{name}(x, {})`", example(rank).trim_matches('`'))
                    } else {
                        "a tile needs 2 axes to transpose (`x[:, None]` adds one)".to_string()
                    }),
                ))
            }
        };
        if order.iter().enumerate().all(|(i, &d)| i == d as usize) {
            return Ok(Val::Expr(x)); // the identity moves nothing
        }
        let shape = order.iter().map(|&d| x.ty().shape[d as usize]).collect();
        let ty = Ty::tile(x.ty().elem, shape);
        Ok(expr(ExprKind::Trans { value: Box::new(x.e), order }, ty, sp))
    }

    /// `dims`: one constant axis per axis of `x`, each once.
    fn dims_arg(&mut self, name: &str, e: &ast::Expr, x: &TExpr) -> R<Vec<u32>> {
        let rank = x.ty().shape.len();
        let items: Vec<&ast::Expr> = match &e.kind {
            ast::ExprKind::Tuple(xs) => xs.iter().collect(),
            _ => vec![e],
        };
        if items.len() != rank {
            return Err(self.err(
                Diagnostic::error(
                    format!("`{name}` of {} needs {rank} axes in `dims`, found {}", x.ty(), items.len()),
                    e.span,
                    format!("{} axes", items.len()),
                )
                .help(format!("`dims` lists every axis of the tile once, in its new order, e.g. {}", example(rank))),
            ));
        }
        let mut order: Vec<u32> = vec![];
        let mut at: Vec<Span> = vec![];
        for it in items {
            let d = self.const_int(it, "dims")?;
            if !(0..rank as i64).contains(&d) {
                return self.error(
                    format!("axis {d} is out of range for {}", x.ty()),
                    it.span,
                    format!("{} has axes 0 to {}", x.ty(), rank - 1),
                );
            }
            if let Some(k) = order.iter().position(|&o| o as i64 == d) {
                return Err(self.err(
                    Diagnostic::error(format!("axis {d} appears twice in `dims`"), it.span, "again here")
                        .with_secondary(at[k], "first here")
                        .help("`dims` must be a permutation: each axis once"),
                ));
            }
            order.push(d as u32);
            at.push(it.span);
        }
        Ok(order)
    }
}

/// `(1, 0)`, `(2, 1, 0)`, ...: a reversal, as an example of `dims`.
fn example(rank: usize) -> String {
    let ds: Vec<String> = (0..rank).rev().map(|d| d.to_string()).collect();
    format!("`({}{})`", ds.join(", "), if rank == 1 { "," } else { "" })
}
