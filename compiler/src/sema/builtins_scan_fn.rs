//! `associative_scan(input, axis, combine_fn, reverse = false)` (Triton's
//! `tl.associative_scan`): an inclusive scan whose combine is a `fn` helper, over a tile
//! or a tuple of tiles of one shape, checked as `reduce`'s combine is
//! (builtins_reduce_fn.rs). Element i is `x[0] ⊕ x[1] ⊕ ... ⊕ x[i]`, left to right;
//! `reverse` is the scan of the flipped axis, flipped back.
//!
//! Built from existing ops, as `reduce` is: the axis moved last, then log2(n) doubling
//! steps (Sklansky's scan). Step d views the axis as blocks of 2d, each a low and a high
//! half of d (a reshape to `[..., n/2d, 2, d]`, halves taken apart as `split` does), and
//! combines the low half's last element, the total of everything before, into every
//! element of the high half; the halves are put back with a `where`. Correct on every
//! back end, but each step moves data through reshapes: far slower than `cumsum`.

use super::broadcast::{broadcast_expr, expand_dims};
use super::builtins::Args;
use super::builtins_reduce_fn::move_last;
use super::builtins_split::pick;
use super::tir::{BinOp, ConstVal, Expr, ExprKind};
use super::types::{Elem, Scalar, Ty};
use super::{Checker, TExpr, Val, R};
use crate::source::Span;

impl<'a> Checker<'a> {
    pub(super) fn scan_fn(&mut self, a: &Args, sp: Span) -> R<Val> {
        let fname = "associative_scan";
        let (xs, is_tuple) = self.reduce_inputs(fname, a[0].unwrap())?;
        let item = self.combine_fn(fname, a[2].unwrap(), xs.len())?;
        let elems: Vec<Elem> = xs.iter().map(|x| x.ty().elem).collect();
        let region = self.dry_combine(fname, item, &elems, sp)?;
        let reverse = match a[3] {
            Some(r) => self.const_bool(r, "reverse")?,
            None => false,
        };
        let rank = xs[0].ty().shape.len() as u32;
        let axis = match a[1] {
            Some(e) if !matches!(e.kind, crate::syntax::ast::ExprKind::NoneLit) => {
                self.axis_arg(Some(e), &xs[0])?.unwrap()
            }
            _ => {
                return self.error(
                    format!("`{fname}` needs an axis"),
                    a[1].map_or(sp, |e| e.span),
                    "a constant axis of the tile",
                )
            }
        };
        // One tile: one `tile.scan` carrying the combine as its region. A reverse one is
        // the forward scan of the flipped axis, flipped back: the lowering's reverse order
        // would put a small tile's copies first, where a combine without an identity
        // cannot skip them.
        if let (false, Some(combine)) = (is_tuple, region) {
            let x = xs.into_iter().next().unwrap();
            let ty = x.ty().clone();
            let flip = |e: Expr| {
                let ty = e.ty.clone();
                Expr { kind: ExprKind::Flip { value: Box::new(e), axis }, ty, span: sp }
            };
            let v = if reverse { flip(x.e) } else { x.e };
            let kind = ExprKind::ScanFn { value: Box::new(v), axis, reverse: false, combine: Box::new(combine) };
            let e = Expr { kind, ty, span: sp };
            return Ok(Val::Expr(TExpr::strong(if reverse { flip(e) } else { e })));
        }
        let last = rank - 1;
        let flip = |e: Expr| {
            let ty = e.ty.clone();
            Expr { kind: ExprKind::Flip { value: Box::new(e), axis: last }, ty, span: sp }
        };
        let mut cur: Vec<Expr> = vec![];
        for x in xs {
            let e = move_last(x, axis, sp).e;
            let e = if reverse { flip(e) } else { e };
            cur.push(self.hoist(TExpr::strong(e)));
        }
        let shape = cur[0].ty.shape.clone();
        let n = shape[last as usize];
        let mut d = 1;
        while d < n {
            // [..., n] as [..., n/2d, 2, d]: low halves at index 0 of the size-2 axis.
            let mut blocks = shape[..last as usize].to_vec();
            blocks.extend([n / (2 * d), 2, d]);
            let two = rank; // the size-2 axis
            let mut lo = vec![];
            let mut carry = vec![];
            let mut hi = vec![];
            for x in &cur {
                let ty = Ty::tile(x.ty.elem, blocks.clone());
                let b = self.hoist(TExpr::strong(Expr { kind: ExprKind::Reshape(Box::new(x.clone())), ty, span: sp }));
                let l = self.hoist(TExpr::strong(pick(&b, two, 0, sp)));
                // The low half's last element, for every element of the high half.
                let c = expand_dims(pick(&l, two, d - 1, sp), two, sp);
                carry.push(Val::Expr(TExpr::strong(broadcast_expr(c, &l.ty.shape))));
                hi.push(Val::Expr(TExpr::strong(pick(&b, two, 1, sp))));
                lo.push(l);
            }
            carry.extend(hi);
            let r = self.inline_vals(item, carry, sp)?;
            let half = lo[0].ty.shape.clone();
            let new_hi = self.combined(fname, item, r, &elems, &half, sp)?;
            let mut next = vec![];
            for (l, h) in lo.into_iter().zip(new_hi) {
                next.push(self.hoist(TExpr::strong(join(l, h, two, &blocks, &shape, sp))));
            }
            cur = next;
            d *= 2;
        }
        let mut out: Vec<Val> = cur
            .into_iter()
            .map(|e| {
                let e = if reverse { flip(e) } else { e };
                Val::Expr(TExpr::strong(move_back(e, axis, sp)))
            })
            .collect();
        if is_tuple {
            Ok(Val::Tuple(out, sp))
        } else {
            Ok(out.pop().unwrap())
        }
    }
}

/// `lo` and `hi` (`[..., m, d]`) as index 0 and 1 of a new size-2 axis at `at`
/// (`blocks`: `[..., m, 2, d]`), reshaped to `shape`.
fn join(lo: Expr, hi: Expr, at: u32, blocks: &[i64], shape: &[i64], sp: Span) -> Expr {
    let mut idx = Expr {
        kind: ExprKind::Arange { start: 0, end: 2 },
        ty: Ty::tile(Elem::Scalar(Scalar::I32), vec![2]),
        span: sp,
    };
    idx = expand_dims(idx, 1, sp);
    let idx = broadcast_expr(idx, blocks);
    let zero = super::builtins_ops::fill(ConstVal::Int(0), Scalar::I32, blocks, sp);
    let mask_ty = Ty::tile(Elem::Scalar(Scalar::I1), blocks.to_vec());
    let is_lo = Expr { kind: ExprKind::Binary(BinOp::Eq, Box::new(idx), Box::new(zero)), ty: mask_ty, span: sp };
    let ty = Ty::tile(lo.ty.elem, blocks.to_vec());
    let lo = broadcast_expr(expand_dims(lo, at, sp), blocks);
    let hi = broadcast_expr(expand_dims(hi, at, sp), blocks);
    let both = Expr { kind: ExprKind::Where { cond: Box::new(is_lo), a: Box::new(lo), b: Box::new(hi) }, ty, span: sp };
    let ty = Ty::tile(both.ty.elem, shape.to_vec());
    Expr { kind: ExprKind::Reshape(Box::new(both)), ty, span: sp }
}

/// Undoes `move_last`: the last axis goes back to `axis`.
fn move_back(e: Expr, axis: u32, sp: Span) -> Expr {
    let rank = e.ty.shape.len() as u32;
    if axis == rank - 1 {
        return e;
    }
    // Result axis i is axis order[i] of `e`, whose axes are the others, then `axis`.
    let order: Vec<u32> = (0..rank)
        .map(|i| match i.cmp(&axis) {
            std::cmp::Ordering::Less => i,
            std::cmp::Ordering::Equal => rank - 1,
            std::cmp::Ordering::Greater => i - 1,
        })
        .collect();
    let shape = order.iter().map(|&d| e.ty.shape[d as usize]).collect();
    let ty = Ty::tile(e.ty.elem, shape);
    Expr { kind: ExprKind::Trans { value: Box::new(e), order }, ty, span: sp }
}
