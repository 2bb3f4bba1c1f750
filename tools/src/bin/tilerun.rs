//! `tilerun`: run a tile kernel on the GPU with generated or .npy inputs, save and check
//! its outputs, time it. The work is in the `tile-runtime` crate; this is its command line.

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use tile_runtime::bench::BenchConfig;
use tile_runtime::grid::Grid;
use tile_runtime::interpret::InterpOptions;
use tile_runtime::plan::{self, Plan};
use tile_runtime::plan_run;
use tile_runtime::run::{self, Bytes, Options};
use tile_runtime::settings::RunSettings;
use tile_runtime::spec::{self, parse_pair};
use tile_runtime::Error;
use tilec::options::Arch;
use tilec_tools::flags::CompileFlags;

const AFTER_HELP: &str = "\
ARGS (in parameter order, or NAME=SPEC):
  1048576  -3  0x10  0.5  true     scalars (integers must fit the parameter's type)
  randn:f32:N      normal(0, 1)       rand:f32:N          uniform [0, 1)
  randint:i32:N:LO:HI  integers in [LO, HI)   arange:i32:N   0, 1, ..., N-1
  zeros:f32:N      full:f32:N:VALUE   empty:f32:N         poisoned (NaN / all ones)
  x.npy or npy:PATH                   the type may be left out (zeros:N); N may be RxC
  (bf16 and fp8 buffers take <f4 files and are saved as <f4; fp8 also takes |u1 bits)

WITHOUT A GPU (or with --interpret) the kernel runs in tilec's IR interpreter: same
arguments, --save, --check, --plan; --races, --uninit and --check-each-pass add checks.

PLANS (several launches over shared buffers, checked and timed as one):
  tilerun --plan examples/plans/scan_then_propagate.toml [--set N=1<<24] [--bench]
  [--compile-only: compile and bind every launch, no GPU]

EXAMPLES:
  tilerun add.tile --grid 1024 randn:f32:1048576 randn:f32:1048576 empty:f32:1048576 1048576
  tilerun matmul.tile --grid 'cdiv(M, BM) * cdiv(N, BN)' ... M=4096 N=4096 ...
  tilerun add.ptx --grid 977 a.npy b.npy empty:f32:1000000 n=1000000 --check out=ref.npy
  tilerun add.tile --grid 262144 randn:f32:1<<28 randn:f32:1<<28 empty:f32:1<<28 268435456 \\
      --bench --bytes auto";

#[derive(Parser, Debug)]
#[command(name = "tilerun", version, about = "Run a tile kernel on the GPU: inputs, checks, timing", after_help = AFTER_HELP)]
struct Cli {
    /// A .tile program (compiled here, specialised on the arguments) or a .ptx with the
    /// .json tilec wrote beside it.
    #[arg(required_unless_present = "plan")]
    file: Option<PathBuf>,
    /// Run a plan instead: buffers, then several kernel launches in order, checks, saves
    /// (a TOML file; see examples/plans/ and `tile_runtime::plan`).
    #[arg(long, value_name = "PLAN.toml", conflicts_with_all = ["kernel", "config", "grid", "args", "save", "check", "zero", "rotate", "emit_ptx", "flops"])]
    plan: Option<PathBuf>,
    /// With --plan: override one of its [constants] (repeatable), e.g. --set N=1<<24.
    #[arg(long = "set", value_name = "NAME=VALUE", requires = "plan")]
    set: Vec<String>,
    /// The kernel to run (optional when the file has one).
    #[arg(long)]
    kernel: Option<String>,
    /// Run #[autotune] configuration N (see `tilec --list-configs`) instead of tuning.
    #[arg(long, value_name = "N")]
    config: Option<usize>,
    /// Programs to launch: X, X,Y or X,Y,Z, each a number or an expression of the
    /// kernel's consts and integer arguments: 'cdiv(M, BM) * cdiv(N, BN)'.
    #[arg(long, value_name = "X[,Y,Z]", required_unless_present_any = ["compile_only", "plan"])]
    grid: Option<String>,
    /// The kernel's arguments (see below).
    #[arg(value_name = "ARG", allow_negative_numbers = true)]
    args: Vec<String>,

    /// .tile: target, sm_80, sm_90 or sm_90a (default: the device's: sm_90a on Hopper, sm_90 on newer GPUs, sm_80 below; sm_90 with --compile-only).
    #[arg(long)]
    arch: Option<Arch>,
    /// .tile: do not specialise on argument values (powers of two dividing them, ones).
    #[arg(long)]
    no_specialise: bool,
    /// .tile: how to compile it (the flags tilec takes too).
    #[command(flatten)]
    compile: CompileFlags,
    /// Write the PTX that runs to this file, and its metadata beside it (OUT.json).
    #[arg(long, value_name = "OUT.ptx")]
    emit_ptx: Option<PathBuf>,
    /// Only compile (with --emit-ptx: write the PTX and JSON); no GPU needed.
    #[arg(long)]
    compile_only: bool,

    /// Seed of generated buffers.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Leave `empty:` buffers zeroed instead of poisoned.
    #[arg(long)]
    no_poison: bool,
    /// Save a buffer after the run: NAME=out.npy (repeatable).
    #[arg(long, value_name = "NAME=OUT.npy")]
    save: Vec<String>,
    /// Compare a buffer after the run with a reference: NAME=ref.npy (repeatable).
    #[arg(long, value_name = "NAME=REF.npy")]
    check: Vec<String>,
    /// Relative tolerance of --check (default 1e-5 for f32, 1e-2 for f16/bf16, 0 for ints).
    #[arg(long)]
    rtol: Option<f64>,
    /// Absolute tolerance of --check (default 1e-6 for f32, 1e-3 for f16/bf16, 0 for ints).
    #[arg(long)]
    atol: Option<f64>,

    /// Time the kernel (median of ~100 ms of launches, L2 flushed before each).
    #[arg(long)]
    bench: bool,
    /// Bytes moved per launch, for GB/s: N, 12*268435456, 1<<28, or `auto` (all buffers).
    #[arg(long, value_name = "N|auto")]
    bytes: Option<String>,
    /// Floating-point operations per launch, for TFLOP/s.
    #[arg(long, value_name = "N")]
    flops: Option<String>,
    /// Set buffer NAME to zero before every launch, inside the timed region (an
    /// accumulator, a look-back state; as the Triton reference's `out.zero_()`).
    #[arg(long, value_name = "NAME")]
    zero: Vec<String>,
    /// Rotate launches over K copies of every buffer.
    #[arg(long, default_value_t = 1, value_name = "K")]
    rotate: usize,
    /// Do not flush the L2 before each timed launch.
    #[arg(long)]
    no_flush: bool,
    #[arg(long, default_value_t = 25.0, value_name = "MS")]
    warmup_ms: f64,
    #[arg(long, default_value_t = 100.0, value_name = "MS")]
    rep_ms: f64,
    /// A label for the BENCH line (the harness's name for the case).
    #[arg(long)]
    label: Option<String>,

    /// Run in the interpreter even where a GPU exists (without one, tilerun always does).
    #[arg(long)]
    interpret: bool,
    /// Interpreter: report reads and writes of global memory that another program wrote
    /// with no happens-before between them (exit 1 if any).
    #[arg(long)]
    races: bool,
    /// Interpreter: report reads of `empty:` buffer elements that nothing wrote.
    #[arg(long)]
    uninit: bool,
    /// Interpreter: run the IR after each pass (up to membar, whose barriers it checks
    /// every shared-memory access against) on the same inputs and name the first pass
    /// whose result differs from the tile level's.
    #[arg(long)]
    check_each_pass: bool,
    /// Interpreter: run the tile-level IR (before the layout passes) instead of the IR
    /// after membar, which has the GPU's barriers and shared-memory offsets.
    #[arg(long, conflicts_with = "check_each_pass")]
    tile_level: bool,

    /// CUDA device ordinal.
    #[arg(long, default_value_t = 0)]
    device: usize,
    #[arg(short, long)]
    verbose: bool,
}

fn options(cli: Cli) -> Result<Options, Error> {
    let pairs = |v: &[String], flag: &str| v.iter().map(|s| parse_pair(s, flag)).collect::<Result<Vec<_>, _>>();
    let count = |s: &str, flag: &str| spec::parse_count(s).map_err(|e| Error::msg(format!("{flag}: {e}")));
    let bytes = match cli.bytes.as_deref() {
        None => None,
        Some("auto") => Some(Bytes::Auto),
        Some(s) => Some(Bytes::Count(count(s, "--bytes")?)),
    };
    let flops = cli.flops.as_deref().map(|s| count(s, "--flops")).transpose()?;
    if (bytes.is_some() || flops.is_some() || cli.rotate != 1) && !cli.bench {
        return Err(Error::msg("--bytes, --flops and --rotate go with --bench"));
    }
    if !cli.set.is_empty() {
        return Err(Error::msg("--set overrides a plan's constants: it goes with --plan"));
    }
    if cli.rotate == 0 {
        return Err(Error::msg("--rotate must be at least 1"));
    }
    let bench = cli.bench.then(|| BenchConfig {
        warmup_ms: cli.warmup_ms,
        rep_ms: cli.rep_ms,
        flush_l2: !cli.no_flush,
        rotate: cli.rotate,
        bytes: None,
        flops,
        label: cli.label.clone(),
    });
    let settings = settings(&cli, bench)?;
    Ok(Options {
        kernel: cli.kernel,
        grid: cli.grid.as_deref().map(Grid::parse).transpose()?,
        args: cli.args.iter().map(|a| spec::parse_arg(a)).collect::<Result<_, _>>()?,
        settings,
        saves: pairs(&cli.save, "--save")?.into_iter().map(|(n, p)| (n, p.into())).collect(),
        checks: pairs(&cli.check, "--check")?.into_iter().map(|(n, p)| (n, p.into())).collect(),
        bytes,
        emit_ptx: cli.emit_ptx,
        zero: cli.zero,
        config: cli.config,
        file: cli.file.expect("clap requires FILE without --plan"),
    })
}

/// `--plan`: the plan, read and resolved, and how to run it.
fn plan_options(cli: Cli) -> Result<(Plan, RunSettings), Error> {
    let path = cli.plan.clone().expect("called with --plan");
    if cli.file.is_some() {
        return Err(Error::msg("--plan names its kernels itself: give no FILE"));
    }
    let sets = cli.set.iter().map(|s| parse_pair(s, "--set")).collect::<Result<Vec<_>, _>>()?;
    let plan = plan::load(&path, &sets)?;
    let bytes = match cli.bytes.as_deref() {
        None => None,
        Some(s) => Some(spec::parse_count(s).map_err(|e| Error::msg(format!("--bytes: {e}")))?),
    };
    let bench = (cli.bench || plan.bench).then(|| BenchConfig {
        warmup_ms: cli.warmup_ms,
        rep_ms: cli.rep_ms,
        flush_l2: !cli.no_flush,
        rotate: 1,
        bytes,
        flops: None,
        label: cli.label.clone(),
    });
    Ok((plan, settings(&cli, bench)?))
}

/// What a kernel run and a plan run take alike from the command line.
fn settings(cli: &Cli, bench: Option<BenchConfig>) -> Result<RunSettings, Error> {
    Ok(RunSettings {
        compile: cli.compile.options(cli.arch.unwrap_or_default()).map_err(Error::msg)?,
        no_specialise: cli.no_specialise,
        arch_given: cli.arch.is_some(),
        seed: cli.seed,
        poison: !cli.no_poison,
        bench,
        rtol: cli.rtol,
        atol: cli.atol,
        device: cli.device,
        verbose: cli.verbose,
        compile_only: cli.compile_only,
        interp: InterpOptions {
            force: cli.interpret,
            races: cli.races,
            uninit: cli.uninit,
            check_each_pass: cli.check_each_pass,
            tile_level: cli.tile_level,
        },
    })
}

fn main() -> ExitCode {
    // A panic anywhere (a driver symbol missing from an old libcuda, a bug) is one line
    // and exit status 1, like every other failure.
    std::panic::set_hook(Box::new(|info| {
        eprintln!("tilerun: error: internal error (a tilerun bug): {info}");
        std::process::exit(2);
    }));
    let cli: Cli = match tilec_tools::parse_args("tilerun") {
        Ok(c) => c,
        Err(code) => return code,
    };
    let outcome = if cli.plan.is_some() {
        plan_options(cli).and_then(|(p, o)| plan_run::run(&p, &o))
    } else {
        options(cli).and_then(|o| run::run(&o))
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(Error::NoDriver) => {
            eprintln!("tilerun: {}", Error::NoDriver);
            ExitCode::from(1)
        }
        Err(Error::Internal(rendered)) => {
            eprint!("{rendered}");
            if !rendered.ends_with('\n') {
                eprintln!();
            }
            eprintln!("tilerun: error: internal compiler error");
            ExitCode::from(2)
        }
        Err(Error::Compile(rendered)) => {
            eprint!("{rendered}");
            if !rendered.ends_with('\n') {
                eprintln!();
            }
            eprintln!("tilerun: error: the kernel does not compile");
            ExitCode::from(1)
        }
        Err(e @ Error::Interp { .. }) => {
            if let Error::Interp { rendered, .. } = &e {
                eprint!("{rendered}");
            }
            eprintln!("tilerun: error: {e}");
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("tilerun: error: {e}");
            ExitCode::from(1)
        }
    }
}
