//! Expressions: literals, names, operators (with promotion, broadcasting, pointer
//! arithmetic and folding), indexing with `:` / `None`, tuples.

use super::broadcast::broadcast_expr;
use super::promote::{cast_expr, common_scalar, promote};
use super::scope::suggest;
use super::tir::{BinOp, ConstVal, Expr, ExprKind, UnOp};
use super::types::{Elem, Scalar, Ty};
use super::{const_expr, consts, weak_fold, Binding, Checker, TExpr, Val, R};
use crate::diag::Diagnostic;
use crate::limits::MAX_OPS;
use crate::source::Span;
use crate::syntax::ast;

pub(crate) fn op_str(op: BinOp) -> &'static str {
    use BinOp::*;
    match op {
        Add => "+",
        Sub => "-",
        Mul => "*",
        Div => "/",
        Rem => "%",
        BitAnd => "&",
        BitOr => "|",
        BitXor => "^",
        Shl => "<<",
        Shr => ">>",
        Eq => "==",
        Ne => "!=",
        Lt => "<",
        Le => "<=",
        Gt => ">",
        Ge => ">=",
        LogicalAnd => "&&",
        LogicalOr => "||",
    }
}

impl<'a> Checker<'a> {
    /// Checks an expression that must produce a value.
    pub fn value(&mut self, e: &ast::Expr) -> R<TExpr> {
        let v = self.check_expr(e)?;
        self.expect_expr(v)
    }

    pub fn expect_expr(&mut self, v: Val) -> R<TExpr> {
        match v {
            Val::Expr(e) => Ok(e),
            Val::Unit(s) => {
                let callee = self.text(s).split('(').next().unwrap_or("").trim().to_string();
                self.error(format!("`{callee}(...)` returns no value"), s, "used as a value here")
            }
            Val::Slice(s) => self.error("`:` can only appear inside `[...]`", s, "not in an index"),
            Val::Fn(n, s) => self.error(format!("`{n}` is a function, not a value"), s, "call it with `(...)`"),
            Val::Tuple(_, s) => Err(self.err(
                Diagnostic::error("expected a value, found a tuple", s, "not a scalar or tile value")
                    .help("tuples exist only at compile time: take them apart with `let (a, b) = ...;`"),
            )),
            other => {
                let d = other.describe();
                self.error(format!("expected a value, found {d}"), other.span(), "not a scalar or tile value")
            }
        }
    }

    pub fn check_expr(&mut self, e: &ast::Expr) -> R<Val> {
        use ast::ExprKind as K;
        let sp = e.span;
        // Helpers are inlined, so a kernel's work is not bounded by its text: count it.
        self.ops += 1;
        if self.ops > MAX_OPS {
            if self.ops == MAX_OPS + 1 {
                return self.error(
                    format!("this kernel is too large: more than {MAX_OPS} operations after inlining helpers"),
                    sp,
                    "the limit is reached here",
                );
            }
            return Err(super::Reported);
        }
        let weak = |e: Expr| Ok(Val::Expr(TExpr { e, weak: true }));
        match &e.kind {
            K::Int(v) => weak(const_expr(ConstVal::Int(*v as i64), consts::int_literal_type(*v), sp)),
            // Kept exact: an f64 context must not see f32 rounding; f32 uses round on conversion.
            K::Float(f) => weak(const_expr(ConstVal::Float(*f), Scalar::F32, sp)),
            K::Inf => weak(const_expr(ConstVal::Float(f64::INFINITY), Scalar::F32, sp)),
            K::Nan => weak(const_expr(ConstVal::Float(f64::NAN), Scalar::F32, sp)),
            K::Bool(b) => Ok(Val::Expr(TExpr::strong(const_expr(ConstVal::Bool(*b), Scalar::I1, sp)))),
            K::Str(s) => Ok(Val::Str(s.clone(), sp)),
            K::NoneLit => Ok(Val::NoneV(sp)),
            K::Slice => Ok(Val::Slice(sp)),
            K::Name(n) => self.name(n, sp),
            K::PtrType(n) => match Scalar::from_name(n) {
                Some(s) => Ok(Val::PtrDtype(s, sp)),
                None => self.error(format!("unknown element type `{n}`"), sp, "not a type such as `f32`"),
            },
            K::Paren(x) => self.check_expr(x),
            K::Tuple(xs) => {
                let mut vals = vec![];
                let mut failed = false;
                for x in xs {
                    match self.check_expr(x) {
                        Ok(v) => vals.push(v),
                        Err(_) => failed = true,
                    }
                }
                if failed {
                    return Err(super::Reported);
                }
                Ok(Val::Tuple(vals, sp))
            }
            K::Unary(op, x) => {
                let x = self.value(x)?;
                self.unary(*op, x, sp).map(Val::Expr)
            }
            K::Binary(op, a, b) => {
                // Check both sides even if the first fails, to report both.
                let a = self.value(a);
                let b = self.value(b);
                let (a, b) = (a?, b?);
                self.binary(*op, a, b, sp).map(Val::Expr)
            }
            K::Index { base, items } => self.index(base, items, sp),
            K::Call { callee, args } => self.call(callee, args, sp),
            K::Method { recv, name, args } => self.method(recv, name, args, sp),
            K::If { cond, then, els } => self.if_expr(cond, then, els, sp).map(Val::Expr),
        }
    }

    /// `if c { a } else { b }`: a constant condition takes its branch alone (the other is
    /// not checked, as with `if` statements); otherwise both branches must have one type and
    /// shape (a literal takes the other branch's type), and each keeps the
    /// statements it hoisted (helper bodies, stores) so that only the taken one runs.
    fn if_expr(&mut self, cond: &ast::Expr, then: &ast::Expr, els: &ast::Expr, sp: Span) -> R<TExpr> {
        let c = self.value(cond).and_then(|c| self.condition(c, "if"));
        if let Ok(TExpr { e: Expr { kind: ExprKind::Const(ConstVal::Bool(b)), .. }, .. }) = &c {
            return self.value(if *b { then } else { els });
        }
        let outer = std::mem::take(&mut self.pending);
        let a = self.value(then);
        let then_body = std::mem::take(&mut self.pending);
        let b = self.value(els);
        let else_body = std::mem::replace(&mut self.pending, outer);
        let (c, mut a, mut b) = (c?, a?, b?);
        // A literal (a weak scalar) takes the other branch's type, splatted to its shape.
        let adapt = |g: &mut Self, lit: TExpr, to: &Ty| -> R<TExpr> {
            match to.scalar_elem() {
                Some(s) if lit.weak && lit.ty().is_scalar() && lit.ty().scalar_elem().is_some() => {
                    let e = g.convert(lit, s)?;
                    Ok(TExpr::strong(broadcast_expr(e, &to.shape)))
                }
                _ => Ok(lit),
            }
        };
        if a.ty() != b.ty() {
            if a.weak && !b.weak {
                a = adapt(self, a, &b.ty().clone())?;
            } else if b.weak && !a.weak {
                b = adapt(self, b, &a.ty().clone())?;
            }
        }
        if a.ty() != b.ty() {
            return Err(self.err(
                Diagnostic::error(
                    format!("`if` branches have different types: {} and {}", a.ty(), b.ty()),
                    a.span(),
                    format!("this is {}", a.ty()),
                )
                .with_secondary(b.span(), format!("this is {}", b.ty()))
                .help("convert one branch (`.to(T)`) or broadcast it (`broadcast_to`) so both match"),
            ));
        }
        let (ty, weak) = (a.ty().clone(), a.weak && b.weak);
        let kind = ExprKind::If { cond: Box::new(c.e), then_body, then: Box::new(a.e), else_body, els: Box::new(b.e) };
        Ok(TExpr { e: Expr { kind, ty, span: sp }, weak })
    }

    fn name(&mut self, n: &str, sp: Span) -> R<Val> {
        if let Some((b, _, _)) = self.lookup(n) {
            return match b {
                Binding::Var(v) | Binding::LoopVar(v) => {
                    let ty = self.var_ty(v).clone();
                    Ok(Val::Expr(TExpr::strong(Expr { kind: ExprKind::Var(v), ty, span: sp })))
                }
                Binding::Const { val, ty, weak, .. } => Ok(Val::Expr(TExpr { e: const_expr(val, ty, sp), weak })),
                Binding::Value(Val::BlockPtr(mut bp)) => {
                    bp.span = sp; // errors about it point at this use
                    Ok(Val::BlockPtr(bp))
                }
                Binding::Value(v) => Ok(v),
                Binding::Poison => Err(super::Reported),
            };
        }
        if let Some(s) = Scalar::from_name(n) {
            return Ok(Val::Dtype(s, sp));
        }
        if self.items.contains_key(n) || crate::builtin_table::is_builtin(n) {
            // A function as a value (passed to a helper, bound by `let`); used where a
            // value goes, it is an error there (`expect_expr`).
            return Ok(Val::Fn(n.to_string(), sp));
        }
        let mut d = Diagnostic::error(format!("unknown name `{n}`"), sp, "not found in this scope");
        if let Some(decl) = self.ended.get(n).copied().filter(|d| d.start < sp.start) {
            d = d
                .with_secondary(decl, "declared here, inside a block that has ended")
                .help(format!("declare it before the block (`let {n} = ...;`) and assign it inside"));
            return Err(self.err(d));
        }
        if let Some(t) = crate::syntax::triton::dtype(n) {
            return Err(self.err(d.help(format!("`{n}` is Triton's name for a type: write `{t}`"))));
        }
        let python = match n {
            "True" => Some("true"),
            "False" => Some("false"),
            "tl" | "triton" => Some("builtins without a prefix, e.g. `load(...)`"),
            _ => None,
        };
        if let Some(p) = python {
            return Err(
                self.err(d.help(format!("write {}", if p.contains(' ') { p.to_string() } else { format!("`{p}`") })))
            );
        }
        let names = self.visible_names();
        if let Some(s) = suggest(n, names.iter().map(|s| s.as_str())) {
            d = d.help(format!("did you mean `{s}`?"));
        }
        Err(self.err(d))
    }

    /// fp8 is a storage type (as in Triton): an operator or math function on it is an
    /// error saying to convert first, never an implicit promotion.
    pub(super) fn no_fp8_arith(&mut self, x: &TExpr, what: &str) -> R<()> {
        self.no_fp8(x.ty(), what, x.span())
    }

    /// `no_fp8_arith` for a value of type `ty` at `span`.
    pub(super) fn no_fp8(&mut self, ty: &Ty, what: &str, span: Span) -> R<()> {
        match ty.scalar_elem() {
            Some(s) if s.is_fp8() => Err(self.err(
                Diagnostic::error(format!("`{what}` is not defined on {s}"), span, format!("this is {ty}"))
                    .help("fp8 is for loads, stores and conversions: convert first, e.g. `x.to(f32)`"),
            )),
            _ => Ok(()),
        }
    }

    pub fn unary(&mut self, op: UnOp, x: TExpr, sp: Span) -> R<TExpr> {
        let Some(s) = x.ty().scalar_elem() else {
            return self.error(
                format!("unary `{}` is not defined on pointers", unop_str(op)),
                sp,
                format!("operand is {}", x.ty()),
            );
        };
        self.no_fp8_arith(&x, unop_str(op))?;
        match op {
            UnOp::Not if s != Scalar::I1 => {
                return Err(self.err(
                    Diagnostic::error(
                        format!("`!` needs a bool (i1) operand, found {}", x.ty()),
                        x.span(),
                        "not a bool",
                    )
                    .help("use `~` for bitwise not, or compare first (`x == 0`)"),
                ))
            }
            UnOp::BitNot if s.is_float() => {
                return self.error(format!("`~` needs an integer operand, found {}", x.ty()), x.span(), "a float")
            }
            UnOp::Neg if s == Scalar::I1 => return self.error("cannot negate a bool", x.span(), "this is i1"),
            _ => {}
        }
        let weak = x.weak;
        if let (true, Some(c)) = (weak, x.as_const()) {
            match weak_fold::unary(op, c, s) {
                Some(Ok(weak_fold::Folded::Value(v, t))) => return Ok(TExpr { e: const_expr(v, t, sp), weak }),
                Some(Err(msg)) => return self.error(msg, sp, "in this constant expression"),
                _ => {}
            }
        }
        if let Some(c) = x.as_const() {
            if let Some(v) = consts::unary(op, c, s) {
                return Ok(TExpr { e: const_expr(v, s, sp), weak });
            }
        }
        let ty = x.ty().clone();
        Ok(TExpr { e: Expr { kind: ExprKind::Unary(op, Box::new(x.e)), ty, span: sp }, weak })
    }

    /// A binary operator with promotion, broadcasting and folding made explicit.
    pub fn binary(&mut self, op: BinOp, a: TExpr, b: TExpr, sp: Span) -> R<TExpr> {
        use BinOp::*;
        let (pa, pb) = (matches!(a.ty().elem, Elem::Ptr(_)), matches!(b.ty().elem, Elem::Ptr(_)));
        if pa || pb {
            return match (op, pa, pb) {
                (Add, true, false) => self.add_ptr(a, b, false, sp),
                (Add, false, true) => self.add_ptr(b, a, false, sp),
                (Sub, true, false) => self.add_ptr(a, b, true, sp),
                _ => Err(self.err(
                    Diagnostic::error(
                        format!("`{}` is not defined between {} and {}", op_str(op), a.ty(), b.ty()),
                        sp,
                        "unsupported pointer operation",
                    )
                    .with_secondary(a.span(), a.ty().to_string())
                    .with_secondary(b.span(), b.ty().to_string())
                    .note("pointers support `ptr + int`, `int + ptr` and `ptr - int`"),
                )),
            };
        }
        for x in [&a, &b] {
            self.no_fp8_arith(x, op_str(op))?;
        }
        if let (true, true, Some(x), Some(y)) = (a.weak, b.weak, a.as_const(), b.as_const()) {
            let (ta, tb) = (a.ty().scalar_elem().unwrap(), b.ty().scalar_elem().unwrap());
            match weak_fold::binary(op, x, ta, y, tb) {
                Ok(weak_fold::Folded::Value(v, t)) => {
                    return Ok(TExpr { e: const_expr(v, t, sp), weak: !op.is_comparison() });
                }
                Ok(weak_fold::Folded::NotHere) => {}
                Err(msg) => return self.error(msg, sp, "in this constant expression"),
            }
        }
        let div_or_mod = matches!(op, Div | Rem);
        if div_or_mod && !a.weak && !b.weak {
            self.same_signedness(op, &a, &b)?;
        }
        let s = common_scalar(&a, &b, div_or_mod);
        let s = match op {
            LogicalAnd | LogicalOr => {
                for x in [&a, &b] {
                    if x.ty().scalar_elem() != Some(Scalar::I1) {
                        return Err(self.err(
                            Diagnostic::error(
                                format!("`{}` needs bool (i1) operands, found {}", op_str(op), x.ty()),
                                x.span(),
                                "not a bool",
                            )
                            .help("compare first, e.g. `x != 0`; for bitwise logic on integers use `&` or `|`"),
                        ));
                    }
                }
                Scalar::I1
            }
            BitAnd | BitOr | BitXor | Shl | Shr => {
                if let Some(x) = [&a, &b].into_iter().find(|x| x.ty().scalar_elem().unwrap().is_float()) {
                    return self.error(
                        format!("`{}` needs integer operands, found {}", op_str(op), x.ty()),
                        x.span(),
                        "a float",
                    );
                }
                if matches!(op, Shl | Shr) && s == Scalar::I1 {
                    Scalar::I32
                } else {
                    s
                }
            }
            // Arithmetic on bools computes in i32, as Triton does.
            Add | Sub | Mul | Div | Rem if s == Scalar::I1 => Scalar::I32,
            _ => s,
        };
        let weak = a.weak && b.weak;
        // Triton's `>>` is arithmetic when the left operand's own type is signed, also
        // when promotion made the common type unsigned (`x_i8 >> y_u8`: -128 >> 1 is 192):
        // shift in the signed type of that width.
        let signed_shr = op == Shr && s.is_unsigned_int() && a.ty().scalar_elem().is_some_and(|t| t.is_signed_int());
        let shape = self.common_shape(&[&a, &b], &format!("`{}`", op_str(op)), sp)?;
        let ea = self.convert(a, s);
        let eb = self.convert(b, s);
        let (ea, eb) = (ea?, eb?);
        if signed_shr {
            let t = signed_twin(s);
            let (x, y) = (cast_expr(ea, t, true), cast_expr(eb, t, true));
            let r = self.binary(Shr, TExpr::strong(x), TExpr::strong(y), sp)?;
            return Ok(TExpr::strong(cast_expr(r.e, s, true)));
        }
        if let (ExprKind::Const(x), ExprKind::Const(y)) = (&ea.kind, &eb.kind) {
            match consts::binary(op, *x, *y, s) {
                Ok(v) => {
                    let rs = if op.is_comparison() { Scalar::I1 } else { s };
                    return Ok(TExpr { e: const_expr(v, rs, sp), weak: weak && !op.is_comparison() });
                }
                Err(msg) => return self.error(msg, sp, "in this constant expression"),
            }
        }
        let ea = broadcast_expr(ea, &shape);
        let eb = broadcast_expr(eb, &shape);
        let rs = if op.is_comparison() { Scalar::I1 } else { s };
        let ty = Ty::tile(Elem::Scalar(rs), shape);
        Ok(TExpr { e: Expr { kind: ExprKind::Binary(op, Box::new(ea), Box::new(eb)), ty, span: sp }, weak: false })
    }

    /// Triton refuses `/` and `%` between integers of different signedness ("this is
    /// unlikely to result in a useful answer"): the result would depend on which side
    /// is converted.
    fn same_signedness(&mut self, op: BinOp, a: &TExpr, b: &TExpr) -> R<()> {
        let (sa, sb) = (a.ty().scalar_elem().unwrap(), b.ty().scalar_elem().unwrap());
        let signed = |s: Scalar| s.is_signed_int();
        if !sa.is_int() || !sb.is_int() || sa == Scalar::I1 || sb == Scalar::I1 || signed(sa) == signed(sb) {
            return Ok(());
        }
        let to = if signed(sa) { sb } else { sa };
        Err(self.err(
            Diagnostic::error(
                format!("cannot use `{}` with {sa} and {sb}: they have different signedness", op_str(op)),
                a.span().to(b.span()),
                format!("{sa} {} {sb}", op_str(op)),
            )
            .help(format!("convert one side first, e.g. `.to({to})` (Triton refuses this too)")),
        ))
    }

    fn add_ptr(&mut self, ptr: TExpr, off: TExpr, negate: bool, sp: Span) -> R<TExpr> {
        let os = off.ty().scalar_elem().unwrap();
        if os.is_float() || os == Scalar::I1 {
            return Err(self.err(
                Diagnostic::error(
                    format!("pointer offsets must be integers, found {}", off.ty()),
                    off.span(),
                    "not an integer",
                )
                .with_secondary(ptr.span(), ptr.ty().to_string()),
            ));
        }
        let os = if off.weak { promote(os, Scalar::I32) } else { os };
        let shape = self.common_shape(&[&ptr, &off], "pointer arithmetic", sp)?;
        let mut off = TExpr { e: self.convert(off, os)?, weak: false };
        if negate {
            off = self.unary(UnOp::Neg, off, sp)?;
        }
        let ty = ptr.ty().with_elem(ptr.ty().elem);
        let ty = Ty::tile(ty.elem, shape.clone());
        let p = broadcast_expr(ptr.e, &shape);
        let o = broadcast_expr(off.e, &shape);
        Ok(TExpr::strong(Expr { kind: ExprKind::AddPtr { ptr: Box::new(p), offset: Box::new(o) }, ty, span: sp }))
    }

    /// `x[:, None]`: each `None` inserts a size-1 axis; there must be one `:` per axis.
    fn index(&mut self, base: &ast::Expr, items: &[ast::Expr], sp: Span) -> R<Val> {
        let x = self.value(base)?;
        let slices = items.iter().filter(|i| matches!(i.kind, ast::ExprKind::Slice)).count();
        for it in items {
            if !matches!(it.kind, ast::ExprKind::Slice | ast::ExprKind::NoneLit) {
                return Err(self.err(
                    Diagnostic::error("only `:` and `None` can index a tile", it.span, "not `:` or `None`")
                        .note("tiles have no element access; use `where`, a mask, or a reduction instead"),
                ));
            }
        }
        let rank = x.ty().shape.len();
        if slices != rank {
            return Err(self.err(Diagnostic::error(
                format!("index has {slices} `:` but {} has {rank} axis{}", x.ty(), if rank == 1 { "" } else { "es" }),
                sp,
                format!("expected {rank} `:`"),
            )));
        }
        let mut e = x.e;
        for (axis, it) in items.iter().enumerate() {
            if matches!(it.kind, ast::ExprKind::NoneLit) {
                e = super::broadcast::expand_dims(e, axis as u32, sp);
            }
        }
        e.span = sp;
        Ok(Val::Expr(TExpr::strong(e)))
    }
}

/// The signed integer type of `s`'s width.
fn signed_twin(s: Scalar) -> Scalar {
    match s.bits() {
        8 => Scalar::I8,
        16 => Scalar::I16,
        32 => Scalar::I32,
        _ => Scalar::I64,
    }
}

fn unop_str(op: UnOp) -> &'static str {
    match op {
        UnOp::Neg => "-",
        UnOp::Not => "!",
        UnOp::BitNot => "~",
    }
}
