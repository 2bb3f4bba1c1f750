//! `for i in static_range(start, end, step)`: a loop unrolled while checking. Its bounds
//! are constants, and each copy of the body is checked with `i` bound to a constant (as
//! Triton's `tl.static_range` makes it a `constexpr`), so `i` can go where constants are
//! required (`arange(0, i)`, a constant `if`). The copies are straight-line code: no loop
//! reaches tilegen.

use super::tir::{ConstVal, Stmt};
use super::types::Scalar;
use super::{Binding, Checker, FrameKind, R};
use crate::diag::Diagnostic;
use crate::limits::MAX_UNROLL;
use crate::source::Span;
use crate::syntax::ast;

impl<'a> Checker<'a> {
    pub(super) fn static_range(
        &mut self,
        var: &ast::Ident,
        args: &[ast::Arg],
        at: Span,
        body: &ast::Block,
        sp: Span,
        out: &mut Vec<Stmt>,
    ) -> R<()> {
        let positional = args.iter().filter(|a| a.name.is_none()).count();
        let has_end_kw = args.iter().any(|a| a.name.as_ref().is_some_and(|n| n.name == "end"));
        let a = if positional == 1 && !has_end_kw {
            let a = self.bind_args("static_range", &["end", "step"], 1, args, at)?;
            vec![None, a[0], a[1]]
        } else {
            self.bind_args("static_range", &["start", "end", "step"], 2, args, at)?
        };
        let mut bounds = [0i64, 0, 1];
        let mut ty = Scalar::I32;
        let mut weak = true;
        for (i, e) in a.iter().enumerate() {
            let Some(e) = e else { continue };
            let v = self.value(e)?;
            match (v.as_const(), v.ty().scalar_elem()) {
                (Some(ConstVal::Int(c)), Some(s)) if s.is_int() && s != Scalar::I1 => {
                    bounds[i] = super::consts::int_value(c, s) as i64;
                    ty = match (weak, v.weak) {
                        (true, false) => super::promote::adapt_weak(ty, s),
                        (false, true) => super::promote::adapt_weak(s, ty),
                        _ => super::promote::promote(ty, s),
                    };
                    weak = weak && v.weak;
                }
                _ => {
                    return Err(self.err(
                        Diagnostic::error(
                            "`static_range` bounds must be compile-time constant integers",
                            e.span,
                            "not a constant integer",
                        )
                        .help("use a literal or a `const` parameter, or `range(...)` for a loop with run-time bounds"),
                    ))
                }
            }
        }
        let [start, end, step] = bounds;
        if step == 0 {
            let at = a[2].map_or(at, |e| e.span);
            return Err(self.err(Diagnostic::error("`static_range` step cannot be 0", at, "zero step")));
        }
        let trips = if step > 0 {
            (end as i128 - start as i128 + step as i128 - 1).div_euclid(step as i128)
        } else {
            (start as i128 - end as i128 - step as i128 - 1).div_euclid(-step as i128)
        }
        .max(0);
        if trips > MAX_UNROLL as i128 {
            return Err(self.err(
                Diagnostic::error(
                    format!("`static_range` of {trips} iterations is too long to unroll"),
                    at,
                    format!("at most {MAX_UNROLL} iterations"),
                )
                .help("use `range(...)`, which stays a loop"),
            ));
        }
        self.flush(out);
        let u = Unroll { var, body, start, step, trips: trips as i64, ty, weak, sp, errors: self.diags.len() };
        self.copies(&u, 0, out);
        Ok(())
    }

    /// Copies `from..` of an unrolled body. In a helper, a copy that has returned on every
    /// path ends them; after one that may have returned, the rest run only if it did not.
    fn copies(&mut self, u: &Unroll, from: i64, out: &mut Vec<Stmt>) {
        for k in from..u.trips {
            let i = u.start + k * u.step;
            let sites = self.ret_sites();
            self.push_frame(FrameKind::Unrolled, u.sp);
            let val = super::consts::normalize(ConstVal::Int(i), u.ty);
            self.declare(&u.var.name, Binding::Const { val, ty: u.ty, weak: u.weak, param: false }, u.var.span);
            self.check_stmts(&u.body.stmts, out);
            self.pop_frame();
            // A body that fails fails in every copy: report the first.
            if self.diags.len() > u.errors || self.returned() {
                return;
            }
            if sites.is_some() && self.ret_sites() != sites && k + 1 < u.trips {
                let cond = self.not_returned(u.sp).expect("a run-time return made the flag");
                self.push_frame(FrameKind::Branch, u.sp);
                let mut rest = vec![];
                self.copies(u, k + 1, &mut rest);
                self.pop_frame();
                out.push(Stmt::If { cond, then_body: rest, else_body: vec![], span: u.sp });
                return;
            }
        }
    }
}

/// A `static_range` being unrolled: its variable, body, values and type.
struct Unroll<'b> {
    var: &'b ast::Ident,
    body: &'b ast::Block,
    start: i64,
    step: i64,
    trips: i64,
    ty: Scalar,
    weak: bool,
    sp: Span,
    /// The error count before the first copy.
    errors: usize,
}
