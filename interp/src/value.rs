//! Values of a running program: every tile and scalar is a flat row-major vector (a
//! scalar is one element). Integers are kept as i64 sign-extended from their width, so
//! every op wraps like the GPU's registers by re-truncating its result (`wrap`); floats
//! are kept as f64 rounded to their type after every op (`round`), so f16/bf16/f32
//! arithmetic gives the GPU's results (f64 holds every f32 product and sum exactly, and
//! rounding it once to the narrow type is the narrow type's own rounding). Pointers are
//! integers: addresses in the interpreter's address space (`memory`).

use crate::Fault;
use half::{bf16, f16};
use std::sync::Arc;
use tile_dialects::fp8::Fp8;
use tile_dialects::ir::Type;
use tile_dialects::scalar::ScalarType;

/// The element type of a value, as far as arithmetic cares. Floats are the element
/// types' own (`ScalarType`, whose properties they use); integers are MLIR's signless
/// ones of any width (signedness is in the ops), which `ScalarType` does not describe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    /// Signless integer of this many bits.
    Int(u32),
    /// A float element type (only `ScalarType`'s floats; fp8 is kept as its value in
    /// f64 like the others, `tile_dialects::fp8`).
    Float(ScalarType),
    /// A pointer to elements of this many bytes.
    Ptr(u32),
}

impl Elem {
    // Shorthands, usable as patterns.
    pub const F16: Elem = Elem::Float(ScalarType::F16);
    pub const BF16: Elem = Elem::Float(ScalarType::BF16);
    pub const F32: Elem = Elem::Float(ScalarType::F32);
    pub const F64: Elem = Elem::Float(ScalarType::F64);
    pub const F8E4M3: Elem = Elem::Float(ScalarType::F8E4M3);
    pub const F8E5M2: Elem = Elem::Float(ScalarType::F8E5M2);

    pub fn of(t: &Type) -> Option<Elem> {
        Some(match t.elem() {
            Type::Int(b) => Elem::Int(*b),
            Type::Index => Elem::Int(64),
            Type::TilePtr(p) => Elem::Ptr(Elem::of(p)?.bytes()),
            t => Elem::Float(t.as_scalar().filter(|s| s.is_float())?),
        })
    }
    pub fn is_float(self) -> bool {
        matches!(self, Elem::Float(_))
    }
    /// The bit format of an fp8 element.
    pub fn fp8(self) -> Option<Fp8> {
        match self {
            Elem::Float(s) => s.fp8(),
            _ => None,
        }
    }
    /// Bytes of one element in memory.
    pub fn bytes(self) -> u32 {
        match self {
            Elem::Int(b) => b.div_ceil(8).max(1),
            Elem::Float(s) => s.bytes(),
            Elem::Ptr(_) => 8,
        }
    }
    pub fn bits(self) -> u32 {
        match self {
            Elem::Int(b) => b,
            e => e.bytes() * 8,
        }
    }
}

/// A value's elements.
#[derive(Clone, Debug, PartialEq)]
pub enum Data {
    I(Vec<i64>),
    F(Vec<f64>),
}

/// Values are shared between ops that only relabel them (reshape, convert, broadcast of
/// a size-1 shape).
pub type Value = Arc<Data>;

impl Data {
    pub fn len(&self) -> usize {
        match self {
            Data::I(v) => v.len(),
            Data::F(v) => v.len(),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn ints(&self) -> Result<&[i64], Fault> {
        match self {
            Data::I(v) => Ok(v),
            Data::F(_) => Err(Fault::internal("an integer operand holds floats")),
        }
    }
    pub fn floats(&self) -> Result<&[f64], Fault> {
        match self {
            Data::F(v) => Ok(v),
            Data::I(_) => Err(Fault::internal("a float operand holds integers")),
        }
    }
    /// Whether elements `i` and `j` are the same bits (NaN equal to itself).
    pub fn same_bits(&self, i: usize, j: usize) -> bool {
        match self {
            Data::I(v) => v[i] == v[j],
            Data::F(v) => v[i].to_bits() == v[j].to_bits(),
        }
    }
    /// The elements picked by `idx` (gathers, transposes, broadcasts).
    pub fn gather(&self, idx: impl Iterator<Item = usize>) -> Data {
        match self {
            Data::I(v) => Data::I(idx.map(|i| v[i]).collect()),
            Data::F(v) => Data::F(idx.map(|i| v[i]).collect()),
        }
    }
    /// Element `i` as f64 (integers signed), for printing and comparisons.
    pub fn get_f64(&self, i: usize) -> f64 {
        match self {
            Data::I(v) => v[i] as f64,
            Data::F(v) => v[i],
        }
    }
}

/// `x` truncated to `bits` and sign-extended back: two's-complement wrap.
#[inline]
pub fn wrap(bits: u32, x: i64) -> i64 {
    if bits >= 64 {
        x
    } else {
        let s = 64 - bits;
        (x << s) >> s
    }
}

/// The unsigned reading of a canonical `bits`-wide integer.
#[inline]
pub fn uns(bits: u32, x: i64) -> u64 {
    if bits >= 64 {
        x as u64
    } else {
        (x as u64) & ((1u64 << bits) - 1)
    }
}

/// `x` rounded to the float type `e` (round to nearest even, as cvt.rn).
#[inline]
pub fn round(e: Elem, x: f64) -> f64 {
    match e {
        Elem::F32 => x as f32 as f64,
        Elem::F16 => f16::from_f64(x).to_f64(),
        Elem::BF16 => bf16::from_f64(x).to_f64(),
        // The GPU's `cvt.rn.satfinite`: nearest even, saturating to the finite range.
        Elem::F8E4M3 | Elem::F8E5M2 => e.fp8().unwrap().round(x),
        _ => x,
    }
}

/// `x` (an f32) as the tensor cores take a tf32 input: `cvt.rna.tf32.f32`, 10 mantissa
/// bits, rounded to nearest with ties away from zero (NaN stays NaN).
#[inline]
pub fn round_tf32(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    let u = (x as f32).to_bits();
    f32::from_bits(u.wrapping_add(0x1000) & 0xFFFF_E000) as f64
}

/// The value's bits in memory (little-endian, `e.bytes()` of them) from element `i`.
pub fn encode(e: Elem, d: &Data, i: usize, out: &mut [u8]) {
    match (e, d) {
        (Elem::F32, Data::F(v)) => out.copy_from_slice(&(v[i] as f32).to_le_bytes()),
        (Elem::F64, Data::F(v)) => out.copy_from_slice(&v[i].to_le_bytes()),
        (Elem::F16, Data::F(v)) => out.copy_from_slice(&f16::from_f64(v[i]).to_le_bytes()),
        (Elem::BF16, Data::F(v)) => out.copy_from_slice(&bf16::from_f64(v[i]).to_le_bytes()),
        (Elem::F8E4M3 | Elem::F8E5M2, Data::F(v)) => out[0] = e.fp8().unwrap().encode(v[i]),
        // A bool is held as 0 / -1 (an i1 sign-extended) but stored as the byte 0 / 1, as
        // the GPU's `selp 1, 0` (and torch.bool) store it.
        (Elem::Int(1), Data::I(v)) => {
            out.fill(0);
            out[0] = (v[i] != 0) as u8;
        }
        (_, Data::I(v)) => {
            let b = v[i].to_le_bytes();
            out.copy_from_slice(&b[..out.len()]);
        }
        (_, Data::F(v)) => {
            let b = (v[i] as i64).to_le_bytes();
            out.copy_from_slice(&b[..out.len()]);
        }
    }
}

/// Reads one element of type `e` from its bytes.
#[inline]
pub fn decode_f(e: Elem, b: &[u8]) -> f64 {
    match e {
        Elem::F32 => f32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64,
        Elem::F64 => f64::from_le_bytes(b[..8].try_into().unwrap_or([0; 8])),
        Elem::F16 => f16::from_le_bytes([b[0], b[1]]).to_f64(),
        Elem::F8E4M3 | Elem::F8E5M2 => e.fp8().unwrap().decode(b[0]),
        _ => bf16::from_le_bytes([b[0], b[1]]).to_f64(),
    }
}

#[inline]
pub fn decode_i(e: Elem, b: &[u8]) -> i64 {
    let mut w = [0u8; 8];
    let n = (e.bytes() as usize).min(8);
    w[..n].copy_from_slice(&b[..n]);
    wrap(e.bits(), i64::from_le_bytes(w))
}

/// The float bits of `x` as an integer of `e`'s width (bitcast), and back.
pub fn float_bits(e: Elem, x: f64) -> i64 {
    match e {
        Elem::F32 => (x as f32).to_bits() as i32 as i64,
        Elem::F16 => f16::from_f64(x).to_bits() as i16 as i64,
        Elem::BF16 => bf16::from_f64(x).to_bits() as i16 as i64,
        Elem::F8E4M3 | Elem::F8E5M2 => e.fp8().unwrap().encode(x) as i8 as i64,
        _ => x.to_bits() as i64,
    }
}

pub fn bits_float(e: Elem, x: i64) -> f64 {
    match e {
        Elem::F32 => f32::from_bits(x as u32) as f64,
        Elem::F16 => f16::from_bits(x as u16).to_f64(),
        Elem::BF16 => bf16::from_bits(x as u16).to_f64(),
        Elem::F8E4M3 | Elem::F8E5M2 => e.fp8().unwrap().decode(x as u8),
        _ => f64::from_bits(x as u64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_and_rounds_like_the_gpu() {
        assert_eq!(wrap(32, i32::MAX as i64 + 1), i32::MIN as i64);
        assert_eq!(wrap(8, 255), -1);
        assert_eq!(uns(8, -1), 255);
        assert_eq!(wrap(1, 1), -1);
        assert_eq!(round(Elem::F16, 65520.0), f64::INFINITY);
        assert_eq!(round(Elem::F32, 0.1), 0.1f32 as f64);
        assert_eq!(round(Elem::BF16, 1.0 + 1.0 / 256.0), 1.0); // ties to even
        assert_eq!(bits_float(Elem::F32, float_bits(Elem::F32, -2.5)), -2.5);
        // tf32: 10 mantissa bits, ties away from zero; the sign is kept.
        let ulp = 1.0 / 1024.0;
        assert_eq!(round_tf32(1.0 + ulp / 2.0), 1.0 + ulp);
        assert_eq!(round_tf32(-(1.0 + ulp / 2.0)), -(1.0 + ulp));
        assert_eq!(round_tf32(1.0 + ulp / 2.0 - ulp / 8.0), 1.0);
        assert_eq!(round_tf32(1.0 + 3.0 * ulp / 2.0), 1.0 + 2.0 * ulp);
        assert_eq!(round_tf32(f32::MAX as f64), f64::INFINITY);
        assert!(round_tf32(f64::NAN).is_nan());
    }
}
