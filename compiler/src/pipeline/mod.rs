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
    run_passes(module, passes, opts, print, sink, out, None)
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
    run_passes(module, passes, opts, print, sink, out, Some(after))
}

/// The steps of a run: each upstream pass alone, and our passes in runs of consecutive
/// ones (`registry::external`: one MLIR round trip a run), except where IR is printed
/// around a pass or each pass's result is observed (`--check-each-pass`), which need the
/// module after every pass.
fn steps(passes: &[&'static PassInfo], print: &PrintIr, each: bool) -> Vec<Vec<&'static PassInfo>> {
    let printed = |p: &PassInfo| {
        print.before_all || print.after_all || print.before.iter().chain(&print.after).any(|n| n == p.name)
    };
    let mut steps: Vec<Vec<&'static PassInfo>> = vec![];
    for &p in passes {
        let joins = |last: &PassInfo| !each && !printed(p) && !printed(last) && is_mirror(last) && is_mirror(p);
        match steps.last_mut() {
            Some(step) if joins(step.last().unwrap()) => step.push(p),
            _ => steps.push(vec![p]),
        }
    }
    steps
}

fn is_mirror(p: &PassInfo) -> bool {
    matches!(p.kind, PassKind::Mirror(_))
}

fn run_passes(
    module: &mut Module,
    passes: &[&'static PassInfo],
    opts: &CompileOptions,
    print: &PrintIr,
    sink: &DiagnosticSink,
    out: &mut dyn std::io::Write,
    mut after: Option<&mut dyn FnMut(&'static PassInfo, &Module)>,
) -> Result<(), PipelineError> {
    llvm_options::configure();
    let context = module.context();
    for step in steps(passes, print, after.is_some()) {
        let info = step[0];
        if print.before_all || print.before.iter().any(|n| n == info.name) {
            let _ = writeln!(out, "// -----// IR Dump Before {} //----- //\n{}", info.name, module.as_operation());
        }
        let pm = PassManager::new(unsafe { context.to_ref() });
        pm.enable_verifier(true);
        let slot = Arc::new(Mutex::new(None));
        match info.kind {
            PassKind::Mirror(_) => pm.add_pass(registry::external(step.clone(), opts.clone(), slot.clone())),
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
        let names: Vec<&str> = step.iter().map(|p| p.name).collect();
        tracing::debug!(passes = names.join(","), ms = start.elapsed().as_secs_f64() * 1e3, "pass done");
        let mut diagnostics = sink.take();
        let mut internal = true;
        // The pass that failed: the one the group names, else its last (MLIR's verifier
        // runs after the group).
        let mut failed = step.last().unwrap().name;
        let reported = slot.lock().expect("slot").take();
        let named = reported.is_some();
        if let Some((name, e)) = reported {
            internal = e.internal;
            failed = name;
            diagnostics.insert(0, (e.loc, e.message));
        }
        if result.is_err() {
            if diagnostics.is_empty() {
                diagnostics.push((String::new(), format!("pass `{failed}` failed")));
            }
            if step.len() > 1 && !named {
                // MLIR rejected what the group made: `--print-ir-after-all` runs each alone.
                diagnostics.push((String::new(), format!("in the run of passes {}", names.join(", "))));
            }
            return Err(PipelineError { pass: failed.into(), diagnostics, internal });
        }
        let info = step.last().unwrap();
        if print.after_all || print.after.iter().any(|n| n == info.name) {
            let _ = writeln!(out, "// -----// IR Dump After {} //----- //\n{}", info.name, module.as_operation());
        }
        if let Some(after) = after.as_mut() {
            after(info, module);
        }
    }
    Ok(())
}
