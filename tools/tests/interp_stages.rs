//! `--check-each-pass` names the first pass whose result differs: a stage broken on
//! purpose (an add turned into a subtract) stands in for a buggy pass.

use std::path::Path;
use tile_interp::{Arg, Kernel, Launch, Memory, Options};
use tile_runtime::buffers::HostBuffer;
use tile_runtime::dtype::DType;
use tile_runtime::interpret;
use tilec::internals::driver::{mirror_stages, Stages};
use tilec::internals::source::SourceFile;
use tilec::CompileOptions;

#[test]
fn a_pass_that_changes_the_result_is_named() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let text = std::fs::read_to_string(root.join("examples/add.tile")).unwrap();
    let file = SourceFile::new("examples/add.tile", text);
    let mut stages = mirror_stages(&file, &CompileOptions::default(), Stages::EachPass).unwrap();
    let names: Vec<&str> = stages.iter().map(|s| s.0.as_str()).collect();
    assert_eq!(
        names,
        [
            "tile",
            "trans-loads",
            "fold-bounds",
            "coalesce",
            "layout-propagate",
            "smem-transpose",
            "hoist-buffers",
            "loop-pointer-bases",
            "software-pipeline",
            "tma-copies",
            "tile-to-memsem",
            "thread-loops",
            "allocate-shared",
            "membar"
        ]
    );
    // "smem-transpose" breaks the kernel.
    for op in stages[5].1.body.iter_mut().flat_map(|f| f.regions[0].blocks[0].ops.iter_mut()) {
        if op.name == "arith.addf" {
            op.name = "arith.subf".into();
        }
    }
    let n = 1000usize;
    let mut mem = Memory::default();
    let bytes = |f: fn(usize) -> f32| (0..n).flat_map(|i| f(i).to_le_bytes()).collect::<Vec<u8>>();
    let a = mem.add("a", bytes(|i| i as f32), 4);
    let b = mem.add("b", bytes(|_| 1.0), 4);
    let out = mem.add("out", vec![0; 4 * n], 4);
    let args = [Arg::Buffer(a), Arg::Buffer(b), Arg::Buffer(out), Arg::Int(n as i64)];
    let initial = mem.clone();
    let k = Kernel::prepare(&stages[0].1, Some("add")).unwrap();
    tile_interp::run(&k, &Launch { grid: [1, 1, 1], args: &args }, &mut mem, &Options::default()).unwrap();
    let like = HostBuffer { dtype: DType::F32, shape: vec![n], data: vec![] };
    let hosts: Vec<(usize, HostBuffer)> = [a, b, out].iter().map(|&i| (i, like.clone())).collect();
    let d = interpret::check_each_pass(&file, "add", &stages, [1, 1, 1], &args, &initial, &mem, &hosts, (None, None))
        .unwrap()
        .expect("a difference");
    assert_eq!(d, "after `smem-transpose`: `out`[0] = -1 (tile level: 1); 1000 of 1000 elements differ");
}
