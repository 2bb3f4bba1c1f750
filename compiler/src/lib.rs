//! tilec: a compiler for tile programs (Triton's programming model in a brace syntax),
//! built on MLIR, to PTX for NVIDIA GPUs.
//!
//! ```
//! let source = "
//! kernel add(a: *f32, b: *f32, out: *f32, n: i32, const TILE: i32 = 1024) {
//!     let offs = program_id(0) * TILE + arange(0, TILE);
//!     let m = offs < n;
//!     store(out + offs, load(a + offs, mask = m) + load(b + offs, mask = m), mask = m);
//! }";
//! let compiled = tilec::compile(source, &tilec::CompileOptions::default())?;
//! let add = compiled.kernel("add").unwrap();
//! assert_eq!(add.params.len(), 4); // the const TILE is compiled in
//! assert_eq!(add.block, [128, 1, 1]);
//! # Ok::<(), tilec::Diagnostics>(())
//! ```
//!
//! [`compile`] takes source text or a path ([`Source`]) and the options of the compile
//! ([`CompileOptions`]: target, warps, `const` overrides, specialisation); it returns the
//! PTX with each kernel's launch metadata ([`Compiled`], [`metadata`]: what `tilec -o`
//! writes as `OUT.json`), or [`Diagnostics`] with file, line and column, rendered only if
//! the caller asks. Running the PTX is the `tile-runtime` crate's job.
//!
//! Inside, `syntax` (pest grammar → AST) → `sema` (checked, typed program) → `tilegen`
//! (tile dialect) → `passes` (tile → layout → memsem → gpu/nvvm/llvm) → PTX, over one
//! frozen `CompileOptions`. Those modules are not API: they are reached only through the
//! hidden `internals` module, by the workspace's own crates (the runtime, the
//! interpreter's tests, the tools, the fuzzers), and change without notice.

mod analysis;
mod api;
mod autotune;
mod builtin_table;
mod cache;
mod conversion;
mod diag;
mod diagnostics;
mod driver;
mod explain;
mod int_expr;
mod internal;
mod limits;
pub mod metadata;
pub mod options;
mod pass;
mod passes;
mod pipeline;
pub mod requires;
mod sema;
mod source;
mod syntax;
mod tilegen;

pub use api::{compile, Source};
pub use diagnostics::{Diagnostic, Diagnostics, Severity};
pub use driver::Compiled;
pub use options::{Arch, CompileOptions, NumWarps};

/// The compiler's modules, for the other crates of this workspace only (the runtime,
/// tools, fuzzers and tests drive the pipeline stage by stage, print IR, run passes on
/// MLIR). Not API: hidden from the docs, and changed with the compiler. Everything a
/// program using tilec needs is at the crate root.
#[doc(hidden)]
pub mod internals {
    /// Re-exports each module's public items under its own name (`internals::driver::compile`).
    macro_rules! reexport {
        ($($m:ident),* $(,)?) => { $(pub mod $m { pub use crate::$m::*; })* };
    }
    reexport!(
        analysis,
        autotune,
        cache,
        conversion,
        diag,
        diagnostics,
        driver,
        explain,
        int_expr,
        internal,
        limits,
        pass,
        passes,
        pipeline,
        sema,
        source,
        syntax,
        tilegen,
    );
    pub use crate::metadata;
    pub use crate::options;
}
