//! tilec's command line: bad flags are one error line and exit status 1; `.mlir` input
//! that is not MLIR, or breaks a rule of our ops, is refused before any pass; a closed
//! pipe ends tilec quietly.

mod common;

use common::{root, stderr};
use std::process::{Command, Output, Stdio};

fn tilec(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tilec"))
        .args(args)
        .env("TILEC_CACHE", "0")
        .current_dir(root())
        .output()
        .expect("tilec starts")
}

/// A file named `name` in a fresh directory that is removed when the guard drops.
fn scratch(name: &str, text: &[u8]) -> (tempfile::TempDir, String) {
    let d = tempfile::Builder::new().prefix("tilec-cli-").tempdir().unwrap();
    let p = d.path().join(name);
    std::fs::write(&p, text).unwrap();
    let p = p.to_str().unwrap().to_string();
    (d, p)
}

#[test]
fn warp_counts_are_checked_once_for_every_source() {
    for n in ["0", "3", "64", "1024"] {
        let o = tilec(&["examples/add.tile", "--num-warps", n]);
        assert_eq!(o.status.code(), Some(1), "--num-warps {n}");
        let want = format!(
            "tilec: error: invalid value '{n}' for '--num-warps <NUM_WARPS>': `num_warps` must be 1, 2, 4, 8, 16 or 32, found {n}\n"
        );
        assert!(stderr(&o).starts_with(&want), "{}", stderr(&o));
    }
    let o = tilec(&["examples/add.tile", "--num-warps", "8"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains(".reqntid 256, 1, 1"));
}

#[test]
fn other_bad_flags_exit_1() {
    let o = tilec(&["examples/add.tile", "--arch", "sm_70"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("unknown target `sm_70` (tilec compiles for sm_80, sm_90, sm_90a)"), "{}", stderr(&o));
    let o = tilec(&["examples/add.tile", "--index-bits", "16"]);
    assert_eq!(
        (o.status.code(), stderr(&o).as_str()),
        (Some(1), "tilec: error: --index-bits must be 32 or 64, not 16\n")
    );
    let o = tilec(&["examples/add.tile", "--divisibility", "n=12"]);
    assert_eq!(stderr(&o), "tilec: error: --divisibility n=12: the divisor must be a power of two\n");
}

#[test]
fn sm_90a_is_sm_90_with_its_own_target() {
    let o = tilec(&["examples/add.tile", "--arch", "sm_90a"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let ptx = String::from_utf8_lossy(&o.stdout);
    assert!(ptx.contains(".target sm_90a"), "{ptx}");
    let plain = String::from_utf8_lossy(&tilec(&["examples/add.tile"]).stdout).into_owned();
    let body = |p: &str| {
        p.lines().filter(|l| !l.starts_with(".target") && !l.starts_with(".version")).collect::<Vec<_>>().join("\n")
    };
    assert_eq!(body(&ptx), body(&plain));
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tilec"))
        .args(["examples/add.tile", "--emit", "llvm"])
        .env("TILEC_CACHE", "0")
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tilec starts");
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert_eq!(stderr(&o), "", "a closed pipe is not an error to report");
    assert!(o.status.code().is_none_or(|c| c == 0), "{:?}", o.status);
}

#[test]
fn mlir_input_that_is_not_mlir_is_an_error() {
    let (_nul, f) = scratch("nul.mlir", b"module {\n  func.func @k() {\0\n  }\n}\n");
    let o = tilec(&[&f]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).ends_with("nul.mlir:2:19: error: a NUL byte: the input is not MLIR text\n"), "{}", stderr(&o));
    let (_garbage, f) = scratch("garbage.mlir", b"\xff\xfe garbage {{{");
    let o = tilec(&[&f]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let deep = format!("module {{ {} }}", "(".repeat(5000));
    let (_deep, f) = scratch("deep.mlir", deep.as_bytes());
    let o = tilec(&[&f]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("nesting deeper than 128 levels"), "{}", stderr(&o));
}

/// The example: IRDL checks operand counts, not shapes.
#[test]
fn mlir_input_breaking_a_rule_is_refused_before_any_pass() {
    let text = "module {
  func.func @k(%p: tensor<64x!tile.ptr<f32>>, %o: tensor<128xi32>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
    %q = \"tile.addptr\"(%p, %o) : (tensor<64x!tile.ptr<f32>>, tensor<128xi32>) -> tensor<64x!tile.ptr<f32>>
    func.return
  }
}
";
    let (_addptr, f) = scratch("addptr.mlir", text.as_bytes());
    let o = tilec(&[&f, "--passes", "coalesce"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).ends_with(
            "addptr.mlir:3:10: error: `tile.addptr`: the offset tensor<128xi32> does not match the pointer \
             tensor<64x!tile.ptr<f32>> (the input breaks a rule of the IR)\n"
        ),
        "{}",
        stderr(&o)
    );
}

/// The compile flags are one definition (`tilec_tools::flags`): both tools list them with
/// the same help, and refuse the same bad values with the same message.
#[test]
fn both_tools_share_the_compile_flags() {
    let help = |o: Output| String::from_utf8_lossy(&o.stdout).into_owned();
    let ours = help(tilec(&["--help"]));
    let runs = help(common::tilerun(&["--help"]));
    // One option's entry, whitespace collapsed (clap lays long help out differently when
    // some entry of the tool has several paragraphs).
    let entry = |h: &str, flag: &str| {
        let mut blocks: Vec<String> = Vec::new();
        for l in h.lines() {
            if l.trim_start().starts_with('-') || blocks.is_empty() {
                blocks.push(String::new());
            }
            blocks.last_mut().unwrap().push_str(&format!(" {l}"));
        }
        let b = blocks.into_iter().find(|b| b.trim_start().starts_with(flag)).unwrap_or_default();
        b.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    for flag in ["-D <NAME=VALUE>", "--num-warps", "--index-bits", "--divisibility", "--lineinfo", "--no-fp-fusion"] {
        assert!(!entry(&ours, flag).is_empty(), "tilec --help lacks {flag}");
        assert_eq!(entry(&ours, flag), entry(&runs, flag), "{flag}");
    }
    for (args, want) in [
        (vec!["--index-bits", "16"], "error: --index-bits must be 32 or 64, not 16\n"),
        (vec!["-D", "X"], "error: -D `X`: write NAME=VALUE\n"),
        (vec!["--divisibility", "n=x"], "error: --divisibility n=x: not a number\n"),
    ] {
        let mut a = vec!["examples/add.tile"];
        a.extend(&args);
        let o = tilec(&a);
        assert_eq!((o.status.code(), stderr(&o)), (Some(1), format!("tilec: {want}")), "{args:?}");
        a.push("--compile-only");
        let o = common::tilerun(&a);
        assert_eq!((o.status.code(), stderr(&o)), (Some(1), format!("tilerun: {want}")), "{args:?}");
    }
}
