//! tile-interp: runs tilec kernels without a GPU, by interpreting the mirror IR
//! (`tile_dialects::ir`) at the `tile` level or after any of tilec's passes that keep it
//! (`layout` encodings change no value; `layout.convert` is the identity; `memsem`
//! accesses carry their order and scope).
//!
//! - `prepare`: the kernel's ops decoded once into a tree of `Node`s (an op the
//!   interpreter does not know is refused here, naming the op and its line); each op
//!   family decodes and runs its own ops in one file under `ops/`, seeing each op as a
//!   `site::Site` and the program's values as a `frame::Frame`, not the tree;
//! - `exec`: one program (a CTA) as a resumable state machine over that tree;
//! - `sched`: the grid, run concurrently in lock-step rounds (every resident program runs
//!   to its next memory access; then the round's loads, then its stores and atomics in
//!   program order), which lets spin-waits finish and finds programs that wait forever;
//! - `memory`: buffers in one address space, memcheck (out of bounds, never-written
//!   elements of `empty:` buffers);
//! - `races`: the happens-before race detector (`--races`);
//! - `smem`: each program's shared memory, asynchronous copies and warp-group products,
//!   and the ordering rules that make pipelining bugs errors.
//!
//! Tiles are computed whole, element by element, with the GPU's integer wrap and float
//! rounding (`value`).

mod exec;
mod frame;
pub mod memory;
mod ops;
mod prepare;
pub mod races;
mod sched;
mod site;
pub mod smem;
pub mod value;

pub use memory::{Buffer, Memory};
pub use prepare::Kernel;
pub use races::Race;
pub use sched::{cluster_grid, run, Launch, Outcome};

/// A scalar argument's value (buffers are given as `Arg::Buffer(index into Memory)`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Arg {
    Buffer(usize),
    Int(i64),
    Float(f64),
}

/// How to run a launch.
#[derive(Clone, Debug)]
pub struct Options {
    /// Detect races between programs (`--races`).
    pub races: bool,
    /// Report reads of never-written elements of buffers made with `Memory::add_uninit`.
    pub uninit: bool,
    /// Programs resident at once (more are admitted when all of these wait).
    pub resident: usize,
    /// Echo `device_print` to stdout as it runs.
    pub echo_prints: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { races: false, uninit: false, resident: 16, echo_prints: true }
    }
}

/// Why a kernel could not run, or stopped: a message, the MLIR location of the op
/// (`loc("k.tile":3:5)`) when there is one, and located notes.
#[derive(Clone, Debug, PartialEq)]
pub struct Fault {
    pub message: String,
    pub loc: Option<String>,
    pub notes: Vec<(Option<String>, String)>,
}

impl Fault {
    pub fn new(message: impl Into<String>) -> Fault {
        Fault { message: message.into(), loc: None, notes: vec![] }
    }
    pub fn at(loc: &str, message: impl Into<String>) -> Fault {
        Fault { message: message.into(), loc: Some(loc.to_string()), notes: vec![] }
    }
    /// A state the verified IR cannot reach; reported, never a panic.
    pub fn internal(what: &str) -> Fault {
        Fault::new(format!("internal error of the interpreter: {what}"))
    }
    /// Sets the location if none is set yet.
    pub fn located(mut self, loc: &str) -> Fault {
        if self.loc.is_none() {
            self.loc = Some(loc.to_string());
        }
        self
    }
    pub fn note(mut self, loc: Option<String>, text: impl Into<String>) -> Fault {
        self.notes.push((loc, text.into()));
        self
    }
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.loc {
            Some(l) => write!(f, "{}: {}", loc_text(l), self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// `loc("k.tile":3:5)` → `k.tile:3:5` (the text unchanged when it is not that shape).
pub fn loc_text(loc: &str) -> String {
    let inner = loc.trim_start_matches("loc(").trim_end_matches(')');
    match inner.strip_prefix('"').and_then(|s| s.split_once('"')) {
        Some((name, rest)) => format!("{name}{}", rest.split(')').next().unwrap_or("")),
        None => inner.to_string(),
    }
}
