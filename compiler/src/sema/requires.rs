//! `#[requires(cond, ...)]` checked and turned into `crate::requires::Requirement`s: names
//! resolved to launch parameters (integers, `len` of pointers), `const` parameters folded
//! to numbers, everything else refused at its span (a condition must be decidable from a
//! launch's arguments and grid alone).

use super::tir::Param;
use super::types::Elem;
use super::{Checker, R};
use crate::diag::Diagnostic;
use crate::requires::{CmpOp, ReqExpr, ReqFn, ReqOp, Requirement};
use crate::syntax::ast::{self, BinOp, ExprKind, UnOp};

const ALLOWED: &str = "numbers, integer and `const` parameters, `len(p)` of a pointer parameter, \
                       `num_programs(axis)`, `+ - * / % << >>`, `cdiv`, `min`, `max`";

impl<'a> Checker<'a> {
    /// The conditions of `attr` (`#[requires(...)]`) over the kernel's run-time `params`;
    /// errors are reported (and the condition dropped).
    pub(super) fn requires(&mut self, attr: &ast::Attr, params: &[Param]) -> Vec<Requirement> {
        if attr.args.is_empty() {
            self.err(Diagnostic::error(
                "`requires` takes one or more conditions, e.g. `#[requires(len(x) >= n)]`",
                attr.span,
                "no condition",
            ));
        }
        let mut out = vec![];
        for arg in &attr.args {
            let e = match (&arg.key, &arg.value) {
                (None, ast::AttrValue::Expr(e)) => e,
                _ => {
                    self.err(Diagnostic::error(
                        "a `requires` condition is an expression, e.g. `len(x) >= n`",
                        arg.value.span(),
                        "not a condition",
                    ));
                    continue;
                }
            };
            if let Ok(r) = self.requirement(e, params) {
                out.push(r);
            }
        }
        out
    }

    fn requirement(&mut self, e: &ast::Expr, params: &[Param]) -> R<Requirement> {
        let ExprKind::Binary(op, a, b) = &strip(e).kind else {
            return self.error(
                "a `requires` condition compares two integers, e.g. `len(x) >= n`",
                e.span,
                "not a comparison",
            );
        };
        let op = match op {
            BinOp::Eq => CmpOp::Eq,
            BinOp::Ne => CmpOp::Ne,
            BinOp::Lt => CmpOp::Lt,
            BinOp::Le => CmpOp::Le,
            BinOp::Gt => CmpOp::Gt,
            BinOp::Ge => CmpOp::Ge,
            _ => {
                return self.error(
                    "a `requires` condition compares two integers, e.g. `len(x) >= n`",
                    e.span,
                    "not a comparison (conditions are separate arguments: `#[requires(a >= b, c >= d)]`)",
                )
            }
        };
        let (lhs, rhs) = (self.req_expr(a, params), self.req_expr(b, params));
        let (line, col) = self.file.line_col(e.span.start);
        Ok(Requirement {
            text: self.text(e.span).to_string(),
            sides: [self.text(a.span).to_string(), self.text(b.span).to_string()],
            at: format!("{}:{line}:{col}", self.file.name),
            op,
            lhs: lhs?,
            rhs: rhs?,
        })
    }

    fn req_expr(&mut self, e: &ast::Expr, params: &[Param]) -> R<ReqExpr> {
        let bin = |op, a: ReqExpr, b: ReqExpr| ReqExpr::Bin(op, Box::new(a), Box::new(b));
        match &e.kind {
            ExprKind::Paren(x) => self.req_expr(x, params),
            ExprKind::Int(v) => match i64::try_from(*v) {
                Ok(v) => Ok(ReqExpr::Num(v)),
                Err(_) => self.error("too large for a `requires` condition", e.span, "past i64"),
            },
            ExprKind::Unary(UnOp::Neg, x) => Ok(bin(ReqOp::Sub, ReqExpr::Num(0), self.req_expr(x, params)?)),
            ExprKind::Binary(op, a, b) => {
                let op = match op {
                    BinOp::Add => ReqOp::Add,
                    BinOp::Sub => ReqOp::Sub,
                    BinOp::Mul => ReqOp::Mul,
                    BinOp::Div => ReqOp::Div,
                    BinOp::Rem => ReqOp::Rem,
                    BinOp::Shl => ReqOp::Shl,
                    BinOp::Shr => ReqOp::Shr,
                    _ => return self.not_allowed(e),
                };
                let (a, b) = (self.req_expr(a, params), self.req_expr(b, params));
                Ok(bin(op, a?, b?))
            }
            ExprKind::Name(n) => match params.iter().position(|p| &p.name == n) {
                Some(i) => match params[i].ty.elem {
                    Elem::Scalar(s) if s.is_int() && s.bits() > 1 => Ok(ReqExpr::Param(i)),
                    Elem::Ptr(_) => self.error(
                        format!("`{n}` is a pointer: a `requires` condition takes its length, `len({n})`"),
                        e.span,
                        "a pointer",
                    ),
                    _ => self.error(
                        format!("`{n}` is not an integer: `requires` conditions are integer comparisons"),
                        e.span,
                        "not an integer",
                    ),
                },
                // A `const` parameter (or a misspelling, which `const_int` reports).
                None => Ok(ReqExpr::Num(self.const_int(e, n)?)),
            },
            ExprKind::Call { callee, args } => {
                let name = match &callee.kind {
                    ExprKind::Name(n) => n.as_str(),
                    _ => return self.not_allowed(e),
                };
                if args.iter().any(|a| a.name.is_some()) {
                    return self.not_allowed(e);
                }
                match (name, args.as_slice()) {
                    ("len", [p]) => self.req_len(&p.value, params),
                    ("num_programs", [axis]) => match self.const_int(&axis.value, "num_programs's axis")? {
                        a @ 0..=2 => Ok(ReqExpr::Programs(a as u8)),
                        a => self.error(format!("a grid has axes 0, 1 and 2, not {a}"), axis.span, "no such axis"),
                    },
                    ("cdiv", [_, _]) | ("min" | "max", [_, _, ..]) => {
                        let f = match name {
                            "cdiv" => ReqFn::Cdiv,
                            "min" => ReqFn::Min,
                            _ => ReqFn::Max,
                        };
                        let xs: Vec<R<ReqExpr>> = args.iter().map(|a| self.req_expr(&a.value, params)).collect();
                        Ok(ReqExpr::Call(f, xs.into_iter().collect::<R<Vec<_>>>()?))
                    }
                    _ => self.not_allowed(e),
                }
            }
            _ => self.not_allowed(e),
        }
    }

    fn req_len(&mut self, p: &ast::Expr, params: &[Param]) -> R<ReqExpr> {
        if let ExprKind::Name(n) = &strip(p).kind {
            if let Some(i) = params.iter().position(|q| &q.name == n && matches!(q.ty.elem, Elem::Ptr(_))) {
                return Ok(ReqExpr::Len(i));
            }
        }
        self.error("`len` takes a pointer parameter of the kernel: `len(x)`", p.span, "not a pointer parameter")
    }

    fn not_allowed<T>(&mut self, e: &ast::Expr) -> R<T> {
        Err(self.err(
            Diagnostic::error("not allowed in a `requires` condition", e.span, "a launch cannot evaluate this")
                .note(format!("a condition may use {ALLOWED}")),
        ))
    }
}

fn strip(e: &ast::Expr) -> &ast::Expr {
    match &e.kind {
        ExprKind::Paren(x) => strip(x),
        _ => e,
    }
}
