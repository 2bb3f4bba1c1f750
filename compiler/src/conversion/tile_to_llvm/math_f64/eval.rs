//! `Ops` on the host: each operation the IEEE double operation the GPU runs (Rust's
//! `mul_add` is a fused multiply-add, `sqrt` is correctly rounded), so the sequences'
//! results here are the GPU's, bit for bit, and the tests measure their error.

use super::ops::Ops;

pub(crate) struct Eval;

impl Ops for Eval {
    type F = f64;
    type I = i64;
    type B = bool;
    fn c(&mut self, v: f64) -> f64 {
        v
    }
    fn ci(&mut self, v: i64) -> i64 {
        v
    }
    fn add(&mut self, a: f64, b: f64) -> f64 {
        a + b
    }
    fn sub(&mut self, a: f64, b: f64) -> f64 {
        a - b
    }
    fn mul(&mut self, a: f64, b: f64) -> f64 {
        a * b
    }
    fn div(&mut self, a: f64, b: f64) -> f64 {
        a / b
    }
    fn fma(&mut self, a: f64, b: f64, c: f64) -> f64 {
        a.mul_add(b, c)
    }
    fn sqrt(&mut self, a: f64) -> f64 {
        a.sqrt()
    }
    fn neg(&mut self, a: f64) -> f64 {
        -a
    }
    fn abs(&mut self, a: f64) -> f64 {
        a.abs()
    }
    fn rint(&mut self, a: f64) -> f64 {
        a.round_ties_even()
    }
    fn floor(&mut self, a: f64) -> f64 {
        a.floor()
    }
    fn copysign(&mut self, a: f64, sign: f64) -> f64 {
        a.copysign(sign)
    }
    fn lt(&mut self, a: f64, b: f64) -> bool {
        a < b
    }
    fn eq(&mut self, a: f64, b: f64) -> bool {
        a == b
    }
    fn is_nan(&mut self, a: f64) -> bool {
        a.is_nan()
    }
    fn sel(&mut self, c: bool, a: f64, b: f64) -> f64 {
        if c {
            a
        } else {
            b
        }
    }
    fn and(&mut self, a: bool, b: bool) -> bool {
        a && b
    }
    fn or(&mut self, a: bool, b: bool) -> bool {
        a || b
    }
    fn not(&mut self, a: bool) -> bool {
        !a
    }
    fn bits(&mut self, a: f64) -> i64 {
        a.to_bits() as i64
    }
    fn from_bits(&mut self, a: i64) -> f64 {
        f64::from_bits(a as u64)
    }
    fn to_int(&mut self, a: f64) -> i64 {
        assert!(a.is_finite() && a.abs() < 9.0e15, "to_int of {a}: the sequence let a bad value through");
        a as i64
    }
    fn to_float(&mut self, a: i64) -> f64 {
        a as f64
    }
    fn iadd(&mut self, a: i64, b: i64) -> i64 {
        a.wrapping_add(b)
    }
    fn isub(&mut self, a: i64, b: i64) -> i64 {
        a.wrapping_sub(b)
    }
    fn iand(&mut self, a: i64, b: i64) -> i64 {
        a & b
    }
    fn ior(&mut self, a: i64, b: i64) -> i64 {
        a | b
    }
    fn shl(&mut self, a: i64, b: i64) -> i64 {
        assert!((0..64).contains(&b));
        a.wrapping_shl(b as u32)
    }
    fn sar(&mut self, a: i64, b: i64) -> i64 {
        assert!((0..64).contains(&b));
        a >> b
    }
    fn ieq(&mut self, a: i64, b: i64) -> bool {
        a == b
    }
    fn table(&mut self, _name: &'static str, vals: &[f64], idx: i64) -> f64 {
        vals[usize::try_from(idx).expect("table index in range")]
    }
}
