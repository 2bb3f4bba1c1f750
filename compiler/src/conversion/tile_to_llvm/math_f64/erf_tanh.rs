//! f64 `erf` and `tanh`. erf: x P(x^2) below 1; above, 1 - exp(-x^2) F(x) with x^2 a
//! double-double (its rounding would otherwise be multiplied by 2x^2 in the exponential)
//! and F = erfc(x) e^(x^2) a polynomial on each of three intervals up to 6, where erf
//! rounds to 1; both sides computed, one selected. Coefficients: scripts/f64_math_coeffs.py.
//! tanh: x + x t T(t), t = x^2, below 0.625; above, sign(x) e / (e + 2), e = expm1(2|x|).

use super::exp_log::{exp_dd, expm1};
use super::ops::{Dd, Ops, OpsExt};

const TWO_OVER_SQRTPI_TAIL: f64 = f64::from_bits(0x3C71AE3A914FED80);
const ERF_SMALL: [f64; 13] = [
    1.1283791670955126,
    -0.3761263890318375,
    0.11283791670954879,
    -0.026866170645076792,
    0.0052239776248180145,
    -0.000854832698083379,
    0.0001205533111164271,
    -1.4925595266831182e-05,
    1.6461000484121368e-06,
    -1.6350312701054695e-07,
    1.4659775274047436e-08,
    -1.1372848856791674e-09,
    5.957176147748911e-11,
];
const TANH_SMALL: [f64; 13] = [
    -0.3333333333333333,
    0.13333333333333322,
    -0.0539682539682359,
    0.021869488535133222,
    -0.008863235499801992,
    0.003592127507599252,
    -0.0014558283998303246,
    0.0005899818158388232,
    -0.00023888944636751174,
    9.604109157026265e-05,
    -3.708106921544234e-05,
    1.2209921790162781e-05,
    -2.438831631472088e-06,
];
const TANH_SMALL_END: f64 = 0.625;
/// (lower end, mid, half-width) of each interval of F, in u = (x - mid) / half.
const INTERVALS: [(f64, f64, f64); 3] = [(1.0, 1.5, 0.5), (2.0, 2.75, 0.75), (3.5, 4.75, 1.25)];
#[rustfmt::skip]
const ERFC_F: [[f64; 18]; 3] = [
    [0.3215854164543175, -0.08181145886628004, 0.019037759963869347, -0.004116363162445329, 0.0008360838095667819,
     -0.0001608111733745461, 2.9470857452441112e-05, -5.171328643696019e-06, 8.723044760263366e-07,
     -1.4191195815474282e-07, 2.232841289840529e-08, -3.405755489104501e-09, 5.04660275957676e-10,
     -7.276757137420257e-11, 1.0198183507810793e-11, -1.3992758101971656e-12, 2.0291817549924027e-13,
     -2.653391343981901e-14],
    [0.1936620962790687, -0.04742822817047613, 0.011114208555369083, -0.002503548800296017, 0.0005440864558930353,
     -0.00011442715395558115, 2.3347542127786593e-05, -4.631705268994185e-06, 8.950251220332474e-07,
     -1.68743335231591e-07, 3.108358578398941e-08, -5.601435958505965e-09, 9.88787353635382e-10,
     -1.7108134429655407e-10, 2.885538557548928e-11, -4.813392632169323e-12, 8.908801922505171e-13,
     -1.4307261790948654e-13],
    [0.11630270721024731, -0.02937931074770394, 0.007283322451518984, -0.0017736306582610557,
     0.00042462964854467103, -0.00010002374613996337, 2.31976109662253e-05, -5.300367911976062e-06,
     1.1938335877076895e-06, -2.6520906571518573e-07, 5.8136004948863275e-08, -1.2581478025813186e-08,
     2.69124740381947e-09, -5.683273767282097e-10, 1.1659734513230457e-10, -2.4082305647505305e-11,
     6.0017285207420495e-12, -1.2076133879485765e-12],
];

pub(super) fn erf<O: Ops>(o: &mut O, x: O::F) -> O::F {
    // |x| < 1: x (c0 + t Q(t)), t = x^2, rounded once by the final fma.
    let t = o.mul(x, x);
    let q = o.horner(t, &ERF_SMALL[1..]);
    let c0l = o.c(TWO_OVER_SQRTPI_TAIL);
    let tail = o.fma(t, q, c0l);
    let xt = o.mul(x, tail);
    let c0 = o.c(ERF_SMALL[0]);
    let small = o.fma(x, c0, xt);
    // 1 <= |x|: 1 - e^(-a^2) F(a), a = min(|x|, 6) (erf(6) rounds to 1).
    let ax = o.abs(x);
    let a = o.clamp0(ax, 1.0, 6.0);
    let in2 = o.c(INTERVALS[1].0);
    let in3 = o.c(INTERVALS[2].0);
    let ge2 = o.lt(a, in2);
    let ge2 = o.not(ge2);
    let ge3 = o.lt(a, in3);
    let ge3 = o.not(ge3);
    let pick = |o: &mut O, v: [f64; 3]| {
        let v0 = o.c(v[0]);
        let v1 = o.c(v[1]);
        let v2 = o.c(v[2]);
        let s = o.sel(ge2, v1, v0);
        o.sel(ge3, v2, s)
    };
    let mid = pick(o, INTERVALS.map(|i| i.1));
    let half = pick(o, INTERVALS.map(|i| i.2));
    let d = o.sub(a, mid);
    let u = o.div(d, half);
    let cs: Vec<O::F> = (0..18).map(|j| pick(o, [ERFC_F[0][j], ERFC_F[1][j], ERFC_F[2][j]])).collect();
    let f = o.horner_v(u, &cs);
    let sq = o.two_prod(a, a);
    let nh = o.neg(sq.hi);
    let nl = o.neg(sq.lo);
    let e = exp_dd(o, Dd { hi: nh, lo: nl });
    let one = o.c(1.0);
    let ef = o.mul(e, f);
    let big = o.sub(one, ef);
    let big = o.copysign(big, x);
    let lt1 = o.lt(ax, one);
    let y = o.sel(lt1, small, big);
    o.keep_nan(x, y)
}

pub(super) fn tanh<O: Ops>(o: &mut O, x: O::F) -> O::F {
    let ax = o.abs(x);
    let a2 = o.add(ax, ax);
    // tanh(25) rounds to 1; the cap keeps e finite (NaN passes through `clamp0` as 0,
    // and is restored at the end).
    let a = o.clamp0(a2, 0.0, 50.0);
    let e = expm1(o, a);
    let two = o.c(2.0);
    let d = o.add(e, two);
    let t = o.div(e, d);
    let big = o.copysign(t, x);
    let t2 = o.mul(x, x);
    let p = o.horner(t2, &TANH_SMALL);
    let xt = o.mul(x, t2);
    let small = o.fma(xt, p, x);
    let small = o.copysign(small, x); // tanh(-0) = -0
    let end = o.c(TANH_SMALL_END);
    let is_small = o.lt(ax, end);
    let y = o.sel(is_small, small, big);
    o.keep_nan(x, y)
}
