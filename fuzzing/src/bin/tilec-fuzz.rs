//! `tilec-fuzz`: a seeded fuzzing run of tilec on stable Rust. Each finding is written to
//! `--out` (the input, and a `.txt` with the flags and what went wrong) and printed.
//!
//!   tilec-fuzz --minutes 10                 # every mode, seeds from 0, for 10 minutes
//!   tilec-fuzz --cases 50 --seed 7 --mode generate

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use tilec_fuzz::oracle::Oracle;
use tilec_fuzz::{campaign, Corpus, Mode};

#[derive(Parser)]
#[command(name = "tilec-fuzz", about = "Fuzz tilec: generated programs, mutated programs and IR")]
struct Cli {
    /// Stop after this many minutes.
    #[arg(long)]
    minutes: Option<f64>,
    /// Cases per mode (default: unbounded with --minutes, else 100).
    #[arg(long)]
    cases: Option<u64>,
    /// First seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// generate, mutate, mlir or all.
    #[arg(long, default_value = "all")]
    mode: String,
    /// Where findings are written.
    #[arg(long, default_value = "target/fuzz-findings")]
    out: PathBuf,
    /// The repository (its examples/ and test/ seed the corpus).
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// Seconds tilec may take on one input.
    #[arg(long, default_value_t = 20)]
    timeout: u64,
    /// Print each case (input, flags, outcome) instead of running a campaign.
    #[arg(long)]
    show: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let modes: Vec<Mode> = match cli.mode.as_str() {
        "all" => Mode::ALL.to_vec(),
        m => match Mode::ALL.iter().find(|x| x.name() == m) {
            Some(x) => vec![*x],
            None => {
                eprintln!("tilec-fuzz: error: --mode is generate, mutate, mlir or all");
                return ExitCode::from(1);
            }
        },
    };
    // Removed when main returns; findings are copied to --out first.
    let scratch_dir = tempfile::Builder::new().prefix("tilec-fuzz-").tempdir().expect("scratch directory");
    let scratch = scratch_dir.path().to_path_buf();
    std::fs::create_dir_all(&cli.out).expect("findings directory");
    let mut oracle = Oracle::find(scratch.clone());
    oracle.timeout = Duration::from_secs(cli.timeout);
    if oracle.ptxas.is_none() {
        eprintln!("tilec-fuzz: warning: no ptxas found: PTX is not checked");
    }
    let corpus = Corpus::load(&cli.root, &oracle, 12);
    if cli.show {
        for seed in cli.seed..cli.seed + cli.cases.unwrap_or(1) {
            for mode in &modes {
                if let Some((outcome, input, flags)) =
                    tilec_fuzz::run_case(&oracle, &corpus, *mode, &tilec_fuzz::case_bytes(seed, *mode))
                {
                    println!("== {} seed {seed} {flags:?}\n{input}\n-> {outcome:?}\n", mode.name());
                }
            }
        }
        return ExitCode::SUCCESS;
    }
    let deadline = cli.minutes.map(|m| Instant::now() + Duration::from_secs_f64(m * 60.0));
    let cases = cli.cases.unwrap_or(if deadline.is_some() { u64::MAX } else { 100 });
    let start = Instant::now();
    let out = cli.out.clone();
    let stats = campaign(&oracle, &corpus, &modes, cli.seed, cases, deadline, |f| {
        let ext = if f.mode == Mode::Mlir { "mlir" } else { "tile" };
        let stem = out.join(format!("{}-{}", f.mode.name(), f.seed));
        let _ = std::fs::write(stem.with_extension(ext), &f.input);
        let _ = std::fs::write(stem.with_extension("txt"), format!("flags: {}\n{}\n", f.flags.join(" "), f.why));
        println!("FINDING {} seed {}: {}", f.mode.name(), f.seed, f.why.lines().next().unwrap_or(""));
    });
    let _ = std::fs::remove_dir_all(&scratch);
    let mut found = 0;
    for (mode, s) in &stats {
        found += s.findings.len();
        println!("{}: {} compiled, {} refused, {} findings", mode.name(), s.compiled, s.refused, s.findings.len());
    }
    println!("{:.1} minutes, findings in {}", start.elapsed().as_secs_f64() / 60.0, cli.out.display());
    if found > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
