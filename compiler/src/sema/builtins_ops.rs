//! Builtins that compute on tiles: shape ops, reductions and scans, elementwise math
//! (with `sigmoid`, `clamp` and `cdiv` desugared), `where`, hints, `static_assert` and
//! `x.to(T)`; `dot` is in builtins_dot.rs.

use super::broadcast::broadcast_expr;
use super::builtins::{expr, expr_s, Args};
use super::promote::{adapt_weak, cast_expr, promote};
use super::tir::*;
use super::types::{Elem, Scalar, Ty};
use super::{const_expr, Checker, TExpr, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;
use crate::syntax::ast;

/// A constant of element `s` with `shape` (splatted when a tile).
pub(super) fn fill(v: ConstVal, s: Scalar, shape: &[i64], sp: Span) -> Expr {
    broadcast_expr(const_expr(super::consts::normalize(v, s), s, sp), shape)
}

impl<'a> Checker<'a> {
    pub fn builtin_op(&mut self, name: &str, a: &Args, sp: Span) -> R<Val> {
        match name {
            "trans" | "permute" => self.permute(name, a, sp),
            "split" => self.split(a, sp),
            "reduce" => self.reduce_fn(a, sp),
            "associative_scan" => self.scan_fn(a, sp),
            "flip" => {
                // Triton's default: the last axis.
                let x = self.tile_arg(name, a[0].unwrap())?;
                let last = x.ty().shape.len() as u32 - 1;
                let axis = self.axis_arg(a[1], &x)?.unwrap_or(last);
                let ty = x.ty().clone();
                Ok(expr(ExprKind::Flip { value: Box::new(x.e), axis }, ty, sp))
            }
            "ravel" | "reshape" | "view" | "broadcast_to" | "broadcast" | "expand_dims" => self.shape_op(name, a, sp),
            "sum" | "max" | "min" | "argmax" | "argmin" | "xor_sum" => self.reduce(name, a, sp),
            "swizzle2d" => self.swizzle2d(a, sp),
            "assume" => self.assume(a, sp),
            "cumsum" | "cumprod" => {
                let x = self.tile_arg(name, a[0].unwrap())?;
                let dtype = self.dtype_opt(a.get(3).copied().flatten())?;
                let x = self.with_dtype(x, dtype)?;
                self.no_fp8_arith(&x, name)?;
                let axis = self.axis_arg(a[1], &x)?.unwrap_or(0);
                let reverse = match a[2] {
                    Some(r) => self.const_bool(r, "reverse")?,
                    None => false,
                };
                let x = if dtype.is_some() { x.e } else { self.widen_small_ints(x) };
                let ty = x.ty.clone();
                let op = if name == "cumsum" { ScanOp::Cumsum } else { ScanOp::Cumprod };
                Ok(expr(ExprKind::Scan { op, value: Box::new(x), axis, reverse }, ty, sp))
            }
            "topk" => self.topk(a, sp),
            "sort" => {
                let x = self.tile_arg(name, a[0].unwrap())?;
                self.no_fp8_arith(&x, name)?;
                let last = x.ty().shape.len() as u32 - 1;
                let axis = self.axis_arg(a[1], &x)?.unwrap_or(last);
                let descending = match a[2] {
                    Some(d) => self.const_bool(d, "descending")?,
                    None => false,
                };
                let ty = x.ty().clone();
                Ok(expr(ExprKind::Sort { value: Box::new(x.e), axis, descending }, ty, sp))
            }
            "bin_rank" => self.bin_rank(a, sp),
            "histogram" => {
                let x = self.int_tile_1d(name, a[0].unwrap())?;
                let bins = self.shape_arg(a[1].unwrap())?;
                if bins.len() != 1 {
                    return self.error("`num_bins` must be one integer", a[1].unwrap().span, "not an integer");
                }
                let ty = Ty::tile(Elem::Scalar(Scalar::I32), bins.clone());
                Ok(expr(ExprKind::Histogram { value: Box::new(x.e), num_bins: bins[0] as u32 }, ty, sp))
            }
            "exp" | "exp2" | "log" | "log2" | "sqrt" | "rsqrt" | "abs" | "floor" | "ceil" | "sin" | "cos" | "erf" => {
                let f = MathFn::builtin(name).expect("each name above is a function's");
                let x = self.value(a[0].unwrap())?;
                if let (MathFn::Abs, Some(t)) = (f, x.ty().scalar_elem().filter(|t| t.is_fp8())) {
                    // Triton's `abs` of fp8 clears the sign bit (no arithmetic on fp8).
                    let bits = cast_expr(x.e, Scalar::U8, true);
                    let mask = fill(ConstVal::Int(0x7F), Scalar::U8, &bits.ty.shape, sp);
                    let ty = bits.ty.clone();
                    let m =
                        Expr { kind: ExprKind::Binary(BinOp::BitAnd, Box::new(bits), Box::new(mask)), ty, span: sp };
                    return Ok(Val::Expr(TExpr::strong(cast_expr(m, t, true))));
                }
                let x = self.math_val(name, x, f != MathFn::Abs)?;
                if f == MathFn::Abs && x.ty.scalar_elem().is_some_and(|s| s.is_unsigned_int() || s == Scalar::I1) {
                    // Triton: `abs` of an unsigned value is the value (the lowering's
                    // integer abs reads its operand as signed).
                    return Ok(Val::Expr(TExpr::strong(x)));
                }
                let ty = x.ty.clone();
                Ok(expr(ExprKind::Math { f, args: vec![x] }, ty, sp))
            }
            "sigmoid" => {
                let x = self.math_arg(name, a[0].unwrap(), true)?;
                let (s, shape) = (x.ty.scalar_elem().unwrap(), x.ty.shape.clone());
                let ty = x.ty.clone();
                let neg = Expr { kind: ExprKind::Unary(UnOp::Neg, Box::new(x)), ty: ty.clone(), span: sp };
                let e = Expr { kind: ExprKind::Math { f: MathFn::Exp, args: vec![neg] }, ty: ty.clone(), span: sp };
                let one = || fill(ConstVal::Float(1.0), s, &shape, sp);
                let den =
                    Expr { kind: ExprKind::Binary(BinOp::Add, Box::new(one()), Box::new(e)), ty: ty.clone(), span: sp };
                Ok(expr(ExprKind::Binary(BinOp::Div, Box::new(one()), Box::new(den)), ty, sp))
            }
            "fma" => {
                let xs: Vec<&ast::Expr> = a[..3].iter().map(|e| e.unwrap()).collect();
                let (args, ty) = self.elementwise(name, &xs, sp)?;
                self.no_fp8(&ty, name, sp)?;
                if !ty.scalar_elem().unwrap().is_float() {
                    return self.error(format!("`fma` needs floats, found {ty}"), sp, "integer operands");
                }
                Ok(expr(ExprKind::Math { f: MathFn::Fma, args }, ty, sp))
            }
            "maximum" | "minimum" => {
                let (hi, lo) = self.nan_fns(a[2])?;
                let f = if name == "maximum" { hi } else { lo };
                let vals = vec![self.value(a[0].unwrap())?, self.value(a[1].unwrap())?];
                self.min_max_of(name, f, vals, sp)
            }
            "clamp" => {
                let (max, min) = self.nan_fns(a[3])?;
                let xs: Vec<&ast::Expr> = a[..3].iter().map(|e| e.unwrap()).collect();
                let (mut args, ty) = self.elementwise(name, &xs, sp)?;
                self.no_fp8(&ty, name, sp)?;
                let hi = args.pop().unwrap();
                let lo = args.pop().unwrap();
                let x = args.pop().unwrap();
                let m = Expr { kind: ExprKind::Math { f: max, args: vec![x, lo] }, ty: ty.clone(), span: sp };
                Ok(expr(ExprKind::Math { f: min, args: vec![m, hi] }, ty, sp))
            }
            "where" => {
                let c = self.value(a[0].unwrap())?;
                if c.ty().elem != Elem::Scalar(Scalar::I1) {
                    return self.error(
                        format!("`where` condition must be bool (i1), found {}", c.ty()),
                        c.span(),
                        "not a bool",
                    );
                }
                let (x, y) = (self.value(a[1].unwrap())?, self.value(a[2].unwrap())?);
                if x.ty().scalar_elem().is_none() || y.ty().scalar_elem().is_none() {
                    return self.where_ptr(c, x, y, sp);
                }
                let (mut args, ty) = self.elementwise_of(name, vec![x, y], sp)?;
                let shape = self.common_shape(&[&c, &TExpr::strong(args[0].clone())], "`where`", sp)?;
                let ty = Ty::tile(ty.elem, shape.clone());
                let y = broadcast_expr(args.pop().unwrap(), &shape);
                let x = broadcast_expr(args.pop().unwrap(), &shape);
                let c = broadcast_expr(c.e, &shape);
                Ok(expr(ExprKind::Where { cond: Box::new(c), a: Box::new(x), b: Box::new(y) }, ty, sp))
            }
            "dot" => self.dot(a, sp),
            "inline_asm_elementwise" => self.inline_asm(a, sp),
            "randint" | "randint4x" | "rand" | "randn" | "uint_to_uniform_float" | "philox" => {
                self.builtin_random(name, a, sp)
            }
            "join" | "interleave" | "cat" => self.builtin_join(name, a, sp),
            "gather" => self.gather(a, sp),
            "scatter" => self.scatter(a, sp),
            "tanh" | "log1p" | "expm1" | "sqrt_rn" | "pow" | "fdiv" | "div_rn" | "umulhi" => {
                self.builtin_math(name, a, sp)
            }
            "cdiv" => {
                let x = self.value(a[0].unwrap())?;
                let d = self.value(a[1].unwrap())?;
                for v in [&x, &d] {
                    if v.ty().scalar_elem().is_none_or(|s| s.is_float()) {
                        return self.error(
                            format!("`cdiv` needs integers, found {}", v.ty()),
                            v.span(),
                            "not an integer",
                        );
                    }
                }
                let d = self.materialize(d);
                let one = TExpr { e: const_expr(ConstVal::Int(1), Scalar::I32, sp), weak: true };
                let s = self.binary(BinOp::Add, x, d.clone(), sp)?;
                let s = self.binary(BinOp::Sub, s, one, sp)?;
                self.binary(BinOp::Div, s, d, sp).map(Val::Expr)
            }
            "debug_barrier" => {
                self.pending.push(Stmt::DebugBarrier { span: sp });
                Ok(Val::Unit(sp))
            }
            "static_assert" => {
                let c = self.value(a[0].unwrap())?;
                let msg = match a[1] {
                    Some(m) => match self.check_expr(m)? {
                        Val::Str(s, _) => s,
                        v => return self.error("`static_assert` message must be a string", v.span(), "not a string"),
                    },
                    None => String::new(),
                };
                match c.as_const() {
                    Some(ConstVal::Bool(true)) => Ok(Val::Unit(sp)),
                    Some(ConstVal::Bool(false)) => {
                        let m = if msg.is_empty() { String::new() } else { format!(": {msg}") };
                        self.error(format!("static assertion failed{m}"), c.span(), "evaluates to false")
                    }
                    _ => self.error(
                        "`static_assert` needs a compile-time constant bool",
                        c.span(),
                        "not known at compile time",
                    ),
                }
            }
            "multiple_of" | "max_contiguous" => {
                // Hints only: checked, then dropped (TIR has no hint op yet).
                let x = self.value(a[0].unwrap())?;
                let vals: Vec<&ast::Expr> = match &a[1].unwrap().kind {
                    ast::ExprKind::Tuple(xs) => xs.iter().collect(),
                    _ => vec![a[1].unwrap()],
                };
                for v in vals {
                    let n = self.const_int(v, "values")?;
                    if n <= 0 {
                        return self.error(
                            format!("`{name}` needs positive values, found {n}"),
                            v.span,
                            "not positive",
                        );
                    }
                }
                Ok(Val::Expr(x))
            }
            _ => unreachable!("builtin {name} not handled"),
        }
    }

    /// `x.to(T)` / `x.to(T, bitcast = true)`; `args[0]` is the receiver.
    pub fn cast_method(&mut self, args: &[ast::Arg], sp: Span) -> R<Val> {
        let a = self.bind_args("to", &["x", "dtype", "bitcast"], 2, args, sp)?;
        let x = self.value(a[0].unwrap())?;
        let target = a[1].unwrap();
        let to = match self.check_expr(target)? {
            Val::Dtype(s, _) => Elem::Scalar(s),
            Val::PtrDtype(s, _) => Elem::Ptr(s),
            v => {
                let d = v.describe();
                return self.error(
                    format!("expected an element type such as `f32`, found {d}"),
                    target.span,
                    "not a type",
                );
            }
        };
        let bitcast = match a[2] {
            Some(b) => self.const_bool(b, "bitcast")?,
            None => false,
        };
        // With pointers `bitcast` changes nothing (as Triton's `bitcast` on pointers).
        let (Some(from), Elem::Scalar(to)) = (x.ty().scalar_elem(), &to) else {
            return self.ptr_cast(x, to, target.span, sp);
        };
        let to = *to;
        if bitcast && from.bits() != to.bits() {
            return Err(self.err(
                Diagnostic::error(
                    format!("cannot bitcast {from} ({} bits) to {to} ({} bits)", from.bits(), to.bits()),
                    sp,
                    "widths differ",
                )
                .help("a bitcast keeps the bits, so both types need the same width; convert the value without `bitcast` first"),
            ));
        }
        let e = if x.weak && !bitcast { self.convert(x, to)? } else { cast_expr(x.e, to, bitcast) };
        Ok(expr_s(e, sp))
    }

    fn reduce(&mut self, name: &str, a: &Args, sp: Span) -> R<Val> {
        let x = self.tile_arg(name, a[0].unwrap())?;
        // `keep_dims` comes after Triton's index options (builtins.rs's table).
        let at = match name {
            "max" | "min" => 4,
            "argmax" | "argmin" => 3,
            _ => 2,
        };
        let flag = |cx: &mut Self, i: usize, what: &str, default: bool| match a[i] {
            Some(k) => cx.const_bool(k, what),
            None => Ok(default),
        };
        let keep_dims = flag(self, at, "keep_dims", false)?;
        // Ties go to the smallest index whatever `tie_break_left` says (Triton's `false`
        // lets any index win), so the flag is checked and needs nothing more.
        match name {
            "max" | "min" => {
                flag(self, 3, "return_indices_tie_break_left", true)?;
                if flag(self, 2, "return_indices", false)? {
                    return self.reduce_with_indices(name, x, a[1], keep_dims, sp);
                }
            }
            "argmax" | "argmin" => {
                flag(self, 2, "tie_break_left", true)?;
            }
            _ => {}
        }
        let dtype = if name == "sum" { self.dtype_opt(a.get(3).copied().flatten())? } else { None };
        let x = self.with_dtype(x, dtype)?;
        self.reduce_of(name, x, a[1], keep_dims, dtype.is_none(), sp)
    }

    /// An optional element type (`dtype = f32`; `None` as not given).
    fn dtype_opt(&mut self, e: Option<&ast::Expr>) -> R<Option<Scalar>> {
        match e {
            Some(e) if !matches!(e.kind, ast::ExprKind::NoneLit) => self.dtype_arg(e).map(Some),
            _ => Ok(None),
        }
    }

    /// `x` converted to `dtype` first, as Triton's `sum` / `cumsum` do (`x.to(dtype)`).
    fn with_dtype(&mut self, x: TExpr, dtype: Option<Scalar>) -> R<TExpr> {
        match dtype {
            Some(s) => Ok(TExpr::strong(self.convert_any(x, s)?)),
            None => Ok(x),
        }
    }

    /// `name(x, axis)`; with `keep_dims` the reduced axis stays with size 1 (every axis,
    /// without an axis), as Triton's `keep_dims = True`.
    pub(super) fn reduce_of(
        &mut self,
        name: &str,
        x: TExpr,
        axis: Option<&ast::Expr>,
        keep_dims: bool,
        widen: bool,
        sp: Span,
    ) -> R<Val> {
        self.no_fp8_arith(&x, name)?;
        if let (Some(e), "max" | "min") = (axis, name) {
            let v = self.check_expr(e)?;
            let is_axis = matches!(&v, Val::Expr(e) if e.as_const().is_some()) || matches!(v, Val::NoneV(_));
            if !is_axis {
                let f = if name == "max" { "maximum" } else { "minimum" };
                return Err(self.err(
                    Diagnostic::error(
                        format!("the second argument of `{name}` is the axis to reduce"),
                        v.span(),
                        "not a constant axis",
                    )
                    .help(format!("for the elementwise {f} of two values use `{f}(a, b)`")),
                ));
            }
        }
        let axis = self.axis_arg(axis, &x)?;
        let op = match name {
            "sum" => ReduceOp::Sum,
            "max" => ReduceOp::Max,
            "min" => ReduceOp::Min,
            "argmax" => ReduceOp::Argmax,
            "xor_sum" => ReduceOp::XorSum,
            _ => ReduceOp::Argmin,
        };
        if op == ReduceOp::XorSum && x.ty().scalar_elem().is_none_or(|s| !s.is_int()) {
            return self.error(
                format!("`xor_sum` needs a tile of integers, found {}", x.ty()),
                x.span(),
                "not integers",
            );
        }
        // Narrow integers sum in 32 bits, unless a `dtype` said otherwise.
        let x = if op == ReduceOp::Sum && widen { self.widen_small_ints(x) } else { x.e };
        let elem =
            if matches!(op, ReduceOp::Argmax | ReduceOp::Argmin) { Elem::Scalar(Scalar::I32) } else { x.ty.elem };
        let shape = match axis {
            None => vec![],
            Some(ax) => {
                let mut s = x.ty.shape.clone();
                s.remove(ax as usize);
                s
            }
        };
        let rank = x.ty.shape.len();
        let r = Expr { kind: ExprKind::Reduce { op, value: Box::new(x), axis }, ty: Ty::tile(elem, shape), span: sp };
        let r = match (keep_dims, axis) {
            (false, _) => r,
            (true, Some(ax)) => super::broadcast::expand_dims(r, ax, sp),
            (true, None) => broadcast_expr(r, &vec![1; rank]),
        };
        Ok(expr_s(r, sp))
    }

    /// Sums and scans of narrow integers accumulate in 32 bits, and of bf16 in f32 (the
    /// result is f32: Triton's `_promote_bfloat16_to_float32`), as in Triton.
    fn widen_small_ints(&mut self, x: TExpr) -> Expr {
        match x.ty().scalar_elem() {
            Some(s) if s.is_int() && s.bits() < 32 => {
                let to = if s.is_unsigned_int() { Scalar::U32 } else { Scalar::I32 };
                cast_expr(x.e, to, false)
            }
            Some(Scalar::BF16) => cast_expr(x.e, Scalar::F32, false),
            _ => x.e,
        }
    }

    /// An optional constant axis (negative counts from the end); `None` also when `None`.
    pub(super) fn axis_arg(&mut self, e: Option<&ast::Expr>, x: &TExpr) -> R<Option<u32>> {
        let Some(e) = e else { return Ok(None) };
        if matches!(e.kind, ast::ExprKind::NoneLit) {
            return Ok(None);
        }
        let rank = x.ty().shape.len() as i64;
        let axis = self.const_int(e, "axis")?;
        let ax = if axis < 0 { axis + rank } else { axis };
        if !(0..rank).contains(&ax) {
            return self.error(
                format!("axis {axis} is out of range for {}", x.ty()),
                e.span,
                format!("{} has {rank} axes", x.ty()),
            );
        }
        Ok(Some(ax as u32))
    }

    /// Argument `e` of `what` (`histogram`, `bin_rank`), which takes a 1-D integer tile.
    pub(super) fn int_tile_1d(&mut self, what: &str, e: &ast::Expr) -> R<TExpr> {
        let x = self.tile_arg(what, e)?;
        if x.ty().shape.len() != 1 || x.ty().scalar_elem().is_none_or(|s| s.is_float()) {
            return self.error(format!("`{what}` needs a 1-D integer tile, found {}", x.ty()), x.span(), "bad input");
        }
        Ok(x)
    }

    /// A numeric tile (not a scalar, not pointers).
    pub(super) fn tile_arg(&mut self, fname: &str, e: &ast::Expr) -> R<TExpr> {
        let x = self.value(e)?;
        self.tile_val(fname, x, e.span)
    }

    pub(super) fn tile_val(&mut self, fname: &str, x: TExpr, at: Span) -> R<TExpr> {
        if x.ty().is_scalar() || x.ty().scalar_elem().is_none() {
            return self.error(format!("`{fname}` needs a tile of numbers, found {}", x.ty()), at, "not a tile");
        }
        Ok(x)
    }

    pub(super) fn math_arg(&mut self, fname: &str, e: &ast::Expr, float_only: bool) -> R<Expr> {
        let x = self.value(e)?;
        self.math_val(fname, x, float_only)
    }

    /// `math_arg` of a value already checked.
    fn math_val(&mut self, fname: &str, x: TExpr, float_only: bool) -> R<Expr> {
        let Some(s) = x.ty().scalar_elem() else {
            return self.error(format!("`{fname}` needs numbers, found {}", x.ty()), x.span(), "a pointer");
        };
        self.no_fp8_arith(&x, fname)?;
        if x.weak {
            return self.convert(x, if s.is_int() && float_only { Scalar::F32 } else { s });
        }
        if float_only && !s.is_float() {
            return Err(self.err(
                Diagnostic::error(format!("`{fname}` needs a float, found {}", x.ty()), x.span(), "an integer")
                    .help("convert first, e.g. `x.to(f32)`"),
            ));
        }
        Ok(x.e)
    }

    /// Promotes and broadcasts several numeric operands to one type.
    pub(super) fn elementwise(&mut self, fname: &str, xs: &[&ast::Expr], sp: Span) -> R<(Vec<Expr>, Ty)> {
        let mut vals = vec![];
        for x in xs {
            vals.push(self.value(x)?);
        }
        self.elementwise_of(fname, vals, sp)
    }

    /// `elementwise` of operands already checked.
    pub(super) fn elementwise_of(&mut self, fname: &str, vals: Vec<TExpr>, sp: Span) -> R<(Vec<Expr>, Ty)> {
        for v in &vals {
            if v.ty().scalar_elem().is_none() {
                return self.error(format!("`{fname}` needs numbers, found {}", v.ty()), v.span(), "a pointer");
            }
        }
        let mut s: Option<(Scalar, bool)> = None;
        for v in &vals {
            let (vs, vw) = (v.ty().scalar_elem().unwrap(), v.weak);
            s = Some(match s {
                None => (vs, vw),
                Some((cs, cw)) => match (cw, vw) {
                    (true, false) => (adapt_weak(cs, vs), false),
                    (false, true) => (adapt_weak(vs, cs), false),
                    _ => (promote(cs, vs), cw && vw),
                },
            });
        }
        let s = s.unwrap().0;
        let refs: Vec<&TExpr> = vals.iter().collect();
        let shape = self.common_shape(&refs, &format!("`{fname}`"), sp)?;
        let mut out = vec![];
        for v in vals {
            let c = self.convert(v, s)?;
            out.push(broadcast_expr(c, &shape));
        }
        Ok((out, Ty::tile(Elem::Scalar(s), shape)))
    }

    /// Binds an expression that touches memory to a temporary so it is evaluated once;
    /// pure expressions are simply repeated (MLIR's CSE merges them), which keeps
    /// `cdiv` usable in `while` conditions.
    pub fn materialize(&mut self, x: TExpr) -> TExpr {
        if !touches_memory(&x.e) {
            return x;
        }
        let var = self.new_var("tmp", x.ty().clone(), x.span());
        let (ty, span) = (x.ty().clone(), x.span());
        self.pending.push(Stmt::Let { var, value: x.e, span });
        TExpr::strong(Expr { kind: ExprKind::Var(var), ty, span })
    }
}

/// Whether evaluating `e` twice could differ from evaluating it once.
pub(crate) fn touches_memory(e: &Expr) -> bool {
    use ExprKind as K;
    match &e.kind {
        K::Load { .. } | K::DescLoad { .. } | K::Atomic { .. } | K::AtomicCas { .. } => true,
        K::Const(_) | K::Var(_) | K::ProgramId(_) | K::NumPrograms(_) | K::Arange { .. } => false,
        K::Unary(_, a) | K::Splat(a) | K::Broadcast(a) | K::Reshape(a) => touches_memory(a),
        K::Cast { value, .. } | K::ExpandDims { value, .. } | K::Trans { value, .. } => touches_memory(value),
        K::Reduce { value, .. }
        | K::Scan { value, .. }
        | K::ReduceFn { value, .. }
        | K::ScanFn { value, .. }
        | K::Sort { value, .. }
        | K::Flip { value, .. }
        | K::Histogram { value, .. }
        | K::BinRank { value, .. } => touches_memory(value),
        K::Binary(_, a, b)
        | K::AddPtr { ptr: a, offset: b }
        | K::Gather { src: a, index: b, .. }
        | K::Scatter { src: a, index: b } => touches_memory(a) || touches_memory(b),
        K::Where { cond, a, b } => touches_memory(cond) || touches_memory(a) || touches_memory(b),
        K::Dot { a, b, acc, .. } => touches_memory(a) || touches_memory(b) || touches_memory(acc),
        K::Math { args, .. } => args.iter().any(touches_memory),
        // An impure asm may read or write anything.
        K::InlineAsm { args, pure, .. } => !pure || args.iter().any(touches_memory),
        // Branch statements may store or call helpers that do: evaluate once.
        K::If { .. } => true,
    }
}
