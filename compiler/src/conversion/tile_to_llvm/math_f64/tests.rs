//! The f64 sequences run on the host (`Eval`: the GPU's operations, bit for bit) against
//! the host's libm (glibc's, correctly rounded or within an ulp) at random points over
//! each function's range and at its edges: the ulp bounds of `mod.rs`.

use super::eval::Eval;
use super::lower;

fn run(f: &str, xs: &[f64]) -> f64 {
    lower(&mut Eval, f, xs).expect("a sequence")
}

/// Distance in ulps (representable doubles between the two; 0 for equal values, both
/// NaN, or the two zeros... whose signs `special` checks).
fn ulps(a: f64, b: f64) -> u64 {
    if a.is_nan() && b.is_nan() || a == b {
        return 0;
    }
    if a.is_nan() || b.is_nan() {
        return u64::MAX;
    }
    let key = |v: f64| {
        let i = v.to_bits() as i64;
        if i < 0 {
            i64::MIN - i
        } else {
            i
        }
    };
    key(a).abs_diff(key(b))
}

/// A small deterministic generator (xorshift64*): the same points on every run.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in [lo, hi).
    fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * ((self.next() >> 11) as f64 / (1u64 << 53) as f64)
    }
    /// ±2^e with e uniform in [lo, hi): magnitudes spread over many binades.
    fn log_uniform(&mut self, lo: f64, hi: f64) -> f64 {
        let e = self.uniform(lo, hi);
        let s = if self.next() & 1 == 0 { 1.0 } else { -1.0 };
        s * e.exp2()
    }
}

/// Random points: `n` uniform in each of `ranges` and `n` log-uniform over `binades`.
fn points(seed: u64, n: usize, ranges: &[(f64, f64)], binades: (f64, f64)) -> Vec<f64> {
    let mut r = Rng(seed);
    let mut v = vec![];
    for &(lo, hi) in ranges {
        v.extend((0..n).map(|_| r.uniform(lo, hi)));
    }
    v.extend((0..n).map(|_| r.log_uniform(binades.0, binades.1)));
    v
}

const N: usize = if cfg!(debug_assertions) { 4000 } else { 400_000 };

/// Largest ulp error of `f` against `reference` over `xs` (printing the worst point).
fn worst(f: &str, xs: &[f64], reference: fn(f64) -> f64) -> u64 {
    let mut w = (0, 0.0);
    for &x in xs {
        let e = ulps(run(f, &[x]), reference(x));
        if e > w.0 {
            w = (e, x);
        }
    }
    eprintln!("{f}: {} ulp at {:e} ({:?})", w.0, w.1, w.1);
    w.0
}

fn edges() -> Vec<f64> {
    let mut v = vec![
        0.0,
        f64::MIN_POSITIVE,
        f64::MIN_POSITIVE / 3.0,
        5e-324,
        1e-300,
        1e-20,
        1e-10,
        0.5,
        1.0,
        2.0,
        10.0,
        100.0,
        700.0,
        709.78,
        710.0,
        745.0,
        746.0,
        1e6,
        1048576.0,
        1048577.5,
        1e15,
        1e22,
        1e300,
        f64::MAX,
    ];
    v.extend(v.clone().iter().map(|x| -x));
    v
}

#[test]
fn exp_family() {
    let xs = [points(1, N, &[(-1.0, 1.0), (-750.0, 710.0)], (-60.0, 10.0)), edges()].concat();
    assert!(worst("exp", &xs, f64::exp) <= 1);
    let xs = [points(2, N, &[(-1.0, 1.0), (-1080.0, 1025.0)], (-60.0, 11.0)), edges()].concat();
    assert!(worst("exp2", &xs, f64::exp2) <= 1);
    let xs = [points(3, N, &[(-1.0, 1.0), (-40.0, 710.0)], (-70.0, 10.0)), edges()].concat();
    assert!(worst("expm1", &xs, f64::exp_m1) <= 1);
}

#[test]
fn log_family() {
    let pos: Vec<f64> = [points(4, N, &[(0.0, 2.0), (0.5, 1.5), (0.0, 1e300)], (-1074.0, 1024.0)), edges()]
        .concat()
        .iter()
        .map(|x| x.abs())
        .collect();
    assert!(worst("log", &pos, f64::ln) <= 1);
    assert!(worst("log2", &pos, f64::log2) <= 1);
    let xs = [points(5, N, &[(-1.0, 1.0), (-0.5, 0.5), (-1.0, 1e10)], (-80.0, 1020.0)), edges()].concat();
    let xs: Vec<f64> = xs.into_iter().filter(|&x| x > -1.0).collect();
    assert!(worst("log1p", &xs, f64::ln_1p) <= 1);
}

#[test]
fn trig() {
    let xs = [points(6, N, &[(-4.0, 4.0), (-1e5, 1e5), (-1e7, 1e7)], (-40.0, 1024.0)), edges()].concat();
    // Multiples of pi/2 near the largest cancellations of the reduction.
    let near: Vec<f64> = (1..2000).map(|k| k as f64 * std::f64::consts::FRAC_PI_2).collect();
    let xs = [xs, near].concat();
    assert!(worst("sin", &xs, f64::sin) <= 1);
    assert!(worst("cos", &xs, f64::cos) <= 1);
    // Arguments within 2^-61 of a multiple of pi/2 (the closest doubles come), where the
    // host's libm is 8 ulp off: the correctly rounded values, from mpmath at 400 digits.
    assert_eq!(run("cos", &[5.319372648326541e255]), -4.687165924254628e-19);
    assert_eq!(run("sin", &[5.319372648326541e255]), 1.0);
}

#[test]
fn erf_tanh_rsqrt() {
    let xs = [points(7, N, &[(-1.0, 1.0), (-6.5, 6.5), (0.9, 1.1)], (-40.0, 5.0)), edges()].concat();
    assert!(worst("erf", &xs, libm::erf) <= 2);
    let xs = [points(8, N, &[(-1.0, 1.0), (-25.0, 25.0)], (-60.0, 6.0)), edges()].concat();
    assert!(worst("tanh", &xs, f64::tanh) <= 2);
    let pos: Vec<f64> = points(9, N, &[(0.0, 4.0)], (-1074.0, 1024.0)).iter().map(|x| x.abs()).collect();
    // The reference: 1/sqrt(x) corrected by one Newton step from its exact residual
    // 1 - x r^2 (fma), closer to the true value than any double.
    let exact = |x: f64| {
        let r = 1.0 / x.sqrt();
        if !r.is_finite() || r == 0.0 {
            return r;
        }
        // Scaled by an even power of two where r * r would leave the normal range.
        let (xs, k) = match x {
            x if x < 1e-200 => (x * 2f64.powi(600), 2f64.powi(300)),
            x if x > 1e200 => (x * 2f64.powi(-600), 2f64.powi(-300)),
            x => (x, 1.0),
        };
        let r = 1.0 / xs.sqrt();
        let h = r * r;
        let hl = r.mul_add(r, -h);
        let e = (-xs).mul_add(h, 1.0) - xs * hl;
        (r + r * e * 0.5) * k
    };
    assert!(worst("rsqrt", &pos, exact) <= 1);
}

#[test]
fn pow() {
    let mut r = Rng(10);
    let mut w = (0, 0.0, 0.0);
    for i in 0..N * 2 {
        let (x, y) = match i % 3 {
            0 => (r.uniform(0.0, 4.0), r.uniform(-50.0, 50.0)),
            1 => (r.log_uniform(-1000.0, 1000.0).abs(), r.uniform(-1.0, 1.0)),
            _ => {
                // Results near the ends of the range, where |y ln x| is about 700.
                let x = r.uniform(1.0001, 10.0);
                (x, r.uniform(-745.0, 709.0) / x.ln())
            }
        };
        let x = if i % 7 == 0 { -x } else { x };
        let y = if i % 7 == 0 { y.round() } else { y };
        let e = ulps(run("powf", &[x, y]), x.powf(y));
        if e > w.0 {
            w = (e, x, y);
        }
    }
    eprintln!("pow: {} ulp at ({:?}, {:?})", w.0, w.1, w.2);
    assert!(w.0 <= 2);
}

/// ±0, ±inf, NaN and the sign of zero results, as C's functions (and numpy's) give them.
#[test]
fn special_values() {
    let inf = f64::INFINITY;
    let same = |a: f64, b: f64| a.is_nan() && b.is_nan() || a == b && a.is_sign_negative() == b.is_sign_negative();
    let unary: [(&str, fn(f64) -> f64); 11] = [
        ("exp", f64::exp),
        ("exp2", f64::exp2),
        ("expm1", f64::exp_m1),
        ("log", f64::ln),
        ("log2", f64::log2),
        ("log1p", f64::ln_1p),
        ("sin", f64::sin),
        ("cos", f64::cos),
        ("tanh", f64::tanh),
        ("erf", libm::erf),
        ("rsqrt", |x| 1.0 / x.sqrt()),
    ];
    let specials = [0.0, -0.0, inf, -inf, f64::NAN, -1.0, 5e-324, -5e-324, -2.0];
    for (f, reference) in unary {
        for x in specials {
            let (got, want) = (run(f, &[x]), reference(x));
            assert!(same(got, want), "{f}({x:?}) = {got:?}, expected {want:?}");
        }
    }
    let vals = [0.0, -0.0, inf, -inf, f64::NAN, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 3.0, -3.0, 1e-310, 1e308];
    for x in vals {
        for y in vals {
            let (got, want) = (run("powf", &[x, y]), x.powf(y));
            assert!(same(got, want) || ulps(got, want) <= 2, "pow({x:?}, {y:?}) = {got:?}, expected {want:?}");
        }
    }
}
