//! One compile runs the front end once (issue 28): the runtime's signature check, the
//! compile and a recompile with a larger divisor share one checked program
//! (`sema::memo`). What that rests on: a kernel checked alone is the same program as the
//! kernel taken from a check of its whole file. One test function: the memo and its run
//! counter are process-wide.

use std::sync::atomic::Ordering;
use tilec::internals::driver;
use tilec::internals::sema::{self, memo};
use tilec::internals::source::SourceFile;
use tilec::CompileOptions;

#[test]
fn one_front_end_run_per_compile() {
    // Every kernel of every example: alone == taken from the whole file.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples");
    let mut kernels = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        if path.extension().is_none_or(|x| x != "tile") {
            continue;
        }
        let file = SourceFile::new(path.display().to_string(), std::fs::read_to_string(&path).unwrap());
        let Ok(all) = sema::check_kernel(&file, &[], None) else { continue };
        for k in &all.kernels {
            let alone = sema::check_kernel(&file, &[], Some(&k.name)).unwrap();
            // Compared as printed: a NaN constant (a "nan" padding) is not equal to itself.
            let same = format!("{:?}", alone.kernels) == format!("{:?}", vec![k.clone()]);
            assert!(same, "{}: kernel {} checked alone differs", path.display(), k.name);
            kernels += 1;
        }
    }
    assert!(kernels > 100, "{kernels}");

    // The runtime's sequence: a check for the signature, then the compile, then a
    // recompile specialised further: one run of the front end.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/add.tile");
    let file = SourceFile::new(path, std::fs::read_to_string(path).unwrap());
    let before = memo::RUNS.load(Ordering::Relaxed);
    let program = driver::check_kernel(&file, &[], None).unwrap();
    let name = program.kernels[0].name.clone();
    let opts = CompileOptions { kernel: Some(name.clone()), ..Default::default() };
    driver::compile(&file, &opts).unwrap();
    let divisor = CompileOptions { divisibility: vec![("n".into(), 16)], ..opts };
    driver::compile(&file, &divisor).unwrap();
    assert_eq!(memo::RUNS.load(Ordering::Relaxed) - before, 1);
    // Other defines are another program.
    let other = CompileOptions { defines: vec![("TILE".into(), "256".into())], ..Default::default() };
    driver::compile(&file, &other).unwrap();
    assert_eq!(memo::RUNS.load(Ordering::Relaxed) - before, 2);
}
