//! The dispatch of a builtin call (its arguments bound by the table in
//! `builtin_table.rs`) and the builtins that create tiles: program ids, `arange`,
//! `zeros`/`full`/`zeros_like`, `device_print`.
//! Memory builtins live in builtins_memory.rs; shape, reduction, math and `dot` in
//! builtins_ops.rs.

use super::broadcast::broadcast_expr;
use super::promote::cast_expr;
use super::tir::*;
use super::types::{Elem, Scalar, Ty};
use super::{const_expr, Checker, TExpr, Val, R};
use crate::builtin_table::SIGS;
use crate::diag::Diagnostic;
use crate::source::Span;
use crate::syntax::ast;

use crate::limits::MAX_NUMEL;

fn too_large_label() -> String {
    format!("tiles hold at most {MAX_NUMEL} elements")
}

pub(crate) type Args<'e> = Vec<Option<&'e ast::Expr>>;

impl<'a> Checker<'a> {
    pub fn builtin(&mut self, name: &str, args: &[ast::Arg], sp: Span) -> R<Val> {
        if name == "device_print" {
            return self.device_print(args, sp);
        }
        if name == "device_assert" {
            return self.device_assert(args, sp);
        }
        if name == "static_print" {
            return self.static_print(args, sp);
        }
        // Block pointers (block_ptr.rs) and tensor descriptors (tensor_desc.rs) take and make
        // compile-time values, not tiles.
        let through = if matches!(name, "load" | "store") { self.block_ptr_arg_kind(args) } else { None };
        match (name, through) {
            ("make_block_ptr", _) => return self.make_block_ptr(args, sp),
            ("make_tensor_descriptor", _) => return self.make_tensor_descriptor(args, sp),
            ("advance", _) => return self.advance(args, sp),
            ("load", Some(true)) => return self.desc_load(args, sp),
            ("store", Some(true)) => return self.desc_store(args, sp),
            ("load", Some(false)) => return self.block_load(args, sp),
            ("store", Some(false)) => return self.block_store(args, sp),
            _ => {}
        }
        if matches!(name, "max" | "min") {
            if let Some(v) = self.min_max(name, args, sp)? {
                return Ok(v);
            }
        }
        let &(_, params, required) = SIGS.iter().find(|s| s.0 == name).unwrap();
        // Triton's `reshape(x, R, C)`: the sizes as one shape.
        let packed = super::varargs::pack_varargs(name, args);
        let args = packed.as_deref().unwrap_or(args);
        let a = self.bind_args(name, params, required, args, sp)?;
        match name {
            "program_id" | "num_programs" => {
                let axis = self.const_int(a[0].unwrap(), "axis")?;
                if !(0..3).contains(&axis) {
                    return self.error(
                        format!("`{name}` axis must be 0, 1 or 2, found {axis}"),
                        a[0].unwrap().span,
                        "out of range",
                    );
                }
                let kind = if name == "program_id" {
                    ExprKind::ProgramId(axis as u32)
                } else {
                    ExprKind::NumPrograms(axis as u32)
                };
                Ok(expr(kind, Ty::scalar(Scalar::I32), sp))
            }
            "arange" => self.arange(&a, sp),
            "zeros" | "full" => {
                let shape = self.shape_arg(a[0].unwrap())?;
                let dt = self.dtype_arg(a[if name == "zeros" { 1 } else { 2 }].unwrap())?;
                let value = if name == "zeros" {
                    const_expr(super::consts::normalize(ConstVal::Int(0), dt), dt, sp)
                } else {
                    let v = self.value(a[1].unwrap())?;
                    if !v.ty().is_scalar() {
                        return self.error(
                            format!("`full` needs a scalar value, found {}", v.ty()),
                            v.span(),
                            "not a scalar",
                        );
                    }
                    self.convert_any(v, dt)?
                };
                Ok(expr_s(broadcast_expr(value, &shape), sp))
            }
            "zeros_like" => {
                let x = self.value(a[0].unwrap())?;
                let Some(s) = x.ty().scalar_elem() else {
                    return self.error("`zeros_like` of a pointer", x.span(), "a pointer");
                };
                let z = const_expr(super::consts::normalize(ConstVal::Int(0), s), s, sp);
                Ok(expr_s(broadcast_expr(z, &x.ty().shape.clone()), sp))
            }
            "load" => self.load(&a, sp),
            "store" => self.store(&a, sp),
            "atomic_cas" => self.atomic_cas(&a, sp),
            n if n.starts_with("atomic_") => self.atomic(n, &a, sp),
            _ => self.builtin_op(name, &a, sp),
        }
    }

    fn arange(&mut self, a: &Args, sp: Span) -> R<Val> {
        let mut bounds = [0i64; 2];
        for (i, e) in [a[0].unwrap(), a[1].unwrap()].into_iter().enumerate() {
            let v = self.value(e)?;
            match v.as_const() {
                Some(ConstVal::Int(c)) => bounds[i] = c,
                _ => {
                    let mut d = Diagnostic::error(
                        "`arange` bounds must be compile-time constants",
                        e.span,
                        format!("`{}` is not known at compile time", self.text(e.span)),
                    );
                    d = d.help("use a `const` parameter (e.g. `const TILE: i32 = 1024`) or a literal");
                    return Err(self.err(d));
                }
            }
        }
        let n = bounds[1].checked_sub(bounds[0]).unwrap_or(-1);
        if n <= 0 {
            return self.error(
                format!("`arange({}, {})` is empty", bounds[0], bounds[1]),
                sp,
                "end must be greater than start",
            );
        }
        if !(n as u64).is_power_of_two() {
            return Err(self.err(
                Diagnostic::error(
                    format!("tile size {n} is not a power of two"),
                    sp,
                    format!("arange of {n} elements"),
                )
                .note("every tile dimension must be a power of two (as in Triton)"),
            ));
        }
        if n > MAX_NUMEL || bounds[0] < i32::MIN as i64 || bounds[1] > i32::MAX as i64 + 1 {
            return self.error(format!("`arange({}, {})` is too large", bounds[0], bounds[1]), sp, too_large_label());
        }
        Ok(expr(
            ExprKind::Arange { start: bounds[0], end: bounds[1] },
            Ty::tile(Elem::Scalar(Scalar::I32), vec![n]),
            sp,
        ))
    }

    fn device_print(&mut self, args: &[ast::Arg], sp: Span) -> R<Val> {
        let Some(first) = args.first() else {
            return self.error("`device_print` needs a message string first", sp, "missing message");
        };
        if let Some(a) = args.iter().find(|a| a.name.is_some()) {
            return self.error("`device_print` takes no keyword arguments", a.span, "keyword argument");
        }
        let msg = match self.check_expr(&first.value)? {
            Val::Str(s, _) => s,
            v => {
                return self.error(
                    format!("`device_print` message must be a string, found {}", v.describe()),
                    v.span(),
                    "not a string",
                )
            }
        };
        let mut values = vec![];
        for a in &args[1..] {
            let v = self.value(&a.value)?.e;
            // fp8 prints its value (through f32, exactly), not its byte.
            let v = match v.ty.scalar_elem() {
                Some(s) if s.is_fp8() => cast_expr(v, Scalar::F32, false),
                _ => v,
            };
            values.push(v);
        }
        self.pending.push(Stmt::DevicePrint { msg, values, span: sp });
        Ok(Val::Unit(sp))
    }

    /// `device_assert(cond, msg = "")`: checked at run time, every element of a tile
    /// condition (as Triton, which has no mask: `(x >= 0) | !mask` leaves elements out). A
    /// condition known true is dropped.
    fn device_assert(&mut self, args: &[ast::Arg], sp: Span) -> R<Val> {
        let a = self.bind_args("device_assert", &["cond", "msg"], 1, args, sp)?;
        let c = self.value(a[0].unwrap())?;
        if c.ty().elem != Elem::Scalar(Scalar::I1) {
            return Err(self.err(
                Diagnostic::error(
                    format!("`device_assert` condition must be a bool (i1) scalar or tile, found {}", c.ty()),
                    c.span(),
                    "not a bool",
                )
                .help("compare explicitly, e.g. `x != 0`"),
            ));
        }
        let msg = match a[1] {
            Some(m) => match self.check_expr(m)? {
                Val::Str(s, _) => s,
                v => {
                    return self.error(
                        format!("`device_assert` message must be a string, found {}", v.describe()),
                        v.span(),
                        "not a string",
                    )
                }
            },
            None => String::new(),
        };
        if c.as_const() != Some(ConstVal::Bool(true)) {
            self.pending.push(Stmt::DeviceAssert { cond: c.e, msg, span: sp });
        }
        Ok(Val::Unit(sp))
    }

    /// `static_print(...)`: its arguments as Python's `print` writes them, at compile time:
    /// strings as they are, constants as values, tiles and run-time scalars as their type
    /// (Triton prints a tensor's type and shape too). Values are checked, not emitted.
    fn static_print(&mut self, args: &[ast::Arg], sp: Span) -> R<Val> {
        if let Some(a) = args.iter().find(|a| a.name.is_some()) {
            return self.error("`static_print` takes no keyword arguments", a.span, "keyword argument");
        }
        let mut parts = vec![];
        for a in args {
            parts.push(match self.check_expr(&a.value)? {
                Val::Str(s, _) => s,
                Val::Dtype(s, _) => s.to_string(),
                Val::Expr(t) => match t.as_const() {
                    Some(ConstVal::Int(c)) => super::consts::int_value(c, t.ty().scalar_elem().unwrap()).to_string(),
                    Some(ConstVal::Float(f)) => format!("{f:?}"),
                    Some(ConstVal::Bool(b)) => b.to_string(),
                    None => t.ty().to_string(),
                },
                v => v.describe(),
            });
        }
        self.static_prints.push(parts.join(" "));
        Ok(Val::Unit(sp))
    }

    // ---- argument helpers shared by all builtins ----

    /// Converts any numeric value to `to` (explicitly, as Triton does for stored values).
    pub fn convert_any(&mut self, v: TExpr, to: Scalar) -> R<Expr> {
        if v.weak {
            return self.convert(v, to);
        }
        match v.ty().elem {
            Elem::Scalar(_) => Ok(cast_expr(v.e, to, false)),
            Elem::Ptr(_) => {
                self.error(format!("expected a {to} value, found a pointer ({})", v.ty()), v.span(), "a pointer")
            }
        }
    }

    pub fn const_int(&mut self, e: &ast::Expr, what: &str) -> R<i64> {
        let v = self.value(e)?;
        match (v.as_const(), v.ty().scalar_elem()) {
            (Some(ConstVal::Int(c)), Some(s)) if s.is_int() => Ok(super::consts::int_value(c, s) as i64),
            _ => Err(self.err(
                Diagnostic::error(
                    format!("`{what}` must be a compile-time constant integer"),
                    e.span,
                    "not a constant integer",
                )
                .help("use a literal or a `const` parameter"),
            )),
        }
    }

    pub fn const_bool(&mut self, e: &ast::Expr, what: &str) -> R<bool> {
        let v = self.value(e)?;
        match v.as_const() {
            Some(ConstVal::Bool(b)) => Ok(b),
            _ => self.error(format!("`{what}` must be `true` or `false`"), e.span, "not a constant bool"),
        }
    }

    pub fn dtype_arg(&mut self, e: &ast::Expr) -> R<Scalar> {
        match self.check_expr(e)? {
            Val::Dtype(s, _) => Ok(s),
            v => {
                let d = v.describe();
                self.error(format!("expected an element type such as `f32`, found {d}"), e.span, "not a type")
            }
        }
    }

    /// A shape: `(A, B)`, `(A,)`, a single size, or a name bound to a tuple; every size
    /// a power of two.
    pub fn shape_arg(&mut self, e: &ast::Expr) -> R<Vec<i64>> {
        let items = match self.check_expr(e)? {
            Val::Tuple(xs, _) => xs,
            v => vec![v],
        };
        let mut shape = vec![];
        for it in items {
            let sp = it.span();
            let n = match it {
                Val::Expr(x) => match (x.as_const(), x.ty().scalar_elem()) {
                    (Some(ConstVal::Int(c)), Some(s)) if s.is_int() => super::consts::int_value(c, s) as i64,
                    _ => {
                        return Err(self.err(
                            Diagnostic::error(
                                "tile sizes must be compile-time constant integers",
                                sp,
                                "not a constant integer",
                            )
                            .help("use a literal or a `const` parameter"),
                        ))
                    }
                },
                other => {
                    return self.error(format!("expected a tile size, found {}", other.describe()), sp, "not a size")
                }
            };
            if n <= 0 || !(n as u64).is_power_of_two() {
                return Err(self.err(
                    Diagnostic::error(format!("tile size {n} is not a power of two"), sp, format!("size {n}"))
                        .note("every tile dimension must be a power of two (as in Triton)"),
                ));
            }
            shape.push(n);
        }
        let numel = shape.iter().try_fold(1i64, |a, &d| a.checked_mul(d)).unwrap_or(i64::MAX);
        if numel > MAX_NUMEL {
            return self.error(format!("a tile of {:?} is too large", shape), e.span, too_large_label());
        }
        Ok(shape)
    }
}

pub(crate) fn expr(kind: ExprKind, ty: Ty, span: Span) -> Val {
    Val::Expr(TExpr::strong(Expr { kind, ty, span }))
}

pub(crate) fn expr_s(mut e: Expr, span: Span) -> Val {
    e.span = span;
    Val::Expr(TExpr::strong(e))
}
