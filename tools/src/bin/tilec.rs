//! `tilec`: compile tile programs to PTX, or run chosen passes over MLIR at any stage.

use clap::{Parser, ValueEnum};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tilec::internals::driver;
use tilec::internals::pipeline::registry::{self as passes, REGISTRY};
use tilec::internals::pipeline::{self, DiagnosticSink, PrintIr};
use tilec::internals::source::SourceFile;
use tilec::options::Arch;
use tilec::CompileOptions;
use tilec_tools::flags::CompileFlags;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Emit {
    /// The tile dialect, straight from the front end.
    Tile,
    /// After `layout-propagate`: every tile has its layout.
    Layout,
    /// After `tile-to-memsem`: memory semantics explicit.
    Memsem,
    /// LLVM + NVVM dialects, ready for the NVPTX back end.
    Llvm,
    /// PTX text.
    Ptx,
}

#[derive(Parser, Debug)]
#[command(name = "tilec", version, about = "Compile tile programs to PTX through MLIR")]
struct Cli {
    /// A .tile program, or .mlir at any stage of the pipeline.
    file: Option<PathBuf>,
    /// Write PTX here, and the launch metadata beside it (OUT.json).
    #[arg(short = 'o')]
    output: Option<PathBuf>,
    /// Compile only this kernel.
    #[arg(long)]
    kernel: Option<String>,
    /// Target: sm_80, sm_90 or sm_90a.
    #[arg(long, default_value = "sm_90")]
    arch: Arch,
    #[command(flatten)]
    compile: CompileFlags,
    /// Specialise on an integer argument equal to 1 (a unit stride): --assume sxc=1.
    #[arg(long, value_name = "NAME=1")]
    assume: Vec<String>,
    /// Print, for each load and store, the encoding, bytes a thread moves per access,
    /// 128-byte transactions per warp, and any conversion through shared memory; each dot
    /// and pipelined loop; each argument whose larger divisor would fold bounds checks.
    #[arg(long)]
    explain_layouts: bool,
    /// Print the IR at this level to stdout instead of writing PTX.
    #[arg(long, value_enum)]
    emit: Option<Emit>,
    #[arg(long)]
    print_ir_after_all: bool,
    #[arg(long)]
    print_ir_before_all: bool,
    #[arg(long, value_name = "PASS")]
    print_ir_after: Vec<String>,
    #[arg(long, value_name = "PASS")]
    print_ir_before: Vec<String>,
    /// Run these passes (comma separated) over a .mlir input.
    #[arg(long, value_delimiter = ',')]
    passes: Vec<String>,
    /// List the passes and exit.
    #[arg(long)]
    list_passes: bool,
    /// List each kernel's #[autotune] configurations, numbered for --config, and exit.
    #[arg(long)]
    list_configs: bool,
    /// Compile #[autotune] configuration N (see --list-configs) of the autotuned kernel.
    #[arg(long, value_name = "N")]
    config: Option<usize>,
    /// Run the kernel in the interpreter on ARGS (tilerun's argument specs) at the tile
    /// level (a .mlir: as given) and after each pass (a .mlir: those of --passes), and
    /// name the first pass whose result differs. Needs --grid.
    #[arg(long, requires = "grid")]
    check_each_pass: bool,
    /// With --check-each-pass: programs to launch, X[,Y,Z].
    #[arg(long, value_name = "X[,Y,Z]")]
    grid: Option<String>,
    /// With --check-each-pass: the kernel's arguments, as tilerun takes them.
    #[arg(value_name = "ARG", allow_negative_numbers = true, requires = "check_each_pass")]
    args: Vec<String>,
    /// Log what the compiler does (tracing), to stderr.
    #[arg(short, long)]
    verbose: bool,
}

/// Why tilec stops: a message already formatted for stderr, and the exit status (1: the
/// input or the flags are wrong; 2: a bug of tilec's, an internal error).
struct Failure {
    msg: String,
    code: u8,
}

impl From<String> for Failure {
    fn from(msg: String) -> Failure {
        Failure { msg, code: 1 }
    }
}

impl From<&str> for Failure {
    fn from(msg: &str) -> Failure {
        Failure { msg: msg.to_string(), code: 1 }
    }
}

impl From<tilec::Diagnostics> for Failure {
    fn from(e: tilec::Diagnostics) -> Failure {
        Failure { msg: e.render(), code: if e.is_internal() { 2 } else { 1 } }
    }
}

fn main() -> ExitCode {
    // `tilec translate kernel.py --kernel NAME --signature ...`: a `@triton.jit` kernel as
    // tile-language text, by the Python package's translator (`tilec.triton`: it reads the
    // kernel with Python's own parser, as `tilec.triton.jit` does at launch).
    if std::env::args().nth(1).as_deref() == Some("translate") {
        return translate(std::env::args_os().skip(2).collect());
    }
    let cli: Cli = match tilec_tools::parse_args("tilec") {
        Ok(c) => c,
        Err(code) => return code,
    };
    if cli.verbose {
        tracing_subscriber::fmt().with_writer(std::io::stderr).with_env_filter("debug").init();
    }
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure { msg, code }) => {
            eprint!("{msg}");
            if !msg.ends_with('\n') {
                eprintln!();
            }
            ExitCode::from(code)
        }
    }
}

fn pair(s: &str, what: &str) -> Result<(String, String), String> {
    s.split_once('=')
        .map(|(a, b)| (a.trim().to_string(), b.trim().to_string()))
        .ok_or_else(|| format!("tilec: error: {what} `{s}` is not NAME=VALUE"))
}

fn run(cli: Cli) -> Result<(), Failure> {
    if cli.list_passes {
        for p in REGISTRY {
            let opts = if p.options.is_empty() { String::new() } else { format!("  [options: {}]", p.options) };
            println!("{:<38} {}{}", p.name, p.summary, opts);
        }
        return Ok(());
    }
    let path = cli.file.clone().ok_or("tilec: error: no input file (try --help)")?;
    let text =
        std::fs::read_to_string(&path).map_err(|e| format!("tilec: error: cannot read {}: {e}", path.display()))?;
    let file = SourceFile::new(path.to_string_lossy(), text);
    let equal_to_one = cli
        .assume
        .iter()
        .map(|a| {
            let (n, v) = pair(a, "--assume")?;
            if v != "1" {
                return Err(format!("tilec: error: --assume {n}={v}: only `=1` (a unit stride) can be assumed"));
            }
            Ok(n)
        })
        .collect::<Result<Vec<_>, String>>()?;
    let mut opts = CompileOptions {
        kernel: cli.kernel.clone(),
        equal_to_one,
        ..cli.compile.options(cli.arch).map_err(|m| format!("tilec: error: {m}"))?
    };
    if (cli.list_configs || cli.config.is_some()) && path.extension().is_some_and(|e| e == "mlir") {
        return Err("tilec: error: --list-configs and --config read a .tile file's #[autotune] attributes".into());
    }
    if cli.list_configs || cli.config.is_some() {
        let tunings = tilec::internals::autotune::tunings(&file, &opts)?;
        if cli.list_configs {
            if tunings.is_empty() {
                println!("no kernel here has #[autotune] configurations");
            }
            tunings.iter().for_each(|t| print!("{}", t.listing()));
            return Ok(());
        }
        let n = cli.config.unwrap();
        let t = match tunings.as_slice() {
            [t] => t,
            [] => {
                return Err(format!("tilec: error: --config {n}: no kernel here has #[autotune] configurations").into())
            }
            _ => {
                return Err(format!(
                    "tilec: error: --config {n}: several kernels are autotuned: pick one with --kernel"
                )
                .into())
            }
        };
        let c = t.config(n).and_then(|c| c.apply(&opts)).map_err(|m| format!("tilec: error: {m}"))?;
        opts = CompileOptions { kernel: Some(t.kernel.clone()), ..c };
    }
    if cli.check_each_pass {
        return check_each_pass(&cli, &path, &file, &opts).map_err(Failure::from);
    }
    for p in cli.print_ir_after.iter().chain(&cli.print_ir_before) {
        if passes::lookup(p).is_none() {
            return Err(format!("tilec: error: unknown pass `{p}` (see --list-passes)").into());
        }
    }
    let mut print = PrintIr {
        before_all: cli.print_ir_before_all,
        after_all: cli.print_ir_after_all,
        before: cli.print_ir_before.clone(),
        after: cli.print_ir_after.clone(),
    };
    if path.extension().is_some_and(|e| e == "mlir") {
        return run_mlir(&file, &cli, &opts, &print);
    }
    if cli.explain_layouts {
        print!("{}", driver::explain(&file, &opts)?);
        return Ok(());
    }
    if cli.emit == Some(Emit::Tile) {
        let (_, ir) = driver::tile_ir(&file, &opts)?;
        return print_mlir(&ir);
    }
    let stage = match cli.emit {
        Some(Emit::Layout) => Some("layout-propagate"),
        Some(Emit::Memsem) => Some("tile-to-memsem"),
        Some(Emit::Llvm) => Some("reconcile-unrealized-casts"),
        _ => None,
    };
    if let Some(s) = stage {
        print = PrintIr { after: vec![s.into()], ..Default::default() };
    }
    let mut stdout = std::io::stdout();
    let compiled = if stage.is_none() && !any_printing(&print) {
        tilec::internals::cache::compile(&file, &opts)?.compiled
    } else {
        driver::compile_with(&file, &opts, &print, &mut stdout)?
    };
    if stage.is_some() {
        return Ok(());
    }
    match &cli.output {
        None if cli.emit == Some(Emit::Ptx) || !any_printing(&print) => print!("{}", compiled.ptx),
        None => {}
        Some(out) => write_outputs(out, &compiled)?,
    }
    Ok(())
}

fn any_printing(p: &PrintIr) -> bool {
    p.after_all || p.before_all || !p.after.is_empty() || !p.before.is_empty()
}

fn write_outputs(out: &Path, compiled: &driver::Compiled) -> Result<(), Failure> {
    std::fs::write(out, &compiled.ptx).map_err(|e| format!("tilec: error: cannot write {}: {e}", out.display()))?;
    let json = out.with_extension("json");
    let meta = serde_json::to_string_pretty(&compiled.meta).expect("metadata serialises");
    std::fs::write(&json, meta + "\n").map_err(|e| format!("tilec: error: cannot write {}: {e}", json.display()).into())
}

/// Prints MLIR text re-parsed, so it shows in MLIR's own (pretty) form.
fn print_mlir(text: &str) -> Result<(), Failure> {
    let context = tile_dialects::context::create_context();
    let sink = DiagnosticSink::attach(&context);
    let m = driver::parse_verified(&context, text, &sink).map_err(|d| format!("tilec: error: {d:?}"))?;
    println!("{}", m.as_operation());
    Ok(())
}

/// mlir-opt mode: parse `.mlir`, run `--passes` (default: the whole pipeline), print.
fn run_mlir(file: &SourceFile, cli: &Cli, opts: &CompileOptions, print: &PrintIr) -> Result<(), Failure> {
    let context = tile_dialects::context::create_context();
    let sink = DiagnosticSink::attach(&context);
    let mut module = driver::parse_mlir(&context, file, &sink, opts)?;
    let list: Vec<_> = if cli.passes.is_empty() {
        pipeline::default_passes(opts)
    } else {
        cli.passes
            .iter()
            .map(|n| passes::lookup(n).ok_or_else(|| format!("tilec: error: unknown pass `{n}` (see --list-passes)")))
            .collect::<Result<_, _>>()?
    };
    let mut stdout = std::io::stdout();
    pipeline::run(&mut module, &list, opts, print, &sink, &mut stdout).map_err(|e| {
        let items: Vec<_> =
            e.diagnostics.into_iter().map(|(l, m)| (l, format!("{m} (in pass `{}`)", e.pass))).collect();
        Failure::from(driver::mlir_diagnostics(file, &items, e.internal))
    })?;
    if let Some(ptx) = pipeline::ptx::extract(&module) {
        match &cli.output {
            Some(out) => {
                std::fs::write(out, ptx).map_err(|e| format!("tilec: error: cannot write {}: {e}", out.display()))?
            }
            None => print!("{ptx}"),
        }
    } else if !any_printing(print) {
        println!("{}", module.as_operation());
    }
    Ok(())
}

/// `--check-each-pass`: the interpreter run of tile-runtime, the same as tilerun's.
fn check_each_pass(cli: &Cli, path: &Path, file: &SourceFile, opts: &CompileOptions) -> Result<(), String> {
    use tile_runtime::{run, spec, Error};
    let err = |e: Error| match e {
        Error::Compile(r) | Error::Internal(r) => r,
        Error::Interp { rendered, who } => format!("{rendered}tilec: error: {who} failed in the interpreter"),
        e => format!("tilec: error: {e}"),
    };
    let grid = tile_runtime::grid::Grid::parse(cli.grid.as_deref().unwrap_or("1")).map_err(err)?;
    let args = cli.args.iter().map(|a| spec::parse_arg(a)).collect::<Result<Vec<_>, _>>().map_err(err)?;
    if path.extension().is_some_and(|e| e == "mlir") {
        let list = cli
            .passes
            .iter()
            .map(|n| passes::lookup(n).ok_or_else(|| format!("tilec: error: unknown pass `{n}` (see --list-passes)")))
            .collect::<Result<Vec<_>, _>>()?;
        let grid = grid.numbers().map_err(err)?;
        return tile_runtime::interpret::check_mlir_passes(file, &list, cli.kernel.as_deref(), grid, &args)
            .map_err(err);
    }
    let compile = CompileOptions { lineinfo: false, ..opts.clone() };
    let o = run::Options::interpreted(path.to_path_buf(), cli.kernel.clone(), grid, args, compile);
    run::run(&o).map_err(err)
}

/// Runs `python3 -m tilec.triton ARGS` (its output and errors are the command's).
fn translate(args: Vec<std::ffi::OsString>) -> ExitCode {
    match std::process::Command::new("python3").args(["-m", "tilec.triton"]).args(args).status() {
        Ok(s) if s.success() => ExitCode::SUCCESS,
        Ok(s) => ExitCode::from(s.code().map_or(1, |c| c.clamp(1, 255) as u8)),
        Err(e) => {
            eprintln!(
                "error: `tilec translate` runs `python3 -m tilec.triton` (the tilec Python package), \
                 and python3 could not start: {e}"
            );
            ExitCode::from(1)
        }
    }
}
