//! Every kernel of the language doc (docs/language.md, copied into examples/) and
//! every file in examples/ checks without errors.

use std::path::Path;

use tilec::internals::diag::render;
use tilec::internals::sema;
use tilec::internals::source::SourceFile;

fn repo_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
}

fn check_file(rel: &str) -> sema::tir::Program {
    let path = repo_root().join(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let file = SourceFile::new(rel, text);
    match sema::check(&file, &[]) {
        Ok(p) => p,
        Err(d) => panic!("{rel} does not check:\n{}", render(&file, &d)),
    }
}

#[test]
fn doc_examples_check() {
    for name in ["add", "transpose", "sum", "scan", "matmul"] {
        let p = check_file(&format!("examples/{name}.tile"));
        assert_eq!(p.kernels.len(), 1);
        assert_eq!(p.kernels[0].name, name);
    }
}

#[test]
fn doc_examples_match_the_doc() {
    // The examples must stay exactly as written in the language doc (the repository's own,
    // so this runs, and can fail, wherever the tests do).
    let doc_path = repo_root().join("docs/language.md");
    let doc = std::fs::read_to_string(&doc_path).unwrap_or_else(|e| panic!("{}: {e}", doc_path.display()));
    for name in ["add", "transpose", "sum", "scan", "matmul"] {
        let text = std::fs::read_to_string(repo_root().join(format!("examples/{name}.tile"))).unwrap();
        assert!(doc.contains(&text), "examples/{name}.tile differs from the doc");
    }
}

#[test]
fn every_example_file_checks() {
    let dir = repo_root().join("examples");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "tile") {
            let rel = format!("examples/{}", path.file_name().unwrap().to_str().unwrap());
            check_file(&rel);
            n += 1;
        }
    }
    assert!(n >= 5);
}

#[test]
fn matmul_attributes_and_consts() {
    let p = check_file("examples/matmul.tile");
    let k = &p.kernels[0];
    assert_eq!(k.num_warps, 8);
    assert_eq!(k.num_stages, 3);
    let names: Vec<&str> = k.consts.iter().map(|c| c.0.as_str()).collect();
    assert_eq!(names, ["BM", "BN", "BK"]);
    assert_eq!(k.params.len(), 12);
}

/// Damaged versions of the examples (a character deleted, a token duplicated, a line
/// cut short) must be rejected or accepted, never crash the checker.
#[test]
fn damaged_examples_never_panic() {
    for name in ["add", "transpose", "sum", "scan", "matmul"] {
        let text = std::fs::read_to_string(repo_root().join(format!("examples/{name}.tile"))).unwrap();
        let bytes: Vec<(usize, char)> = text.char_indices().collect();
        let step = (bytes.len() / 100).max(1);
        for (i, _) in bytes.iter().step_by(step) {
            let i = *i;
            let c_len = text[i..].chars().next().unwrap().len_utf8();
            let variants = [
                format!("{}{}", &text[..i], &text[i + c_len..]),
                format!("{}{}", &text[..i + c_len], &text[i..]),
                format!("{}\n}}", &text[..i]),
                format!("{}1{}", &text[..i], &text[i..]),
            ];
            for v in variants {
                let f = SourceFile::new("m.tile", v);
                if let Err(d) = sema::check(&f, &[]) {
                    assert!(!d.is_empty());
                    let _ = render(&f, &d);
                }
            }
        }
    }
}
