//! f64 `exp`, `exp2`, `expm1`, `log`, `log2`, `log1p` and `pow`, as CUDA's libdevice
//! computes them: an argument reduction that loses nothing (Cody-Waite's split of ln 2,
//! the exponent field of the bits) and a polynomial on the small remainder, with the
//! remainder carried as a double-double where one rounding would cost an ulp. Bounds (the
//! tests of `tests.rs` measure them against the host's libm): exp, exp2, expm1, log,
//! log2, log1p within 1 ulp; pow within 1 at every point measured (asserted: 2): its
//! logarithm is a double-double, so the error does not grow with |y ln x|.

use super::ops::{Dd, Ops, OpsExt};

pub(super) const LN2_HI: f64 = f64::from_bits(0x3FE62E42FEE00000); // 32 bits: k * LN2_HI is exact
pub(super) const LN2_LO: f64 = f64::from_bits(0x3DEA39EF35793C76);
const LN2: f64 = f64::from_bits(0x3FE62E42FEFA39EF);
const LN2_TAIL: f64 = f64::from_bits(0x3C7ABC9E3B39803F);
const LOG2E: f64 = f64::from_bits(0x3FF71547652B82FE);
const LOG2E_TAIL: f64 = f64::from_bits(0x3C7777D0FFDA0D24);
const SQRT2: f64 = f64::from_bits(0x3FF6A09E667F3BCD);
const TWO_THIRDS: f64 = f64::from_bits(0x3FE5555555555555);
const TWO_THIRDS_TAIL: f64 = f64::from_bits(0x3C85555555555555);
/// Below this |x|, expm1(x) and log1p(x) round to x (and keep -0 and subnormals as they are).
const TINY: f64 = 5.551115123125783e-17; // 2^-54

/// (e^h - 1 - h) / h^2 = 1/2! + h/3! + ... + h^12/14!: for |h| <= ln2/2 the first
/// term left out, h^13/15!, is 2e-19 relative.
fn expm1_q() -> [f64; 13] {
    let mut c = [0.0; 13];
    let mut f = 1.0f64;
    for (i, ci) in c.iter_mut().enumerate() {
        f *= (i + 2) as f64;
        *ci = 1.0 / f;
    }
    c
}

/// e^(h + l) - 1 for |h| <= ln2/2 (a little more) and a small l (pow's may be 1e-13):
/// h + (a + l e^h), a = h^2 Q(h), rounded once at the end.
fn expm1_poly<O: Ops>(o: &mut O, h: O::F, l: O::F) -> O::F {
    let q = o.horner(h, &expm1_q());
    let h2 = o.mul(h, h);
    let a = o.mul(h2, q);
    let e1 = o.add(h, a);
    let one = o.c(1.0);
    let eh = o.add(one, e1);
    let t = o.fma(l, eh, a);
    o.add(h, t)
}

/// t = k ln2 + r: k = rint(t log2 e) and r as a double-double (Cody-Waite: k * LN2_HI is
/// exact, and so is t - k * LN2_HI).
fn reduce_ln2<O: Ops>(o: &mut O, t: Dd<O::F>) -> (O::F, Dd<O::F>) {
    let l2e = o.c(LOG2E);
    let kx = o.mul(t.hi, l2e);
    let k = o.rint(kx);
    let nk = o.neg(k);
    let hi = o.c(LN2_HI);
    let r1 = o.fma(nk, hi, t.hi);
    let lo = o.c(LN2_LO);
    let m = o.mul(nk, lo);
    let r = o.two_sum(r1, m);
    let rl = o.add(r.lo, t.lo);
    (k, Dd { hi: r.hi, lo: rl })
}

/// e^(t.hi + t.lo) for |t.hi| <= 1100 (callers clamp) and |t.lo| <= ulp(t.hi).
pub(super) fn exp_dd<O: Ops>(o: &mut O, t: Dd<O::F>) -> O::F {
    let (k, r) = reduce_ln2(o, t);
    let p = expm1_poly(o, r.hi, r.lo);
    let one = o.c(1.0);
    let e = o.add(one, p);
    let ki = o.to_int(k);
    o.scale(e, ki)
}

pub(super) fn exp<O: Ops>(o: &mut O, x: O::F) -> O::F {
    // Beyond ±1100 the result is 0 or infinity all the same.
    let xc = o.clamp0(x, -1100.0, 1100.0);
    let z = o.c(0.0);
    let y = exp_dd(o, Dd { hi: xc, lo: z });
    o.keep_nan(x, y)
}

pub(super) fn exp2<O: Ops>(o: &mut O, x: O::F) -> O::F {
    let xc = o.clamp0(x, -1100.0, 1100.0);
    let k = o.rint(xc);
    let f = o.sub(xc, k); // exact, |f| <= 1/2
    let l = o.c(LN2);
    let p = o.two_prod(f, l);
    let tail = o.c(LN2_TAIL);
    let pt = o.mul(f, tail);
    let rl = o.add(p.lo, pt);
    let m = expm1_poly(o, p.hi, rl);
    let one = o.c(1.0);
    let e = o.add(one, m);
    let ki = o.to_int(k);
    let y = o.scale(e, ki);
    o.keep_nan(x, y)
}

pub(super) fn expm1<O: Ops>(o: &mut O, x: O::F) -> O::F {
    // Below -45, e^x < 2^-64: the result is -1.
    let xc = o.clamp0(x, -45.0, 1100.0);
    let z = o.c(0.0);
    let (k, r) = reduce_ln2(o, Dd { hi: xc, lo: z });
    let p = expm1_poly(o, r.hi, r.lo);
    // 2^k (p + 1) - 1 = fma(2^k, p, 2^k - 1): 2^k - 1 is exact for k <= 53, and the fma
    // rounds once. For k > 60 the -1 no longer matters: (1 + p) 2^k, which may overflow.
    let sixty = o.c(60.0);
    let big = o.gt(k, sixty);
    let ks = o.sel(big, sixty, k);
    let ksi = o.to_int(ks);
    let s = o.pow2(ksi);
    let one = o.c(1.0);
    let sm1 = o.sub(s, one);
    let small_k = o.fma(s, p, sm1);
    let e = o.add(one, p);
    let ki = o.to_int(k);
    let big_k = o.scale(e, ki);
    let y = o.sel(big, big_k, small_k);
    let ax = o.abs(x);
    let tiny = o.c(TINY);
    let is_tiny = o.lt(ax, tiny);
    let y = o.sel(is_tiny, x, y);
    o.keep_nan(x, y)
}

/// x = 2^e (1 + f) for a positive finite x (subnormals too), with 1 + f in
/// [sqrt(1/2), sqrt(2)]: e as a double, f exact.
fn decompose<O: Ops>(o: &mut O, x: O::F) -> (O::F, O::F) {
    let min_normal = o.c(f64::MIN_POSITIVE);
    let sub = o.lt(x, min_normal);
    let two54 = o.c(18014398509481984.0);
    let xu = o.mul(x, two54);
    let xs = o.sel(sub, xu, x);
    let b = o.bits(xs);
    let s52 = o.ci(52);
    let eb = o.sar(b, s52);
    let mask = o.ci(0x000F_FFFF_FFFF_FFFF);
    let mant = o.iand(b, mask);
    let one_bits = o.ci(0x3FF0_0000_0000_0000);
    let mb = o.ior(mant, one_bits);
    let m = o.from_bits(mb); // [1, 2)
    let sqrt2 = o.c(SQRT2);
    let big = o.gt(m, sqrt2);
    let half = o.c(0.5);
    let mh = o.mul(m, half);
    let m = o.sel(big, mh, m);
    let one = o.c(1.0);
    let f = o.sub(m, one);
    // e = biased exponent - 1023 - (54 if scaled) + (1 if halved), exact in doubles.
    let ef = o.to_float(eb);
    let bias = o.c(1023.0);
    let e = o.sub(ef, bias);
    let d54 = o.c(54.0);
    let z = o.c(0.0);
    let adj = o.sel(sub, d54, z);
    let e = o.sub(e, adj);
    let z = o.c(0.0);
    let add1 = o.sel(big, one, z);
    let e = o.add(e, add1);
    (e, f)
}

/// ln(1 + f) = 2 atanh(s), s = f / (2 + f), |s| <= 0.1716: 2s + s R(s^2),
/// R(z) = 2z/3 + 2z^2/5 + ...; returned as (s, f - R): ln(1 + f) = f - s (f - R).
fn log1p_f<O: Ops>(o: &mut O, f: O::F) -> (O::F, O::F) {
    let two = o.c(2.0);
    let d = o.add(two, f);
    let s = o.div(f, d);
    let z = o.mul(s, s);
    let c: Vec<f64> = (1..=11).map(|k| 2.0 / (2 * k + 1) as f64).collect();
    let p = o.horner(z, &c);
    let r = o.mul(z, p);
    let fr = o.sub(f, r);
    (s, fr)
}

/// Where x is not a positive finite number: log(±0) = -inf, log(x < 0) = NaN, log(inf) =
/// inf, NaN stays; elsewhere `y`.
fn log_specials<O: Ops>(o: &mut O, x: O::F, y: O::F) -> O::F {
    let z = o.c(0.0);
    let ninf = o.c(f64::NEG_INFINITY);
    let inf = o.c(f64::INFINITY);
    let nan = o.c(f64::NAN);
    let is0 = o.eq(x, z);
    let y = o.sel(is0, ninf, y);
    let neg = o.lt(x, z);
    let y = o.sel(neg, nan, y);
    let isinf = o.eq(x, inf);
    let y = o.sel(isinf, inf, y);
    o.keep_nan(x, y)
}

/// x itself where it is a positive finite number, else 1 (whose logarithm is harmless).
fn positive_finite<O: Ops>(o: &mut O, x: O::F) -> O::F {
    let z = o.c(0.0);
    let inf = o.c(f64::INFINITY);
    let pos = o.gt(x, z);
    let fin = o.lt(x, inf);
    let ok = o.and(pos, fin);
    let one = o.c(1.0);
    o.sel(ok, x, one)
}

/// ln x for a positive finite x: e ln2 + ln(1 + f), rounded once at the end.
fn ln_finite<O: Ops>(o: &mut O, x: O::F) -> O::F {
    let (e, f) = decompose(o, x);
    let (s, fr) = log1p_f(o, f);
    let sfr = o.mul(s, fr);
    let l1 = o.sub(f, sfr);
    let lo = o.c(LN2_LO);
    let t = o.fma(e, lo, l1);
    let hi = o.c(LN2_HI);
    o.fma(e, hi, t)
}

pub(super) fn log<O: Ops>(o: &mut O, x: O::F) -> O::F {
    let xv = positive_finite(o, x);
    let y = ln_finite(o, xv);
    log_specials(o, x, y)
}

pub(super) fn log2<O: Ops>(o: &mut O, x: O::F) -> O::F {
    let xv = positive_finite(o, x);
    let (e, f) = decompose(o, xv);
    let (s, fr) = log1p_f(o, f);
    // log2(1 + f) = (f - s (f - R)) log2(e), with f log2(e) as a double-double.
    let sfr = o.mul(s, fr);
    let b = o.neg(sfr);
    let l = o.c(LOG2E);
    let p = o.two_prod(f, l);
    let tail = o.c(LOG2E_TAIL);
    let ft = o.mul(f, tail);
    let bl = o.fma(b, l, ft);
    let pl = o.add(p.lo, bl);
    // |e| >= 1 > |p.hi|, or e = 0.
    let s1 = o.fast_two_sum(e, p.hi);
    let lo = o.add(s1.lo, pl);
    let y = o.add(s1.hi, lo);
    log_specials(o, x, y)
}

pub(super) fn log1p<O: Ops>(o: &mut O, x: O::F) -> O::F {
    // ln(1 + x) = ln(u) + err / u, where u + err = 1 + x exactly.
    let one = o.c(1.0);
    let u = o.two_sum(one, x);
    let uv = positive_finite(o, u.hi);
    let l = ln_finite(o, uv);
    let corr = o.div(u.lo, uv);
    let y = o.add(l, corr);
    let y = log_specials(o, u.hi, y);
    let ax = o.abs(x);
    let tiny = o.c(TINY);
    let is_tiny = o.lt(ax, tiny);
    let y = o.sel(is_tiny, x, y);
    // 1 + x is inf for x = inf and NaN for NaN: `log_specials` covered both.
    o.keep_nan(x, y)
}

/// ln x as a double-double (relative error about 2^-64) for a positive finite x.
fn ln_dd<O: Ops>(o: &mut O, x: O::F) -> Dd<O::F> {
    let (e, f) = decompose(o, x);
    // s = f / (2 + f) as a double-double: 2 + f = dh + dl exactly, then the residual.
    let two = o.c(2.0);
    let d = o.fast_two_sum(two, f);
    let sh = o.div(f, d.hi);
    let nsh = o.neg(sh);
    let rr = o.fma(nsh, d.hi, f);
    let rr = o.fma(nsh, d.lo, rr);
    let sl = o.div(rr, d.hi);
    // z = s^2 and c = s^3 as double-doubles.
    let zp = o.two_prod(sh, sh);
    let sh2 = o.add(sh, sh);
    let zl = o.fma(sh2, sl, zp.lo);
    let cp = o.two_prod(sh, zp.hi);
    let a = o.mul(sl, zp.hi);
    let a = o.fma(sh, zl, a);
    let cl = o.add(cp.lo, a);
    // t = (2/3) s^3 as a double-double.
    let tt = o.c(TWO_THIRDS);
    let tp = o.two_prod(cp.hi, tt);
    let ttl = o.c(TWO_THIRDS_TAIL);
    let a = o.mul(cp.hi, ttl);
    let a = o.fma(cl, tt, a);
    let tl = o.add(tp.lo, a);
    // The rest, 2s^5/5 + 2s^7/7 + ... = s z^2 (2/5 + 2z/7 + ...), 1.7e-4 of the result at most.
    let c: Vec<f64> = (2..=11).map(|k| 2.0 / (2 * k + 1) as f64).collect();
    let p = o.horner(zp.hi, &c);
    let w = o.mul(zp.hi, zp.hi);
    let sw = o.mul(sh, w);
    let rest = o.mul(sw, p);
    // e ln2 + 2 sh + (2/3) s^3 + (2 sl + tl + rest + e LN2_LO).
    let hi = o.c(LN2_HI);
    let ea = o.mul(e, hi);
    let s1 = o.two_sum(ea, sh2);
    let s2 = o.two_sum(s1.hi, tp.hi);
    let lo = o.c(LN2_LO);
    let el = o.mul(e, lo);
    let small = o.add(tl, rest);
    let small = o.add(small, el);
    let sl2 = o.add(sl, sl);
    let small = o.add(sl2, small);
    let errs = o.add(s1.lo, s2.lo);
    let low = o.add(errs, small);
    o.fast_two_sum(s2.hi, low)
}

/// x^y with C's `pow` special cases.
pub(super) fn pow<O: Ops>(o: &mut O, x: O::F, y: O::F) -> O::F {
    let ax = o.abs(x);
    let av = positive_finite(o, ax);
    let l = ln_dd(o, av);
    let p = o.two_prod(y, l.hi);
    let yl = o.mul(y, l.lo);
    let pl = o.add(p.lo, yl);
    // ln|x| for |x| = 0, inf, NaN: -inf, inf, NaN; then y ln|x| is a plain product.
    let lsp = log_specials(o, ax, ax);
    let tsp = o.mul(y, lsp);
    let z = o.c(0.0);
    let inf = o.c(f64::INFINITY);
    let pos = o.gt(ax, z);
    let fin = o.lt(ax, inf);
    let ok = o.and(pos, fin);
    let th = o.sel(ok, p.hi, tsp);
    // Past ±1000 the low part is meaningless (maybe NaN from an infinite product).
    let ath = o.abs(th);
    let thousand = o.c(1000.0);
    let moderate = o.lt(ath, thousand);
    let ok = o.and(ok, moderate);
    let tl = o.sel(ok, pl, z);
    let thc = o.clamp0(th, -1100.0, 1100.0);
    let r = exp_dd(o, Dd { hi: thc, lo: tl });
    let r = o.keep_nan(th, r);
    // Signs: x^y < 0 for x < 0 (or -0) and y an odd integer; NaN for a finite x < 0 and a
    // finite non-integer y.
    let fy = o.floor(y);
    let is_int = o.eq(fy, y);
    let half = o.c(0.5);
    let hy = o.mul(y, half);
    let fhy = o.floor(hy);
    let even = o.eq(fhy, hy);
    let not_even = o.not(even);
    let odd = o.and(is_int, not_even);
    let one = o.c(1.0);
    let sx = o.copysign(one, x);
    let xneg = o.lt(sx, z);
    let flip = o.and(xneg, odd);
    let nr = o.neg(r);
    let r = o.sel(flip, nr, r);
    let ninf = o.c(f64::NEG_INFINITY);
    let below = o.lt(x, z);
    let finite = o.gt(x, ninf);
    let neg_finite = o.and(below, finite);
    let not_int = o.not(is_int);
    let invalid = o.and(neg_finite, not_int);
    let nan = o.c(f64::NAN);
    let r = o.sel(invalid, nan, r);
    // (-1)^±inf = 1, x^0 = 1 (even for a NaN x), 1^y = 1 (even for a NaN y).
    let ay = o.abs(y);
    let yinf = o.eq(ay, inf);
    let ax1 = o.eq(ax, one);
    let unit = o.and(ax1, yinf);
    let y0 = o.eq(y, z);
    let x1 = o.eq(x, one);
    let trivial = o.or(y0, x1);
    let trivial = o.or(trivial, unit);
    o.sel(trivial, one, r)
}
