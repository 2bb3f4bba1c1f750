//! Well-typed generated programs (tilec_fuzz::gen, driven by the input bytes) through the
//! whole pipeline: PTX that ptxas accepts, or an error at a .tile line.
#![no_main]

mod driver;

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use tilec::internals::driver::compile;
use tilec::internals::source::SourceFile;
use tilec::CompileOptions;

/// The generated flags as options (the generator only writes valid ones).
fn options(flags: &[String]) -> CompileOptions {
    let mut o = CompileOptions::default();
    let mut it = flags.iter();
    while let Some(f) = it.next() {
        match f.as_str() {
            "--arch" => o.arch = it.next().unwrap().parse().unwrap(),
            "--index-bits" => o.index_bits = it.next().unwrap().parse().unwrap(),
            "--lineinfo" => o.lineinfo = true,
            "--divisibility" => {
                let (n, k) = it.next().unwrap().split_once('=').unwrap();
                o.divisibility.push((n.into(), k.parse().unwrap()));
            }
            "--assume" => o.equal_to_one.push(it.next().unwrap().split_once('=').unwrap().0.into()),
            _ => {}
        }
    }
    o
}

fuzz_target!(|data: &[u8]| {
    let Ok(case) = tilec_fuzz::gen::case(&mut Unstructured::new(data)) else { return };
    let opts = options(&case.flags);
    let file = SourceFile::new("gen.tile", case.text.as_str());
    match compile(&file, &opts) {
        Ok(c) => {
            let Some(ptxas) = tilec_fuzz::oracle::find_ptxas() else { return };
            let dir = std::env::temp_dir().join(format!("tilec-libfuzzer-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let ptx = dir.join("gen.ptx");
            std::fs::write(&ptx, &c.ptx).unwrap();
            let out = std::process::Command::new(ptxas)
                .args(["--gpu-name", opts.arch.as_str()])
                .arg(&ptx)
                .arg("-o")
                .arg(dir.join("gen.cubin"))
                .output()
                .unwrap();
            assert!(out.status.success(), "ptxas rejects:\n{}\n{}", String::from_utf8_lossy(&out.stderr), case.text);
        }
        Err(e) => {
            assert!(!e.is_internal(), "internal error:\n{}\n{}", e.render(), case.text);
            if let Some(why) = tilec_fuzz::oracle::judge_error(&e.render(), "gen.tile", true) {
                panic!("{why}:\n{}", e.render());
            }
        }
    }
});
