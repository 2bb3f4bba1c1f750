//! Element types and tile types of checked programs.
//!
//! A tile type is an element type plus a compile-time shape; the empty shape is a scalar.
//! Signedness lives here (MLIR's integers are signless): lowering picks `divsi` vs `divui`,
//! `extsi` vs `extui` and so on from these types.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scalar {
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
    /// fp8 (`f8e4m3`: torch.float8_e4m3fn; `f8e5m2`: torch.float8_e5m2). Storage and
    /// conversion only: arithmetic needs an explicit `.to(f16 / bf16 / f32)` first.
    F8E4M3,
    F8E5M2,
}

impl Scalar {
    pub const ALL: [Scalar; 15] = [
        Scalar::I1,
        Scalar::I8,
        Scalar::I16,
        Scalar::I32,
        Scalar::I64,
        Scalar::U8,
        Scalar::U16,
        Scalar::U32,
        Scalar::U64,
        Scalar::F16,
        Scalar::BF16,
        Scalar::F32,
        Scalar::F64,
        Scalar::F8E4M3,
        Scalar::F8E5M2,
    ];

    pub fn bits(self) -> u32 {
        use Scalar::*;
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
        matches!(self, Scalar::F16 | Scalar::BF16 | Scalar::F32 | Scalar::F64) || self.is_fp8()
    }
    pub fn is_fp8(self) -> bool {
        matches!(self, Scalar::F8E4M3 | Scalar::F8E5M2)
    }
    /// The bit format of an fp8 type.
    pub fn fp8(self) -> Option<tile_dialects::fp8::Fp8> {
        match self {
            Scalar::F8E4M3 => Some(tile_dialects::fp8::E4M3),
            Scalar::F8E5M2 => Some(tile_dialects::fp8::E5M2),
            _ => None,
        }
    }
    pub fn is_int(self) -> bool {
        !self.is_float()
    }
    pub fn is_signed_int(self) -> bool {
        matches!(self, Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64)
    }
    pub fn is_unsigned_int(self) -> bool {
        matches!(self, Scalar::U8 | Scalar::U16 | Scalar::U32 | Scalar::U64)
    }
    pub fn is_bool(self) -> bool {
        self == Scalar::I1
    }
    /// The language's spelling (`f32`, `u8`, `i1`).
    pub fn name(self) -> &'static str {
        use Scalar::*;
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
    pub fn from_name(s: &str) -> Option<Scalar> {
        if s == "bool" {
            return Some(Scalar::I1);
        }
        Scalar::ALL.into_iter().find(|t| t.name() == s)
    }
    /// MLIR's spelling: signless integers.
    pub fn mlir(self) -> String {
        match self {
            Scalar::F16 => "f16".into(),
            Scalar::BF16 => "bf16".into(),
            Scalar::F32 => "f32".into(),
            Scalar::F64 => "f64".into(),
            Scalar::F8E4M3 => "f8E4M3FN".into(),
            Scalar::F8E5M2 => "f8E5M2".into(),
            s => format!("i{}", s.bits()),
        }
    }
}

impl fmt::Display for Scalar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An element: a number, or a pointer to global memory holding numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Elem {
    Scalar(Scalar),
    Ptr(Scalar),
}

impl fmt::Display for Elem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Elem::Scalar(s) => write!(f, "{s}"),
            Elem::Ptr(s) => write!(f, "*{s}"),
        }
    }
}

/// A value's type: element and shape (empty shape: a scalar).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ty {
    pub elem: Elem,
    pub shape: Vec<i64>,
}

impl Ty {
    pub fn scalar(s: Scalar) -> Ty {
        Ty { elem: Elem::Scalar(s), shape: vec![] }
    }
    pub fn tile(elem: Elem, shape: Vec<i64>) -> Ty {
        Ty { elem, shape }
    }
    pub fn is_scalar(&self) -> bool {
        self.shape.is_empty()
    }
    pub fn numel(&self) -> i64 {
        self.shape.iter().product()
    }
    /// The same shape with another element.
    pub fn with_elem(&self, elem: Elem) -> Ty {
        Ty { elem, shape: self.shape.clone() }
    }
    /// The number element type, if this is not a pointer.
    pub fn scalar_elem(&self) -> Option<Scalar> {
        match self.elem {
            Elem::Scalar(s) => Some(s),
            Elem::Ptr(_) => None,
        }
    }
}

impl fmt::Display for Ty {
    /// `f32` for scalars, `tile<64x64xf32>` for tiles: the form error messages use.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.shape.is_empty() {
            write!(f, "{}", self.elem)
        } else {
            let dims: Vec<String> = self.shape.iter().map(|d| d.to_string()).collect();
            write!(f, "tile<{}x{}>", dims.join("x"), self.elem)
        }
    }
}
