//! insta snapshots of the IR after every pass, for the examples the pipeline lowers:
//! a change to any pass shows up as a reviewed diff of exactly what it changed.

use tilec::internals::driver::{compile_with, tile_ir};
use tilec::internals::pipeline::PrintIr;
use tilec::internals::source::SourceFile;
use tilec::CompileOptions;

const EXAMPLES: &[&str] = &["add", "sum", "persistent_sum", "softmax_row", "scan", "transpose"];

fn example(name: &str) -> SourceFile {
    let path = format!("{}/../examples/{name}.tile", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("example exists");
    SourceFile::new(format!("examples/{name}.tile"), text)
}

/// The IR in pretty form, with the one nondeterministic field (back-end time) removed.
fn stable(ir: &str) -> String {
    let mut out = String::new();
    for line in ir.lines() {
        let mut l = line.to_string();
        if let Some(i) = l.find("LLVMIRToISATimeInMs = ") {
            let end = l[i..].find(',').map(|e| i + e + 2).unwrap_or(l.len());
            l.replace_range(i..end, "");
        }
        out.push_str(&l);
        out.push('\n');
    }
    out
}

#[test]
fn ir_after_each_pass() {
    for name in EXAMPLES {
        let file = example(name);
        // `n` (the length, where a kernel has one) is specialised as divisible by 16.
        let has_n = file.text.contains(" n: i32");
        let divisibility = if has_n { vec![("n".into(), 16)] } else { vec![] };
        let opts = CompileOptions { divisibility, ..Default::default() };
        let (_, tile) = tile_ir(&file, &opts).expect("checks");
        let context = tile_dialects::context::create_context();
        let module = melior::ir::Module::parse(&context, &tile).expect("tilegen output parses");
        insta::assert_snapshot!(format!("{name}__00_tilegen"), module.as_operation().to_string());
        let mut out = Vec::new();
        let print = PrintIr { after_all: true, ..Default::default() };
        compile_with(&file, &opts, &print, &mut out).unwrap_or_else(|e| panic!("{}", e.render()));
        let text = String::from_utf8(out).expect("utf-8");
        let dumps: Vec<&str> = text.split("// -----// IR Dump After ").skip(1).collect();
        assert!(dumps.len() >= 8, "{name}: {} passes printed", dumps.len());
        for (i, d) in dumps.iter().enumerate() {
            let (pass, ir) = d.split_once(" //----- //\n").expect("dump header");
            insta::assert_snapshot!(format!("{name}__{:02}_{pass}", i + 1), stable(ir));
        }
    }
}
