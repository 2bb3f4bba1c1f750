//! tile-runtime: launch kernels compiled by tilec on an NVIDIA GPU, the library behind
//! `tilerun`.
//!
//! The pieces, from the command line to the GPU:
//! - `spec`, `grid`: the small languages of the command line (argument specs, counts;
//!   grids as expressions of the kernel's consts and arguments, `tilec::internals::int_expr`);
//! - `signature`: a kernel's parameters, read from `OUT.json`;
//! - `bind`: arguments matched to the kernel's signature, and refused
//!   where they break what the kernel was compiled to assume;
//! - `buffers`, `npy`: host buffers, generated (seeded) or read from `.npy`;
//! - `launch`: the typed launch API for programs embedding tilec (cudarc's safe layer,
//!   a stream of the caller's, arguments checked against the signature);
//! - `gpu`: tilerun's session on that API (one stream of its own, buffers, events);
//! - `cuda`: what cudarc leaves out (driver errors as messages, whether there is a GPU,
//!   the JIT's log); libcuda is loaded with dlopen at run time;
//! - `check`, `bench`: comparing outputs with references, and timing launches;
//! - `run`: the whole of one `tilerun` invocation;
//! - `interpret`: the same run in the interpreter (`tile-interp`), where there is no GPU
//!   or with `--interpret`, `--races`, `--uninit`, `--check-each-pass`;
//! - `plan`, `plan_ref`, `plan_run`: run plans (`tilerun --plan`), several
//!   launches over shared buffers, with host references for their checks.
//!
//! Everything but `cuda`, `gpu`, `run` and `plan_run` is plain code, unit-tested without a GPU.

pub mod bench;
pub mod bind;
pub mod buffers;
pub mod check;
pub mod cuda;
pub mod dtype;
pub mod gpu;
pub mod grid;
pub mod interpret;
pub mod launch;
pub mod load;
pub mod npy;
pub mod plan;
pub mod plan_ref;
pub mod plan_run;
pub mod requires;
pub mod run;
pub mod settings;
pub mod signature;
pub mod spec;
pub mod tensormap;
pub mod tune;

#[cfg(test)]
mod testing;

/// Every failure tilerun reports: one message, printed as `tilerun: error: ...` (compile
/// errors come already rendered against the source), and exit status 1.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// No libcuda on this machine: said in one line, without `error:` (it is not a bug of
    /// the user's, just the wrong machine).
    #[error("no CUDA driver found (libcuda.so): tilerun needs an NVIDIA GPU; tilec still works here")]
    NoDriver,
    /// Diagnostics of tilec, rendered against the .tile source.
    #[error("{0}")]
    Compile(String),
    /// A bug of tilec's (its diagnostics, or a panic): tilerun exits with status 2.
    #[error("{0}")]
    Internal(String),
    #[error("{0}")]
    Msg(String),
    /// A kernel that stopped in the interpreter (a memcheck error, a deadlock, an op it
    /// cannot run): the fault rendered against the source, and which launch.
    #[error("{who} failed in the interpreter")]
    Interp { rendered: String, who: String },
}

impl Error {
    pub fn msg(m: impl Into<String>) -> Error {
        Error::Msg(m.into())
    }
}
