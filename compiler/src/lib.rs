//! tilec: a compiler for tile programs, built on MLIR.
//!
//! `syntax` (pest grammar → AST) → `sema` (checked, typed program) → `tilegen` (tile
//! dialect) → `passes` (tile → layout → memsem → gpu/nvvm/llvm) → PTX. The pipeline is
//! plain code over one frozen [`options::CompileOptions`].

pub mod analysis;
pub mod autotune;
pub mod cache;
pub mod conversion;
pub mod diag;
pub mod driver;
pub mod explain;
pub mod int_expr;
pub mod internal;
pub mod limits;
pub mod metadata;
pub mod options;
pub mod passes;
pub mod pipeline;
pub mod sema;
pub mod source;
pub mod syntax;
pub mod tilegen;
pub mod verify;
