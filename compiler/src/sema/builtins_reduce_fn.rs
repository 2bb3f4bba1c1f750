//! `reduce(input, axis, combine_fn, keep_dims = false)` (Triton's `tl.reduce`): a
//! reduction whose combine is a `fn` helper. `input` is a tile or a tuple of tiles of one
//! shape (argmax-like reductions carry a value and an index); `combine_fn` takes the
//! left side's components, then the right side's, and returns as many (a tuple when more
//! than one). It must be associative; it need not be commutative (left stays left).
//!
//! Built from existing ops, so every pass, the lowering and the interpreter handle it as
//! they are: the axis is moved last, then halved until it has size 1, each step a reshape
//! of `[..., n]` to `[..., n/2, 2]`, the two elements of each pair taken apart as `split`
//! does, and the helper inlined on the two halves (elementwise on whole tiles). That is
//! log2(n) combines per element, each after a reshape that may move data through shared
//! memory: correct everywhere, but not a shuffle tree like `sum`'s (a region-carrying
//! `tile.reduce` would be; the front end here would stay as it is).

use super::broadcast::{broadcast_expr, broadcasts_to};
use super::builtins::Args;
use super::builtins_split::pick_last;
use super::tir::{CombineFn, Expr, ExprKind, Stmt};
use super::types::{Elem, Ty};
use super::{Checker, TExpr, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;
use crate::syntax::ast;

impl<'a> Checker<'a> {
    pub(super) fn reduce_fn(&mut self, a: &Args, sp: Span) -> R<Val> {
        let input = a[0].unwrap();
        let (xs, is_tuple) = self.reduce_inputs("reduce", input)?;
        let item = self.combine_fn("reduce", a[2].unwrap(), xs.len())?;
        let elems: Vec<Elem> = xs.iter().map(|x| x.ty().elem).collect();
        let region = self.dry_combine("reduce", item, &elems, sp)?;
        let keep_dims = match a[3] {
            Some(k) => self.const_bool(k, "keep_dims")?,
            None => false,
        };
        let rank = xs[0].ty().shape.len();
        let axis = self.axis_arg(a[1], &xs[0])?;
        let flat_all = a[1].is_none_or(|e| matches!(e.kind, ast::ExprKind::NoneLit));
        let keep = |e: Expr| {
            if !keep_dims {
                return e;
            }
            let ones = if flat_all { vec![1; rank] } else { with_axis(&e.ty.shape, axis.unwrap_or(0)) };
            let ty = Ty::tile(e.ty.elem, ones);
            let kind = if e.ty.is_scalar() { ExprKind::Splat(Box::new(e)) } else { ExprKind::Reshape(Box::new(e)) };
            Expr { kind, ty, span: sp }
        };
        // One tile: one `tile.reduce` carrying the combine as its region.
        if let (false, Some(combine)) = (is_tuple, region) {
            let x = xs.into_iter().next().unwrap();
            let mut shape = x.ty().shape.clone();
            match axis {
                Some(ax) => drop(shape.remove(ax as usize)),
                None => shape.clear(),
            }
            let ty = Ty::tile(x.ty().elem, shape);
            let kind = ExprKind::ReduceFn { value: Box::new(x.e), axis, combine: Box::new(combine) };
            return Ok(Val::Expr(TExpr::strong(keep(Expr { kind, ty, span: sp }))));
        }
        // Without an axis the whole tile reduces: flatten it first.
        let mut cur = match axis {
            Some(ax) => xs.into_iter().map(|x| self.hoist(move_last(x, ax, sp))).collect::<Vec<_>>(),
            None => {
                let n = xs[0].ty().numel();
                let flat = |x: TExpr| {
                    let ty = Ty::tile(x.ty().elem, vec![n]);
                    TExpr::strong(Expr { kind: ExprKind::Reshape(Box::new(x.e)), ty, span: sp })
                };
                xs.into_iter().map(|x| self.hoist(flat(x))).collect()
            }
        };
        while *cur[0].ty.shape.last().unwrap() > 1 {
            let mut left = vec![];
            let mut right = vec![];
            for x in &cur {
                let mut pairs = x.ty.shape.clone();
                let n = pairs.pop().unwrap();
                pairs.extend([n / 2, 2]);
                let ty = Ty::tile(x.ty.elem, pairs);
                let p = self.hoist(TExpr::strong(Expr { kind: ExprKind::Reshape(Box::new(x.clone())), ty, span: sp }));
                left.push(Val::Expr(TExpr::strong(pick_last(&p, 0, sp))));
                right.push(Val::Expr(TExpr::strong(pick_last(&p, 1, sp))));
            }
            left.extend(right);
            let r = self.inline_vals(item, left, sp)?;
            let mut half = cur[0].ty.shape.clone();
            *half.last_mut().unwrap() /= 2;
            let elems: Vec<Elem> = cur.iter().map(|x| x.ty.elem).collect();
            cur = self.combined("reduce", item, r, &elems, &half, sp)?;
        }
        let mut out: Vec<Val> = cur.iter().map(|x| Val::Expr(TExpr::strong(keep(pick_last(x, 0, sp))))).collect();
        if is_tuple {
            Ok(Val::Tuple(out, sp))
        } else {
            Ok(out.pop().unwrap())
        }
    }

    /// A tile, or a tuple of tiles of one shape.
    pub(super) fn reduce_inputs(&mut self, fname: &str, e: &ast::Expr) -> R<(Vec<TExpr>, bool)> {
        let (vals, is_tuple) = match self.check_expr(e)? {
            Val::Tuple(xs, _) => (xs, true),
            v => (vec![v], false),
        };
        let mut xs = vec![];
        for v in vals {
            let at = v.span();
            let x = self.expect_expr(v)?;
            xs.push(self.tile_val(fname, x, at)?);
        }
        if xs.is_empty() {
            return self.error(format!("`{fname}` needs at least one tile"), e.span, "an empty tuple");
        }
        if let Some(x) = xs.iter().find(|x| x.ty().shape != xs[0].ty().shape) {
            return Err(self.err(
                Diagnostic::error(
                    format!("the tiles `{fname}` combines must have one shape, found {} and {}", xs[0].ty(), x.ty()),
                    x.span(),
                    format!("this is {}", x.ty()),
                )
                .with_secondary(xs[0].span(), format!("this is {}", xs[0].ty())),
            ));
        }
        Ok((xs, is_tuple))
    }

    /// `combine_fn`: the name of a helper taking two values for each input tile.
    pub(super) fn combine_fn(&mut self, fname: &str, e: &ast::Expr, n: usize) -> R<&'a ast::Item> {
        let ast::ExprKind::Name(name) = &e.kind else {
            return self.error(
                format!("`{fname}`'s `combine_fn` must be the name of a `fn` helper"),
                e.span,
                "not a helper name",
            );
        };
        // A helper passed in as a value (`fn fold(x, f) { return reduce(x, 0, f); }`).
        let name = match self.lookup(name) {
            Some((super::Binding::Value(Val::Fn(f, _)), _, _)) => f,
            _ => name.clone(),
        };
        let name = &name;
        let item = self.items.get(name.as_str()).copied().filter(|i| i.kind == ast::ItemKind::Helper);
        let Some(item) = item else {
            let help = if crate::builtin_table::is_builtin(name) {
                format!("wrap the builtin in a helper: `fn combine(a, b) {{ return {name}(a, b); }}`")
            } else {
                format!("declare the combine as `fn {name}(a, b) {{ ... }}`")
            };
            return Err(self.err(
                Diagnostic::error(format!("`{name}` is not a `fn` helper of this file"), e.span, "not a helper")
                    .help(help),
            ));
        };
        if item.params.len() != 2 * n {
            let sides = if n == 1 { "`(a, b)`".to_string() } else { format!("{n} values for each side") };
            return Err(self.err(
                Diagnostic::error(
                    format!(
                        "`{name}` takes {} parameter{} but combining {n} tile{} needs {}",
                        item.params.len(),
                        if item.params.len() == 1 { "" } else { "s" },
                        if n == 1 { "" } else { "s" },
                        2 * n
                    ),
                    e.span,
                    format!("used as `combine_fn` of `{fname}`"),
                )
                .with_secondary(item.name.span, "declared here")
                .help(format!("the combine takes {sides}: the left side's, then the right side's")),
            ));
        }
        Ok(item)
    }

    /// Checks `combine_fn` as Triton runs it, on scalars: inlined once on scalar
    /// stand-ins, its statements dropped. A body that only works on whole tiles (a
    /// reduction, `arange`) fails here, at its line, instead of combining across elements
    /// when it is applied to the halves.
    ///
    /// For one tile, returns the inlined body as a region combine when it is one
    /// (`region_combine`): the caller then emits one `tile.reduce` / `tile.scan` of kind
    /// "custom" instead of the expansion.
    pub(super) fn dry_combine(
        &mut self,
        fname: &str,
        item: &'a ast::Item,
        elems: &[Elem],
        sp: Span,
    ) -> R<Option<CombineFn>> {
        let saved = std::mem::take(&mut self.pending);
        let mut vals = vec![];
        let mut params = vec![];
        for side in ["left", "right"] {
            for &e in elems {
                let v = self.new_var(side, Ty::tile(e, vec![]), sp);
                params.push(v);
                vals.push(Val::Expr(TExpr::strong(Expr { kind: ExprKind::Var(v), ty: Ty::tile(e, vec![]), span: sp })));
            }
        }
        let r = self.inline_vals(item, vals, sp).and_then(|r| self.combined(fname, item, r, elems, &[], sp));
        let body = std::mem::replace(&mut self.pending, saved);
        let mut results = r?;
        if results.len() != 1 {
            return Ok(None);
        }
        let c = CombineFn { params: [params[0], params[1]], body, result: results.pop().unwrap() };
        Ok(region_combine(&c).then_some(c))
    }

    /// Checks what `combine_fn` returned (one value per combined tile, of its element
    /// type, broadcasting to `shape`) and binds each component to a variable.
    pub(super) fn combined(
        &mut self,
        fname: &str,
        item: &ast::Item,
        r: Val,
        elems: &[Elem],
        shape: &[i64],
        sp: Span,
    ) -> R<Vec<Expr>> {
        let name = &item.name.name;
        let n = elems.len();
        let vals = match r {
            Val::Tuple(xs, _) if n > 1 && xs.len() == n => xs,
            v if n == 1 && !matches!(v, Val::Tuple(..)) => vec![v],
            v => {
                let want = if n == 1 { "one value".to_string() } else { format!("a tuple of {n}") };
                return Err(self.err(
                    Diagnostic::error(
                        format!("`{name}` returns {} but `{fname}` needs {want}", v.describe()),
                        sp,
                        format!("`{name}` applied here"),
                    )
                    .with_secondary(item.name.span, "declared here"),
                ));
            }
        };
        let mut out = vec![];
        for (v, &want_elem) in vals.into_iter().zip(elems) {
            let e = self.expect_expr(v)?;
            if e.ty().elem != want_elem {
                return Err(self.err(
                    Diagnostic::error(
                        format!(
                            "`{name}` returns {} where `{fname}` combines {want_elem}: a combine must keep the types",
                            e.ty().elem
                        ),
                        sp,
                        format!("`{name}` applied here"),
                    )
                    .with_secondary(item.name.span, "declared here"),
                ));
            }
            if !broadcasts_to(&e.ty().shape, shape) {
                return Err(self.err(
                    Diagnostic::error(
                        format!(
                            "`{name}` returns {} where `{fname}` combines {want_elem}: a combine works on scalars",
                            e.ty()
                        ),
                        sp,
                        format!("`{name}` applied here"),
                    )
                    .with_secondary(item.name.span, "declared here"),
                ));
            }
            let e = TExpr::strong(broadcast_expr(e.e, shape));
            out.push(self.hoist(e));
        }
        Ok(out)
    }
}

/// Whether a combine inlined on scalars can be a region: only `let`s of pure scalar
/// expressions (no memory access, no if-expression), of element types the lowering
/// shuffles (not i1). Anything else keeps the expansion, which runs the body on whole
/// halves.
fn region_combine(c: &CombineFn) -> bool {
    fn pure(e: &Expr) -> bool {
        let mut ok = e.ty.shape.is_empty()
            && !matches!(
                e.kind,
                ExprKind::Load { .. } | ExprKind::Atomic { .. } | ExprKind::AtomicCas { .. } | ExprKind::If { .. }
            );
        super::program_limits::children(e, &mut |x| ok = ok && pure(x));
        ok
    }
    let shuffled = matches!(c.result.ty.elem, Elem::Scalar(s) if s != super::types::Scalar::I1);
    shuffled && c.body.iter().all(|s| matches!(s, Stmt::Let { value, .. } if pure(value))) && pure(&c.result)
}

/// `x` with axis `ax` moved last (the others keep their order).
pub(super) fn move_last(x: TExpr, ax: u32, sp: Span) -> TExpr {
    let rank = x.ty().shape.len() as u32;
    if ax == rank - 1 {
        return x;
    }
    let order: Vec<u32> = (0..rank).filter(|&d| d != ax).chain([ax]).collect();
    let shape = order.iter().map(|&d| x.ty().shape[d as usize]).collect();
    let ty = Ty::tile(x.ty().elem, shape);
    TExpr::strong(Expr { kind: ExprKind::Trans { value: Box::new(x.e), order }, ty, span: sp })
}

/// `shape` (the reduced one) with a size-1 axis put back at `axis`.
fn with_axis(shape: &[i64], axis: u32) -> Vec<i64> {
    let mut s = shape.to_vec();
    s.insert(axis as usize, 1);
    s
}
