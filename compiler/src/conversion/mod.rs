//! Conversions between dialect levels, named `<from>_to_<to>`, one file per op family.
//! Everything NVIDIA-specific (PTX forms, special registers) lives in `nvidia`.

pub mod nvidia;
pub mod tile_to_llvm;
