//! `tilerun --plan` without a GPU: everything a plan can get wrong is refused before the
//! device is opened, naming the plan file, the entry and the field; every plan of
//! examples/plans compiles and binds (`--compile-only`). Running them is
//! test/gpu/run_gpu_tests.sh --plans.

mod common;

use common::{root, stderr, tilerun};
use std::path::PathBuf;

/// Writes `text` as a plan in a scratch directory and returns its path.
fn plan(name: &str, text: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tilerun-plan-cli-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let p = d.join(format!("{name}.toml"));
    std::fs::write(&p, text).unwrap();
    p
}

const TWO_KERNEL: &str = r#"
[constants]
N = 1000
[buffers]
x = "rand:f32:N"
partials = "empty:f32:cdiv(N, 4096)"
out = "empty:f32:1"
[[launch]]
file = "examples/reduce_two_kernel.tile"
kernel = "partial_sums"
grid = "cdiv(N, 4096)"
args = ["x", "partials", "N"]
[[launch]]
file = "examples/reduce_two_kernel.tile"
kernel = "sum_partials"
grid = 1
args = ["partials", "out", 1]
[expect]
out = "sum(x)"
"#;

/// Runs `text` as a plan and returns the error, which must be one `tilerun: error:` line
/// (TOML syntax errors add the offending line and a caret below it).
fn refused(name: &str, text: &str, extra: &[&str]) -> String {
    let p = plan(name, text);
    let mut args = vec!["--plan", p.to_str().unwrap()];
    args.extend(extra);
    let o = tilerun(&args);
    let e = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{e}");
    let one_line = e.lines().count() == 1 || e.contains("TOML parse error");
    assert!(e.starts_with("tilerun: error: ") && one_line, "{e}");
    e.replace(p.to_str().unwrap(), "PLAN")
}

#[test]
fn every_example_plan_compiles_and_binds() {
    let dir = root().join("examples/plans");
    let mut plans: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    plans.retain(|p| p.extension().is_some_and(|e| e == "toml"));
    assert!(plans.len() >= 7, "{plans:?}");
    for p in plans {
        let o = tilerun(&["--plan", p.to_str().unwrap(), "--compile-only", "--set", "N=1<<20"]);
        assert!(o.status.success(), "{}: {}", p.display(), stderr(&o));
        assert!(String::from_utf8_lossy(&o.stdout).contains(": ready"), "{}", p.display());
    }
}

#[test]
fn a_good_plan_gets_to_the_gpu() {
    let p = plan("good", TWO_KERNEL);
    let o = tilerun(&["--plan", p.to_str().unwrap(), "--compile-only"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("launch 1: `partial_sums` for sm_90") && out.contains("launch 2: `sum_partials`"), "{out}");
    // Without --compile-only: the run itself, on the GPU or (none here) in the interpreter.
    let o = tilerun(&["--plan", p.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("check `out`: ok"));
}

#[test]
fn missing_buffers_and_constants_are_named() {
    let e = refused("missing", &TWO_KERNEL.replace(r#"["partials", "out", 1]"#, r#"["partial", "out", 1]"#), &[]);
    assert_eq!(
        e,
        "tilerun: error: PLAN: launch 2 (`sum_partials`): args[0]: `partial` is neither a buffer \
         (buffers: x, partials, out) nor a constant\n"
    );
    let e = refused("expect", &TWO_KERNEL.replace("sum(x)", "sum(y)"), &[]);
    assert_eq!(e, "tilerun: error: PLAN: expect.out: no buffer `y` (buffers: x, partials, out)\n");
    let e = refused("set", TWO_KERNEL, &["--set", "M=4"]);
    assert!(e.contains("PLAN: --set M: the plan has no constant `M` (it has: N)"), "{e}");
    let e = refused("size", &TWO_KERNEL.replace("rand:f32:N", "rand:f32:NN"), &[]);
    assert!(e.contains("PLAN: buffers.x: `rand:f32:NN`: size `NN`: unknown constant `NN`"), "{e}");
}

#[test]
fn orders_views_are_checked_before_the_gpu() {
    // A sort of `x` (f32) read as a type of another width, and an option that is not one.
    let e = refused("view", &TWO_KERNEL.replace("sum(x)", "sort(x as f64)"), &[]);
    assert_eq!(e, "tilerun: error: PLAN: expect.out: `x` holds f32 (4 bytes an element), not f64 (8 bytes)\n");
    let e = refused("option", &TWO_KERNEL.replace("sum(x)", "sort(x as i32, down)"), &[]);
    assert!(e.contains("PLAN: expect.out: `sort(x as i32, down)`: write sum(BUFFER)"), "{e}");
    assert!(e.contains("the orders also take `BUFFER as TYPE` and `, descending`"), "{e}");
}

#[test]
fn parse_errors_name_the_file() {
    let e = refused("syntax", "[buffers\nx = 1\n", &[]);
    assert!(e.starts_with("tilerun: error: PLAN: TOML parse error at line 1"), "{e}");
    let e = refused("field", &TWO_KERNEL.replace("grid = 1", "grid = 1\ngird = 2"), &[]);
    assert!(e.contains("PLAN: ") && e.contains("unknown field `gird`"), "{e}");
    let e = refused("grid", &TWO_KERNEL.replace("grid = 1", "grid = \"N - 1000\""), &[]);
    assert!(e.contains("PLAN: launch 2 (`sum_partials`): grid: 0 is not in 1..2^32"), "{e}");
    let o = tilerun(&["--plan", "examples/plans/no-such-plan.toml"]);
    assert!(stderr(&o).starts_with("tilerun: error: cannot read the plan examples/plans/no-such-plan.toml"));
}

#[test]
fn launches_are_bound_before_the_gpu() {
    // A scalar where the kernel takes a buffer, and a buffer of the wrong type: refused
    // with the launch and the parameter, whether or not there is a GPU.
    let e = refused("scalar", &TWO_KERNEL.replace(r#"["x", "partials", "N"]"#, r#"["x", 3, "N"]"#), &[]);
    assert!(e.contains("PLAN: launch 1 (`partial_sums`): argument `partials` is a pointer (*f32)"), "{e}");
    let e = refused("dtype", &TWO_KERNEL.replace("empty:f32:1", "empty:i32:1"), &[]);
    assert!(e.contains("PLAN: launch 2 (`sum_partials`): argument `out` is *f32, but `out = \"empty:i32:1\"`"), "{e}");
    let e = refused("kernel", &TWO_KERNEL.replace("\"sum_partials\"", "\"sum_partial\""), &[]);
    assert!(
        e.contains("PLAN: launch 2 (`sum_partial`): examples/reduce_two_kernel.tile has no kernel `sum_partial`"),
        "{e}"
    );
    let e = refused(
        "untyped",
        &TWO_KERNEL
            .replace("[expect]", "[save]\nz = \"z.npy\"\n[expect]")
            .replace("[buffers]", "[buffers]\nz = \"zeros:4\""),
        &[],
    );
    assert!(e.contains("PLAN: buffers.z: no launch uses it, so give its type"), "{e}");
}

/// A kernel's `#[requires]` (here examples/radix_sort.tile's, through the sort's own plan)
/// refuses buffers too short, or a grid too small, for the launch before anything runs,
/// with the condition, its line and both sides' values; the plan as written passes.
#[test]
fn buffers_too_small_for_a_kernel_are_refused_before_the_gpu() {
    let sort = std::fs::read_to_string(root().join("examples/plans/radix_sort.toml")).unwrap();
    let o = tilerun(&["--plan", "examples/plans/radix_sort.toml", "--compile-only", "--set", "N=100000"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let short = sort.replace(r#"s2 = "zeros:u32:TILES*256""#, r#"s2 = "zeros:u32:TILES*128""#);
    assert_ne!(short, sort);
    let e = refused("short", &short, &["--set", "N=100000"]);
    // Where the condition is written: radix_pass's `#[requires]`, the first after `keys_pass`.
    let src = std::fs::read_to_string(root().join("examples/radix_sort.tile")).unwrap();
    let after = src.find("fn keys_pass").unwrap();
    let at = after + src[after..].find("len(state) >= num_programs(0) * 256").unwrap();
    let line = src[..at].lines().count();
    let col = at - src[..at].rfind('\n').unwrap();
    assert_eq!(
        e,
        format!(
            "tilerun: error: PLAN: launch 4 (`radix_pass`): examples/radix_sort.tile:{line}:{col}: kernel `radix_pass` \
             requires len(state) >= num_programs(0) * 256: len(state) is 1664, num_programs(0) * 256 is 3328\n"
        )
    );
    let e = refused("keys", &sort.replace(r#"a = "empty:u32:N""#, r#"a = "empty:u32:N-1""#), &[]);
    assert!(
        e.contains("launch 2 (`radix_pass`): ")
            && e.contains("requires len(dst) >= n: len(dst) is 1000002, n is 1000003"),
        "{e}"
    );
    let e = refused("grid", &sort.replace(r#"grid = "TILES""#, r#"grid = "TILES - 1""#), &[]);
    assert!(e.contains("requires num_programs(0) * TILE >= n: num_programs(0) * TILE is 999424, n is 1000003"), "{e}");
}

#[test]
fn plan_and_single_kernel_flags_do_not_mix() {
    let o = tilerun(&["--plan", "examples/plans/reduce_atomic.toml", "--grid", "3"]);
    assert!(stderr(&o).contains("'--plan <PLAN.toml>' cannot be used with '--grid"), "{}", stderr(&o));
    let o = tilerun(&["examples/add.tile", "--grid", "1", "--set", "N=3"]);
    assert!(stderr(&o).contains("--set overrides a plan's constants"), "{}", stderr(&o));
}
