//! A pass of ours that panics, or that breaks a rule of the IR, is an internal error that
//! names the pass and the .tile line, and tilec goes on living (the panic used to abort
//! the process inside MLIR's callback).

use tile_dialects::ir::{Module, Type};
use tile_dialects::opname;
use tilec::internals::driver::{parse_verified, tile_ir};
use tilec::internals::pass::PassError;
use tilec::internals::pipeline::registry::{PassInfo, PassKind};
use tilec::internals::pipeline::{self, DiagnosticSink, PrintIr};
use tilec::internals::source::SourceFile;
use tilec::CompileOptions;

fn boom(_: &mut Module, _: &CompileOptions) -> Result<(), PassError> {
    let v: Vec<u32> = vec![];
    let _ = v[3];
    Ok(())
}

/// Gives the first `tile.addptr` a result of another shape.
fn breaker(m: &mut Module, _: &CompileOptions) -> Result<(), PassError> {
    let mut target = None;
    m.walk(&mut |op| {
        if op.name == opname::TILE_ADDPTR && target.is_none() {
            target = Some(op.result());
        }
    });
    let r = target.expect("add.tile has an addptr");
    let ty = m.values.ty(r).clone();
    m.values.set_ty(r, Type::tensor(vec![ty.shape()[0] * 2], ty.elem().clone()));
    Ok(())
}

static BOOM: PassInfo = PassInfo { name: "boom", summary: "panics", options: "", kind: PassKind::Mirror(boom) };
static BREAKER: PassInfo =
    PassInfo { name: "breaker", summary: "breaks a shape", options: "", kind: PassKind::Mirror(breaker) };

fn run(pass: &'static PassInfo) -> pipeline::PipelineError {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/add.tile")).unwrap();
    let file = SourceFile::new("examples/add.tile", text);
    let opts = CompileOptions::default();
    let (_, ir) = tile_ir(&file, &opts).unwrap();
    let context = tile_dialects::context::create_context();
    let sink = DiagnosticSink::attach(&context);
    let mut module = parse_verified(&context, &ir, &sink).unwrap();
    pipeline::run(&mut module, &[pass], &opts, &PrintIr::default(), &sink, &mut std::io::sink()).unwrap_err()
}

#[test]
fn a_panicking_pass_is_an_internal_error_at_the_kernel() {
    let e = run(&BOOM);
    assert!(e.internal && e.pass == "boom");
    let (loc, msg) = &e.diagnostics[0];
    assert_eq!(loc, "loc(\"examples/add.tile\":1:8)");
    assert!(msg.starts_with("pass `boom` panicked: index out of bounds: the len is 0 but the index is 3 (at compiler/tests/internal_errors.rs:"), "{msg}");
}

#[test]
fn a_pass_that_breaks_a_rule_is_named() {
    let e = run(&BREAKER);
    assert!(e.internal && e.pass == "breaker");
    let (loc, msg) = &e.diagnostics[0];
    assert!(loc.starts_with("loc(\"examples/add.tile\":"), "{loc}");
    assert!(msg.starts_with("pass `breaker` broke a rule of the IR: `tile.addptr`:"), "{msg}");
}
