//! Triton's Philox random numbers: `randint(seed, offset, n_rounds)`, `randint4x(seed,
//! offset, n_rounds)` (all four words, a tuple), `rand(seed, offset, n_rounds)` and
//! `randn(seed, offset, n_rounds)`, the same streams as `tl.randint` / `tl.randint4x` /
//! `tl.rand` / `tl.randn` for the same seed and offsets, and `uint_to_uniform_float(x)`.
//! As in Triton's random.py, they run Philox-4x32 (u32 words; key: the seed's two 32-bit
//! halves) on the counter (offset, 0, 0, 0), a 64-bit offset giving the counter's two low
//! words; `philox(seed, c0, c1, c2, c3)` of 64-bit counters runs Philox-4x64 (u64 words;
//! key: the whole seed and 0).
//!
//! They are expanded here into integer ops that already exist (32-bit high halves from a
//! 64-bit multiply, 64-bit ones from four 32 x 32 -> 64 products, `mul`, `xor`, `add`),
//! each round's four counters bound to temporaries so the expression stays linear in the
//! number of rounds. No op of their own is needed: the lowering gets the multiplies from
//! LLVM, and the interpreter runs the same ops, so its numbers are bit-identical to the
//! GPU's.

use super::broadcast::broadcast_expr;
use super::builtins::{expr_s, Args};
use super::builtins_math::mulhi;
use super::promote::cast_expr;
use super::tir::*;
use super::types::{Elem, Scalar};
use super::{const_expr, Checker, TExpr, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;

/// Philox's key increments (the golden ratio, sqrt(3) - 1) and round multipliers, for
/// 32-bit words and for 64-bit words (Random123's Philox-4x64 constants, as Triton's).
struct Consts {
    word: Scalar,
    key: [u64; 2],
    round: [u64; 2],
}
const PHILOX_4X32: Consts =
    Consts { word: Scalar::U32, key: [0x9E37_79B9, 0xBB67_AE85], round: [0xD251_1F53, 0xCD9E_8D57] };
const PHILOX_4X64: Consts = Consts {
    word: Scalar::U64,
    key: [0x9E37_79B9_7F4A_7C15, 0xBB67_AE85_84CA_A73B],
    round: [0xD2E7_470E_E14C_6C93, 0xCA5A_8263_9512_1157],
};
/// Triton's default number of rounds (Philox-4x32-10, Philox-4x64-10).
const N_ROUNDS: i64 = 10;
/// More rounds add nothing to the randomness; a bound keeps the expansion small.
const MAX_ROUNDS: i64 = 64;

impl<'a> Checker<'a> {
    pub(super) fn builtin_random(&mut self, name: &str, a: &Args, sp: Span) -> R<Val> {
        if name == "uint_to_uniform_float" {
            let x = self.value(a[0].unwrap())?;
            return match x.ty().scalar_elem() {
                Some(Scalar::I32 | Scalar::U32) => Ok(expr_s(uniform(x.e, sp), sp)),
                Some(Scalar::I64 | Scalar::U64) => Ok(expr_s(uniform64(x.e, sp), sp)),
                _ => Err(self.err(
                    Diagnostic::error(
                        format!("`uint_to_uniform_float` needs 32- or 64-bit integers, found {}", x.ty()),
                        x.span(),
                        "not u32, i32, u64 or i64",
                    )
                    .note("it maps random bits (from `randint`) to [0, 1), as Triton's"),
                )),
            };
        }
        if self.no_hoist {
            return Err(self.err(
                Diagnostic::error(format!("`{name}` in a `while` condition"), sp, "needs statements of its own")
                    .help("compute it in a variable before the loop and update it at the end of the body"),
            ));
        }
        if name == "philox" {
            return self.philox_counters(a, sp);
        }
        let offset = self.offset_arg(name, a[1].unwrap())?;
        let wide = offset.ty.scalar_elem() == Some(Scalar::U64);
        let (k0, k1) = self.seed_arg(name, a[0].unwrap(), false)?;
        let rounds = self.rounds_arg(a[2])?;
        let consts = &PHILOX_4X32;
        let zero = || broadcast_expr(const_expr(ConstVal::Int(0), consts.word, sp), &offset.ty.shape);
        // A 64-bit offset is the counter's two low words (Triton's `randint4x`: `offset_lo`,
        // `offset_hi`), so the 32-bit stream goes on past 2^32 (checked against Triton 3.6
        // on an H200: its words, not Philox-4x64's).
        let (lo, hi) = if wide {
            let shape = offset.ty.shape.clone();
            let c32 = broadcast_expr(const_expr(ConstVal::Int(32), Scalar::U64, sp), &shape);
            let ty = offset.ty.clone();
            let high =
                Expr { kind: ExprKind::Binary(BinOp::Shr, Box::new(offset.clone()), Box::new(c32)), ty, span: sp };
            (cast_expr(offset.clone(), Scalar::U32, false), cast_expr(high, Scalar::U32, false))
        } else {
            (offset.clone(), zero())
        };
        let counters = [lo, hi, zero(), zero()];
        let [c0, c1, c2, c3] = self.philox(consts, k0, k1, counters, rounds, sp);
        if name == "randint4x" {
            // Triton's `randint4x`: all four words; `randint` is the first.
            let xs = [c0, c1, c2, c3].into_iter().map(|c| expr_s(c, sp)).collect();
            return Ok(Val::Tuple(xs, sp));
        }
        let u = |c| uniform(c, sp);
        let out = match name {
            "randint" => c0,
            "rand" => u(c0),
            _ => normal(u(c0), u(c1), sp),
        };
        Ok(expr_s(out, sp))
    }

    /// `n_rounds`: a constant, 0 to `MAX_ROUNDS` (Triton's default without one).
    fn rounds_arg(&mut self, e: Option<&crate::syntax::ast::Expr>) -> R<i64> {
        let Some(e) = e else { return Ok(N_ROUNDS) };
        let n = self.const_int(e, "n_rounds")?;
        if !(0..=MAX_ROUNDS).contains(&n) {
            return self.error(
                format!("`n_rounds` must be between 0 and {MAX_ROUNDS}, found {n}"),
                e.span,
                "out of range",
            );
        }
        Ok(n)
    }

    /// Triton's `philox(seed, c0, c1, c2, c3, n_rounds)`: the four words of the whole
    /// counter given, 32-bit words when `c0` is a 32-bit integer, 64-bit ones when it is a
    /// 64-bit one (the others of the same width, or literals), broadcast together. With
    /// (low, high) halves of a 64-bit offset in c0 and c1, the 4x32 stream goes on past
    /// 2^32 (Triton's users write dropout so).
    fn philox_counters(&mut self, a: &Args, sp: Span) -> R<Val> {
        let mut cs = vec![];
        let mut word = None;
        for (i, e) in a[1..5].iter().enumerate() {
            let e = e.unwrap();
            let v = self.value(e)?;
            let w = match v.ty().scalar_elem() {
                Some(Scalar::I32 | Scalar::U32) => Scalar::U32,
                Some(Scalar::I64 | Scalar::U64) => Scalar::U64,
                _ => {
                    return self.error(
                        format!("`philox` needs 32- or 64-bit integer counters, found {} for `c{i}`", v.ty()),
                        e.span,
                        "not a 32- or 64-bit integer",
                    )
                }
            };
            let w = *word.get_or_insert(w);
            let c = if v.weak {
                self.convert(v, w)?
            } else if v.ty().scalar_elem().unwrap().bits() != w.bits() {
                return Err(self.err(
                    Diagnostic::error(
                        format!("`philox` counters have one width: `c0` is {}-bit, `c{i}` is {}", w.bits(), v.ty()),
                        e.span,
                        "another width",
                    )
                    .help("convert it, e.g. `.to(u32)`"),
                ));
            } else {
                cast_expr(v.e, w, true)
            };
            cs.push(TExpr::strong(c));
        }
        let refs: Vec<&TExpr> = cs.iter().collect();
        let shape = self.common_shape(&refs, "`philox`", sp)?;
        let word = word.unwrap();
        let cs: Vec<Expr> = cs.into_iter().map(|c| broadcast_expr(c.e, &shape)).collect();
        let (k0, k1) = self.seed_arg("philox", a[0].unwrap(), word == Scalar::U64)?;
        let rounds = self.rounds_arg(a[5])?;
        let consts = if word == Scalar::U64 { &PHILOX_4X64 } else { &PHILOX_4X32 };
        let out = self.philox(consts, k0, k1, <[Expr; 4]>::try_from(cs).unwrap(), rounds, sp);
        Ok(Val::Tuple(out.into_iter().map(|c| expr_s(c, sp)).collect(), sp))
    }

    /// The key, from a scalar integer seed widened to 64 bits (sign-extended when signed),
    /// as Triton's `philox`: for 32-bit words its low and high halves, for 64-bit words the
    /// whole seed and 0.
    fn seed_arg(&mut self, name: &str, e: &crate::syntax::ast::Expr, wide: bool) -> R<(Expr, Expr)> {
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
        let widened = if s.is_signed_int() { Scalar::I64 } else { Scalar::U64 };
        let seed = cast_expr(cast_expr(v.e, widened, false), Scalar::U64, true);
        let sp = e.span;
        let u64c = |c: i64| const_expr(ConstVal::Int(c), Scalar::U64, sp);
        if wide {
            return Ok((seed, u64c(0)));
        }
        let bin = |op, l, r| bin(op, l, r, sp);
        let lo = cast_expr(bin(BinOp::BitAnd, seed.clone(), u64c(0xffff_ffff)), Scalar::U32, false);
        let hi = cast_expr(bin(BinOp::Shr, seed, u64c(32)), Scalar::U32, false);
        Ok((lo, hi))
    }

    /// The offsets: an i32 / u32 or i64 / u64 tile or scalar, as unsigned bits of that
    /// width (Triton bitcasts them).
    fn offset_arg(&mut self, name: &str, e: &crate::syntax::ast::Expr) -> R<Expr> {
        let v = self.value(e)?;
        match v.ty().scalar_elem() {
            Some(Scalar::I32 | Scalar::U32) => Ok(cast_expr(v.e, Scalar::U32, true)),
            Some(Scalar::I64 | Scalar::U64) => Ok(cast_expr(v.e, Scalar::U64, true)),
            _ => Err(self.err(
                Diagnostic::error(
                    format!("`{name}` needs i32, u32, i64 or u64 offsets, found {}", v.ty()),
                    e.span,
                    "not 32- or 64-bit integers",
                )
                .help("convert first, e.g. `offs.to(i32)`; Philox counts in 32- or 64-bit words"),
            )),
        }
    }

    /// `rounds` rounds of Philox-4xW on the counter `cs` (of one type) with key (k0, k1):
    /// per round c0' = hi(B c2) ^ c1 ^ k0, c1' = lo(B c2), c2' = hi(A c0) ^ c3 ^ k1,
    /// c3' = lo(A c0), then the key is raised by its increments. Each counter is bound to a
    /// temporary (it is used twice in the next round).
    fn philox(&mut self, k: &Consts, k0: Expr, k1: Expr, cs: [Expr; 4], rounds: i64, sp: Span) -> [Expr; 4] {
        let word = k.word;
        let shape = cs[0].ty.shape.clone();
        let c = |v: u64| broadcast_expr(const_expr(ConstVal::Int(v as i64), word, sp), &shape);
        let bin = |op, l, r| bin(op, l, r, sp);
        let hi = |g: &mut Self, m: u64, x: Expr| {
            if word == Scalar::U32 {
                mulhi(c(m), x, sp)
            } else {
                g.mulhi64(m, x, sp)
            }
        };
        let (k0, k1) = (self.bind(k0), self.bind(k1));
        let mut cs = cs.map(|x| self.bind(x));
        let [round_a, round_b] = k.round;
        for r in 0..rounds {
            // The key of round r: k + r * increment (mod 2^W), as Triton's running sum.
            let key = |kv: &Expr, inc: u64| {
                let kv = if r == 0 {
                    kv.clone()
                } else {
                    let step = inc.wrapping_mul(r as u64);
                    let step = if word == Scalar::U32 { step & 0xffff_ffff } else { step };
                    bin(BinOp::Add, kv.clone(), const_expr(ConstVal::Int(step as i64), word, sp))
                };
                broadcast_expr(kv, &shape)
            };
            let [c0, c1, c2, c3] = cs;
            let hb = hi(self, round_b, c2.clone());
            let ha = hi(self, round_a, c0.clone());
            let n0 = bin(BinOp::BitXor, bin(BinOp::BitXor, hb, c1), key(&k0, k.key[0]));
            let n2 = bin(BinOp::BitXor, bin(BinOp::BitXor, ha, c3), key(&k1, k.key[1]));
            let n1 = bin(BinOp::Mul, c(round_b), c2);
            let n3 = bin(BinOp::Mul, c(round_a), c0);
            cs = [self.bind(n0), self.bind(n1), self.bind(n2), self.bind(n3)];
        }
        cs
    }

    /// The high 64 bits of the 128-bit product of the constant `m` and the u64 `x`, from
    /// four exact 32 x 32 -> 64 products of their halves (schoolbook, with the carry out
    /// of the middle column): u64 ops only, which every target and the interpreter have.
    fn mulhi64(&mut self, m: u64, x: Expr, sp: Span) -> Expr {
        let shape = x.ty.shape.clone();
        let c = |v: u64| broadcast_expr(const_expr(ConstVal::Int(v as i64), Scalar::U64, sp), &shape);
        let bin = |op, l, r| bin(op, l, r, sp);
        let x = self.bind(x);
        let lo = |e: Expr| bin(BinOp::BitAnd, e, c(0xffff_ffff));
        let hi = |e: Expr| bin(BinOp::Shr, e, c(32));
        // Each half truncated to u32 and widened again: LLVM then sees 32 x 32 -> 64
        // products (`mul.wide.u32`), not full 64-bit multiplies.
        let half = |e: Expr| cast_expr(cast_expr(e, Scalar::U32, false), Scalar::U64, false);
        let (x_lo, x_hi) = (self.bind(half(x.clone())), self.bind(half(hi(x))));
        let (m_lo, m_hi) = (m & 0xffff_ffff, m >> 32);
        let ll = bin(BinOp::Mul, c(m_lo), x_lo.clone());
        let lh = self.bind(bin(BinOp::Mul, c(m_lo), x_hi.clone()));
        let hl = self.bind(bin(BinOp::Mul, c(m_hi), x_lo));
        let hh = bin(BinOp::Mul, c(m_hi), x_hi);
        // At most 3 (2^32 - 1) < 2^64: the middle column does not overflow.
        let mid = bin(BinOp::Add, bin(BinOp::Add, hi(ll), lo(lh.clone())), lo(hl.clone()));
        bin(BinOp::Add, bin(BinOp::Add, hh, hi(lh)), bin(BinOp::Add, hi(hl), hi(mid)))
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
    fold_uniform(x, Scalar::I32, UNIFORM_SCALE_32, sp)
}

/// The bits of `x` as the signed `int`, negatives folded onto the non-negatives by `!x`
/// (Triton's `-x - 1`), converted to f32 and times `scale` (an f32 constant).
fn fold_uniform(x: Expr, int: Scalar, scale: f64, sp: Span) -> Expr {
    let i = cast_expr(x, int, true);
    let shape = i.ty.shape.clone();
    let ity = i.ty.clone();
    let neg = Expr {
        kind: ExprKind::Binary(
            BinOp::Lt,
            Box::new(i.clone()),
            Box::new(broadcast_expr(const_expr(ConstVal::Int(0), int, sp), &shape)),
        ),
        ty: ity.with_elem(Elem::Scalar(Scalar::I1)),
        span: sp,
    };
    let not = Expr { kind: ExprKind::Unary(UnOp::BitNot, Box::new(i.clone())), ty: ity.clone(), span: sp };
    let folded =
        Expr { kind: ExprKind::Where { cond: Box::new(neg), a: Box::new(not), b: Box::new(i) }, ty: ity, span: sp };
    let f = cast_expr(folded, Scalar::F32, false);
    bin(BinOp::Mul, f, f32c(scale, &shape, sp), sp)
}

/// Triton's scale for 64-bit words, 0x1.fffffcp-64 as f32 ((2^23 - 1) / 2^23 * 2^-63).
const UNIFORM_SCALE_64: f64 = 1.0842020432385337e-19;

/// Triton's `uint_to_uniform_float` of a 64-bit word: as `uniform`, on the bits as i64
/// (converted to f32 with one rounding) and times `UNIFORM_SCALE_64`: a float in [0, 1).
fn uniform64(x: Expr, sp: Span) -> Expr {
    fold_uniform(x, Scalar::I64, UNIFORM_SCALE_64, sp)
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
