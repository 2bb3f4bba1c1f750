//! `dot(a, b, acc, input_precision, out_dtype)`: the operands' shapes and types, the
//! accumulator's, and the precision, checked as Triton does.

use super::builtins::{expr, Args};
use super::builtins_ops::fill;
use super::tir::*;
use super::types::{Elem, Scalar, Ty};
use super::{Checker, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;
use crate::syntax::ast;

impl Checker<'_> {
    pub(super) fn dot(&mut self, a: &Args, sp: Span) -> R<Val> {
        let x = self.value(a[0].unwrap())?;
        let y = self.value(a[1].unwrap())?;
        // 2-D, or 3-D with a leading batch dimension (Triton's batched `dot`).
        let rank = x.ty().shape.len();
        for v in [&x, &y] {
            if !(2..=3).contains(&v.ty().shape.len()) {
                return self.error(
                    format!("`dot` needs 2-D tiles, or 3-D ones with a batch dimension first, found {}", v.ty()),
                    v.span(),
                    "not 2-D or 3-D",
                );
            }
        }
        if y.ty().shape.len() != rank || (rank == 3 && x.ty().shape[0] != y.ty().shape[0]) {
            return Err(self.err(
                Diagnostic::error(
                    format!("`dot` of {} and {}: a batched dot multiplies [B, M, K] by [B, K, N]", x.ty(), y.ty()),
                    sp,
                    if y.ty().shape.len() != rank { "ranks differ" } else { "batch sizes differ" },
                )
                .with_secondary(x.span(), x.ty().to_string())
                .with_secondary(y.span(), y.ty().to_string()),
            ));
        }
        // The batch dimension, when there is one, and the matrices' shapes.
        let batch: Vec<i64> = x.ty().shape[..rank - 2].to_vec();
        let (xs2, ys2) = (&x.ty().shape[rank - 2..], &y.ty().shape[rank - 2..]);
        let (xs, ys) = (x.ty().scalar_elem(), y.ty().scalar_elem());
        if xs != ys || xs.is_none() {
            return Err(self.err(
                Diagnostic::error(
                    format!("`dot` operands must have the same element type, found {} and {}", x.ty(), y.ty()),
                    sp,
                    "element types differ",
                )
                .with_secondary(x.span(), x.ty().to_string())
                .with_secondary(y.span(), y.ty().to_string())
                .help("convert one operand with `.to(...)`"),
            ));
        }
        let ins = xs.unwrap();
        let (m, k, k2, n) = (xs2[0], xs2[1], ys2[0], ys2[1]);
        if k != k2 {
            return Err(self.err(
                Diagnostic::error(
                    format!("dot shape mismatch: {} times {}: inner dimensions {k} and {k2} differ", x.ty(), y.ty()),
                    sp,
                    if rank == 3 { "expected [B, M, K] x [B, K, N]" } else { "expected [M, K] x [K, N]" },
                )
                .with_secondary(x.span(), format!("K = {k}"))
                .with_secondary(y.span(), format!("K = {k2}")),
            ));
        }
        // Any size the language allows: below the tensor cores' instruction, M and N are
        // padded (the rows and columns past a tile's end are copies) and a K below the
        // instruction's runs on CUDA cores (`layout::mma::plan`; --explain-layouts says so).
        let out_shape: Vec<i64> = batch.iter().copied().chain([m, n]).collect();
        let default_out = match ins {
            Scalar::F16 | Scalar::BF16 | Scalar::F32 | Scalar::F8E4M3 | Scalar::F8E5M2 => Scalar::F32,
            Scalar::I8 => Scalar::I32,
            s => return self.error(format!("`dot` does not support {s} operands"), sp, "use f16/bf16/f32/fp8/i8"),
        };
        let out_dtype = match a[4] {
            Some(d) => Some(self.dtype_arg(d)?),
            None => None,
        };
        let acc = match a[2] {
            Some(e) if !matches!(e.kind, ast::ExprKind::NoneLit) => {
                let c = self.value(e)?;
                let want_elem = out_dtype.or(c.ty().scalar_elem()).unwrap_or(default_out);
                let want = Ty::tile(Elem::Scalar(want_elem), out_shape.clone());
                if c.ty() != &want {
                    return Err(self.err(
                        Diagnostic::error(
                            format!("`dot` accumulator must be {want}, found {}", c.ty()),
                            e.span,
                            format!("this is {}", c.ty()),
                        )
                        .note(format!("a is {}, b is {}", x.ty(), y.ty())),
                    ));
                }
                c.e
            }
            _ => fill(ConstVal::Int(0), out_dtype.unwrap_or(default_out), &out_shape, sp),
        };
        let out = acc.ty.scalar_elem().unwrap();
        let ok = match ins {
            Scalar::I8 => out == Scalar::I32,
            Scalar::F16 => out == Scalar::F32 || out == Scalar::F16,
            _ => out == Scalar::F32,
        };
        if !ok {
            return self.error(
                format!("`dot` of {ins} operands cannot accumulate in {out}"),
                sp,
                "unsupported accumulator type",
            );
        }
        let input_precision = match a[3] {
            Some(p) => {
                let s = match self.check_expr(p)? {
                    Val::Str(s, _) => s,
                    v => return self.error("`input_precision` must be a string", v.span(), "not a string"),
                };
                match InputPrecision::parse(&s) {
                    Some(p) => p,
                    None => {
                        let all: Vec<String> = InputPrecision::ALL.iter().map(|p| format!("\"{p}\"")).collect();
                        return self.error(
                            format!("invalid `input_precision` value \"{s}\""),
                            p.span,
                            format!("expected one of {}", all.join(", ")),
                        );
                    }
                }
            }
            None => InputPrecision::default(),
        };
        // Triton's `max_num_imprecise_acc`: a constant; for fp8 operands at most K (the
        // partial sums are promoted within one product), kept for the wgmma lowering;
        // ignored for other types (their tensor cores accumulate in full f32).
        let max_imprecise = match a[5] {
            Some(e) if !matches!(e.kind, ast::ExprKind::NoneLit) => {
                let n = self.const_int(e, "max_num_imprecise_acc")?;
                if n < 0 {
                    return self.error(
                        format!("`max_num_imprecise_acc` must not be negative, found {n}"),
                        e.span,
                        "negative",
                    );
                }
                if ins.is_fp8() && n > k {
                    return Err(self.err(
                        Diagnostic::error(
                            format!("`max_num_imprecise_acc` ({n}) must be at most K ({k}) for fp8 operands"),
                            e.span,
                            format!("more than K = {k}"),
                        )
                        .note("the partial sums are promoted to f32 within one product's K, as Triton's"),
                    ));
                }
                ins.is_fp8().then_some(n as u32)
            }
            _ => None,
        };
        let ty = acc.ty.clone();
        let kind =
            ExprKind::Dot { a: Box::new(x.e), b: Box::new(y.e), acc: Box::new(acc), input_precision, max_imprecise };
        Ok(expr(kind, ty, sp))
    }
}
