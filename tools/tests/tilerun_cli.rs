//! tilerun's command line on a machine without a GPU (CI): everything that is refused
//! before the device is opened, the one-line "no driver" answer, and compiling alone.
//! The GPU half of the story is test/gpu/run_gpu_tests.sh.

mod common;

use common::{stderr, tilerun};
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tilerun-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

const ADD: &str = "test/gpu/fixtures/add.ptx";

#[test]
fn refuses_buffers_beyond_32_bit_offsets() {
    let o = tilerun(&[ADD, "--grid", "1", "zeros:f32:3000000000", "zeros:f32:4", "empty:f32:4", "4"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "tilerun: error: argument `a` has 3000000000 elements; this kernel uses 32-bit offsets (compile with --index-bits 64)\n"
    );
}

#[test]
fn bad_arguments_are_one_error_line() {
    for (args, want) in [
        (vec![ADD, "--grid", "1", "ones:f32:4"], "tilerun: error: argument `ones:f32:4`: "),
        (vec![ADD, "zeros:f32:4"], "tilerun: error: the following required arguments were not provided"),
        (vec![ADD, "--grid", "1", "zeros:f32:4"], "missing: `b`, `out`, `n`"),
        (
            vec![ADD, "--grid", "1", "zeros:f32:4", "zeros:f32:4", "empty:f32:4", "4", "--check", "n=x.npy"],
            "`n` is a scalar",
        ),
        (vec!["test/gpu/fixtures/nothing.ptx", "--grid", "1"], "tilerun: error: cannot read"),
    ] {
        let o = tilerun(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(stderr(&o).contains(want), "{args:?}: {}", stderr(&o));
    }
}

/// Without libcuda: one line, exit 1, no panic. (With a GPU the kernel runs instead.)
#[test]
fn no_driver_is_one_clear_line() {
    let o = tilerun(&[ADD, "--grid", "1", "randn:f32:16", "randn:f32:16", "empty:f32:16", "16"]);
    let err = stderr(&o);
    if err.contains("no CUDA driver") {
        assert_eq!(o.status.code(), Some(1));
        assert_eq!(
            err,
            "tilerun: no CUDA driver found (libcuda.so): tilerun needs an NVIDIA GPU; tilec still works here\n"
        );
    } else {
        assert!(o.status.success() || err.starts_with("tilerun: error:"), "{err}");
    }
}

#[test]
fn compiles_alone_and_specialises_on_arguments() {
    let d = scratch("compile");
    let plain = d.join("add.ptx");
    let o = tilerun(&["examples/add.tile", "--compile-only", "--emit-ptx", plain.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let meta: tilec::metadata::ModuleMeta =
        serde_json::from_str(&std::fs::read_to_string(d.join("add.json")).unwrap()).unwrap();
    let k = &meta.kernels[0];
    assert_eq!((k.name.as_str(), k.params[3].name.as_str(), k.params[3].divisibility), ("add", "n", 1));
    assert!(std::fs::read_to_string(&plain).unwrap().contains(".entry add"));

    // With arguments, n = 4096 is a multiple of 16 and is compiled as one (as Triton does).
    let spec = d.join("add16.ptx");
    let o = tilerun(&[
        "examples/add.tile",
        "--compile-only",
        "--emit-ptx",
        spec.to_str().unwrap(),
        "--grid",
        "4",
        "zeros:f32:4096",
        "zeros:f32:4096",
        "empty:f32:4096",
        "4096",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let meta: tilec::metadata::ModuleMeta =
        serde_json::from_str(&std::fs::read_to_string(d.join("add16.json")).unwrap()).unwrap();
    assert_eq!(meta.kernels[0].params[3].divisibility, 16);
    assert_eq!(meta.kernels[0].params[0].divisibility, 16);
}

/// A loop's bounds check that a larger divisor of its bound would fold (`fold-bounds`)
/// is asked for in OUT.json (`divisibility_hint`), and tilerun specialises on it when the
/// argument allows: n = 256 is compiled as a multiple of 64 (the masks gone), n = 272 as
/// one of 16 only, and `--no-specialise` on nothing.
#[test]
fn specialises_on_the_divisor_the_compiler_asks_for() {
    let d = scratch("hint");
    let src = d.join("rows.tile");
    std::fs::write(
        &src,
        "kernel rows(x: *f32, o: *f32, n: i32) {\n    let acc = zeros((64,), f32);\n    \
         for s in range(0, n, 64) {\n        let i = s + arange(0, 64);\n        \
         acc = acc + load(x + i, mask = i < n, other = 0.0);\n    }\n    store(o + arange(0, 64), acc);\n}\n",
    )
    .unwrap();
    let compile = |n: &str, extra: &[&str]| {
        let ptx = d.join(format!("rows{n}{}.ptx", extra.len()));
        let (x, n_arg) = (format!("zeros:f32:{n}"), format!("n={n}"));
        let mut a = vec![src.to_str().unwrap(), "--compile-only", "--emit-ptx", ptx.to_str().unwrap()];
        a.extend(["--grid", "1", &x, "empty:f32:64", &n_arg]);
        a.extend(extra);
        let o = tilerun(&a);
        assert!(o.status.success(), "{}", stderr(&o));
        let meta: tilec::metadata::ModuleMeta =
            serde_json::from_str(&std::fs::read_to_string(ptx.with_extension("json")).unwrap()).unwrap();
        let p = meta.kernels[0].params[2].clone();
        (String::from_utf8_lossy(&o.stdout).into_owned(), p.divisibility, p.divisibility_hint)
    };
    let (out, div, hint) = compile("256", &[]);
    assert!(out.contains(", specialised on n a multiple of 64 (asked by the compiler)"), "{out}");
    assert_eq!((div, hint), (64, 1));
    let (out, div, hint) = compile("272", &[]);
    assert!(!out.contains("specialised"), "{out}");
    assert_eq!((div, hint), (16, 64));
    let (out, div, hint) = compile("256", &["--no-specialise"]);
    assert!(!out.contains("specialised"), "{out}");
    assert_eq!((div, hint), (1, 64));
}

/// Sizes that are multiples of 8 but not 16 (3000; 4104 x 5000) are specialised on 8: the
/// f16 rows are 16-byte aligned, so the K loop copies 16 bytes a thread with cp.async and
/// is pipelined (before, only multiples of 16 were, and these ran as plain 2-byte loads).
/// The compile line names the divisors below Triton's 16; an odd size assumes nothing.
#[test]
fn specialises_multiples_of_8_and_pipelines_their_k_loop() {
    let d = scratch("eight");
    let compile = |m: u32, n: u32, k: u32| {
        let ptx = d.join(format!("mm{m}x{n}x{k}.ptx"));
        let (sa, sb, sc) =
            (format!("a=zeros:f16:{m}x{k}"), format!("b=zeros:f16:{k}x{n}"), format!("c=empty:f16:{m}x{n}"));
        let ints =
            [("M", m), ("N", n), ("K", k), ("sam", k), ("sak", 1), ("sbk", n), ("sbn", 1), ("scm", n), ("scn", 1)];
        let ints: Vec<String> = ints.iter().map(|(p, v)| format!("{p}={v}")).collect();
        let mut a =
            vec!["examples/matmul.tile", "--arch", "sm_90a", "--compile-only", "--emit-ptx", ptx.to_str().unwrap()];
        a.extend(["--grid", "cdiv(M, BM) * cdiv(N, BN)", &sa, &sb, &sc]);
        a.extend(ints.iter().map(String::as_str));
        let o = tilerun(&a);
        assert!(o.status.success(), "{}", stderr(&o));
        let meta: tilec::metadata::ModuleMeta =
            serde_json::from_str(&std::fs::read_to_string(ptx.with_extension("json")).unwrap()).unwrap();
        let div: Vec<(String, u32)> = meta.kernels[0].params.iter().map(|p| (p.name.clone(), p.divisibility)).collect();
        let copies16 = std::fs::read_to_string(&ptx)
            .unwrap()
            .lines()
            .filter(|l| l.contains("cp.async.cg.shared.global") && l.contains("], 16,"))
            .count();
        (String::from_utf8_lossy(&o.stdout).into_owned(), div, copies16)
    };
    let of = |div: &[(String, u32)], n: &str| div.iter().find(|(p, _)| p == n).unwrap().1;
    let (out, div, copies) = compile(3000, 3000, 3000);
    assert!(out.contains(", specialised on M, N, K, sam, sbk, scm a multiple of 8;"), "{out}");
    assert_eq!(["M", "K", "sam", "sbk"].map(|n| of(&div, n)), [8; 4]);
    assert!(copies > 0, "no 16-byte cp.async at 3000^3");
    let (out, div, copies) = compile(4096, 5000, 4104);
    assert!(out.contains(", specialised on N, K, sam, sbk, scm a multiple of 8;"), "{out}");
    assert_eq!(["M", "N", "K"].map(|n| of(&div, n)), [16, 8, 8]);
    assert!(copies > 0, "no 16-byte cp.async at 4096x5000x4104");
    let (out, div, copies) = compile(3001, 3001, 3001);
    assert!(!out.contains("specialised"), "{out}");
    assert_eq!(of(&div, "K"), 1);
    assert_eq!(copies, 0);
    // The PTX compiled for 3000 refuses a K that is not a multiple of 8 (it would copy
    // misaligned rows), before any GPU is needed.
    let ptx = d.join("mm3000x3000x3000.ptx");
    let o = tilerun(&[
        ptx.to_str().unwrap(),
        "--grid",
        "1",
        "zeros:f16:4",
        "zeros:f16:4",
        "empty:f16:4",
        "3000",
        "3000",
        "3004",
        "3004",
        "1",
        "3000",
        "1",
        "3000",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("argument `K` = 3004 is not a multiple of 8"), "{}", stderr(&o));
}

/// The second compile of the same source and options comes from the compile cache;
/// `TILEC_CACHE=0` compiles every time.
#[test]
fn the_compile_cache_serves_repeats() {
    let d = scratch("cache");
    let run = |extra: &[(&str, &str)]| {
        let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_tilerun"));
        c.args(["examples/sum.tile", "--compile-only"]).current_dir(common::root());
        c.env("TILEC_CACHE_DIR", d.join("c"));
        for (k, v) in extra {
            c.env(k, v);
        }
        String::from_utf8_lossy(&c.output().expect("tilerun starts").stdout).into_owned()
    };
    assert!(!run(&[]).contains("compile cache"));
    assert!(run(&[]).contains("(from the compile cache)"));
    assert!(!run(&[("TILEC_CACHE", "0")]).contains("compile cache"));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn compile_errors_are_rendered_against_the_source() {
    let d = scratch("bad");
    let f = d.join("bad.tile");
    std::fs::write(&f, "kernel k(x: *f32) {\n    let v = load(x + arange(0, 100));\n}\n").unwrap();
    let o = tilerun(&[f.to_str().unwrap(), "--grid", "1", "zeros:f32:100"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("bad.tile:2:") && err.ends_with("tilerun: error: the kernel does not compile\n"), "{err}");
}

/// `--compile-only` with arguments checks them exactly as a launch would: a wrong type, a
/// missing `.npy`, a missing `--grid` are errors, before any GPU is needed.
#[test]
fn compile_only_binds_arguments_like_a_run() {
    let add = |extra: &[&str]| {
        let mut a = vec!["examples/add.tile", "--compile-only"];
        a.extend_from_slice(extra);
        tilerun(&a)
    };
    let good = ["zeros:f32:4096", "zeros:f32:4096", "empty:f32:4096", "4096"];
    let o = add(&[&["--grid", "4"][..], &good[..]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("arguments checked for grid [4, 1, 1]"));
    for (args, want) in [
        (
            vec!["--grid", "4", "zeros:i32:4096", "zeros:f32:4096", "empty:f32:4096", "4096"],
            "tilerun: error: argument `a` is *f32, but `zeros:i32:4096` makes i32 elements\n",
        ),
        (
            vec!["--grid", "4", "missing.npy", "zeros:f32:4096", "empty:f32:4096", "4096"],
            "tilerun: error: missing.npy: No such file or directory",
        ),
        (
            good.to_vec(),
            "tilerun: error: --grid is required: the launch's programs (with --compile-only: to check the arguments as a launch would)\n",
        ),
        (vec!["--grid", "4", "zeros:f32:4096"], "missing: `b`, `out`, `n`"),
        (
            vec!["--grid", "4", "zeros:f32:4096", "zeros:f32:4096", "empty:f32:4096", "4096", "--check", "out=nope.npy"],
            "tilerun: error: nope.npy: No such file or directory",
        ),
    ] {
        let o = add(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).starts_with(want) || stderr(&o).contains(want), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn bad_options_are_refused_by_the_one_check() {
    for (args, want) in [
        (
            vec!["examples/add.tile", "--compile-only", "--num-warps", "3"],
            "`num_warps` must be 1, 2, 4, 8, 16 or 32, found 3",
        ),
        (vec!["examples/add.tile", "--compile-only", "--arch", "sm_75"], "unknown target `sm_75`"),
        (
            vec!["examples/add.tile", "--compile-only", "-D", "NOPE=1"],
            "`-D NOPE`: no kernel has a const parameter named `NOPE`",
        ),
    ] {
        let o = tilerun(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(stderr(&o).contains(want), "{args:?}: {}", stderr(&o));
    }
    let o = tilerun(&["examples/add.tile", "--compile-only", "--arch", "sm_90a"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("for sm_90a"));
}

/// One expression syntax (`tilec::internals::int_expr`) for `--grid`, `-D`, buffer sizes and
/// `--bytes`: a grid may name the kernel's consts and integer arguments.
#[test]
fn grids_defines_and_sizes_are_expressions() {
    let add = |extra: &[&str]| {
        let mut a = vec!["examples/add.tile", "--compile-only", "-D", "TILE=1<<9"];
        a.extend_from_slice(extra);
        tilerun(&a)
    };
    let args = ["a=zeros:f32:1<<12", "b=zeros:f32:4096", "out=empty:f32:2^12", "n=4000"];
    let o = add(&[&["--grid", "cdiv(n, TILE)"][..], &args[..]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    // cdiv(4000, 512) = 8 programs: TILE is the -D value, n the argument.
    assert!(String::from_utf8_lossy(&o.stdout).contains("arguments checked for grid [8, 1, 1]"), "{o:?}");
    let o = add(&[&["--grid", "max(cdiv(n, TILE) / 2, 1), 2"][..], &args[..]].concat());
    assert!(String::from_utf8_lossy(&o.stdout).contains("arguments checked for grid [4, 2, 1]"), "{o:?}");
    for (grid, want) in [
        ("cdiv(n, BLOCK)", "--grid `cdiv(n, BLOCK)`: `BLOCK` is neither a const parameter nor an integer argument of kernel `add` (it has `TILE`, `n`)"),
        ("cdiv(n,", "--grid `cdiv(n,`: `cdiv(n,` is not an expression"),
        ("n - 4000", "--grid `n - 4000`: `n - 4000` is 0, not in 1..2^32"),
    ] {
        let o = add(&[&["--grid", grid][..], &args[..]].concat());
        assert_eq!(o.status.code(), Some(1), "{grid}: {}", stderr(&o));
        assert!(stderr(&o).contains(want), "{grid}: {}", stderr(&o));
    }
    let o = tilerun(&["examples/add.tile", "--compile-only", "-D", "TILE=1<<"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("invalid value for `-D TILE=1<<`"), "{}", stderr(&o));
}

/// `--kernel K -D NAME=V` checks and specialises K alone: another kernel of the file that
/// the define would break is not checked, and a NAME that K lacks is an error even when
/// another kernel of the file has it.
#[test]
fn defines_apply_to_the_chosen_kernel_only() {
    let d = scratch("two-kernels");
    let f = d.join("two.tile");
    let src = "kernel fill(out: *i32, const N: i32 = 64) {\n    let i = arange(0, N);\n    store(out + i, i);\n}\n\n\
               kernel scale(x: *i32, const N: i32 = 3) {\n    store(x, load(x) * N);\n}\n\n\
               kernel plain(x: *i32) {\n    store(x, 1);\n}\n";
    std::fs::write(&f, src).unwrap();
    let f = f.to_str().unwrap();
    // N = 5 is no tile size: `fill` would fail with it, but only `scale` is compiled.
    let o = tilerun(&[f, "--kernel", "scale", "-D", "N=5", "--compile-only"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // The interpreter runs `scale` with N = 5: 7 * 5.
    let saved = d.join("x.npy");
    let save = format!("x={}", saved.display());
    let o = tilerun(&[
        f,
        "--kernel",
        "scale",
        "-D",
        "N=5",
        "--interpret",
        "--grid",
        "1",
        "randint:i32:1:7:8",
        "--save",
        &save,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let bytes = std::fs::read(&saved).unwrap();
    assert_eq!(i32::from_le_bytes(bytes[bytes.len() - 4..].try_into().unwrap()), 35);
    // `fill` itself still refuses it, and takes a good one.
    let o = tilerun(&[f, "--kernel", "fill", "-D", "N=5", "--compile-only"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("tile size 5 is not a power of two"), "{}", stderr(&o));
    let o = tilerun(&[f, "--kernel", "fill", "-D", "N=32", "--compile-only"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // `plain` has no N, though `fill` and `scale` do.
    let o = tilerun(&[f, "--kernel", "plain", "-D", "N=4", "--compile-only"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("`-D N`: kernel `plain` has no const parameter named `N`"), "{}", stderr(&o));
}

/// A kernel of clusters (`#[cluster_dims(2)]`) runs only on a grid whose axis 0 is a
/// multiple of the cluster: one error line (the interpreter's here, the launch's on a GPU,
/// where CUDA would fail with CUDA_ERROR_INVALID_CLUSTER_SIZE), and a whole grid runs.
#[test]
fn cluster_kernels_need_whole_clusters() {
    let run = |grid: &str| {
        tilerun(&[
            "examples/matmul_tma.tile",
            "--kernel",
            "matmul_tma_cluster",
            "--config",
            "2",
            "--interpret",
            "--grid",
            grid,
            "a=randn:f16:8x64",
            "b=randn:f16:64x8",
            "c=empty:f16:8x8",
            "M=8",
            "N=8",
            "K=64",
        ])
    };
    let o = run("3");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains(
            "error: kernel `matmul_tma_cluster` runs in clusters of 2 programs along axis 0 (`#[cluster_dims(2)]`): \
             the grid's axis 0 (3) must be a multiple of 2"
        ),
        "{}",
        stderr(&o)
    );
    let o = run("2");
    assert!(o.status.success(), "{}", stderr(&o));
}

/// A kernel's `#[requires]` holds tilerun's launches too (the interpreter's here; the GPU's
/// take the same check): examples/scan_lookback_types.tile's scan needs a state word for
/// each tile and a grid that covers the input.
#[test]
fn kernel_requirements_are_checked_before_the_run() {
    let run = |state: &str, grid: &str| {
        tilerun(&[
            "examples/scan_lookback_types.tile",
            "--kernel",
            "scan_i32",
            "-D",
            "TILE=1024",
            "--interpret",
            "--grid",
            grid,
            "x=randint:i32:3000:-5:5",
            "y=empty:i32:3000",
            state,
            "counter=zeros:i32:1",
            "n=3000",
        ])
    };
    let o = run("state=zeros:u64:2", "cdiv(n, TILE)");
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.starts_with("tilerun: error: examples/scan_lookback_types.tile:"), "{e}");
    assert!(
        e.contains("kernel `scan_i32` requires len(state) >= cdiv(n, TILE): len(state) is 2, cdiv(n, TILE) is 3"),
        "{e}"
    );
    let o = run("state=zeros:u64:3", "2");
    assert!(stderr(&o).contains("requires num_programs(0) * TILE >= n: num_programs(0) * TILE is 2048, n is 3000"));
    let o = run("state=zeros:u64:3", "cdiv(n, TILE)");
    assert!(o.status.success(), "{}", stderr(&o));
}

/// Issue 27's bad input: a scale tensor of the wrong length for examples/matmul_fp8.tile
/// (one scale per column of B with ROWWISE = 1) is refused before the run, naming the
/// condition, instead of reading past it; per-tensor scales need one each.
#[test]
fn fp8_scales_of_the_wrong_length_are_refused() {
    let run = |rowwise: &str, sb: &str| {
        tilerun(&[
            "examples/matmul_fp8.tile",
            "--kernel",
            "matmul_fp8",
            "--config",
            "4",
            "-D",
            rowwise,
            "--interpret",
            "--grid",
            "cdiv(M, BM) * cdiv(N, BN)",
            "a=zeros:f8e4m3:64x300",
            "b=zeros:f8e4m3:96x300",
            "c=empty:f16:64x96",
            "sa=rand:f32:64",
            sb,
            "M=64",
            "N=96",
            "K=300",
            "sam=300",
            "sbn=300",
            "scm=96",
        ])
    };
    let o = run("ROWWISE=1", "sb=rand:f32:95");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains(
            "kernel `matmul_fp8` requires len(sb) >= 1 + ROWWISE * (N - 1): len(sb) is 95, 1 + ROWWISE * (N - 1) is 96"
        ),
        "{}",
        stderr(&o)
    );
    assert!(run("ROWWISE=1", "sb=rand:f32:96").status.success());
    assert!(run("ROWWISE=0", "sb=rand:f32:1").status.success());
    let o = run("ROWWISE=0", "sb=empty:f32:0");
    assert!(stderr(&o).contains("len(sb) is 0, 1 + ROWWISE * (N - 1) is 1"), "{}", stderr(&o));
}

/// examples/matmul_splitk.tile adds SPLIT partials per C tile, written by the program
/// that takes the tile's last ticket: a grid with fewer splits along axis 1 would leave C
/// unwritten, so its `#[requires]` refuses it.
#[test]
fn split_k_needs_its_splits_in_the_grid() {
    let run = |grid: &str| {
        tilerun(&[
            "examples/matmul_splitk.tile",
            "--config",
            "0",
            "--interpret",
            "--grid",
            grid,
            "a=randn:f16:16x256",
            "b=randn:f16:256x256",
            "c=empty:f16:16x256",
            "ws=zeros:f32:100000",
            "count=zeros:i32:8",
            "M=16",
            "N=256",
            "K=256",
            "sam=256",
            "sbk=256",
            "scm=256",
        ])
    };
    let o = run("cdiv(M, BM) * cdiv(N, BN),2");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("requires num_programs(1) == SPLIT: num_programs(1) is 2, SPLIT is 4"),
        "{}",
        stderr(&o)
    );
    assert!(run("cdiv(M, BM) * cdiv(N, BN),SPLIT").status.success());
}
