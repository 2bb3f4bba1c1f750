//! Calls: argument binding (positional and keyword, shared by builtins and helpers),
//! dispatch to builtins, method calls, and inlining of `fn` helpers.
//!
//! A helper call checks its arguments in the caller, binds them to fresh variables (or
//! keeps them as constants when they are, so `arange(0, N)` works inside helpers),
//! checks the body in a new function frame (helpers do not see the caller's names) and
//! appends the body's statements to `pending`, ahead of the statement being checked.

use super::returns::RetCtx;
use super::scope::{assigned_names, suggest};
use super::tir::{ExprKind, Stmt, VarId};
use super::types::Elem;
use super::{Binding, Checker, FrameKind, Reported, TExpr, Val, R};
use crate::builtin_table;
use crate::diag::Diagnostic;
use crate::limits::{MAX_HELPER_DEPTH, MAX_SUBSTITUTED};
use crate::source::Span;
use crate::syntax::ast;

impl<'a> Checker<'a> {
    /// Matches call arguments to parameter names. `required`: how many leading
    /// parameters have no default.
    pub fn bind_args<'e>(
        &mut self,
        fname: &str,
        params: &[&str],
        required: usize,
        args: &'e [ast::Arg],
        call_span: Span,
    ) -> R<Vec<Option<&'e ast::Expr>>> {
        let mut out: Vec<Option<&ast::Expr>> = vec![None; params.len()];
        let mut given: Vec<Option<Span>> = vec![None; params.len()];
        let mut seen_kw = false;
        let mut pos = 0;
        for a in args {
            match &a.name {
                None => {
                    if seen_kw {
                        return self.error(
                            "positional argument after a keyword argument",
                            a.span,
                            "move it before the keyword arguments",
                        );
                    }
                    if pos >= params.len() {
                        let max = params.len();
                        let n = args.len();
                        return Err(self.err(
                            Diagnostic::error(
                                format!("`{fname}` takes at most {max} argument{}, got {n}", plural(max)),
                                a.span,
                                "unexpected argument",
                            )
                            .note(format!("`{fname}({})`", params.join(", "))),
                        ));
                    }
                    out[pos] = Some(&a.value);
                    given[pos] = Some(a.span);
                    pos += 1;
                }
                Some(k) => {
                    seen_kw = true;
                    let Some(i) = params.iter().position(|p| *p == k.name) else {
                        let mut d = Diagnostic::error(
                            format!("`{fname}` has no parameter named `{}`", k.name),
                            k.span,
                            "unknown keyword argument",
                        );
                        if let Some(s) = suggest(&k.name, params.iter().copied()) {
                            d = d.help(format!("did you mean `{s}`?"));
                        }
                        d = d.note(format!("`{fname}({})`", params.join(", ")));
                        return Err(self.err(d));
                    };
                    if let Some(prev) = given[i] {
                        return Err(self.err(
                            Diagnostic::error(
                                format!("argument `{}` is given twice", k.name),
                                k.span,
                                "given again here",
                            )
                            .with_secondary(prev, "first given here"),
                        ));
                    }
                    out[i] = Some(&a.value);
                    given[i] = Some(a.span);
                }
            }
        }
        if let Some(missing) = (0..required).find(|&i| out[i].is_none()) {
            let d = if args.iter().all(|a| a.name.is_none()) {
                Diagnostic::error(
                    format!(
                        "`{fname}` takes {}{required} argument{}, got {}",
                        if required < params.len() { "at least " } else { "" },
                        plural(required),
                        args.len()
                    ),
                    call_span,
                    format!("missing `{}`", params[missing]),
                )
            } else {
                Diagnostic::error(
                    format!("missing argument `{}` in call to `{fname}`", params[missing]),
                    call_span,
                    format!("`{}` not given", params[missing]),
                )
            };
            return Err(self.err(d.note(format!("`{fname}({})`", params.join(", ")))));
        }
        Ok(out)
    }

    pub fn call(&mut self, callee: &ast::Expr, args: &[ast::Arg], sp: Span) -> R<Val> {
        let ast::ExprKind::Name(n) = &callee.kind else {
            return self.error("only functions can be called", callee.span, "not a function name");
        };
        let n = match self.lookup(n) {
            // A helper or builtin passed as a value: call what it names.
            Some((Binding::Value(Val::Fn(f, _)), _, _)) => f,
            Some(_) => return self.error(format!("`{n}` is a variable, not a function"), callee.span, "not callable"),
            None => n.clone(),
        };
        let n = &n;
        let item = self.items.get(n.as_str()).copied();
        // A kernel named like a builtin (`kernel sum`) does not hide the builtin: kernels
        // cannot be called anyway. A helper does hide it.
        let item = item.filter(|i| i.kind == ast::ItemKind::Helper || !builtin_table::is_builtin(n));
        if let Some(item) = item {
            if item.kind == ast::ItemKind::Kernel {
                return Err(self.err(
                    Diagnostic::error(format!("cannot call kernel `{n}` from a kernel"), callee.span, "a kernel")
                        .with_secondary(item.name.span, "declared as a kernel here")
                        .help("declare the shared code as a `fn` helper and call it from both kernels"),
                ));
            }
            return self.inline(item, args, sp);
        }
        if builtin_table::is_builtin(n) {
            return self.builtin(n, args, sp);
        }
        if n == "range" {
            return self.error("`range` can only be used in a `for` loop", callee.span, "not in a `for`");
        }
        let mut d = Diagnostic::error(format!("unknown function `{n}`"), callee.span, "not a builtin or helper");
        let helpers: Vec<&str> = self.items.keys().copied().collect();
        if let Some(s) = suggest(n, builtin_table::names().chain(helpers)) {
            d = d.help(format!("did you mean `{s}`?"));
        }
        Err(self.err(d))
    }

    /// The error for Triton's `tl.arange(...)`, `libdevice.tanh(x)` and the like: a method
    /// of a name that is not bound here and is Triton's module.
    pub fn triton_method(&mut self, recv: &ast::Expr, name: &ast::Ident) -> Option<Diagnostic> {
        let ast::ExprKind::Name(m) = &recv.kind else { return None };
        if self.lookup(m).is_some() {
            return None;
        }
        let path = format!("{m}.{}", name.name);
        crate::syntax::triton::dotted(&path, recv.span.to(name.span), None, &builtin_table::is_builtin)
    }

    /// `x.to(T)`, or any builtin taking a tile first (`x.sum(0)`, `x.trans()`).
    pub fn method(&mut self, recv: &ast::Expr, name: &ast::Ident, args: &[ast::Arg], sp: Span) -> R<Val> {
        if let Some(d) = self.triton_method(recv, name) {
            return Err(self.err(d));
        }
        if name.name != "to" && !builtin_table::is_builtin(&name.name) {
            let mut d = Diagnostic::error(format!("no method named `{}`", name.name), name.span, "unknown method");
            if let Some(s) = suggest(&name.name, builtin_table::names().chain(["to"])) {
                d = d.help(format!("did you mean `{s}`?"));
            }
            return Err(self.err(d));
        }
        let mut all = vec![ast::Arg { name: None, value: recv.clone(), span: recv.span }];
        all.extend(args.iter().cloned());
        if name.name == "to" {
            return self.cast_method(&all, sp);
        }
        self.builtin(&name.name, &all, sp)
    }

    fn inline(&mut self, item: &'a ast::Item, args: &[ast::Arg], sp: Span) -> R<Val> {
        let name = item.name.name.clone();
        self.call_guard(&name, sp)?;
        let pnames: Vec<&str> = item.params.iter().map(|p| p.name.name.as_str()).collect();
        let required = item.params.iter().rposition(|p| p.default.is_none()).map_or(0, |i| i + 1);
        let bound = self.bind_args(&name, &pnames, required, args, sp)?;
        // Arguments are checked in the caller's scope.
        let mut vals: Vec<Option<Val>> = vec![];
        let mut failed = false;
        for (p, a) in item.params.iter().zip(&bound) {
            let v = match a {
                Some(e) => self.check_expr(e),
                None => match &p.default {
                    Some(d) => {
                        // Defaults are evaluated where the helper is declared: no caller names.
                        self.push_frame(FrameKind::Function, item.span);
                        let v = self.check_expr(d);
                        self.pop_frame();
                        v
                    }
                    None => Ok(Val::Unit(sp)),
                },
            };
            match v {
                Ok(v) => vals.push(Some(v)),
                Err(_) => {
                    failed = true;
                    vals.push(None);
                }
            }
        }
        if failed {
            return Err(Reported);
        }
        self.enter(item, vals, sp)
    }

    /// Inlines `item` on arguments already checked (one per parameter, in order): a
    /// `combine_fn` applied by `reduce`.
    pub(super) fn inline_vals(&mut self, item: &'a ast::Item, vals: Vec<Val>, sp: Span) -> R<Val> {
        self.call_guard(&item.name.name, sp)?;
        self.enter(item, vals.into_iter().map(Some).collect(), sp)
    }

    fn enter(&mut self, item: &'a ast::Item, vals: Vec<Option<Val>>, sp: Span) -> R<Val> {
        let name = item.name.name.clone();
        let assigned = assigned_names(&item.body);
        self.call_stack.push((name, sp));
        self.assigned.push(assigned);
        self.push_frame(FrameKind::Function, item.span);
        let r = self.inline_body(item, vals, sp);
        self.pop_frame();
        self.assigned.pop();
        self.call_stack.pop();
        r
    }

    /// Recursion and nesting depth, checked before a helper's arguments.
    fn call_guard(&mut self, name: &str, sp: Span) -> R<()> {
        let name = name.to_string();
        if let Some(pos) = self.call_stack.iter().position(|(n, _)| *n == name) {
            let mut chain: Vec<String> = self.call_stack[pos..].iter().map(|(n, _)| n.clone()).collect();
            chain.push(name.clone());
            return Err(self.err(
                Diagnostic::error(
                    format!("recursion between helpers is not supported: {}", chain.join(" -> ")),
                    sp,
                    format!("calls `{name}` again"),
                )
                .with_secondary(self.call_stack[pos].1, format!("first call to `{name}`"))
                .note("helpers are inlined at every call site, so they cannot call themselves"),
            ));
        }
        if self.call_stack.len() >= MAX_HELPER_DEPTH {
            let outer = self.call_stack[0].clone();
            return Err(self.err(
                Diagnostic::error(
                    format!("helper calls nested deeper than {MAX_HELPER_DEPTH} levels"),
                    sp,
                    format!("call {} of the chain", MAX_HELPER_DEPTH + 1),
                )
                .with_secondary(outer.1, format!("the chain starts with this call to `{}`", outer.0)),
            ));
        }
        Ok(())
    }

    fn inline_body(&mut self, item: &'a ast::Item, vals: Vec<Option<Val>>, sp: Span) -> R<Val> {
        let name = &item.name.name;
        for (p, v) in item.params.iter().zip(vals) {
            let v = v.unwrap();
            let b = self.bind_param(item, p, v)?;
            self.declare(&p.name.name, b, p.name.span);
        }
        let saved = std::mem::take(&mut self.pending);
        let mut out: Vec<Stmt> = vec![];
        let frame = self.frames.len() - 1;
        let ctx = RetCtx { item, frame, value: None, flag: None, slots: None, sites: 0, done: false, failed: false };
        self.rets.push(ctx);
        self.check_stmts(&item.body.stmts, &mut out);
        let ctx = self.rets.pop().expect("pushed above");
        let result = self.finish_returns(ctx, &mut out, sp);
        let mut pending = saved;
        pending.append(&mut out);
        self.pending = pending;
        let mut result = result?;
        if let (Some(t), Val::Unit(_)) = (&item.ret_ty, &result) {
            return self.error(
                format!("`{name}` is declared to return a value but does not end with `return value;`"),
                t.span(),
                "declared here",
            );
        }
        if let Val::Tuple(_, s) = &mut result {
            *s = sp; // errors about the tuple then point at the call that made it
        }
        if let Val::Expr(e) = &mut result {
            e.e.span = sp;
        }
        Ok(result)
    }

    /// Binds one helper parameter to its checked argument.
    fn bind_param(&mut self, item: &ast::Item, p: &ast::Param, v: Val) -> R<Binding> {
        let Val::Expr(mut e) = v else {
            // A function value to an untyped parameter, `const` or not (Triton writes
            // `f: tl.constexpr`).
            if let (Val::Fn(..), None) = (&v, &p.ty) {
                return Ok(Binding::Value(v));
            }
            if p.is_const || p.ty.is_some() {
                let d = v.describe();
                return self.error(
                    format!("argument `{}` of `{}` must be a value, found {d}", p.name.name, item.name.name),
                    v.span(),
                    "not a value",
                );
            }
            if let Val::BlockPtr(bp) = v {
                // A copy: the helper assigning its parameter leaves the caller's alone.
                return Ok(Binding::Value(Val::BlockPtr(self.own_block_ptr(bp, &p.name.name))));
            }
            return Ok(Binding::Value(v));
        };
        if let Some(t) = &p.ty {
            let want = self.resolve_type(t)?;
            if e.ty().elem != want {
                let ok_weak = matches!((want, e.ty().elem), (Elem::Scalar(_), Elem::Scalar(_))) && e.weak;
                if !ok_weak {
                    return Err(self.err(
                        Diagnostic::error(
                            format!(
                                "type mismatch: parameter `{}` of `{}` takes {want}, found {}",
                                p.name.name,
                                item.name.name,
                                e.ty()
                            ),
                            e.span(),
                            format!("this is {}", e.ty()),
                        )
                        .with_secondary(t.span, "parameter type declared here")
                        .help(format!("convert explicitly with `.to({want})`")),
                    ));
                }
                let Elem::Scalar(w) = want else { unreachable!() };
                e = TExpr::strong(self.convert(e, w)?);
            }
        }
        if let Some(c) = e.as_const() {
            if p.is_const || !self.is_assigned(&p.name.name) {
                let ty = e.ty().scalar_elem().unwrap();
                return Ok(Binding::Const { val: c, ty, weak: e.weak, param: p.is_const });
            }
        } else if p.is_const {
            return Err(self.err(
                Diagnostic::error(
                    format!(
                        "`{}` is a const parameter of `{}`: its argument must be a compile-time constant",
                        p.name.name, item.name.name
                    ),
                    e.span(),
                    "not a constant",
                )
                .with_secondary(p.span, "declared `const` here"),
            ));
        }
        // A variable passed to a parameter the helper never assigns needs no copy.
        if let (ExprKind::Var(v), false) = (&e.e.kind, self.is_assigned(&p.name.name)) {
            return Ok(Binding::Var(*v));
        }
        if self.no_hoist && !self.is_assigned(&p.name.name) && !super::builtins_ops::touches_memory(&e.e) {
            // Each use copies it: a large argument, passed on through nested helpers,
            // would grow the condition exponentially.
            if !super::program_limits::size_at_most(&e.e, MAX_SUBSTITUTED) {
                return self.error(
                    format!(
                        "this argument is too large to substitute into a `while` condition (more than {MAX_SUBSTITUTED} operations)"
                    ),
                    e.span(),
                    "computed again at every use",
                );
            }
            return Ok(Binding::Value(Val::Expr(e)));
        }
        let var: VarId = self.new_var(&p.name.name, e.ty().clone(), p.name.span);
        let span = e.span();
        self.pending.push(Stmt::Let { var, value: e.e, span });
        Ok(Binding::Var(var))
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
