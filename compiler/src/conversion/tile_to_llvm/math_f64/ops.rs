//! The operations the f64 math sequences are written in, so that one text of each
//! sequence both emits IR (`emit.rs`) and runs on the host (`eval.rs`, in tests). Every
//! operation is one IEEE operation (`add` is `add.rn.f64`, `fma` is `fma.rn.f64`), so the
//! host run and the GPU's are bit for bit the same, and the tests' ulp bounds hold there.

/// IEEE double operations, integer operations on the bits, and selects. Sequences are
/// branch-free: both sides are computed and one is selected, per element.
pub(crate) trait Ops {
    type F: Copy;
    type I: Copy;
    type B: Copy;
    fn c(&mut self, v: f64) -> Self::F;
    fn ci(&mut self, v: i64) -> Self::I;
    fn add(&mut self, a: Self::F, b: Self::F) -> Self::F;
    fn sub(&mut self, a: Self::F, b: Self::F) -> Self::F;
    fn mul(&mut self, a: Self::F, b: Self::F) -> Self::F;
    fn div(&mut self, a: Self::F, b: Self::F) -> Self::F;
    fn fma(&mut self, a: Self::F, b: Self::F, c: Self::F) -> Self::F;
    fn sqrt(&mut self, a: Self::F) -> Self::F;
    fn neg(&mut self, a: Self::F) -> Self::F;
    fn abs(&mut self, a: Self::F) -> Self::F;
    /// Round to the nearest integer, ties to even (`cvt.rni.f64.f64`).
    fn rint(&mut self, a: Self::F) -> Self::F;
    fn floor(&mut self, a: Self::F) -> Self::F;
    fn copysign(&mut self, a: Self::F, sign: Self::F) -> Self::F;
    /// Ordered comparisons: false when either side is NaN.
    fn lt(&mut self, a: Self::F, b: Self::F) -> Self::B;
    fn eq(&mut self, a: Self::F, b: Self::F) -> Self::B;
    fn is_nan(&mut self, a: Self::F) -> Self::B;
    fn sel(&mut self, c: Self::B, a: Self::F, b: Self::F) -> Self::F;
    fn and(&mut self, a: Self::B, b: Self::B) -> Self::B;
    fn or(&mut self, a: Self::B, b: Self::B) -> Self::B;
    fn not(&mut self, a: Self::B) -> Self::B;
    fn bits(&mut self, a: Self::F) -> Self::I;
    fn from_bits(&mut self, a: Self::I) -> Self::F;
    /// An integral double (in range, not NaN) to i64, and back.
    fn to_int(&mut self, a: Self::F) -> Self::I;
    fn to_float(&mut self, a: Self::I) -> Self::F;
    fn iadd(&mut self, a: Self::I, b: Self::I) -> Self::I;
    fn isub(&mut self, a: Self::I, b: Self::I) -> Self::I;
    fn iand(&mut self, a: Self::I, b: Self::I) -> Self::I;
    fn ior(&mut self, a: Self::I, b: Self::I) -> Self::I;
    fn shl(&mut self, a: Self::I, b: Self::I) -> Self::I;
    /// Arithmetic (sign-filling) right shift.
    fn sar(&mut self, a: Self::I, b: Self::I) -> Self::I;
    fn ieq(&mut self, a: Self::I, b: Self::I) -> Self::B;
    /// `vals[idx]`, from a constant table `name` in memory (the same `vals` every time).
    fn table(&mut self, name: &'static str, vals: &[f64], idx: Self::I) -> Self::F;
}

/// A double-double: `hi + lo` with `|lo| <= ulp(hi) / 2`.
#[derive(Clone, Copy)]
pub(crate) struct Dd<F> {
    pub hi: F,
    pub lo: F,
}

/// Helpers every sequence uses, on top of `Ops`.
pub(crate) trait OpsExt: Ops {
    /// `a + b` exactly as a double-double (Knuth's TwoSum, any magnitudes).
    fn two_sum(&mut self, a: Self::F, b: Self::F) -> Dd<Self::F> {
        let s = self.add(a, b);
        let bb = self.sub(s, a);
        let ab = self.sub(s, bb);
        let da = self.sub(a, ab);
        let db = self.sub(b, bb);
        let lo = self.add(da, db);
        Dd { hi: s, lo }
    }
    /// `a + b` exactly, for `|a| >= |b|` or `a` zero (Dekker's Fast2Sum).
    fn fast_two_sum(&mut self, a: Self::F, b: Self::F) -> Dd<Self::F> {
        let s = self.add(a, b);
        let t = self.sub(s, a);
        let lo = self.sub(b, t);
        Dd { hi: s, lo }
    }
    /// `a * b` exactly (the fma gives the product's rounding error).
    fn two_prod(&mut self, a: Self::F, b: Self::F) -> Dd<Self::F> {
        let p = self.mul(a, b);
        let np = self.neg(p);
        let lo = self.fma(a, b, np);
        Dd { hi: p, lo }
    }
    /// Horner's rule: `c[0] + t * (c[1] + t * (...))`, one fma a step.
    fn horner(&mut self, t: Self::F, c: &[f64]) -> Self::F {
        let mut p = self.c(c[c.len() - 1]);
        for &k in c[..c.len() - 1].iter().rev() {
            let kk = self.c(k);
            p = self.fma(p, t, kk);
        }
        p
    }
    /// Horner's rule over coefficients already made (selected per element).
    fn horner_v(&mut self, t: Self::F, c: &[Self::F]) -> Self::F {
        let mut p = c[c.len() - 1];
        for &k in c[..c.len() - 1].iter().rev() {
            p = self.fma(p, t, k);
        }
        p
    }
    fn gt(&mut self, a: Self::F, b: Self::F) -> Self::B {
        self.lt(b, a)
    }
    /// `2^k` for an integer `k` in [-1022, 1023], from its bits.
    fn pow2(&mut self, k: Self::I) -> Self::F {
        let bias = self.ci(1023);
        let e = self.iadd(k, bias);
        let s = self.ci(52);
        let b = self.shl(e, s);
        self.from_bits(b)
    }
    /// `v * 2^k` for `|k| <= 2044`, in two exact steps and one rounding: overflows to
    /// infinity and underflows through the subnormals as one multiply by 2^k would.
    fn scale(&mut self, v: Self::F, k: Self::I) -> Self::F {
        let one = self.ci(1);
        let k1 = self.sar(k, one);
        let k2 = self.isub(k, k1);
        let s1 = self.pow2(k1);
        let s2 = self.pow2(k2);
        let v1 = self.mul(v, s1);
        self.mul(v1, s2)
    }
    /// Clamps `x` to [lo, hi], NaN to 0 (ordered compares: NaN selects neither bound).
    fn clamp0(&mut self, x: Self::F, lo: f64, hi: f64) -> Self::F {
        let l = self.c(lo);
        let h = self.c(hi);
        let below = self.lt(x, l);
        let above = self.gt(x, h);
        let nan = self.is_nan(x);
        let a = self.sel(below, l, x);
        let b = self.sel(above, h, a);
        let z = self.c(0.0);
        self.sel(nan, z, b)
    }
    /// `x` itself where it is NaN, else `v`.
    fn keep_nan(&mut self, x: Self::F, v: Self::F) -> Self::F {
        let n = self.is_nan(x);
        self.sel(n, x, v)
    }
}

impl<T: Ops + ?Sized> OpsExt for T {}
