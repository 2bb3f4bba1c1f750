//! Statements: bindings and rebinding rules, control flow, expression statements.
//!
//! A rebind keeps the variable's type and shape. Outside loops and branches a rebind to
//! another type simply starts a new variable (as Python/Triton would); inside a loop or
//! branch that is an error, because the value would have two types where control flow
//! merges. An `if` on a compile-time constant checks only the branch taken (as Triton
//! does for `constexpr` conditions).

use super::scope::suggest;
use super::tir::{ConstVal, Expr, ExprKind, Stmt, VarId};
use super::types::{Elem, Scalar, Ty};
use super::{Binding, Checker, FrameKind, Reported, TExpr, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;
use crate::syntax::ast;

/// `range`'s keywords after `loop_unroll_factor`, in Triton's order: scheduling hints that
/// tilec checks and does not act on (yet).
const RANGE_HINTS: [&str; 4] = ["disallow_acc_multi_buffer", "flatten", "warp_specialize", "disable_licm"];

impl<'a> Checker<'a> {
    /// Checks statements in order, appending their TIR to `out`; a failed statement is
    /// skipped and checking goes on. In a helper, checking stops once every path has
    /// returned, and what follows a statement that may have returned runs only if it did
    /// not (returns.rs).
    pub fn check_stmts(&mut self, stmts: &[ast::Stmt], out: &mut Vec<Stmt>) {
        for (k, s) in stmts.iter().enumerate() {
            let sites = self.ret_sites();
            if self.stmt(s, out).is_err() {
                self.pending.clear();
            }
            if self.returned() {
                return;
            }
            if sites.is_some() && self.ret_sites() != sites && k + 1 < stmts.len() {
                self.guard_rest(&stmts[k + 1..], out);
                return;
            }
        }
    }

    fn block(&mut self, b: &ast::Block, kind: FrameKind, span: Span) -> Vec<Stmt> {
        self.push_frame(kind, span);
        let mut out = vec![];
        self.check_stmts(&b.stmts, &mut out);
        self.pop_frame();
        out
    }

    pub(super) fn flush(&mut self, out: &mut Vec<Stmt>) {
        out.append(&mut self.pending);
    }

    fn stmt(&mut self, s: &ast::Stmt, out: &mut Vec<Stmt>) -> R<()> {
        let sp = s.span;
        match &s.kind {
            ast::StmtKind::Let { name, ty, value } => {
                let r = self.let_stmt(name, ty.as_ref(), value, sp, out);
                if r.is_err() {
                    self.declare(&name.name, Binding::Poison, name.span);
                }
                r
            }
            ast::StmtKind::LetTuple { names, value } => {
                let r = self.let_tuple(names, value, sp, out);
                if r.is_err() {
                    for n in names {
                        self.declare(&n.name, Binding::Poison, n.span);
                    }
                }
                r
            }
            ast::StmtKind::Assign { target, op, value, .. } => self.assign(target, *op, value, sp, out),
            ast::StmtKind::If { cond, then_block, else_block } => {
                let c = self.value(cond).and_then(|c| self.condition(c, "if"));
                if let Ok(TExpr { e: Expr { kind: ExprKind::Const(ConstVal::Bool(b)), .. }, .. }) = &c {
                    self.flush(out);
                    let taken = if *b { Some(then_block) } else { else_block.as_ref() };
                    if let Some(t) = taken {
                        let mut body = self.block(t, FrameKind::Static, sp);
                        out.append(&mut body);
                    }
                    return Ok(());
                }
                let pending = std::mem::take(&mut self.pending);
                let then_body = self.block(then_block, FrameKind::Branch, sp);
                let then_returned = self.take_done();
                let else_body = match else_block {
                    Some(b) => self.block(b, FrameKind::Branch, sp),
                    None => vec![],
                };
                // Returned on every path only if both branches did.
                let else_returned = self.take_done() && else_block.is_some();
                self.set_done(then_returned && else_returned);
                let c = c?;
                out.extend(pending);
                out.push(Stmt::If { cond: c.e, then_body, else_body, span: sp });
                Ok(())
            }
            ast::StmtKind::For { var, iter, body } => self.for_stmt(var, iter, body, sp, out),
            ast::StmtKind::While { cond, body } => {
                self.no_hoist = true;
                let c = self.value(cond);
                self.no_hoist = false;
                let c = c.and_then(|c| self.condition(c, "while"));
                if c.is_ok() && !self.pending.is_empty() {
                    self.pending.clear();
                    return Err(self.err(
                        Diagnostic::error(
                            "helpers called in a `while` condition must be a single `return expr;`",
                            cond.span,
                            "this condition would run helper statements",
                        )
                        .help("compute it in a variable before the loop and update it at the end of the body"),
                    ));
                }
                let frame = self.frames.len();
                let body = self.block(body, FrameKind::Loop, sp);
                self.take_done(); // the body may run no time
                let brk = self.break_flag(frame, sp, out);
                out.push(Stmt::While { cond: c?.e, body, brk, span: sp });
                Ok(())
            }
            ast::StmtKind::Return(None) if self.call_stack.is_empty() => {
                out.push(Stmt::Return { span: sp });
                Ok(())
            }
            ast::StmtKind::Return(v) => {
                if self.call_stack.is_empty() {
                    return Err(self.err(
                        Diagnostic::error("a kernel cannot return a value", sp, "kernels return nothing")
                            .help("store results through a pointer parameter; `return;` exits early"),
                    ));
                }
                self.helper_return(v.as_ref(), sp, out)
            }
            ast::StmtKind::Break | ast::StmtKind::Continue => {
                self.loop_exit(matches!(s.kind, ast::StmtKind::Break), sp, out)
            }
            ast::StmtKind::Expr(e) => {
                let v = self.check_expr(e)?;
                self.flush(out);
                if let Val::Expr(te) = v {
                    if !matches!(te.e.kind, ExprKind::Const(_) | ExprKind::Var(_)) {
                        out.push(Stmt::Expr(te.e));
                    }
                }
                Ok(())
            }
        }
    }

    /// A scalar bool condition.
    pub(super) fn condition(&mut self, c: TExpr, what: &str) -> R<TExpr> {
        if !c.ty().is_scalar() {
            return Err(self.err(
                Diagnostic::error(
                    format!("`{what}` condition must be a scalar bool, found {}", c.ty()),
                    c.span(),
                    "this is a tile",
                )
                .help("use `where(cond, a, b)` to select elementwise, or reduce the tile first (e.g. `max(m) != 0`)"),
            ));
        }
        if c.ty().elem != Elem::Scalar(Scalar::I1) {
            return Err(self.err(
                Diagnostic::error(
                    format!("`{what}` condition must be a bool (i1), found {}", c.ty()),
                    c.span(),
                    "not a bool",
                )
                .help("compare explicitly, e.g. `x != 0`"),
            ));
        }
        Ok(c)
    }

    fn let_stmt(
        &mut self,
        name: &ast::Ident,
        ty: Option<&ast::TypeExpr>,
        value: &ast::Expr,
        sp: Span,
        out: &mut Vec<Stmt>,
    ) -> R<()> {
        let v = self.check_expr(value)?;
        self.bind_let(name, ty, v, value.span, sp, out)
    }

    /// Binds `name` to a checked value (`let name: ty = v`, or one component of a tuple
    /// `let`): a constant stays one, a value gets a variable, anything else (a tuple, a
    /// dtype) is bound as it is.
    pub(super) fn bind_let(
        &mut self,
        name: &ast::Ident,
        ty: Option<&ast::TypeExpr>,
        v: Val,
        value_span: Span,
        sp: Span,
        out: &mut Vec<Stmt>,
    ) -> R<()> {
        let mut e = match v {
            Val::Expr(e) => e,
            Val::Unit(s) => {
                let callee = self.text(s).split('(').next().unwrap_or("").trim().to_string();
                return self.error(format!("`{callee}(...)` returns no value"), s, "nothing to bind");
            }
            Val::Slice(s) => return self.error("`:` can only appear inside `[...]`", s, "not in an index"),
            Val::BlockPtr(bp) if ty.is_none() => {
                // Its run-time parts become variables of its own (assignable, loop-carried).
                let bp = self.own_block_ptr(bp, &name.name);
                self.flush(out);
                self.declare(&name.name, Binding::Value(Val::BlockPtr(bp)), name.span);
                return Ok(());
            }
            other => {
                if let Some(t) = ty {
                    return self.error(
                        format!("`let` with a type annotation needs a value, found {}", other.describe()),
                        t.span,
                        "annotation",
                    );
                }
                self.flush(out);
                self.declare(&name.name, Binding::Value(other), name.span);
                return Ok(());
            }
        };
        if let Some(t) = ty {
            let want = self.resolve_type(t)?;
            if e.ty().elem != want {
                match (want, e.ty().elem) {
                    (Elem::Scalar(w), Elem::Scalar(_)) => e = TExpr::strong(self.convert_any(e, w)?),
                    _ => {
                        return Err(self.err(
                            Diagnostic::error(
                                format!(
                                    "type mismatch: `{}` is declared {want} but the value is {}",
                                    name.name,
                                    e.ty()
                                ),
                                value_span,
                                format!("this is {}", e.ty()),
                            )
                            .with_secondary(t.span, "declared type"),
                        ))
                    }
                }
            } else {
                e.weak = false;
            }
        }
        self.flush(out);
        if let Some(c) = e.as_const() {
            if !self.is_assigned(&name.name) {
                let ty = e.ty().scalar_elem().unwrap();
                self.declare(&name.name, Binding::Const { val: c, ty, weak: e.weak, param: false }, name.span);
                return Ok(());
            }
        }
        let var = self.new_var(&name.name, e.ty().clone(), name.span);
        out.push(Stmt::Let { var, value: e.e, span: sp });
        self.declare(&name.name, Binding::Var(var), name.span);
        Ok(())
    }

    fn assign(
        &mut self,
        target: &ast::Ident,
        op: Option<super::tir::BinOp>,
        value: &ast::Expr,
        sp: Span,
        out: &mut Vec<Stmt>,
    ) -> R<()> {
        let n = &target.name;
        let Some((b, idx, decl)) = self.lookup(n) else {
            let rhs = self.check_expr(value);
            let mut d = Diagnostic::error(format!("assignment to undeclared name `{n}`"), target.span, "not declared")
                .help(format!("declare it first with `let {n} = ...;`"));
            let names = self.visible_names();
            if let Some(s) = suggest(n, names.iter().map(|s| s.as_str())) {
                d = d.help(format!("or did you mean `{s}`?"));
            }
            let _ = rhs;
            return Err(self.err(d));
        };
        let var = match b {
            Binding::Var(v) => v,
            Binding::Poison => return Err(Reported),
            Binding::Const { param: true, .. } => {
                return Err(self.err(
                    Diagnostic::error(
                        format!("cannot assign to const parameter `{n}`"),
                        target.span,
                        "a compile-time constant",
                    )
                    .with_secondary(decl, "declared `const` here")
                    .help(format!("bind a new variable instead: `let {}_v = ...;`", n)),
                ))
            }
            Binding::LoopVar(_) => {
                return Err(self.err(
                    Diagnostic::error(
                        format!("cannot assign to loop variable `{n}`"),
                        target.span,
                        "the loop controls it",
                    )
                    .with_secondary(decl, "loop variable declared here"),
                ))
            }
            Binding::Value(Val::BlockPtr(cur)) if op.is_none() => {
                self.assign_block_ptr(target, &cur, decl, value, sp)?;
                self.flush(out);
                return Ok(());
            }
            Binding::Const { .. } | Binding::Value(_) => {
                return self.error(
                    format!("cannot assign to `{n}`: it is not a variable"),
                    target.span,
                    "not assignable",
                )
            }
        };
        let vty = self.var_ty(var).clone();
        let rhs = self.value(value)?;
        let cur = TExpr::strong(Expr { kind: ExprKind::Var(var), ty: vty.clone(), span: target.span });
        let mut new = match op {
            Some(op) => self.binary(op, cur, rhs, sp)?,
            None => rhs,
        };
        if new.ty() != &vty && new.weak {
            if let (Elem::Scalar(s), true) = (vty.elem, vty.is_scalar()) {
                new = TExpr::strong(self.convert(new, s)?);
            }
        }
        self.flush(out);
        if new.ty() == &vty {
            out.push(Stmt::Assign { var, value: new.e, span: sp });
            return Ok(());
        }
        if let Some(f) = self.control_between(idx) {
            let place = if f.kind == FrameKind::Loop { "before the loop" } else { "before the `if`" };
            let fspan = f.span;
            let fix = match (vty.elem, new.ty().elem) {
                (Elem::Scalar(s), Elem::Scalar(_)) if vty.shape == new.ty().shape => {
                    format!("convert the value with `.to({s})`")
                }
                _ => "bind the new value to a new name".to_string(),
            };
            let mut d = Diagnostic::error(
                format!("`{n}` changes type inside a {}", if f.kind == FrameKind::Loop { "loop" } else { "branch" }),
                value.span,
                format!("`{n}` was {vty} {place}, assigned {} here", new.ty()),
            )
            .with_secondary(decl, format!("`{n}` declared as {vty} here"))
            .help(fix);
            if f.kind == FrameKind::Loop {
                d = d.note("a loop-carried variable keeps one type and shape across iterations");
            }
            let _ = fspan;
            return Err(self.err(d));
        }
        // Straight-line code: a rebind to another type starts a new variable.
        let nv = self.new_var(n, new.ty().clone(), target.span);
        out.push(Stmt::Let { var: nv, value: new.e, span: sp });
        self.rebind_in(idx, n, Binding::Var(nv), target.span);
        Ok(())
    }

    fn for_stmt(
        &mut self,
        var: &ast::Ident,
        iter: &ast::Expr,
        body: &ast::Block,
        sp: Span,
        out: &mut Vec<Stmt>,
    ) -> R<()> {
        let args = match &iter.kind {
            ast::ExprKind::Call { callee, args } if matches!(&callee.kind, ast::ExprKind::Name(n) if n == "static_range") =>
            {
                return self.static_range(var, args, iter.span, body, sp, out);
            }
            ast::ExprKind::Call { callee, args } if matches!(&callee.kind, ast::ExprKind::Name(n) if n == "range") => {
                args
            }
            ast::ExprKind::Method { recv, name, .. } if self.triton_method(recv, name).is_some() => {
                let d = self.triton_method(recv, name).unwrap();
                return Err(self.err(d));
            }
            _ => {
                return Err(self.err(
                    Diagnostic::error("`for` loops iterate over `range(...)`", iter.span, "not a `range`")
                        .help("write `for i in range(start, end)` or `range(start, end, step)`"),
                ))
            }
        };
        let positional = args.iter().filter(|a| a.name.is_none()).count();
        let has_end_kw = args.iter().any(|a| a.name.as_ref().is_some_and(|n| n.name == "end"));
        let a = if positional == 1 && !has_end_kw {
            // `range(n)` counts from 0.
            let params: Vec<&str> =
                ["end", "step", "num_stages", "loop_unroll_factor"].into_iter().chain(RANGE_HINTS).collect();
            let a = self.bind_args("range", &params, 1, args, iter.span)?;
            [None].into_iter().chain(a).collect()
        } else {
            let params: Vec<&str> =
                ["start", "end", "step", "num_stages", "loop_unroll_factor"].into_iter().chain(RANGE_HINTS).collect();
            self.bind_args("range", &params, 2, args, iter.span)?
        };
        // Triton's scheduling hints: checked (a constant bool each, as Triton requires), and
        // without effect here: tilec does not yet split a loop into producer and consumer
        // warps (`warp_specialize`), and LLVM's own passes decide the rest. Accepting them
        // lets Triton's kernels (tutorial 06 passes `warp_specialize`) compile as written.
        for (e, name) in a[5..].iter().zip(RANGE_HINTS) {
            if let Some(e) = e {
                self.const_bool(e, name)?;
            }
        }
        let mut bounds: Vec<TExpr> = vec![];
        for (i, e) in a[..3].iter().enumerate() {
            let t = match e {
                Some(e) => self.value(e)?,
                None => TExpr {
                    e: super::const_expr(ConstVal::Int(if i == 2 { 1 } else { 0 }), Scalar::I32, iter.span),
                    weak: true,
                },
            };
            if !t.ty().is_scalar() || t.ty().scalar_elem().is_none_or(|s| s.is_float() || s == Scalar::I1) {
                return self.error(
                    format!("`range` bounds must be scalar integers, found {}", t.ty()),
                    t.span(),
                    "not a scalar integer",
                );
            }
            bounds.push(t);
        }
        let mut s = bounds[0].ty().scalar_elem().unwrap();
        let mut weak = bounds[0].weak;
        for b in &bounds[1..] {
            let bs = b.ty().scalar_elem().unwrap();
            s = match (weak, b.weak) {
                (true, false) => super::promote::adapt_weak(s, bs),
                (false, true) => super::promote::adapt_weak(bs, s),
                _ => super::promote::promote(s, bs),
            };
            weak = weak && b.weak;
        }
        if let Some(ConstVal::Int(0)) = bounds[2].as_const() {
            return self.error("`range` step cannot be 0", bounds[2].span(), "zero step");
        }
        let num_stages = match a[3] {
            Some(e) => {
                let n = self.const_int(e, "num_stages")?;
                if n < 1 {
                    return self.error("`num_stages` must be at least 1", e.span, "too small");
                }
                Some(n as u32)
            }
            None => None,
        };
        let unroll = match a[4] {
            Some(e) => {
                let n = self.const_int(e, "loop_unroll_factor")?;
                if !(1..=crate::limits::MAX_UNROLL).contains(&n) {
                    let d = Diagnostic::error(
                        format!("`loop_unroll_factor` must be between 1 and {}", crate::limits::MAX_UNROLL),
                        e.span,
                        format!("{n} is out of range"),
                    )
                    .help("1 keeps the loop rolled; N copies its body N times per trip");
                    return Err(self.err(d));
                }
                Some(n as u32)
            }
            None => None,
        };
        let mut conv = vec![];
        for b in bounds {
            conv.push(self.convert(b, s)?);
        }
        let step = conv.pop().unwrap();
        let end = conv.pop().unwrap();
        let start = conv.pop().unwrap();
        self.flush(out);
        let (start, end, step, mapping) = self.range_bounds(start, end, step, s, sp, out);
        let direct = matches!(mapping, super::range_step::Mapping::Direct);
        let counter = self.new_var(if direct { &var.name } else { "range_counter" }, Ty::scalar(s), var.span);
        self.push_frame(FrameKind::Loop, sp);
        let frame = self.frames.len() - 1;
        let mut body_out = vec![];
        let v = if direct {
            counter
        } else {
            let v = self.new_var(&var.name, Ty::scalar(s), var.span);
            let value = self.range_var(mapping, counter, s, var.span);
            body_out.push(Stmt::Let { var: v, value, span: var.span });
            v
        };
        self.declare(&var.name, Binding::LoopVar(v), var.span);
        self.check_stmts(&body.stmts, &mut body_out);
        self.pop_frame();
        self.take_done(); // the body may run no time
        let brk = self.break_flag(frame, sp, out);
        // A loop that may stop early is not software-pipelined (its loads would be
        // issued for iterations that never run).
        let num_stages = if brk.is_some() { None } else { num_stages };
        out.push(Stmt::For { var: counter, start, end, step, num_stages, unroll, body: body_out, brk, span: sp });
        Ok(())
    }

    /// `break` / `continue`: only in a loop of the same kernel or helper. `break` sets the
    /// loop's flag (made on the first one), then both skip the rest of the body.
    fn loop_exit(&mut self, is_break: bool, sp: Span, out: &mut Vec<Stmt>) -> R<()> {
        let word = if is_break { "break" } else { "continue" };
        let frame = self.frames.iter().enumerate().rev().take_while(|(_, f)| f.kind != FrameKind::Function);
        let mut frame = frame.filter(|(_, f)| matches!(f.kind, FrameKind::Loop | FrameKind::Unrolled));
        if let Some((_, f)) = frame.clone().next().filter(|(_, f)| f.kind == FrameKind::Unrolled) {
            let d = Diagnostic::error(format!("`{word}` inside a `static_range` loop"), sp, "the loop is unrolled")
                .with_secondary(f.span, "unrolled at compile time")
                .help("use `range(...)` for a loop that can stop early, or an `if` around the rest of the body");
            return Err(self.err(d));
        }
        let Some(idx) = frame.next().map(|(i, _)| i) else {
            let mut d = Diagnostic::error(format!("`{word}` outside a loop"), sp, "not inside a `for` or `while`");
            if !self.call_stack.is_empty() {
                d = d.note("helpers are inlined, but a `break` or `continue` cannot leave one");
            }
            return Err(self.err(d));
        };
        self.flush(out);
        if is_break {
            let flag = match self.break_flags.get(&idx) {
                Some(f) => *f,
                None => {
                    let f = self.new_var("break", Ty::scalar(Scalar::I1), sp);
                    self.break_flags.insert(idx, f);
                    f
                }
            };
            let t = super::const_expr(ConstVal::Bool(true), Scalar::I1, sp);
            out.push(Stmt::Assign { var: flag, value: t, span: sp });
        }
        out.push(Stmt::Continue { span: sp });
        Ok(())
    }

    /// The break flag of the loop whose frame was `frame`, declared false before it.
    fn break_flag(&mut self, frame: usize, sp: Span, out: &mut Vec<Stmt>) -> Option<VarId> {
        let flag = self.break_flags.remove(&frame)?;
        let f = super::const_expr(ConstVal::Bool(false), Scalar::I1, sp);
        out.push(Stmt::Let { var: flag, value: f, span: sp });
        Some(flag)
    }
}
