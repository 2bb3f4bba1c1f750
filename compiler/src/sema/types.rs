//! Element types and tile types of checked programs.
//!
//! A tile type is an element type plus a compile-time shape; the empty shape is a scalar.
//! Signedness lives here (MLIR's integers are signless): lowering picks `divsi` vs `divui`,
//! `extsi` vs `extui` and so on from these types.

use std::fmt;

/// The element types are the IR's one list (`tile_dialects::scalar`), with their
/// properties and both spellings.
pub use tile_dialects::scalar::ScalarType as Scalar;

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
