//! Tile ops driven by per-element indices, each lowered through shared memory:
//! - Triton's `gather(src, index, axis)`: for a 2-D tile and axis 0,
//!   `out[i][j] = src[index[i][j]][j]`; `index` has src's rank and shape except along
//!   `axis`, and gives the result's shape (conversion/tile_to_llvm/gather.rs).
//! - `scatter(src, index)`, its inverse on 1-D tiles: `out[index[i]] = src[i]` (same file).
//! - `bin_rank(x, num_bins)`: each element's rank among the equal elements before it, the
//!   step of a stable counting sort that `histogram` does not give
//!   (conversion/tile_to_llvm/bin_rank.rs).

use super::builtins::{expr, Args};
use super::tir::*;
use super::types::{Scalar, Ty};
use super::{Checker, TExpr, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;

/// The most bins `bin_rank` takes: its lowering keeps a counter per bin and warp in
/// shared memory (4 KB a warp at 1024).
const MAX_RANK_BINS: i64 = 1024;

impl<'a> Checker<'a> {
    pub(super) fn gather(&mut self, a: &Args, sp: Span) -> R<Val> {
        let src = self.tile_arg("gather", a[0].unwrap())?;
        let (ie, ae) = (a[1].unwrap(), a[2].unwrap());
        let index = self.value(ie)?;
        self.index_tile("gather", &index, ie.span)?;
        let axis = self.axis_arg(Some(ae), &src)?.unwrap();
        let (ss, is) = (src.ty().shape.clone(), index.ty().shape.clone());
        let fits = ss.len() == is.len() && (0..ss.len()).all(|d| d == axis as usize || ss[d] == is[d]);
        if !fits {
            return Err(self.err(
                Diagnostic::error(
                    format!("`gather` along axis {axis} cannot index {} with {}", src.ty(), index.ty()),
                    ie.span,
                    if ss.len() == is.len() {
                        "shapes differ off the axis".to_string()
                    } else {
                        format!("{}-D, the source is {}-D", is.len(), ss.len())
                    },
                )
                .note("the index has the source's rank, and its size on every other axis"),
            ));
        }
        let ty = Ty::tile(src.ty().elem, is);
        Ok(expr(ExprKind::Gather { src: Box::new(src.e), index: Box::new(index.e), axis }, ty, sp))
    }

    pub(super) fn scatter(&mut self, a: &Args, sp: Span) -> R<Val> {
        let src = self.tile_arg("scatter", a[0].unwrap())?;
        let ie = a[1].unwrap();
        let index = self.value(ie)?;
        self.index_tile("scatter", &index, ie.span)?;
        if src.ty().shape.len() != 1 || index.ty().shape != src.ty().shape {
            return Err(self.err(
                Diagnostic::error(
                    format!(
                        "`scatter` places a 1-D tile by an index of its shape, found {} and {}",
                        src.ty(),
                        index.ty()
                    ),
                    ie.span,
                    "not the source's shape",
                )
                .note("element `index[i]` of the result is `src[i]`"),
            ));
        }
        if src.ty().scalar_elem().is_none() {
            return self.error(format!("`scatter` moves numbers, found {}", src.ty()), src.span(), "not numbers");
        }
        let ty = src.ty().clone();
        Ok(expr(ExprKind::Scatter { src: Box::new(src.e), index: Box::new(index.e) }, ty, sp))
    }

    pub(super) fn bin_rank(&mut self, a: &Args, sp: Span) -> R<Val> {
        let x = self.int_tile_1d("bin_rank", a[0].unwrap())?;
        let be = a[1].unwrap();
        let bins = self.const_int(be, "num_bins")?;
        if !(1..=MAX_RANK_BINS).contains(&bins) {
            return self.error(
                format!("`num_bins` of `bin_rank` is 1 to {MAX_RANK_BINS}, found {bins}"),
                be.span,
                "out of range",
            );
        }
        let ty = Ty::tile(super::types::Elem::Scalar(Scalar::I32), x.ty().shape.clone());
        Ok(expr(ExprKind::BinRank { value: Box::new(x.e), num_bins: bins as u32 }, ty, sp))
    }

    /// `index` is a tile of i32, u32 or i64 (the indices `gather` and `scatter` take).
    fn index_tile(&mut self, what: &str, index: &TExpr, sp: Span) -> R<()> {
        if !matches!(index.ty().scalar_elem(), Some(Scalar::I32 | Scalar::U32 | Scalar::I64)) || index.ty().is_scalar()
        {
            return Err(self.err(
                Diagnostic::error(
                    format!("`{what}` needs a tile of i32, u32 or i64 indices, found {}", index.ty()),
                    sp,
                    "not integer indices",
                )
                .help("convert first, e.g. `idx.to(i32)`"),
            ));
        }
        Ok(())
    }
}
