//! `tanh`, `log1p`, `expm1` and `pow` on f32 from the PTX approximations `ex2.approx` and
//! `lg2.approx`. Near 0, where `exp(x) - 1` and `log(1 + x)` lose all their digits to
//! cancellation, `expm1` and `log1p` switch to series that keep full relative precision
//! (both branches are computed and one selected: no divergence), and `tanh` is built on
//! `expm1`.

use super::fconst;
use crate::conversion::nvidia::ptx;
use tile_dialects::ir::{Attr, Builder, Type, ValueId};

const LOG2E: f64 = std::f64::consts::LOG2_E;
const LN2: f64 = std::f64::consts::LN_2;

/// `arith.cmpf` predicates.
const OEQ: i64 = 1;
const OGT: i64 = 2;
const OLT: i64 = 4;
const ONE: i64 = 6;

fn f32op(b: &mut Builder, name: &str, xs: &[ValueId]) -> ValueId {
    b.op1(name, xs, Type::F32, &[])
}

fn cmp(b: &mut Builder, pred: i64, x: ValueId, y: ValueId) -> ValueId {
    b.op1("arith.cmpf", &[x, y], Type::Int(1), &[("predicate", Attr::int(pred, "i64"))])
}

fn select(b: &mut Builder, c: ValueId, x: ValueId, y: ValueId) -> ValueId {
    b.op1("arith.select", &[c, x, y], Type::F32, &[])
}

/// `|x| < bound`.
fn small(b: &mut Builder, x: ValueId, bound: f64) -> ValueId {
    let ax = f32op(b, "llvm.intr.fabs", &[x]);
    let k = fconst(b, bound);
    cmp(b, OLT, ax, k)
}

/// Horner's rule: `c[0] + t * (c[1] + t * (...))`.
fn horner(b: &mut Builder, t: ValueId, c: &[f64]) -> ValueId {
    let mut p = fconst(b, c[c.len() - 1]);
    for &k in c[..c.len() - 1].iter().rev() {
        let m = f32op(b, "arith.mulf", &[p, t]);
        let kk = fconst(b, k);
        p = f32op(b, "arith.addf", &[m, kk]);
    }
    p
}

fn exp2(b: &mut Builder, t: ValueId) -> ValueId {
    ptx::f32_unary(b, "ex2.approx.ftz.f32", t)
}

/// e^x - 1: the Taylor series to x^9 for |x| < 0.5 (truncation below 1e-9 relative),
/// `ex2.approx(x log2 e) - 1` beyond, where the cancellation costs at most 2.5x.
pub(super) fn expm1(b: &mut Builder, x: ValueId) -> ValueId {
    let mut c = vec![0.0; 9];
    let mut f = 1.0;
    for (i, ci) in c.iter_mut().enumerate() {
        f *= (i + 2) as f64;
        *ci = 1.0 / f;
    }
    // x + x^2 (1/2! + x/3! + ... + x^7/9!)
    let p = horner(b, x, &c);
    let x2 = f32op(b, "arith.mulf", &[x, x]);
    let q = f32op(b, "arith.mulf", &[x2, p]);
    let series = f32op(b, "arith.addf", &[x, q]);
    let k = fconst(b, LOG2E);
    let t = f32op(b, "arith.mulf", &[x, k]);
    let e = exp2(b, t);
    let one = fconst(b, 1.0);
    let direct = f32op(b, "arith.subf", &[e, one]);
    let s = small(b, x, 0.5);
    select(b, s, series, direct)
}

/// ln(1 + x): for |x| < 0.5, 2 atanh(s) with s = x / (2 + x), |s| <= 1/3, by its odd
/// series to s^19; beyond, `lg2.approx(1 + x) ln 2`.
pub(super) fn log1p(b: &mut Builder, x: ValueId) -> ValueId {
    let two = fconst(b, 2.0);
    let d = f32op(b, "arith.addf", &[two, x]);
    let s = ptx::f32_op(b, "div.full.f32", &[x, d]);
    let s2 = f32op(b, "arith.mulf", &[s, s]);
    // 2 (s + s^3/3 + s^5/5 + ...) = 2s (1 + s^2/3 + s^4/5 + ...)
    let c: Vec<f64> = (0..10).map(|k| 1.0 / (2 * k + 1) as f64).collect();
    let p = horner(b, s2, &c);
    let s2x = f32op(b, "arith.addf", &[s, s]);
    let series = f32op(b, "arith.mulf", &[s2x, p]);
    let one = fconst(b, 1.0);
    let u = f32op(b, "arith.addf", &[one, x]);
    let l = ptx::f32_unary(b, "lg2.approx.f32", u);
    let k = fconst(b, LN2);
    let direct = f32op(b, "arith.mulf", &[l, k]);
    let c = small(b, x, 0.5);
    select(b, c, series, direct)
}

/// tanh(x) = sign(x) e / (e + 2) with e = expm1(2|x|): no cancellation near 0, and 2|x|
/// capped at 40 (tanh is 1 in f32 long before) so that e stays finite.
pub(super) fn tanh(b: &mut Builder, x: ValueId) -> ValueId {
    let ax = f32op(b, "llvm.intr.fabs", &[x]);
    let a2 = f32op(b, "arith.addf", &[ax, ax]);
    let cap = fconst(b, 40.0);
    // NaN-propagating minimum: tanh(NaN) is NaN.
    let a = f32op(b, "arith.minimumf", &[a2, cap]);
    let e = expm1(b, a);
    let two = fconst(b, 2.0);
    let d = f32op(b, "arith.addf", &[e, two]);
    let t = ptx::f32_op(b, "div.full.f32", &[e, d]);
    f32op(b, "llvm.intr.copysign", &[t, x])
}

/// x^y = 2^(y log2 |x|), with the sign and special cases of C's `powf`: a finite
/// negative x gives NaN for a non-integer y; x with its sign bit set (-0 and -inf too)
/// and an odd y give a negative result; x^0 = 1^y = 1.
pub(super) fn pow(b: &mut Builder, x: ValueId, y: ValueId) -> ValueId {
    let ax = f32op(b, "llvm.intr.fabs", &[x]);
    let l = ptx::f32_unary(b, "lg2.approx.f32", ax);
    let t = f32op(b, "arith.mulf", &[y, l]);
    let r = exp2(b, t);
    let fy = f32op(b, "llvm.intr.floor", &[y]);
    let is_int = cmp(b, OEQ, fy, y);
    let half = fconst(b, 0.5);
    let hy = f32op(b, "arith.mulf", &[y, half]);
    let fhy = f32op(b, "llvm.intr.floor", &[hy]);
    let odd_half = cmp(b, ONE, fhy, hy);
    let odd = b.op1("arith.andi", &[is_int, odd_half], Type::Int(1), &[]);
    let neg_r = f32op(b, "arith.negf", &[r]);
    let zero = fconst(b, 0.0);
    // The sign bit, not `x < 0`: pow(-0, -3) is -inf, pow(-0, 3) is -0.
    let one = fconst(b, 1.0);
    let sx = f32op(b, "llvm.intr.copysign", &[one, x]);
    let sign = cmp(b, OLT, sx, zero);
    let flip = b.op1("arith.andi", &[odd, sign], Type::Int(1), &[]);
    let v = select(b, flip, neg_r, r);
    // NaN only for a finite x < 0: pow(-inf, 0.5) is inf, as |x|^y.
    let x_neg = cmp(b, OLT, x, zero);
    let ninf = fconst(b, f64::NEG_INFINITY);
    let finite = cmp(b, OGT, x, ninf);
    let neg_finite = b.op1("arith.andi", &[x_neg, finite], Type::Int(1), &[]);
    let t = b.const_int(1, 1);
    let not_int = b.op1("arith.xori", &[is_int, t], Type::Int(1), &[]);
    let invalid = b.op1("arith.andi", &[neg_finite, not_int], Type::Int(1), &[]);
    let nan = fconst(b, f64::NAN);
    let v = select(b, invalid, nan, v);
    let y0 = cmp(b, OEQ, y, zero);
    let x1 = cmp(b, OEQ, x, one);
    let trivial = b.op1("arith.ori", &[y0, x1], Type::Int(1), &[]);
    // pow(-1, ±inf) is 1 (C's, libdevice's): 0 * inf would make the product NaN.
    let ay = f32op(b, "llvm.intr.fabs", &[y]);
    let inf = fconst(b, f64::INFINITY);
    let y_inf = cmp(b, OEQ, ay, inf);
    let ax1 = cmp(b, OEQ, ax, one);
    let unit_inf = b.op1("arith.andi", &[ax1, y_inf], Type::Int(1), &[]);
    let trivial = b.op1("arith.ori", &[trivial, unit_inf], Type::Int(1), &[]);
    select(b, trivial, one, v)
}
