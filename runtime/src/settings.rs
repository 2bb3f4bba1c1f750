//! What a kernel run (`run::Options`) and a plan run share: how kernels compile and
//! specialise, how generated inputs are made, timing, tolerances, the device and the
//! interpreter. One struct, so tilerun's flags reach both the same way.

use crate::bench::BenchConfig;
use crate::interpret::InterpOptions;
use tilec::options::CompileOptions;

#[derive(Clone, Debug)]
pub struct RunSettings {
    /// Settings of every in-process compile (a plan's launch adds its own `defines`, after
    /// those of the command line's `-D`, and `num_warps`).
    pub compile: CompileOptions,
    /// Turn off the Triton-style specialisation on argument values.
    pub no_specialise: bool,
    /// Whether `--arch` was given (else a .tile compiles for the device's).
    pub arch_given: bool,
    /// Seed of generated buffers (a plan's own `seed` wins).
    pub seed: u64,
    /// `empty:` buffers filled with a poison pattern (else zeroed).
    pub poison: bool,
    /// Time the launches (`--bench`, or `bench = true` in a plan).
    pub bench: Option<BenchConfig>,
    /// `--rtol` / `--atol` of the checks (they win over a plan's).
    pub rtol: Option<f64>,
    pub atol: Option<f64>,
    pub device: usize,
    pub verbose: bool,
    /// Stop after compiling (or loading) and binding: no GPU needed.
    pub compile_only: bool,
    /// The interpreter: forced, its checkers, `--check-each-pass`.
    pub interp: InterpOptions,
}

impl Default for RunSettings {
    fn default() -> RunSettings {
        RunSettings {
            compile: CompileOptions::default(),
            no_specialise: false,
            arch_given: false,
            seed: 0,
            poison: true,
            bench: None,
            rtol: None,
            atol: None,
            device: 0,
            verbose: false,
            compile_only: false,
            interp: InterpOptions::default(),
        }
    }
}
