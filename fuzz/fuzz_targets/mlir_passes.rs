//! `.mlir` input to the passes (tilec's `--passes` mode): refused by the parser or the
//! verifier, or run through the pipeline without an internal error.
#![no_main]

mod driver;

use libfuzzer_sys::fuzz_target;
use tilec::internals::driver::parse_mlir;
use tilec::internals::pipeline::{self, DiagnosticSink, PrintIr};
use tilec::internals::source::SourceFile;
use tilec::CompileOptions;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let file = SourceFile::new("fuzz.mlir", text);
    let opts = CompileOptions::default();
    let context = tile_dialects::context::create_context();
    let sink = DiagnosticSink::attach(&context);
    let mut module = match parse_mlir(&context, &file, &sink, &opts) {
        Ok(m) => m,
        Err(e) => {
            assert!(!e.is_internal(), "internal error:\n{}", e.render());
            return;
        }
    };
    let passes = pipeline::default_passes(&opts);
    if let Err(e) = pipeline::run(&mut module, &passes, &opts, &PrintIr::default(), &sink, &mut std::io::sink()) {
        assert!(!e.internal, "internal error in `{}`: {:?}", e.pass, e.diagnostics);
    }
});
