//! Argument reduction of sin / cos for any finite x: Cody-Waite (`trig.rs`) below 2^20,
//! Payne-Hanek above, both computed and one selected per element. Payne-Hanek multiplies
//! x = M 2^E (M a 53-bit integer) by the bits of 2/pi that matter at that exponent,
//! looked up in a table of 24-bit pieces: pieces whose products with M are multiples of 8
//! (a whole number of turns) are skipped, the next ten give x 2/pi mod 8 to about
//! 2^-160, enough for the closest a double comes to a multiple of pi/2 (about 2^-61).

use super::ops::{Dd, Ops, OpsExt};

/// Above this |x| the Cody-Waite reduction's k * (pi/2 pieces) would not be exact.
const LARGE: f64 = 1048576.0; // 2^20
const PIO2: f64 = f64::from_bits(0x3FF921FB54442D18);
const PIO2_TAIL: f64 = f64::from_bits(0x3C91A62633145C07);

/// 2/pi = sum T[j] 2^(-24 (j + 1)): its first 1248 bits in 24-bit pieces, after two zero
/// pieces that let the table be indexed from j = -2 (x just above 2^20).
const TWO_OVER_PI_24: [u32; 52] = [
    0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62, 0x95993C, 0x439041, 0xFE5163, 0xABDEBB, 0xC561B7,
    0x246E3A, 0x424DD2, 0xE00649, 0x2EEA09, 0xD1921C, 0xFE1DEB, 0x1CB129, 0xA73EE8, 0x8235F5, 0x2EBB44, 0x84E99C,
    0x7026B4, 0x5F7E41, 0x3991D6, 0x398353, 0x39F49C, 0x845F8B, 0xBDF928, 0x3B1FF8, 0x97FFDE, 0x05980F, 0xEF2F11,
    0x8B5A0A, 0x6D1F6D, 0x367ECF, 0x27CB09, 0xB74F46, 0x3F669E, 0x5FEA2D, 0x7527BA, 0xC7EBE5, 0xF17B3D, 0x0739F7,
    0x8A5292, 0xEA6BFB, 0x5FB11F, 0x8D5D08, 0x560330, 0x46FC7B, 0x6BABF0, 0xCFBC20,
];

/// The table `Ops::table` holds: the two zero pieces, then `TWO_OVER_PI_24`.
pub(crate) fn two_over_pi_table() -> Vec<f64> {
    [0, 0].iter().chain(TWO_OVER_PI_24.iter()).map(|&v| v as f64).collect()
}
pub(crate) const TABLE_NAME: &str = "tilec_two_over_pi";

/// x = k pi/2 + r (k an integral double, r a double-double) for any finite x.
pub(super) fn reduce_any<O: Ops>(o: &mut O, x: O::F, small: fn(&mut O, O::F) -> (O::F, Dd<O::F>)) -> (O::F, Dd<O::F>) {
    let ax = o.abs(x);
    let lim = o.c(LARGE);
    let large = o.gt(ax, lim);
    let z = o.c(0.0);
    let xs = o.sel(large, z, x);
    let (k1, r1) = small(o, xs);
    let xl = o.sel(large, ax, lim);
    let (k2, r2) = payne_hanek(o, xl);
    // Reduced |x|: a negative x negates k and r.
    let neg = o.lt(x, z);
    let nk2 = o.neg(k2);
    let k2 = o.sel(neg, nk2, k2);
    let nh = o.neg(r2.hi);
    let nl = o.neg(r2.lo);
    let h2 = o.sel(neg, nh, r2.hi);
    let l2 = o.sel(neg, nl, r2.lo);
    let k = o.sel(large, k2, k1);
    let hi = o.sel(large, h2, r1.hi);
    let lo = o.sel(large, l2, r1.lo);
    (k, Dd { hi, lo })
}

/// x 2/pi = n + f (n integral, correct mod 8; |f| <= 1/2 or a little more) for a finite x >= 2^20,
/// returned as (n, f pi/2).
fn payne_hanek<O: Ops>(o: &mut O, x: O::F) -> (O::F, Dd<O::F>) {
    let b = o.bits(x);
    let s52 = o.ci(52);
    let eb = o.sar(b, s52);
    let mask = o.ci(0x000F_FFFF_FFFF_FFFF);
    let mant = o.iand(b, mask);
    let hidden = o.ci(1 << 52);
    let mi = o.ior(mant, hidden);
    let m = o.to_float(mi); // x = M 2^E, E = eb - 1075 >= -32
    let ef = o.to_float(eb);
    let bias = o.c(1075.0);
    let e = o.sub(ef, bias);
    // j0 = floor((E - 3) / 24): the first piece whose product is not a multiple of 8; its
    // lowest bit is 2^s, s = E - 24 (j0 + 1) in [-21, 2].
    let three = o.c(3.0);
    let e3 = o.sub(e, three);
    let inv24 = o.c(24.0);
    let q = o.div(e3, inv24);
    let j0 = o.floor(q);
    let one = o.c(1.0);
    let j1 = o.add(j0, one);
    let n24 = o.c(-24.0);
    let s = o.fma(n24, j1, e);
    let si = o.to_int(s);
    let ji = o.to_int(j0);
    let two = o.ci(2);
    let idx0 = o.iadd(ji, two);
    let table = two_over_pi_table();
    let eight = o.c(8.0);
    let eighth = o.c(0.125);
    // Pieces 0..3 can hold whole turns: each part of each product is taken mod 8, into
    // [-4, 4] (exact: a multiple of 2^-93); their exact sum fits a double-double.
    let mut big = Vec::new();
    let mut small = Vec::new();
    for i in 0..10i64 {
        let ii = o.ci(i);
        let idx = o.iadd(idx0, ii);
        let t = o.table(TABLE_NAME, &table, idx);
        let p = o.two_prod(m, t);
        let sh = o.ci(-24 * i);
        let sc = o.iadd(si, sh);
        let scale = o.pow2(sc);
        for v in [p.hi, p.lo] {
            let v = o.mul(v, scale);
            if i < 4 {
                // v - 8 rint(v / 8): exact, and v itself when |v| < 4 (a floor would
                // add 8 to a small negative part, and round off its low bits).
                let d = o.mul(v, eighth);
                let fd = o.rint(d);
                let nfd = o.neg(fd);
                big.push(o.fma(nfd, eight, v));
            } else {
                small.push(v);
            }
        }
    }
    let mut hi = big[0];
    let mut lo = o.c(0.0);
    for &v in &big[1..] {
        let t = o.two_sum(hi, v);
        hi = t.hi;
        lo = o.add(lo, t.lo);
    }
    let n = o.rint(hi);
    let fh = o.sub(hi, n); // exact
    let mut f = o.two_sum(fh, lo);
    for &v in &small {
        let t = o.two_sum(f.hi, v);
        let l = o.add(f.lo, t.lo);
        f = Dd { hi: t.hi, lo: l };
    }
    let f = o.two_sum(f.hi, f.lo);
    let p = o.c(PIO2);
    let r = o.two_prod(f.hi, p);
    let pt = o.c(PIO2_TAIL);
    let a = o.mul(f.hi, pt);
    let a = o.fma(f.lo, p, a);
    let rl = o.add(r.lo, a);
    (n, o.fast_two_sum(r.hi, rl))
}
