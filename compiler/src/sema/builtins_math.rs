//! Triton's further math builtins: `tanh`, `log1p`, `expm1`, `pow`, `fdiv`, `div_rn`,
//! `sqrt_rn` (elementwise math ops; f16/bf16 compute in f32 when lowered) and `umulhi`
//! (desugared here into a widening multiply, so no op of its own is needed).

use super::builtins::{expr, expr_s, Args};
use super::builtins_ops::fill;
use super::promote::cast_expr;
use super::tir::*;
use super::types::{Elem, Scalar};
use super::{Checker, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;
use crate::syntax::ast;

impl<'a> Checker<'a> {
    pub(super) fn builtin_math(&mut self, name: &str, a: &Args, sp: Span) -> R<Val> {
        match name {
            "tanh" | "log1p" | "expm1" | "sqrt_rn" => {
                // `sqrt` already lowers to the IEEE `sqrt.rn` (see elementwise.rs).
                let f = MathFn::builtin(name).unwrap_or(MathFn::Sqrt);
                let x = self.math_arg(name, a[0].unwrap(), true)?;
                let ty = x.ty.clone();
                Ok(expr(ExprKind::Math { f, args: vec![x] }, ty, sp))
            }
            "pow" | "fdiv" | "div_rn" => {
                let xs: Vec<&ast::Expr> = a[..2].iter().map(|e| e.unwrap()).collect();
                let (mut args, ty) = self.elementwise(name, &xs, sp)?;
                self.no_fp8(&ty, name, sp)?;
                if !ty.scalar_elem().unwrap().is_float() {
                    return Err(self.err(
                        Diagnostic::error(format!("`{name}` needs floats, found {ty}"), sp, "integer operands")
                            .help("convert first, e.g. `x.to(f32)`"),
                    ));
                }
                let kind = match MathFn::builtin(name) {
                    Some(f) => ExprKind::Math { f, args },
                    // Triton's `fdiv` is the approximate `div.full`: what `/` is here.
                    None => {
                        let y = args.pop().unwrap();
                        let x = args.pop().unwrap();
                        ExprKind::Binary(BinOp::Div, Box::new(x), Box::new(y))
                    }
                };
                Ok(expr(kind, ty, sp))
            }
            _ => self.umulhi(a, sp),
        }
    }

    /// `umulhi(x, y)`: the high 32 bits of the unsigned 64-bit product of two i32 or u32
    /// values (an i32's bits read as u32, as Triton's `tt.mulhiui` / `__nv_umulhi`), as a
    /// multiply in 64 bits shifted down; LLVM selects `mul.hi.u32`.
    fn umulhi(&mut self, a: &Args, sp: Span) -> R<Val> {
        let xs: Vec<&ast::Expr> = a[..2].iter().map(|e| e.unwrap()).collect();
        let (mut args, ty) = self.elementwise("umulhi", &xs, sp)?;
        let s = ty.scalar_elem().unwrap();
        if !matches!(s, Scalar::I32 | Scalar::U32) {
            return Err(self.err(
                Diagnostic::error(format!("`umulhi` needs i32 or u32 operands, found {ty}"), sp, "not 32-bit integers")
                    .help("convert first, e.g. `x.to(u32)`"),
            ));
        }
        let y = args.pop().unwrap();
        let x = args.pop().unwrap();
        Ok(expr_s(mulhi(x, y, sp), sp))
    }
}

/// The high 32 bits of the unsigned product of two 32-bit operands of one type (i32
/// operands' bits read as u32, the result's bits given back as the operands' type), as a
/// multiply in 64 bits shifted down; LLVM selects `mul.hi.u32`. Shared by `umulhi` and
/// the Philox rounds (builtins_random.rs).
pub(super) fn mulhi(x: Expr, y: Expr, sp: Span) -> Expr {
    let ty = x.ty.clone();
    let s = ty.scalar_elem().unwrap();
    let wide = Scalar::U64;
    let wty = ty.with_elem(Elem::Scalar(wide));
    let bin = |op, l, r| Expr { kind: ExprKind::Binary(op, Box::new(l), Box::new(r)), ty: wty.clone(), span: sp };
    let widen = |e| cast_expr(cast_expr(e, Scalar::U32, true), wide, false);
    let p = bin(BinOp::Mul, widen(x), widen(y));
    let hi = bin(BinOp::Shr, p, fill(ConstVal::Int(32), wide, &ty.shape, sp));
    cast_expr(cast_expr(hi, Scalar::U32, false), s, true)
}
