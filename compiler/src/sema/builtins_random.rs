//! Triton's Philox-4x32 random numbers: `randint(seed, offset, n_rounds)`,
//! `randint4x(seed, offset, n_rounds)` (all four words, a tuple), `rand(seed, offset,
//! n_rounds)` and `randn(seed, offset, n_rounds)`, the same streams as `tl.randint` /
//! `tl.randint4x` / `tl.rand` / `tl.randn` for the same seed and offsets.
//!
//! They are expanded here into integer ops that already exist (a 64-bit multiply for the
//! high halves, `mul`, `xor`, `add`), each round's four counters bound to temporaries so the
//! expression stays linear in the number of rounds. No op of their own is needed: the
//! lowering gets `mul.hi.u32` / `mul.lo.u32` from LLVM, and the interpreter runs the same
//! ops, so its numbers are bit-identical to the GPU's.

use super::broadcast::broadcast_expr;
use super::builtins::{expr_s, Args};
use super::builtins_math::mulhi;
use super::promote::cast_expr;
use super::tir::*;
use super::types::{Elem, Scalar};
use super::{const_expr, Checker, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;

/// Philox-4x32's key increments (the golden ratio, sqrt(3) - 1) and round multipliers.
const KEY_A: u32 = 0x9E37_79B9;
const KEY_B: u32 = 0xBB67_AE85;
const ROUND_A: u32 = 0xD251_1F53;
const ROUND_B: u32 = 0xCD9E_8D57;
/// Triton's default number of rounds (Philox-4x32-10).
const N_ROUNDS: i64 = 10;
/// More rounds add nothing to the randomness; a bound keeps the expansion small.
const MAX_ROUNDS: i64 = 64;

impl<'a> Checker<'a> {
    pub(super) fn builtin_random(&mut self, name: &str, a: &Args, sp: Span) -> R<Val> {
        if self.no_hoist {
            return Err(self.err(
                Diagnostic::error(format!("`{name}` in a `while` condition"), sp, "needs statements of its own")
                    .help("compute it in a variable before the loop and update it at the end of the body"),
            ));
        }
        let (k0, k1) = self.seed_arg(name, a[0].unwrap())?;
        let offset = self.offset_arg(name, a[1].unwrap())?;
        let rounds = match a[2] {
            Some(e) => {
                let n = self.const_int(e, "n_rounds")?;
                if !(0..=MAX_ROUNDS).contains(&n) {
                    return self.error(
                        format!("`n_rounds` must be between 0 and {MAX_ROUNDS}, found {n}"),
                        e.span,
                        "out of range",
                    );
                }
                n
            }
            None => N_ROUNDS,
        };
        let [c0, c1, c2, c3] = self.philox(k0, k1, offset, rounds, sp);
        if name == "randint4x" {
            // Triton's `randint4x`: all four words; `randint` is the first.
            let xs = [c0, c1, c2, c3].into_iter().map(|c| expr_s(c, sp)).collect();
            return Ok(Val::Tuple(xs, sp));
        }
        let out = match name {
            "randint" => c0,
            "rand" => uniform(c0, sp),
            _ => normal(uniform(c0, sp), uniform(c1, sp), sp),
        };
        Ok(expr_s(out, sp))
    }

    /// The seed, a scalar integer, as Triton splits it: widened to 64 bits (sign-extended
    /// when signed), low and high 32-bit halves as the two u32 key words.
    fn seed_arg(&mut self, name: &str, e: &crate::syntax::ast::Expr) -> R<(Expr, Expr)> {
        let v = self.value(e)?;
        if !v.ty().is_scalar() || !v.ty().scalar_elem().is_some_and(|s| s.is_int() && s != Scalar::I1) {
            return Err(self.err(
                Diagnostic::error(
                    format!("`{name}` needs a scalar integer seed, found {}", v.ty()),
                    e.span,
                    "not a scalar integer",
                )
                .note("one seed for the whole tile; the offsets pick the numbers"),
            ));
        }
        let s = v.ty().scalar_elem().unwrap();
        let wide = if s.is_signed_int() { Scalar::I64 } else { Scalar::U64 };
        let seed = cast_expr(cast_expr(v.e, wide, false), Scalar::U64, true);
        let sp = e.span;
        let u64c = |c: i64| const_expr(ConstVal::Int(c), Scalar::U64, sp);
        let bin = |op, l, r| bin(op, l, r, sp);
        let lo = cast_expr(bin(BinOp::BitAnd, seed.clone(), u64c(0xffff_ffff)), Scalar::U32, false);
        let hi = cast_expr(bin(BinOp::Shr, seed, u64c(32)), Scalar::U32, false);
        Ok((lo, hi))
    }

    /// The offsets: an i32 or u32 tile or scalar, taken as u32 bits (Triton bitcasts them).
    fn offset_arg(&mut self, name: &str, e: &crate::syntax::ast::Expr) -> R<Expr> {
        let v = self.value(e)?;
        match v.ty().scalar_elem() {
            Some(Scalar::I32 | Scalar::U32) => Ok(cast_expr(v.e, Scalar::U32, true)),
            _ => Err(self.err(
                Diagnostic::error(
                    format!("`{name}` needs i32 or u32 offsets, found {}", v.ty()),
                    e.span,
                    "not 32-bit integers",
                )
                .help("convert first, e.g. `offs.to(i32)`; Philox-4x32 counts in 32 bits"),
            )),
        }
    }

    /// `rounds` rounds of Philox-4x32 on the counter (offset, 0, 0, 0) with key (k0, k1):
    /// per round c0' = hi(B c2) ^ c1 ^ k0, c1' = lo(B c2), c2' = hi(A c0) ^ c3 ^ k1,
    /// c3' = lo(A c0), then the key is raised by (KEY_A, KEY_B). Each counter is bound to a
    /// temporary (it is used twice in the next round).
    fn philox(&mut self, k0: Expr, k1: Expr, offset: Expr, rounds: i64, sp: Span) -> [Expr; 4] {
        let ty = offset.ty.clone();
        let shape = ty.shape.clone();
        let c = |v: u32| broadcast_expr(const_expr(ConstVal::Int(v as i64), Scalar::U32, sp), &shape);
        let bin = |op, l, r| bin(op, l, r, sp);
        let (k0, k1) = (self.bind(k0), self.bind(k1));
        let mut cs = [self.bind(offset), c(0), c(0), c(0)];
        for r in 0..rounds {
            // The key of round r: k + r * increment (mod 2^32), as Triton's running sum.
            let key = |k: &Expr, inc: u32| {
                let k = if r == 0 {
                    k.clone()
                } else {
                    let step = const_expr(ConstVal::Int(inc.wrapping_mul(r as u32) as i64), Scalar::U32, sp);
                    bin(BinOp::Add, k.clone(), step)
                };
                broadcast_expr(k, &shape)
            };
            let [c0, c1, c2, c3] = cs;
            let n0 = bin(BinOp::BitXor, bin(BinOp::BitXor, mulhi(c(ROUND_B), c2.clone(), sp), c1), key(&k0, KEY_A));
            let n2 = bin(BinOp::BitXor, bin(BinOp::BitXor, mulhi(c(ROUND_A), c0.clone(), sp), c3), key(&k1, KEY_B));
            let n1 = bin(BinOp::Mul, c(ROUND_B), c2);
            let n3 = bin(BinOp::Mul, c(ROUND_A), c0);
            cs = [self.bind(n0), self.bind(n1), self.bind(n2), self.bind(n3)];
        }
        cs
    }

    /// `e` evaluated once into a temporary (a constant or a variable is used as is).
    fn bind(&mut self, e: Expr) -> Expr {
        if matches!(e.kind, ExprKind::Const(_) | ExprKind::Var(_)) {
            return e;
        }
        let (ty, span) = (e.ty.clone(), e.span);
        let var = self.new_var("philox", ty.clone(), span);
        self.pending.push(Stmt::Let { var, value: e, span });
        Expr { kind: ExprKind::Var(var), ty, span }
    }
}

/// Triton's scale for 32-bit words, 0x1.fffffep-32 as f32: one ulp below 2^-31, the
/// largest f32 whose product with 2^31 - 1 (rounded to f32) stays below 1. 2^-31 itself
/// (Triton's older `4.656613e-10`) is one ulp high for every word and gives 1.0 for the
/// largest ones.
const UNIFORM_SCALE_32: f64 = 4.6566127342e-10;

/// Triton's `uint_to_uniform_float` of a 32-bit word: the bits as i32, negatives folded
/// onto the non-negatives (`-x - 1`, i.e. `!x`), converted to f32 (rounded) and times
/// `UNIFORM_SCALE_32` in f32: a float in [0, 1).
fn uniform(x: Expr, sp: Span) -> Expr {
    let i = cast_expr(x, Scalar::I32, true);
    let shape = i.ty.shape.clone();
    let ity = i.ty.clone();
    let neg = Expr {
        kind: ExprKind::Binary(
            BinOp::Lt,
            Box::new(i.clone()),
            Box::new(broadcast_expr(const_expr(ConstVal::Int(0), Scalar::I32, sp), &shape)),
        ),
        ty: ity.with_elem(Elem::Scalar(Scalar::I1)),
        span: sp,
    };
    let not = Expr { kind: ExprKind::Unary(UnOp::BitNot, Box::new(i.clone())), ty: ity.clone(), span: sp };
    let folded =
        Expr { kind: ExprKind::Where { cond: Box::new(neg), a: Box::new(not), b: Box::new(i) }, ty: ity, span: sp };
    let f = cast_expr(folded, Scalar::F32, false);
    bin(BinOp::Mul, f, f32c(UNIFORM_SCALE_32, &shape, sp), sp)
}

/// Triton's `randn`: the first output of the Box-Muller transform of two uniforms,
/// `sqrt(-2 ln max(u1, 1e-7)) * cos(2 pi u2)`, each step rounded to f32 as theirs.
fn normal(u1: Expr, u2: Expr, sp: Span) -> Expr {
    let shape = u1.ty.shape.clone();
    let ty = u1.ty.clone();
    let math = |f, args: Vec<Expr>| Expr { kind: ExprKind::Math { f, args }, ty: ty.clone(), span: sp };
    let u1 = math(MathFn::MaxNum, vec![f32c(1.0e-7, &shape, sp), u1]);
    let th = bin(BinOp::Mul, f32c(std::f64::consts::TAU, &shape, sp), u2, sp);
    let l = bin(BinOp::Mul, f32c(-2.0, &shape, sp), math(MathFn::Log, vec![u1]), sp);
    let r = math(MathFn::Sqrt, vec![l]);
    bin(BinOp::Mul, r, math(MathFn::Cos, vec![th]), sp)
}

fn f32c(v: f64, shape: &[i64], sp: Span) -> Expr {
    broadcast_expr(const_expr(super::consts::normalize(ConstVal::Float(v), Scalar::F32), Scalar::F32, sp), shape)
}

/// `l op r` of one type (not a comparison).
fn bin(op: BinOp, l: Expr, r: Expr, sp: Span) -> Expr {
    let ty = l.ty.clone();
    Expr { kind: ExprKind::Binary(op, Box::new(l), Box::new(r)), ty, span: sp }
}
