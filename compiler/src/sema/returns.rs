//! `return` in a helper, anywhere in its body (Triton's jit functions may return from a
//! branch; a loop too here).
//!
//! Helpers are inlined, so a `return` cannot jump. A `return` in straight-line code (the
//! helper's own block, a constant `if`'s branch, a `static_range` copy) simply gives the
//! helper's value: what follows it is never checked, as with the branch a constant `if`
//! leaves out. A `return` under run-time control flow (an `if` on a run-time condition, a
//! loop) instead sets a "returned" flag and assigns the result variables (one per tuple
//! component, declared with a zero before the body); it breaks every loop of the helper
//! around it (their break flags, as `break` sets one), and the statements after any
//! statement that may have returned are wrapped in `if !returned { ... }`. Every
//! `return` of a helper gives one type and shape (Triton's rule), and a helper that
//! returns a value must not reach its end without one.

use super::builtins_ops::fill;
use super::tir::{ConstVal, Expr, ExprKind, Stmt, UnOp, VarId};
use super::types::{Elem, Scalar, Ty};
use super::{Checker, FrameKind, TExpr, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;
use crate::syntax::ast;

/// What a `return` gives: nothing, one value, or a tuple.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Nothing,
    One,
    Tuple,
}

/// The result variables of a helper's run-time `return`s (one per component, with its
/// type), what the first such `return` gave, and where it is.
pub(crate) type Slots = (Vec<(VarId, Ty)>, Kind, Span);

/// The returns of one helper being inlined.
pub(crate) struct RetCtx<'a> {
    pub item: &'a ast::Item,
    /// The index of the helper's `Function` frame.
    pub frame: usize,
    /// The value of a `return` in straight-line code.
    pub value: Option<Val>,
    /// Set by the first `return` under run-time control flow: the "returned" flag, and
    /// the result variables with where the first such `return` was (none for `return;`).
    pub flag: Option<VarId>,
    pub slots: Option<Slots>,
    /// `return`s under run-time control flow so far (a statement during which this grew
    /// may have returned: the rest of its block is guarded).
    pub sites: usize,
    /// Every path through the statements checked so far in this block has returned.
    pub done: bool,
    /// A `return` failed to check (already reported): the helper gives no value.
    pub failed: bool,
}

impl<'a> Checker<'a> {
    /// `return value;` (or `return;`) in the helper being inlined. Whatever follows it in
    /// its block is not checked (it never runs), even when it fails.
    pub(super) fn helper_return(&mut self, v: Option<&ast::Expr>, sp: Span, out: &mut Vec<Stmt>) -> R<()> {
        let r = self.return_value(v, sp, out);
        if r.is_err() {
            let c = self.rets.last_mut().unwrap();
            (c.failed, c.done) = (true, true);
        }
        r
    }

    fn return_value(&mut self, v: Option<&ast::Expr>, sp: Span, out: &mut Vec<Stmt>) -> R<()> {
        let (item, frame) = {
            let c = self.rets.last().expect("a return in a helper");
            (c.item, c.frame)
        };
        let name = &item.name.name;
        let mut val = match v {
            Some(e) => self.check_expr(e)?,
            None => Val::Unit(sp),
        };
        self.flush(out);
        match (&item.ret_ty, v) {
            (Some(decl), Some(_)) => val = self.check_ret(name, decl, val)?,
            (Some(decl), None) => {
                return Err(self.err(
                    Diagnostic::error(
                        format!("`{name}` is declared to return a value, but this `return` has none"),
                        sp,
                        "no value",
                    )
                    .with_secondary(decl.span(), "declared here"),
                ))
            }
            _ => {}
        }
        let straight =
            self.frames[frame + 1..].iter().all(|f| matches!(f.kind, FrameKind::Static | FrameKind::Unrolled));
        let ctx = self.rets.last_mut().unwrap();
        if straight && ctx.flag.is_none() {
            ctx.value = Some(val);
            ctx.done = true;
            return Ok(());
        }
        // Under run-time control flow: assign the result variables, set the flag.
        let (values, kind) = self.ret_values(item, val, sp)?;
        let slots = self.ret_slots(item, &values, kind, sp)?;
        for ((var, ty), e) in slots.into_iter().zip(values) {
            let e = self.fit_slot(item, e, &ty, sp)?;
            out.push(Stmt::Assign { var, value: e, span: sp });
        }
        let flag = match self.rets.last().unwrap().flag {
            Some(f) => f,
            None => {
                let f = self.new_var("returned", Ty::scalar(Scalar::I1), item.name.span);
                self.rets.last_mut().unwrap().flag = Some(f);
                f
            }
        };
        let t = super::const_expr(ConstVal::Bool(true), Scalar::I1, sp);
        out.push(Stmt::Assign { var: flag, value: t.clone(), span: sp });
        // Leave every loop of the helper around it, as `break` leaves one.
        let loops: Vec<usize> =
            (frame + 1..self.frames.len()).filter(|&i| self.frames[i].kind == FrameKind::Loop).collect();
        for idx in loops {
            let b = match self.break_flags.get(&idx) {
                Some(b) => *b,
                None => {
                    let b = self.new_var("break", Ty::scalar(Scalar::I1), sp);
                    self.break_flags.insert(idx, b);
                    b
                }
            };
            out.push(Stmt::Assign { var: b, value: t.clone(), span: sp });
        }
        let ctx = self.rets.last_mut().unwrap();
        ctx.sites += 1;
        ctx.done = true;
        Ok(())
    }

    /// The components a run-time `return` assigns: one value, a tuple's values, or none.
    fn ret_values(&mut self, item: &ast::Item, val: Val, sp: Span) -> R<(Vec<TExpr>, Kind)> {
        let (parts, kind) = match val {
            Val::Unit(_) => return Ok((vec![], Kind::Nothing)),
            Val::Tuple(xs, _) => (xs, Kind::Tuple),
            v => (vec![v], Kind::One),
        };
        let mut out = vec![];
        for p in parts {
            match p {
                Val::Expr(e) if matches!(e.ty().elem, Elem::Scalar(_)) => out.push(e),
                Val::Expr(e) => {
                    return Err(self.err(
                        Diagnostic::error(
                            format!(
                                "`{}` returns a pointer ({}) from inside a loop or a run-time `if`",
                                item.name.name,
                                e.ty()
                            ),
                            e.span(),
                            "a pointer",
                        )
                        .help("return the offset and add it to the pointer after the call, or return at the end"),
                    ))
                }
                other => {
                    let d = other.describe();
                    return Err(self.err(
                        Diagnostic::error(
                            format!("`{}` returns {d} from inside a loop or a run-time `if`", item.name.name),
                            if matches!(other, Val::Unit(_)) { sp } else { other.span() },
                            "not a value",
                        )
                        .note("there, a helper returns scalars, tiles or tuples of them (they become variables)"),
                    ));
                }
            }
        }
        Ok((out, kind))
    }

    /// The result variables (made by the first run-time `return`, which sets their types),
    /// checked against this `return`'s component count.
    fn ret_slots(&mut self, item: &ast::Item, values: &[TExpr], kind: Kind, sp: Span) -> R<Vec<(VarId, Ty)>> {
        let name = &item.name.name;
        if let Some((slots, had, first)) = self.rets.last().unwrap().slots.clone() {
            if had != kind || slots.len() != values.len() {
                let what = |k: Kind, n: usize| match k {
                    Kind::Nothing => "nothing".to_string(),
                    Kind::One => "one value".to_string(),
                    Kind::Tuple => format!("a tuple of {n} values"),
                };
                return Err(self.err(
                    Diagnostic::error(
                        format!(
                            "`{name}` returns {} here but {} at an earlier `return`",
                            what(kind, values.len()),
                            what(had, slots.len())
                        ),
                        sp,
                        "this `return`",
                    )
                    .with_secondary(first, "the earlier `return`")
                    .note("every `return` of a helper gives the same kind of result"),
                ));
            }
            return Ok(slots);
        }
        let slots: Vec<(VarId, Ty)> = values
            .iter()
            .map(|e| {
                let ty = e.ty().clone();
                (self.new_var(&format!("{name}_result"), ty.clone(), item.name.span), ty)
            })
            .collect();
        self.rets.last_mut().unwrap().slots = Some((slots.clone(), kind, sp));
        Ok(slots)
    }

    /// A returned value in its result variable's type: the same type and shape, or a
    /// literal converted and splatted to it.
    fn fit_slot(&mut self, item: &ast::Item, e: TExpr, ty: &Ty, sp: Span) -> R<Expr> {
        if e.ty() == ty {
            return Ok(e.e);
        }
        if let (true, true, Elem::Scalar(s)) = (e.weak, e.ty().is_scalar(), ty.elem) {
            let c = self.convert(e, s)?;
            return Ok(super::broadcast::broadcast_expr(c, &ty.shape));
        }
        let first = self.rets.last().unwrap().slots.as_ref().map_or(sp, |s| s.2);
        Err(self.err(
            Diagnostic::error(
                format!("`{}` returns {} here but {ty} at an earlier `return`", item.name.name, e.ty()),
                e.span(),
                format!("this is {}", e.ty()),
            )
            .with_secondary(first, format!("returns {ty}"))
            .help("every `return` of a helper gives one type and shape (as in Triton): convert with `.to(T)` or broadcast"),
        ))
    }

    /// After the body: the helper's value, and the declarations its run-time `return`s
    /// need (the flag false, each result variable zero), put before the body's statements.
    pub(super) fn finish_returns(&mut self, ctx: RetCtx<'a>, out: &mut Vec<Stmt>, sp: Span) -> R<Val> {
        let name = &ctx.item.name.name;
        if ctx.failed {
            return Err(super::Reported);
        }
        let Some(flag) = ctx.flag else {
            return Ok(ctx.value.unwrap_or(Val::Unit(sp)));
        };
        let (slots, kind, first) = ctx.slots.expect("a run-time return made its slots");
        if kind != Kind::Nothing && !ctx.done {
            return Err(self.err(
                Diagnostic::error(
                    format!("`{name}` returns a value on some paths but can reach its end without one"),
                    ctx.item.name.span,
                    "this helper",
                )
                .with_secondary(first, "returns a value here")
                .help("end it with `return value;` (Triton requires every path to return the same type)"),
            ));
        }
        let mut decls = vec![];
        let f = super::const_expr(ConstVal::Bool(false), Scalar::I1, sp);
        decls.push(Stmt::Let { var: flag, value: f, span: sp });
        let mut vals = vec![];
        for (var, ty) in slots {
            let s = ty.scalar_elem().expect("slots hold numbers");
            let zero = if s == Scalar::I1 {
                ConstVal::Bool(false)
            } else if s.is_float() {
                ConstVal::Float(0.0)
            } else {
                ConstVal::Int(0)
            };
            decls.push(Stmt::Let { var, value: fill(zero, s, &ty.shape, sp), span: sp });
            vals.push(Val::Expr(TExpr::strong(Expr { kind: ExprKind::Var(var), ty, span: sp })));
        }
        out.splice(0..0, decls);
        Ok(match kind {
            Kind::Nothing => Val::Unit(sp),
            Kind::One => vals.pop().unwrap(),
            Kind::Tuple => Val::Tuple(vals, sp),
        })
    }

    /// `!returned`: the guard of what follows a statement that may have returned.
    pub(super) fn not_returned(&self, sp: Span) -> Option<Expr> {
        let flag = self.rets.last()?.flag?;
        let v = Expr { kind: ExprKind::Var(flag), ty: Ty::scalar(Scalar::I1), span: sp };
        Some(Expr { kind: ExprKind::Unary(UnOp::Not, Box::new(v)), ty: Ty::scalar(Scalar::I1), span: sp })
    }
}

impl Checker<'_> {
    /// Whether every path through the current block has returned (the rest is not
    /// checked); reading it resets it for the block around (the caller decides).
    pub(super) fn take_done(&mut self) -> bool {
        self.rets.last_mut().is_some_and(|c| std::mem::take(&mut c.done))
    }

    pub(super) fn set_done(&mut self, done: bool) {
        if let Some(c) = self.rets.last_mut() {
            c.done = done;
        }
    }

    /// The run-time `return`s so far of the helper being inlined (`None` in a kernel).
    pub(super) fn ret_sites(&self) -> Option<usize> {
        self.rets.last().map(|c| c.sites)
    }

    /// Whether the statements checked so far have returned on every path.
    pub(super) fn returned(&self) -> bool {
        self.rets.last().is_some_and(|c| c.done)
    }

    /// `rest` (statements after one that may have returned) in `if !returned { ... }`.
    pub(super) fn guard_rest(&mut self, rest: &[ast::Stmt], out: &mut Vec<Stmt>) {
        let span = rest[0].span.to(rest[rest.len() - 1].span);
        let cond = self.not_returned(span).expect("a run-time return made the flag");
        self.push_frame(FrameKind::Branch, span);
        let mut body = vec![];
        self.check_stmts(rest, &mut body);
        self.pop_frame();
        out.push(Stmt::If { cond, then_body: body, else_body: vec![], span });
    }
}
