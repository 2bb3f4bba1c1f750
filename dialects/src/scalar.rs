//! The element types: the one list of scalar kinds and their properties (bits, bytes,
//! float / signed, fp8 format, the tile language's and MLIR's spellings).
//!
//! Sema's `Scalar` is this enum (re-exported); the mirror IR's `ir::Type` and the
//! interpreter's `Elem` keep their own variants for MLIR's view (signless integers of any
//! width, pointers, tensors) but convert through this one (`Type::scalar`,
//! `Type::as_scalar`) for every property, so a new element type is added here once.

use crate::fp8::{self, Fp8};
use std::fmt;

/// An element type as the source language sees it: integers carry their signedness
/// (MLIR's do not; lowering picks `divsi` vs `divui`, `extsi` vs `extui` from it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ScalarType {
    I1,
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    F16,
    BF16,
    F32,
    F64,
    /// fp8 (`f8e4m3`: torch.float8_e4m3fn, MLIR `f8E4M3FN`; `f8e5m2`: torch.float8_e5m2).
    /// Storage and conversion only: arithmetic needs an explicit `.to(f16 / bf16 / f32)`.
    F8E4M3,
    F8E5M2,
}

impl ScalarType {
    pub const ALL: [ScalarType; 15] = [
        ScalarType::I1,
        ScalarType::I8,
        ScalarType::I16,
        ScalarType::I32,
        ScalarType::I64,
        ScalarType::U8,
        ScalarType::U16,
        ScalarType::U32,
        ScalarType::U64,
        ScalarType::F16,
        ScalarType::BF16,
        ScalarType::F32,
        ScalarType::F64,
        ScalarType::F8E4M3,
        ScalarType::F8E5M2,
    ];

    pub fn bits(self) -> u32 {
        use ScalarType::*;
        match self {
            I1 => 1,
            I8 | U8 | F8E4M3 | F8E5M2 => 8,
            I16 | U16 | F16 | BF16 => 16,
            I32 | U32 | F32 => 32,
            I64 | U64 | F64 => 64,
        }
    }
    /// Bytes in memory (i1 is stored as a byte).
    pub fn bytes(self) -> u32 {
        self.bits().div_ceil(8)
    }
    pub fn is_float(self) -> bool {
        matches!(self, ScalarType::F16 | ScalarType::BF16 | ScalarType::F32 | ScalarType::F64) || self.is_fp8()
    }
    pub fn is_fp8(self) -> bool {
        matches!(self, ScalarType::F8E4M3 | ScalarType::F8E5M2)
    }
    /// The bit format of an fp8 type.
    pub fn fp8(self) -> Option<Fp8> {
        match self {
            ScalarType::F8E4M3 => Some(fp8::E4M3),
            ScalarType::F8E5M2 => Some(fp8::E5M2),
            _ => None,
        }
    }
    pub fn is_int(self) -> bool {
        !self.is_float()
    }
    pub fn is_signed_int(self) -> bool {
        matches!(self, ScalarType::I8 | ScalarType::I16 | ScalarType::I32 | ScalarType::I64)
    }
    pub fn is_unsigned_int(self) -> bool {
        matches!(self, ScalarType::U8 | ScalarType::U16 | ScalarType::U32 | ScalarType::U64)
    }
    pub fn is_bool(self) -> bool {
        self == ScalarType::I1
    }
    /// The language's spelling (`f32`, `u8`, `i1`).
    pub fn name(self) -> &'static str {
        use ScalarType::*;
        match self {
            I1 => "i1",
            I8 => "i8",
            I16 => "i16",
            I32 => "i32",
            I64 => "i64",
            U8 => "u8",
            U16 => "u16",
            U32 => "u32",
            U64 => "u64",
            F16 => "f16",
            BF16 => "bf16",
            F32 => "f32",
            F64 => "f64",
            F8E4M3 => "f8e4m3",
            F8E5M2 => "f8e5m2",
        }
    }
    pub fn from_name(s: &str) -> Option<ScalarType> {
        if s == "bool" {
            return Some(ScalarType::I1);
        }
        ScalarType::ALL.into_iter().find(|t| t.name() == s)
    }
    /// MLIR's spelling: signless integers (`u32` is `i32`).
    pub fn mlir(self) -> &'static str {
        use ScalarType::*;
        match self {
            F16 => "f16",
            BF16 => "bf16",
            F32 => "f32",
            F64 => "f64",
            F8E4M3 => "f8E4M3FN",
            F8E5M2 => "f8E5M2",
            I1 => "i1",
            I8 | U8 => "i8",
            I16 | U16 => "i16",
            I32 | U32 => "i32",
            I64 | U64 => "i64",
        }
    }
    /// The type MLIR spells `s`; a signless integer reads as the signed one of its width.
    pub fn from_mlir(s: &str) -> Option<ScalarType> {
        ScalarType::ALL.into_iter().find(|t| !t.is_unsigned_int() && t.mlir() == s)
    }
    /// The signed integer type of `bits` (or i1), as MLIR's signless `i{bits}` reads.
    pub fn signless_int(bits: u32) -> Option<ScalarType> {
        ScalarType::ALL.into_iter().find(|t| t.is_int() && !t.is_unsigned_int() && t.bits() == bits)
    }
}

impl fmt::Display for ScalarType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_mlir_spellings_round_trip() {
        for t in ScalarType::ALL {
            assert_eq!(ScalarType::from_name(t.name()), Some(t));
            let m = ScalarType::from_mlir(t.mlir()).unwrap();
            assert_eq!((m.mlir(), m.bits(), m.is_float()), (t.mlir(), t.bits(), t.is_float()), "{t}");
            assert_eq!(t.bytes(), t.bits().div_ceil(8));
            assert_eq!(t.fp8().is_some(), t.is_fp8());
        }
        assert_eq!(ScalarType::from_name("bool"), Some(ScalarType::I1));
        assert_eq!(ScalarType::from_mlir("i32"), Some(ScalarType::I32));
        assert_eq!(ScalarType::signless_int(8), Some(ScalarType::I8));
        assert_eq!(ScalarType::signless_int(7), None);
        assert_eq!(ScalarType::from_mlir("index"), None);
    }
}
