//! CI's short fuzzing run, fixed seeds, stable Rust: generated programs through the whole
//! pipeline and ptxas, mutated programs and flags, mutated IR into the passes. A finding
//! fails the test with its input (scripts/fuzz.sh runs the same for as long as asked).

mod common;

use std::path::PathBuf;
use std::time::Duration;
use tilec_fuzz::oracle::{find_ptxas, Oracle};
use tilec_fuzz::{campaign, Corpus, Mode};

#[test]
fn fixed_seeds_find_nothing() {
    let scratch = tempfile::Builder::new().prefix("tilec-fuzz-smoke-").tempdir().unwrap();
    let dir = scratch.path().to_path_buf();
    let oracle = Oracle {
        tilec: PathBuf::from(env!("CARGO_BIN_EXE_tilec")),
        ptxas: find_ptxas(),
        timeout: Duration::from_secs(60),
        dir: dir.clone(),
    };
    let corpus = Corpus::load(&common::root(), &oracle, 6);
    assert!(corpus.tiles.len() > 100 && corpus.mlir.len() >= 12, "the corpus is the repository's");
    let mut report = String::new();
    for (mode, cases) in [(Mode::Generate, 16), (Mode::Mutate, 80), (Mode::Mlir, 30)] {
        for (_, stats) in campaign(&oracle, &corpus, &[mode], 0, cases, None, |_| {}) {
            // Most generated programs must compile, or they test only the front end.
            if mode == Mode::Generate {
                assert!(
                    stats.compiled * 4 >= cases as usize * 3,
                    "only {} of {cases} generated programs compiled",
                    stats.compiled
                );
            }
            for f in stats.findings {
                report.push_str(&format!(
                    "{} seed {} {:?}: {}\n{}\n\n",
                    f.mode.name(),
                    f.seed,
                    f.flags,
                    f.why,
                    f.input
                ));
            }
        }
    }
    assert!(report.is_empty(), "findings:\n{report}");
}
