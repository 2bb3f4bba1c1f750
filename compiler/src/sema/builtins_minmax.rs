//! `max` / `min` with two values (Python's builtins, which Triton maps to `maximum` /
//! `minimum`), the NaN choice of `maximum`, `minimum` and `clamp` (`propagate_nan`), and
//! the folding of all of them on constants. `max(x, axis)` is a reduction
//! (builtins_ops.rs); which one a call is gets decided here.

use super::builtins::expr;
use super::tir::*;
use super::{const_expr, Checker, TExpr, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;
use crate::syntax::ast;

impl<'a> Checker<'a> {
    /// `max(a, b)` / `min(a, b)`: Python's two-argument builtins, which Triton maps to
    /// the elementwise `maximum` / `minimum` (broadcasting, the usual promotion, NaN
    /// ignored; folded when both are constants; `propagate_nan` as theirs). `None` leaves
    /// the call to the reduction `max(x, axis)`: keyword arguments other than
    /// `propagate_nan`, one positional argument, or `a` a tile and `b` a constant integer
    /// or `None` (Triton's `tl.max(x, 0)`). A scalar has no axis to reduce, so
    /// `min(n - first, GROUP)` is the elementwise form.
    pub fn min_max(&mut self, name: &str, args: &[ast::Arg], sp: Span) -> R<Option<Val>> {
        let pos: Vec<&ast::Expr> = args.iter().filter(|a| a.name.is_none()).map(|a| &a.value).collect();
        // `max(x, 1, true)`: Triton's reduction with its third parameter, `return_indices`.
        // (Checking the axis twice is harmless: a constant has no effects.)
        if pos.len() > 2 {
            let axis = match self.check_expr(pos[1])? {
                Val::NoneV(_) => true,
                Val::Expr(e) => e.as_const().is_some() && e.ty().scalar_elem().is_some_and(|s| s.is_int()),
                _ => false,
            };
            if axis {
                return Ok(None);
            }
        }
        if pos.len() > 2 && args.iter().all(|a| a.name.as_ref().is_none_or(|k| k.name == "propagate_nan")) {
            let f = if name == "max" { "maximum" } else { "minimum" };
            return Err(self.err(
                Diagnostic::error(
                    format!("`{name}` takes two values, got {}", pos.len()),
                    pos[2].span,
                    "a third value",
                )
                .help(format!("nest the calls: `{name}({name}(a, b), c)`"))
                .note(format!("`{name}(a, b)` is the elementwise {f}; `{name}(x, axis)` reduces a tile")),
            ));
        }
        let nan = args.iter().find(|a| a.name.as_ref().is_some_and(|k| k.name == "propagate_nan"));
        if pos.len() != 2 || args.len() != 2 + nan.is_some() as usize {
            return Ok(None);
        }
        let (a, b) = (pos[0], pos[1]);
        let x = self.value(a)?;
        let y = self.check_expr(b)?;
        let axis_like = match &y {
            Val::NoneV(_) => true,
            Val::Expr(e) => {
                e.ty().is_scalar() && e.ty().scalar_elem().is_some_and(|s| s.is_int()) && e.as_const().is_some()
            }
            _ => false,
        };
        if !x.ty().is_scalar() && axis_like && nan.is_none() {
            let x = self.tile_val(name, x, a.span)?;
            let rank = x.ty().shape.len() as i64;
            if let Val::Expr(e) = &y {
                let c = e.as_const().map_or(0, |c| super::consts::as_f64(c, e.ty().scalar_elem().unwrap()) as i64);
                if !(-rank..rank).contains(&c) {
                    let f = if name == "max" { "maximum" } else { "minimum" };
                    return Err(self.err(
                        Diagnostic::error(
                            format!("`{name}(x, {c})` reduces along axis {c}, which {} does not have", x.ty()),
                            b.span,
                            format!("{} has {rank} {}", x.ty(), if rank == 1 { "axis" } else { "axes" }),
                        )
                        .help(format!("for the elementwise {f} of a tile and a number write `{f}(x, {c})`")),
                    ));
                }
            }
            return self.reduce_of(name, x, Some(b), false, true, sp).map(Some);
        }
        let y = self.expect_expr(y)?;
        let (hi, lo) = self.nan_fns(nan.map(|a| &a.value))?;
        self.min_max_of(name, if name == "max" { hi } else { lo }, vec![x, y], sp).map(Some)
    }

    /// The elementwise `f` (one of `Maximum`, `Minimum`, `MaxNum`, `MinNum`) of two
    /// checked operands, broadcast and promoted; folded when both are constants.
    pub(super) fn min_max_of(&mut self, name: &str, f: MathFn, vals: Vec<TExpr>, sp: Span) -> R<Val> {
        for v in &vals {
            self.no_fp8_arith(v, name)?;
        }
        let weak = vals.iter().all(|v| v.weak);
        let (mut args, ty) = self.elementwise_of(name, vals, sp)?;
        let s = ty.scalar_elem().unwrap();
        if let (ExprKind::Const(p), ExprKind::Const(q)) = (&args[0].kind, &args[1].kind) {
            let v = super::consts::min_max(f, *p, *q, s);
            return Ok(Val::Expr(TExpr { e: const_expr(v, s, sp), weak }));
        }
        let (q, p) = (args.pop().unwrap(), args.pop().unwrap());
        Ok(expr(ExprKind::Math { f, args: vec![p, q] }, ty, sp))
    }

    /// `propagate_nan = "none" | "all"` (Triton's `tl.PropagateNan`, default none): the
    /// max and min functions to use.
    pub(super) fn nan_fns(&mut self, e: Option<&ast::Expr>) -> R<(MathFn, MathFn)> {
        let all = match e {
            Some(e) => self.string_arg(e, "propagate_nan", &["none", "all"])? == 1,
            None => false,
        };
        Ok(if all { (MathFn::Maximum, MathFn::Minimum) } else { (MathFn::MaxNum, MathFn::MinNum) })
    }
}
