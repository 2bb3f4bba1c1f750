//! Tuples: `(a, b)` values, helpers declared `-> (T, U)`, and `let (a, b) = e;`.
//!
//! A tuple exists only at compile time (as in Triton): `Val::Tuple` bundles checked
//! values, and destructuring binds each component on its own, so no tuple ever reaches
//! TIR. `_` in a pattern ignores its component (an effectful one, e.g. an atomic, still
//! runs).

use super::tir::Stmt;
use super::types::Elem;
use super::{Checker, TExpr, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;
use crate::syntax::ast;

impl Checker<'_> {
    /// `let (a, b, ...) = value;`
    pub(super) fn let_tuple(
        &mut self,
        names: &[ast::Ident],
        value: &ast::Expr,
        sp: Span,
        out: &mut Vec<Stmt>,
    ) -> R<()> {
        for (i, n) in names.iter().enumerate() {
            if n.name == "_" {
                continue;
            }
            if let Some(first) = names[..i].iter().find(|m| m.name == n.name) {
                return Err(self.err(
                    Diagnostic::error(format!("`{}` is bound twice in this `let`", n.name), n.span, "bound again here")
                        .with_secondary(first.span, "first bound here"),
                ));
            }
        }
        let v = self.check_expr(value)?;
        let pat_span = names[0].span.to(names[names.len() - 1].span);
        let items = match v {
            Val::Tuple(xs, _) => xs,
            other => {
                let d = other.describe();
                return Err(self.err(
                    Diagnostic::error(
                        format!("cannot destructure {d} into {} names", names.len()),
                        other.span(),
                        "not a tuple",
                    )
                    .with_secondary(pat_span, "a tuple pattern"),
                ));
            }
        };
        if items.len() != names.len() {
            return Err(self.err(
                Diagnostic::error(
                    format!("cannot destructure a tuple of {} values into {} names", items.len(), names.len()),
                    value.span,
                    format!("{} values", items.len()),
                )
                .with_secondary(pat_span, format!("{} names", names.len())),
            ));
        }
        self.flush(out);
        for (n, v) in names.iter().zip(items) {
            if n.name == "_" {
                // Dropped unless it has an effect (an atomic; a load, for memcheck).
                if let Val::Expr(TExpr { e, .. }) = v {
                    if super::builtins_ops::touches_memory(&e) {
                        out.push(Stmt::Expr(e));
                    }
                }
                continue;
            }
            let vs = v.span();
            self.bind_let(n, None, v, vs, sp, out)?;
        }
        Ok(())
    }

    /// Checks a helper's result against its declared `-> T` / `-> (T, U)`; a literal
    /// takes the declared scalar type.
    pub(super) fn check_ret(&mut self, name: &str, decl: &ast::RetTy, result: Val) -> R<Val> {
        match (decl, result) {
            (ast::RetTy::One(t), Val::Expr(e)) => self.ret_component(name, t, e).map(Val::Expr),
            (ast::RetTy::Tuple(ts, ts_span), Val::Tuple(xs, sp)) => {
                if xs.len() != ts.len() {
                    return Err(self.err(
                        Diagnostic::error(
                            format!("`{name}` returns {} values but is declared to return {}", xs.len(), ts.len()),
                            sp,
                            format!("{} values", xs.len()),
                        )
                        .with_secondary(*ts_span, "declared here"),
                    ));
                }
                let mut out = vec![];
                for (t, x) in ts.iter().zip(xs) {
                    let e = match x {
                        Val::Expr(e) => e,
                        other => {
                            let d = other.describe();
                            return Err(self.err(
                                Diagnostic::error(
                                    format!(
                                        "`{name}` returns {d} where it is declared to return {}",
                                        self.text(t.span)
                                    ),
                                    other.span(),
                                    "not a value",
                                )
                                .with_secondary(t.span, "declared here"),
                            ));
                        }
                    };
                    out.push(Val::Expr(self.ret_component(name, t, e)?));
                }
                Ok(Val::Tuple(out, sp))
            }
            (decl, other) => {
                let want = match decl {
                    ast::RetTy::One(t) => self.text(t.span).to_string(),
                    ast::RetTy::Tuple(ts, _) => format!("a tuple of {} values", ts.len()),
                };
                let d = other.describe();
                Err(self.err(
                    Diagnostic::error(
                        format!("`{name}` returns {d} but is declared to return {want}"),
                        other.span(),
                        "returned here",
                    )
                    .with_secondary(decl.span(), "declared here"),
                ))
            }
        }
    }

    /// One returned value against its declared type.
    fn ret_component(&mut self, name: &str, t: &ast::TypeExpr, e: TExpr) -> R<TExpr> {
        let want = self.resolve_type(t)?;
        if e.ty().elem == want {
            return Ok(e);
        }
        match (want, e.ty().elem) {
            (Elem::Scalar(w), Elem::Scalar(_)) if e.weak => Ok(TExpr::strong(self.convert(e, w)?)),
            _ => Err(self.err(
                Diagnostic::error(
                    format!("`{name}` returns {} but is declared to return {want}", e.ty()),
                    e.span(),
                    format!("this is {}", e.ty()),
                )
                .with_secondary(t.span, "declared here"),
            )),
        }
    }
}
