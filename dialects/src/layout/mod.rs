//! Encodings: the one home of how tiles are laid out over threads and in shared memory.
//!
//! - `linear`: linear layouts, the algebra every distributed encoding reduces to;
//! - `encoding`: blocked, slice, mma and dot-operand encodings as linear layouts;
//! - `dist`: a distributed tile as the lowering sees it (registers, thread parts, owners);
//! - `blocked`: how blocked encodings are chosen;
//! - `shared`: shared-memory layouts (padded, swizzled, linear, and the tensor cores' own);
//! - `matrix`: how a fragment splits into the 8x8 matrices `ldmatrix` / `stmatrix` move;
//! - `rounds`: a shared-memory round trip of a large tile split into chunks.
//!
//! Every pass, `--explain-layouts` and the lowering use these; nothing else knows what an
//! encoding means.

pub mod blocked;
pub mod dist;
pub mod encoding;
pub mod linear;
pub mod matrix;
pub mod mma;
pub mod rounds;
pub mod shared;
pub mod shared_access;

pub use dist::{div_mod, gather_bits, mul_const, AxisSplit, Dist};
pub use linear::{HwDim, LinearLayout};
pub use shared::{elem_bytes, slot_bytes, Shared};
