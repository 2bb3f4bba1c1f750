//! Triton's `gather(src, index, axis)`: for a 2-D tile and axis 0,
//! `out[i][j] = src[index[i][j]][j]`; `index` has src's rank and shape except along
//! `axis`, and gives the result's shape. Lowered through shared memory
//! (conversion/tile_to_llvm/gather.rs).

use super::builtins::{expr, Args};
use super::tir::*;
use super::types::{Scalar, Ty};
use super::{Checker, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;

impl<'a> Checker<'a> {
    pub(super) fn gather(&mut self, a: &Args, sp: Span) -> R<Val> {
        let src = self.tile_arg("gather", a[0].unwrap())?;
        let (ie, ae) = (a[1].unwrap(), a[2].unwrap());
        let index = self.value(ie)?;
        if !matches!(index.ty().scalar_elem(), Some(Scalar::I32 | Scalar::U32 | Scalar::I64)) || index.ty().is_scalar()
        {
            return Err(self.err(
                Diagnostic::error(
                    format!("`gather` needs a tile of i32, u32 or i64 indices, found {}", index.ty()),
                    ie.span,
                    "not integer indices",
                )
                .help("convert first, e.g. `idx.to(i32)`"),
            ));
        }
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
}
