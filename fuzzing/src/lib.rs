//! Fuzzing tilec: inputs that must never crash, hang, leak MLIR text or make PTX that
//! ptxas rejects (issue 14).
//!
//! Three kinds of input, each drawn from a byte stream (`arbitrary`), so the same code
//! serves a seeded run on stable Rust (`tilec-fuzz`, CI's smoke test) and libFuzzer
//! (`fuzz/`, nightly):
//! - `Mode::Generate`: well-typed programs from `gen`, through the whole pipeline and ptxas;
//! - `Mode::Mutate`: the corpus (examples/, test/errors/, test/lowering/) mutated as text,
//!   with mutated flags, for the front end's and the options' errors;
//! - `Mode::Mlir`: the IR of corpus programs at the tile, layout and memsem stages,
//!   mutated, run through `--passes` (IR input is checked by the verifier first).
//!
//! `oracle` judges each answer.

pub mod gen;
pub mod mutate;
pub mod oracle;

use arbitrary::Unstructured;
use oracle::{Oracle, Outcome};
use std::path::Path;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Generate,
    Mutate,
    Mlir,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::Generate, Mode::Mutate, Mode::Mlir];
    pub fn name(self) -> &'static str {
        match self {
            Mode::Generate => "generate",
            Mode::Mutate => "mutate",
            Mode::Mlir => "mlir",
        }
    }
}

/// One input that broke a rule, ready to become a test.
#[derive(Clone, Debug)]
pub struct Finding {
    pub mode: Mode,
    pub seed: u64,
    /// `.tile` or `.mlir` text.
    pub input: String,
    pub flags: Vec<String>,
    pub why: String,
}

/// Counts of one campaign.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub compiled: usize,
    pub refused: usize,
    pub findings: Vec<Finding>,
}

/// The inputs mutations start from.
pub struct Corpus {
    pub tiles: Vec<String>,
    /// IR dumps, each with the passes that come after its stage.
    pub mlir: Vec<(String, &'static [&'static str])>,
}

/// The passes after each stage `tilec --emit` prints (the default pipeline runs all).
const AFTER_TILE: &[&str] = &[];
const AFTER_LAYOUT: &[&str] = &[
    "smem-transpose",
    "tile-to-memsem",
    "allocate-shared",
    "membar",
    "convert-tile-to-llvm",
    "convert-scf-to-cf",
    "convert-arith-to-llvm",
    "convert-cf-to-llvm",
    "reconcile-unrealized-casts",
    "gpu-module-to-binary",
];
const AFTER_MEMSEM: &[&str] = AFTER_LAYOUT.split_at(2).1;

impl Corpus {
    /// examples/, test/errors/ and test/lowering/ of the repository at `root`; the IR of
    /// the first `mlir_seeds` examples at three stages.
    pub fn load(root: &Path, oracle: &Oracle, mlir_seeds: usize) -> Corpus {
        let mut tiles = vec![];
        for dir in ["examples", "test/errors", "test/lowering"] {
            let Ok(entries) = std::fs::read_dir(root.join(dir)) else { continue };
            let mut paths: Vec<_> =
                entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "tile")).collect();
            paths.sort();
            tiles.extend(paths.iter().filter_map(|p| std::fs::read_to_string(p).ok()));
        }
        let mut mlir = vec![];
        for t in tiles.iter().take(mlir_seeds) {
            for (stage, after) in [("tile", AFTER_TILE), ("layout", AFTER_LAYOUT), ("memsem", AFTER_MEMSEM)] {
                if let Some(ir) = oracle.emit(t, stage) {
                    mlir.push((ir, after));
                }
            }
        }
        Corpus { tiles, mlir }
    }
}

/// Bytes for one case of a seeded run (SplitMix64: the same seed, the same case).
pub fn bytes(seed: u64, n: usize) -> Vec<u8> {
    let mut z = seed;
    (0..n.div_ceil(8))
        .flat_map(|_| {
            z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut x = z;
            x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            (x ^ (x >> 31)).to_le_bytes()
        })
        .take(n)
        .collect()
}

/// The bytes of case `seed` of `mode` in a seeded run.
pub fn case_bytes(seed: u64, mode: Mode) -> Vec<u8> {
    bytes(seed ^ ((mode as u64) << 56), 4096)
}

/// Runs one case of `mode` from `data`; `None` when the bytes run out before a case is made.
pub fn run_case(oracle: &Oracle, corpus: &Corpus, mode: Mode, data: &[u8]) -> Option<(Outcome, String, Vec<String>)> {
    let mut u = Unstructured::new(data);
    match mode {
        Mode::Generate => {
            let c = gen::case(&mut u).ok()?;
            Some((oracle.tile(&c.text, &c.flags), c.text, c.flags))
        }
        Mode::Mutate => {
            let seed = u.choose(&corpus.tiles).ok()?;
            let text = mutate::text(&mut u, seed).ok()?;
            let flags = if u.ratio(1, 3).ok()? { mutate::flags(&mut u, &mutate::names(&text)).ok()? } else { vec![] };
            Some((oracle.tile(&text, &flags), text, flags))
        }
        Mode::Mlir => {
            let (seed, after) = u.choose(&corpus.mlir).ok()?;
            let text = mutate::text(&mut u, seed).ok()?;
            let passes: Vec<&str> =
                if u.ratio(1, 4).ok()? { vec![*u.choose(AFTER_LAYOUT).ok()?] } else { after.to_vec() };
            let flags = vec!["--passes".to_string(), passes.join(",")];
            Some((oracle.mlir(&text, &passes), text, flags))
        }
    }
}

/// Runs `cases` cases of each mode in `modes`, seeds `first..`, until `deadline`.
pub fn campaign(
    oracle: &Oracle,
    corpus: &Corpus,
    modes: &[Mode],
    first: u64,
    cases: u64,
    deadline: Option<std::time::Instant>,
    mut progress: impl FnMut(&Finding),
) -> Vec<(Mode, Stats)> {
    let mut out: Vec<(Mode, Stats)> = modes.iter().map(|m| (*m, Stats::default())).collect();
    for i in 0..cases {
        if deadline.is_some_and(|d| std::time::Instant::now() > d) {
            break;
        }
        for (mode, stats) in out.iter_mut() {
            let seed = first + i;
            let Some((outcome, input, flags)) = run_case(oracle, corpus, *mode, &case_bytes(seed, *mode)) else {
                continue;
            };
            match outcome {
                Outcome::Compiled => stats.compiled += 1,
                Outcome::Refused => stats.refused += 1,
                Outcome::Finding(why) => {
                    let f = Finding { mode: *mode, seed, input, flags, why };
                    progress(&f);
                    stats.findings.push(f);
                }
            }
        }
    }
    out
}
