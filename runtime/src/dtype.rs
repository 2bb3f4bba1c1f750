//! How values of the language's element types sit in memory. The element type itself is
//! the compiler's (`tilec::internals::sema::types::Scalar`, here `DType`); this adds its byte-level side.
//!
//! Buffers are kept as raw little-endian bytes (the host and every NVIDIA GPU are
//! little-endian), so one `Vec<u8>` type serves every element type; this module is the one
//! place that knows how to read and write an element of each.

use half::{bf16, f16};

pub use tilec::internals::sema::types::Scalar as DType;

/// Reading and writing elements of a `DType` in little-endian bytes.
pub trait ElemBytes: Copy {
    fn size(self) -> usize;
    fn int_range(self) -> (i128, i128);
    fn encode_int(self, v: i128) -> Vec<u8>;
    fn encode_float(self, v: f64) -> Vec<u8>;
    fn write_int(self, v: i128, out: &mut [u8]);
    fn write_float(self, v: f64, out: &mut [u8]);
    fn read_f64(self, bytes: &[u8], i: usize) -> f64;
    fn read_int(self, bytes: &[u8], i: usize) -> i128;
    fn default_tolerance(self) -> (f64, f64);
}

impl ElemBytes for DType {
    /// Bytes per element.
    fn size(self) -> usize {
        match self {
            DType::I1 | DType::I8 | DType::U8 | DType::F8E4M3 | DType::F8E5M2 => 1,
            DType::I16 | DType::U16 | DType::F16 | DType::BF16 => 2,
            DType::I32 | DType::U32 | DType::F32 => 4,
            DType::I64 | DType::U64 | DType::F64 => 8,
        }
    }

    /// The closed range of values an integer type holds (`i1`: 0..=1).
    fn int_range(self) -> (i128, i128) {
        match self {
            DType::I1 => (0, 1),
            DType::I8 => (i8::MIN as i128, i8::MAX as i128),
            DType::I16 => (i16::MIN as i128, i16::MAX as i128),
            DType::I32 => (i32::MIN as i128, i32::MAX as i128),
            DType::I64 => (i64::MIN as i128, i64::MAX as i128),
            DType::U8 => (0, u8::MAX as i128),
            DType::U16 => (0, u16::MAX as i128),
            DType::U32 => (0, u32::MAX as i128),
            DType::U64 => (0, u64::MAX as i128),
            // Floats hold every integer of this range exactly; callers only ask for ints.
            _ => (-(1 << 53), 1 << 53),
        }
    }

    /// The little-endian bytes of integer `v`, which must lie in `int_range`; floats
    /// convert it.
    fn encode_int(self, v: i128) -> Vec<u8> {
        let mut out = vec![0; self.size()];
        self.write_int(v, &mut out);
        out
    }

    /// The little-endian bytes of `v` rounded to this float type (nearest even); integer
    /// types truncate toward zero, saturating (callers check ranges first).
    fn encode_float(self, v: f64) -> Vec<u8> {
        let mut out = vec![0; self.size()];
        self.write_float(v, &mut out);
        out
    }

    /// `encode_int` into `out` (`size()` bytes), without allocating: generators call it
    /// once per element.
    fn write_int(self, v: i128, out: &mut [u8]) {
        match self {
            DType::I1 | DType::U8 => out[0] = v as u8,
            DType::I8 => out[0] = v as i8 as u8,
            DType::I16 => out.copy_from_slice(&(v as i16).to_le_bytes()),
            DType::U16 => out.copy_from_slice(&(v as u16).to_le_bytes()),
            DType::I32 => out.copy_from_slice(&(v as i32).to_le_bytes()),
            DType::U32 => out.copy_from_slice(&(v as u32).to_le_bytes()),
            DType::I64 => out.copy_from_slice(&(v as i64).to_le_bytes()),
            DType::U64 => out.copy_from_slice(&(v as u64).to_le_bytes()),
            _ => self.write_float(v as f64, out),
        }
    }

    /// `encode_float` into `out` (`size()` bytes).
    fn write_float(self, v: f64, out: &mut [u8]) {
        match self {
            DType::F16 => out.copy_from_slice(&f16::from_f64(v).to_le_bytes()),
            DType::BF16 => out.copy_from_slice(&bf16::from_f64(v).to_le_bytes()),
            DType::F32 => out.copy_from_slice(&(v as f32).to_le_bytes()),
            DType::F64 => out.copy_from_slice(&v.to_le_bytes()),
            d if d.is_fp8() => out[0] = d.fp8().unwrap().encode(v),
            _ => {
                let (lo, hi) = self.int_range();
                self.write_int((v as i128).clamp(lo, hi), out)
            }
        }
    }

    /// Element `i` of `bytes` as f64 (exact for every type but 64-bit integers beyond 2^53).
    fn read_f64(self, bytes: &[u8], i: usize) -> f64 {
        let s = self.size();
        let b = &bytes[i * s..(i + 1) * s];
        match self {
            DType::F16 => f16::from_le_bytes([b[0], b[1]]).to_f64(),
            DType::BF16 => bf16::from_le_bytes([b[0], b[1]]).to_f64(),
            DType::F32 => f32::from_le_bytes(b.try_into().unwrap()) as f64,
            DType::F64 => f64::from_le_bytes(b.try_into().unwrap()),
            d if d.is_fp8() => d.fp8().unwrap().decode(b[0]),
            _ => self.read_int(bytes, i) as f64,
        }
    }

    /// Element `i` of `bytes` as an integer (floats truncate toward zero).
    fn read_int(self, bytes: &[u8], i: usize) -> i128 {
        let s = self.size();
        let b = &bytes[i * s..(i + 1) * s];
        match self {
            DType::I1 | DType::U8 => b[0] as i128,
            DType::I8 => b[0] as i8 as i128,
            DType::I16 => i16::from_le_bytes([b[0], b[1]]) as i128,
            DType::U16 => u16::from_le_bytes([b[0], b[1]]) as i128,
            DType::I32 => i32::from_le_bytes(b.try_into().unwrap()) as i128,
            DType::U32 => u32::from_le_bytes(b.try_into().unwrap()) as i128,
            DType::I64 => i64::from_le_bytes(b.try_into().unwrap()) as i128,
            DType::U64 => u64::from_le_bytes(b.try_into().unwrap()) as i128,
            _ => self.read_f64(bytes, i) as i128,
        }
    }

    /// Default tolerances of `--check`, as `(rtol, atol)`: exact for integers.
    fn default_tolerance(self) -> (f64, f64) {
        match self {
            DType::F16 | DType::BF16 => (1e-2, 1e-3),
            DType::F32 => (1e-5, 1e-6),
            DType::F64 => (1e-7, 1e-9),
            // Half a unit in the last place: 3 mantissa bits (e4m3), 2 (e5m2).
            DType::F8E4M3 => (6.25e-2, 1e-2),
            DType::F8E5M2 => (1.25e-1, 1e-2),
            _ => (0.0, 0.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for d in DType::ALL {
            assert_eq!(DType::from_name(d.name()), Some(d));
        }
        assert_eq!(DType::from_name("bool"), Some(DType::I1));
        assert_eq!(DType::from_name("float"), None);
    }

    #[test]
    fn encode_then_read() {
        for d in DType::ALL {
            let b = d.encode_int(1);
            assert_eq!(b.len(), d.size(), "{d}");
            assert_eq!(d.read_int(&b, 0), 1, "{d}");
        }
        let b = DType::I32.encode_int(-7);
        assert_eq!(DType::I32.read_int(&b, 0), -7);
        let b = DType::U64.encode_int(u64::MAX as i128);
        assert_eq!(DType::U64.read_int(&b, 0), u64::MAX as i128);
        let b = DType::BF16.encode_float(0.5);
        assert_eq!(DType::BF16.read_f64(&b, 0), 0.5);
        let b = DType::F16.encode_float(-2.25);
        assert_eq!(DType::F16.read_f64(&b, 0), -2.25);
        // fp8: one byte, rounded to nearest even and saturated (e4m3's largest is 448).
        assert_eq!(DType::F8E4M3.encode_float(1.0), vec![0x38]);
        assert_eq!(DType::F8E4M3.read_f64(&DType::F8E4M3.encode_float(1000.0), 0), 448.0);
        assert_eq!(DType::F8E5M2.read_f64(&DType::F8E5M2.encode_float(1.1), 0), 1.0);
    }
}
