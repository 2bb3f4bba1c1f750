//! Sema unit tests: broadcasting, promotion, weak literals, inlining, const folding,
//! `-D` overrides, and the shape of the TIR the examples produce.

use super::tir::*;
use super::types::{Elem, Scalar, Ty};
use super::*;
use crate::diag::render;

fn check_src(src: &str, defines: &[(&str, &str)]) -> Result<Program, String> {
    let f = SourceFile::new("t.tile", src);
    let d: Vec<(String, String)> = defines.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    check(&f, &d).map_err(|e| render(&f, &e))
}

fn ok(src: &str) -> Kernel {
    check_src(src, &[]).unwrap_or_else(|e| panic!("{e}")).kernels.remove(0)
}

fn err(src: &str) -> String {
    check_src(src, &[]).expect_err("expected an error")
}

/// The value of the last `let` in the kernel body.
fn last_let(k: &Kernel) -> &Expr {
    k.body
        .iter()
        .rev()
        .find_map(|s| match s {
            Stmt::Let { value, .. } => Some(value),
            _ => None,
        })
        .expect("a let")
}

#[test]
fn dump_scan() {
    let src = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/scan.tile")).unwrap();
    let p = check_src(&src, &[]).unwrap();
    eprintln!("{}", dump::kernel(&p.kernels[0]));
}

#[test]
fn dump_matmul() {
    let src = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/matmul.tile")).unwrap();
    let p = check_src(&src, &[]).unwrap();
    eprintln!("{}", dump::kernel(&p.kernels[0]));
    let src = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/transpose.tile")).unwrap();
    let p = check_src(&src, &[]).unwrap();
    eprintln!("{}", dump::kernel(&p.kernels[0]));
}
