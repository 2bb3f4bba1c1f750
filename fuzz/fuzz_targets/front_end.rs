//! The front end (parser, sema, option checks, limits, tilegen) on arbitrary bytes: an
//! answer, or an error at a line of the input that is not an internal one.
#![no_main]

mod driver;

use libfuzzer_sys::fuzz_target;
use tilec::internals::driver::tile_ir;
use tilec::internals::source::SourceFile;
use tilec::CompileOptions;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let file = SourceFile::new("fuzz.tile", text);
    if let Err(e) = tile_ir(&file, &CompileOptions::default()) {
        assert!(!e.is_internal(), "internal error:\n{}", e.render());
        if let Some(why) = tilec_fuzz::oracle::judge_error(&e.render(), "fuzz.tile", true) {
            panic!("{why}:\n{}", e.render());
        }
    }
});
