//! f64 `sin` and `cos`: x = k pi/2 + r with r a double-double (pi/2 split in four parts,
//! the first three of 33 bits so that k times each is exact), then the Taylor series of
//! sin and cos on |r| <= pi/4 and k mod 4 choosing which, and its sign. The reduction is
//! exact to about 2^-106 relative for |x| < 2^20 pi/2; beyond, `reduce_large` (Payne-Hanek)
//! takes over.

use super::ops::{Dd, Ops, OpsExt};

const TWO_OVER_PI: f64 = f64::from_bits(0x3FE45F306DC9C883);
const PIO2: [f64; 4] = [
    f64::from_bits(0x3FF921FB54400000),
    f64::from_bits(0x3DD0B4611A600000),
    f64::from_bits(0x3BA3198A2E000000),
    f64::from_bits(0x397B839A252049C1),
];
/// Below this |x|, sin(x) rounds to x (keeping -0 and the subnormals).
const SIN_TINY: f64 = 7.450580596923828e-9; // 2^-27

/// x = k pi/2 + r for |x| < 2^20 pi/2 (larger k lose bits of k * PIO2[1..3]).
fn reduce<O: Ops>(o: &mut O, x: O::F) -> (O::F, Dd<O::F>) {
    let t = o.c(TWO_OVER_PI);
    let kx = o.mul(x, t);
    let k = o.rint(kx);
    let nk = o.neg(k);
    let p1 = o.c(PIO2[0]);
    let r1 = o.fma(nk, p1, x); // exact
    let p2 = o.c(PIO2[1]);
    let a2 = o.mul(nk, p2);
    let p3 = o.c(PIO2[2]);
    let a3 = o.mul(nk, p3);
    let p4 = o.c(PIO2[3]);
    let a4 = o.mul(nk, p4);
    let s = o.two_sum(r1, a2);
    let s2 = o.two_sum(s.hi, a3);
    let lo = o.add(s.lo, s2.lo);
    let lo = o.add(lo, a4);
    (k, o.fast_two_sum(s2.hi, lo))
}

fn factorial(n: u32) -> f64 {
    (1..=n).map(|i| i as f64).product()
}

/// sin(h + l) for |h| <= pi/4: h + (h z S(z) + l (1 - z/2)), z = h^2, S the series'
/// coefficients of h^3 ... h^19 (the first left out, h^21/21!, is 4e-21 relative).
fn sin_poly<O: Ops>(o: &mut O, r: Dd<O::F>) -> O::F {
    let c: Vec<f64> = (1..=9).map(|n| if n % 2 == 1 { -1.0 } else { 1.0 } / factorial(2 * n + 1)).collect();
    let z = o.mul(r.hi, r.hi);
    let s = o.horner(z, &c);
    let hz = o.mul(r.hi, z);
    let half = o.c(-0.5);
    let one = o.c(1.0);
    let w = o.fma(half, z, one);
    let lw = o.mul(r.lo, w);
    let t = o.fma(hz, s, lw);
    o.add(r.hi, t)
}

/// cos(h + l) for |h| <= pi/4: w + (((1 - w) - z/2) + (z^2 C(z) - h l)), w = 1 - z/2
/// (the parentheses recover w's rounding error); C the coefficients of h^4 ... h^20.
fn cos_poly<O: Ops>(o: &mut O, r: Dd<O::F>) -> O::F {
    let c: Vec<f64> = (2..=10).map(|n| if n % 2 == 1 { -1.0 } else { 1.0 } / factorial(2 * n)).collect();
    let z = o.mul(r.hi, r.hi);
    let p = o.horner(z, &c);
    let half = o.c(0.5);
    let hz = o.mul(half, z);
    let one = o.c(1.0);
    let w = o.sub(one, hz);
    let ow = o.sub(one, w);
    let e = o.sub(ow, hz);
    let z2 = o.mul(z, z);
    let hl = o.mul(r.hi, r.lo);
    let nhl = o.neg(hl);
    let t = o.fma(z2, p, nhl);
    let corr = o.add(e, t);
    o.add(w, corr)
}

/// sin (`cos = false`) or cos of x.
pub(super) fn sin_cos<O: Ops>(o: &mut O, x: O::F, cos: bool) -> O::F {
    // Infinities and NaN reduce as 0 and come out NaN at the end.
    let ax = o.abs(x);
    let inf = o.c(f64::INFINITY);
    let fin = o.lt(ax, inf);
    let z = o.c(0.0);
    let xs = o.sel(fin, x, z);
    let (k, r) = super::trig_large::reduce_any(o, xs, reduce);
    let s = sin_poly(o, r);
    let c = cos_poly(o, r);
    // Quadrant q = k mod 4 (k + 1 for cos): q odd takes the other series, q >= 2 negates.
    let ki = o.to_int(k);
    let ki = if cos {
        let one = o.ci(1);
        o.iadd(ki, one)
    } else {
        ki
    };
    let one = o.ci(1);
    let two = o.ci(2);
    let b0 = o.iand(ki, one);
    let b1 = o.iand(ki, two);
    let zi = o.ci(0);
    let even = o.ieq(b0, zi);
    let low = o.ieq(b1, zi);
    let v = o.sel(even, s, c);
    let nv = o.neg(v);
    let v = o.sel(low, v, nv);
    let y = if cos {
        v
    } else {
        let tiny = o.c(SIN_TINY);
        let is_tiny = o.lt(ax, tiny);
        o.sel(is_tiny, x, v)
    };
    let nan = o.c(f64::NAN);
    o.sel(fin, y, nan)
}
