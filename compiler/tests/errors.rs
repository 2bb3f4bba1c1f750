//! The bad-program corpus: every file in test/errors/ must fail to compile, and its
//! rendered diagnostics are pinned as snapshots (compiler/tests/snapshots/).
//!
//! A file may start with comment lines giving options, as tilec's flags spell them:
//! `// -D NAME=VALUE`, `// --assume NAME=1`, `// --divisibility NAME=K`,
//! `// --num-warps N`, `// --arch sm_80`, `// --kernel NAME`. The whole compile runs
//! (front end, limits, passes), so an error found late is pinned like one found early.

use tilec::internals::driver::compile;
use tilec::internals::source::SourceFile;
use tilec::CompileOptions;

fn options(text: &str) -> CompileOptions {
    let mut o = CompileOptions { index_bits: 32, ..Default::default() };
    for line in text.lines().map_while(|l| l.strip_prefix("// -")) {
        let (flag, value) = line.split_once([' ', '=']).map_or((line, ""), |(f, v)| (f, v.trim()));
        let pair = || value.split_once('=').map(|(k, v)| (k.trim().to_string(), v.trim().to_string())).unwrap();
        match flag {
            "D" => o.defines.push(pair()),
            "-assume" => o.equal_to_one.push(pair().0),
            "-divisibility" => o.divisibility.push((pair().0, pair().1.parse().unwrap())),
            "-num-warps" => o.num_warps = Some(value.parse().unwrap()),
            "-arch" => o.arch = value.parse().unwrap(),
            "-kernel" => o.kernel = Some(value.to_string()),
            _ => break,
        }
    }
    o
}

#[test]
fn bad_programs() {
    let mut passed = vec![];
    insta::glob!("../../test/errors", "*.tile", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let rel = format!("test/errors/{}", path.file_name().unwrap().to_str().unwrap());
        let file = SourceFile::new(rel.clone(), text.clone());
        let rendered = match compile(&file, &options(&text)) {
            Ok(_) => {
                passed.push(rel.clone());
                "(compiled without errors)\n".to_string()
            }
            Err(e) => {
                assert!(!e.is_internal(), "{rel}: an internal error:\n{}", e.render());
                e.render()
            }
        };
        insta::assert_snapshot!(rendered);
    });
    assert!(passed.is_empty(), "these bad programs compiled without errors: {passed:?}");
}
