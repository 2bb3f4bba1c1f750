//! The bad-program corpus: every file in test/errors/ must fail to check, and its
//! rendered diagnostics are pinned as snapshots (compiler/tests/snapshots/).
//!
//! A file may start with `// -D NAME=VALUE` lines: they are passed as defines.

use tilec::diag::render;
use tilec::sema;
use tilec::source::SourceFile;

fn defines(text: &str) -> Vec<(String, String)> {
    text.lines()
        .map_while(|l| l.strip_prefix("// -D "))
        .filter_map(|d| d.split_once('='))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect()
}

#[test]
fn bad_programs() {
    let mut passed = vec![];
    insta::glob!("../../test/errors", "*.tile", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let rel = format!("test/errors/{}", path.file_name().unwrap().to_str().unwrap());
        let file = SourceFile::new(rel.clone(), text.clone());
        let rendered = match sema::check(&file, &defines(&text)) {
            Ok(_) => {
                passed.push(rel.clone());
                "(checked without errors)\n".to_string()
            }
            Err(d) => render(&file, &d),
        };
        insta::assert_snapshot!(rendered);
    });
    assert!(passed.is_empty(), "these bad programs checked without errors: {passed:?}");
}
