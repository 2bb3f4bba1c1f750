//! The two fp8 bit formats, exactly: decoding to f64 and encoding with the rounding the
//! GPU's `cvt.rn.satfinite.{e4m3,e5m2}x2.f32` does (Triton's default `rtne`): round to
//! nearest, ties to even; a finite value or infinity past the largest finite value
//! saturates to it (sign kept); NaN stays NaN.
//!
//! One home for the formats: the compiler (constants), the interpreter (casts, memory) and
//! the runtime (buffers) all use these. Written here rather than taken from the `float8`
//! crate because that crate's e5m2 keeps infinities on overflow (no `satfinite`), which is
//! not what the hardware conversion Triton emits does.

/// An fp8 format: exponent and mantissa bits, bias, and whether the top exponent encodes
/// infinity / NaN the IEEE way (e5m2) or only `S.1111.111` is NaN (e4m3 "fn").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fp8 {
    pub exp_bits: u32,
    pub man_bits: u32,
    pub ieee: bool,
}

/// `f8E4M3FN` (`torch.float8_e4m3fn`, Triton's `float8e4nv`): max 448, no infinity.
pub const E4M3: Fp8 = Fp8 { exp_bits: 4, man_bits: 3, ieee: false };
/// `f8E5M2` (`torch.float8_e5m2`, Triton's `float8e5`): max 57344, with infinities.
pub const E5M2: Fp8 = Fp8 { exp_bits: 5, man_bits: 2, ieee: true };

impl Fp8 {
    fn bias(self) -> i32 {
        (1 << (self.exp_bits - 1)) - 1
    }
    /// The largest finite value (448 for e4m3, 57344 for e5m2).
    pub fn max(self) -> f64 {
        let top = (1i32 << self.exp_bits) - 1;
        // e4m3fn: the top exponent is finite except its all-ones mantissa (NaN);
        // e5m2: the top exponent is inf/NaN, so the largest finite has the one below.
        let (e, m) = if self.ieee { (top - 1, (1 << self.man_bits) - 1) } else { (top, (1 << self.man_bits) - 2) };
        (1.0 + m as f64 / (1u32 << self.man_bits) as f64) * 2f64.powi(e - self.bias())
    }
    fn nan_bits(self) -> u8 {
        0x7f
    }

    /// The value of the bits `b`.
    pub fn decode(self, b: u8) -> f64 {
        let sign = if b & 0x80 != 0 { -1.0 } else { 1.0 };
        let e = ((b >> self.man_bits) as u32 & ((1 << self.exp_bits) - 1)) as i32;
        let m = (b as u32 & ((1 << self.man_bits) - 1)) as f64;
        let top = (1i32 << self.exp_bits) - 1;
        let scale = (1u32 << self.man_bits) as f64;
        if self.ieee && e == top {
            return if m == 0.0 { sign * f64::INFINITY } else { f64::NAN };
        }
        if !self.ieee && e == top && m == scale - 1.0 {
            return f64::NAN;
        }
        if e == 0 {
            return sign * m / scale * 2f64.powi(1 - self.bias());
        }
        sign * (1.0 + m / scale) * 2f64.powi(e - self.bias())
    }

    /// The bits nearest `x` (ties to even), saturating to the finite range.
    pub fn encode(self, x: f64) -> u8 {
        if x.is_nan() {
            return self.nan_bits();
        }
        let sign = if x.is_sign_negative() { 0x80u8 } else { 0 };
        // Saturating first is exact: the largest finite value is representable, and
        // anything past it rounds to it or beyond.
        let a = x.abs().min(self.max());
        let emin = 1 - self.bias(); // exponent of the smallest normal
        let e = if a == 0.0 { emin } else { (a.log2().floor() as i32).max(emin) };
        // Exact in f64: the quantum is a power of two.
        let quantum = 2f64.powi(e - self.man_bits as i32);
        let r = (a / quantum).round_ties_even() * quantum;
        if r == 0.0 {
            return sign;
        }
        let e = (r.log2().floor() as i32).max(emin);
        let scale = (1u32 << self.man_bits) as f64;
        let bits = if r < 2f64.powi(emin) {
            (r / 2f64.powi(emin) * scale) as u32 // subnormal: exponent field 0
        } else {
            let m = (r / 2f64.powi(e) - 1.0) * scale;
            (((e + self.bias()) as u32) << self.man_bits) | m as u32
        };
        sign | bits as u8
    }

    /// `x` rounded to this format (what a cast there and back gives).
    pub fn round(self, x: f64) -> f64 {
        self.decode(self.encode(x))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        // (bits, value) pairs from the OCP FP8 spec's tables.
        for (b, v) in
            [(0x00, 0.0), (0x38, 1.0), (0x40, 2.0), (0x7e, 448.0), (0x01, 2f64.powi(-9)), (0x08, 2f64.powi(-6))]
        {
            assert_eq!(E4M3.decode(b), v, "e4m3 {b:#x}");
            assert_eq!(E4M3.encode(v), b, "e4m3 {v}");
            assert_eq!(E4M3.decode(b | 0x80), -v);
        }
        for (b, v) in [(0x00, 0.0), (0x3c, 1.0), (0x7b, 57344.0), (0x01, 2f64.powi(-16)), (0x04, 2f64.powi(-14))] {
            assert_eq!(E5M2.decode(b), v, "e5m2 {b:#x}");
            assert_eq!(E5M2.encode(v), b, "e5m2 {v}");
        }
        assert!(E4M3.decode(0x7f).is_nan() && E4M3.decode(0xff).is_nan());
        assert_eq!(E5M2.decode(0x7c), f64::INFINITY);
        assert!(E5M2.decode(0x7d).is_nan());
        assert_eq!(E4M3.max(), 448.0);
        assert_eq!(E5M2.max(), 57344.0);
    }

    #[test]
    fn rounding_and_saturation() {
        // 1 + 1/16 is halfway between 1 and 1.125: ties to even (1.0); 1 + 3/16 to 1.25.
        assert_eq!(E4M3.round(1.0625), 1.0);
        assert_eq!(E4M3.round(1.1875), 1.25);
        assert_eq!(E4M3.round(1.07), 1.125);
        assert_eq!(E4M3.round(1000.0), 448.0);
        assert_eq!(E4M3.round(f64::NEG_INFINITY), -448.0);
        assert_eq!(E5M2.round(1e6), 57344.0);
        assert_eq!(E5M2.round(f64::INFINITY), 57344.0);
        assert!(E4M3.round(f64::NAN).is_nan() && E5M2.round(f64::NAN).is_nan());
        // Subnormals, and halfway below the smallest subnormal rounds to zero (even).
        assert_eq!(E4M3.round(3.0 * 2f64.powi(-9)), 3.0 * 2f64.powi(-9));
        assert_eq!(E4M3.round(2f64.powi(-10)), 0.0);
        assert_eq!(E4M3.round(1.5 * 2f64.powi(-9)), 2.0 * 2f64.powi(-9));
        // Rounding up into the next binade: 15.5 (halfway between 15 and 16) → 16.
        assert_eq!(E4M3.round(15.5), 16.0);
        assert_eq!(E4M3.encode(-0.0), 0x80);
        // Every bit pattern decodes and re-encodes to itself (NaNs to the canonical NaN).
        for f in [E4M3, E5M2] {
            for b in 0..=255u8 {
                let v = f.decode(b);
                if v.is_nan() {
                    assert!(f.decode(f.encode(v)).is_nan());
                } else if v.is_infinite() {
                    assert_eq!(f.decode(f.encode(v)), v.signum() * f.max());
                } else {
                    assert_eq!(f.encode(v), b, "{f:?} {b:#x}");
                }
            }
        }
    }
}
