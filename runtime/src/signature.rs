//! A kernel's signature, its parameters' types parsed from the metadata `tilec` writes
//! (`OUT.json`), with what the kernel was compiled to assume of each.
//!
//! A module of its own, below every user: the launch API checks arguments against it
//! (`launch.rs`), tilerun binds the command line's arguments to it (`bind.rs`), and the
//! grid, the interpreter's run and the Python package read it. `bind.rs` also uses the
//! launch API's rule of specialisation: the signature in either file would make the two
//! import each other.

use crate::dtype::DType;
use crate::Error;
use tilec::metadata::ParamMeta;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// `*T`: the element type.
    Ptr(DType),
    Scalar(DType),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: String,
    pub kind: ParamKind,
    pub divisibility: u32,
    /// Compiled as the constant 1 (`--assume NAME=1`): any other value must be refused.
    pub equal_to_one: bool,
    /// The metadata's `divisibility_hint` (1: none): an integer that is a multiple of it
    /// is specialised on it.
    pub hint: u32,
}

impl Param {
    pub fn spelling(&self) -> String {
        match self.kind {
            ParamKind::Ptr(d) => format!("*{d}"),
            ParamKind::Scalar(d) => d.to_string(),
        }
    }
}

/// The kernel's parameters, with types parsed.
pub fn signature(params: &[ParamMeta]) -> Result<Vec<Param>, Error> {
    params
        .iter()
        .map(|p| {
            let d = DType::from_name(p.elem()).ok_or_else(|| {
                Error::msg(format!("parameter `{}` has type `{}`, which tilerun does not know", p.name, p.ty))
            })?;
            let kind = if p.is_pointer() { ParamKind::Ptr(d) } else { ParamKind::Scalar(d) };
            Ok(Param {
                name: p.name.clone(),
                kind,
                divisibility: p.divisibility.max(1),
                equal_to_one: p.equal_to_one,
                hint: p.divisibility_hint.max(1),
            })
        })
        .collect()
}
