//! The pipeline, as plain code over the one frozen options struct (`CompileOptions`).
//!
//! Each pass runs in its own MLIR pass manager (verifier on), so a pass that makes bad IR
//! is the one blamed, and IR can be printed before or after any pass by name.

mod diagnostics;
mod llvm_options;
pub mod ptx;
pub mod registry;

pub use diagnostics::{Collected, DiagnosticSink};

use crate::options::CompileOptions;
use registry::{PassInfo, PassKind};
use melior::ir::Module;
use melior::pass::PassManager;
use melior::utility::parse_pass_pipeline;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The passes from the tile dialect to PTX, in order.
pub fn default_passes(opts: &CompileOptions) -> Vec<&'static PassInfo> {
    registry::REGISTRY
        .iter()
        .filter(|p| p.name != "ensure-debug-info-scope-on-llvm-func" || opts.lineinfo)
        .filter(|p| p.name != "widen-offsets" || opts.index_bits == 64)
        .collect()
}

/// Where to print IR during a run.
#[derive(Clone, Debug, Default)]
pub struct PrintIr {
    pub before_all: bool,
    pub after_all: bool,
    pub before: Vec<String>,
    pub after: Vec<String>,
}

/// A pass that failed, with what MLIR and the pass said.
#[derive(Clone, Debug)]
pub struct PipelineError {
    pub pass: String,
    /// `(location, message)` pairs; locations as MLIR prints them.
    pub diagnostics: Vec<(String, String)>,
    /// A bug of tilec's: a pass panicked, broke a rule of the IR, made IR MLIR rejects, or
    /// an upstream pass failed. (Otherwise the program asked for something a pass refuses.)
    pub internal: bool,
}

/// Runs `passes` over `module`, printing IR to `out` as `print` asks.
pub fn run(
    module: &mut Module,
    passes: &[&'static PassInfo],
    opts: &CompileOptions,
    print: &PrintIr,
    sink: &DiagnosticSink,
    out: &mut dyn std::io::Write,
) -> Result<(), PipelineError> {
    run_observed(module, passes, opts, print, sink, out, &mut |_, _| {})
}

/// `run`, calling `after(pass, module)` once each pass has succeeded: the hook for tools
/// that look at every step (the interpreter's `--check-each-pass`).
pub fn run_observed(
    module: &mut Module,
    passes: &[&'static PassInfo],
    opts: &CompileOptions,
    print: &PrintIr,
    sink: &DiagnosticSink,
    out: &mut dyn std::io::Write,
    after: &mut dyn FnMut(&'static PassInfo, &Module),
) -> Result<(), PipelineError> {
    llvm_options::configure();
    let context = module.context();
    for info in passes {
        if print.before_all || print.before.iter().any(|n| n == info.name) {
            let _ = writeln!(out, "// -----// IR Dump Before {} //----- //\n{}", info.name, module.as_operation());
        }
        let pm = PassManager::new(unsafe { context.to_ref() });
        pm.enable_verifier(true);
        let slot = Arc::new(Mutex::new(None));
        match info.kind {
            PassKind::Mirror(f) => pm.add_pass(registry::external(info, f, opts.clone(), slot.clone())),
            PassKind::Upstream(text) => {
                parse_pass_pipeline(pm.as_operation_pass_manager(), &format!("builtin.module({text})")).map_err(
                    |e| PipelineError {
                        pass: info.name.into(),
                        diagnostics: vec![(String::new(), e.to_string())],
                        internal: true,
                    },
                )?;
            }
        }
        let start = Instant::now();
        sink.clear();
        let result = pm.run(module);
        tracing::debug!(pass = info.name, ms = start.elapsed().as_secs_f64() * 1e3, "pass done");
        let mut diagnostics = sink.take();
        let mut internal = true;
        if let Some(e) = slot.lock().expect("slot").take() {
            internal = e.internal;
            diagnostics.insert(0, (e.loc, e.message));
        }
        if result.is_err() {
            if diagnostics.is_empty() {
                diagnostics.push((String::new(), format!("pass `{}` failed", info.name)));
            }
            return Err(PipelineError { pass: info.name.into(), diagnostics, internal });
        }
        if print.after_all || print.after.iter().any(|n| n == info.name) {
            let _ = writeln!(out, "// -----// IR Dump After {} //----- //\n{}", info.name, module.as_operation());
        }
        after(info, module);
    }
    Ok(())
}
