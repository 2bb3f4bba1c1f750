//! One call from source text to PTX and metadata: what `tilec` and `tilerun` use.
//!
//! 1. Check the source (`sema::check`) and generate the tile dialect (`tilegen`).
//! 2. Parse it into MLIR (our IRDL dialects verify it) and run the pass pipeline.
//! 3. Read the PTX out of the `gpu.binary`, and describe each kernel for launchers.
//! Every failure is rendered against the .tile source.

use crate::diag::Diagnostic;
use crate::diagnostics::{self, Diagnostics, Severity};
use crate::metadata::{ConstMeta, KernelMeta, ModuleMeta, ParamMeta};
use crate::options::CompileOptions;
use crate::pipeline::{self, DiagnosticSink, PrintIr};
use crate::sema::tir::{ConstVal, Program};
use crate::source::{SourceFile, Span};
use crate::{sema, tilegen};
use melior::ir::operation::OperationLike;
use melior::ir::Module;
use tile_dialects::attrname;

/// The result of a successful compile: the PTX of every compiled kernel, and what a
/// launcher needs to know of each (`OUT.json`).
#[derive(Clone, Debug)]
pub struct Compiled {
    pub ptx: String,
    pub meta: ModuleMeta,
}

impl Compiled {
    /// The metadata of the kernel `name`.
    pub fn kernel(&self, name: &str) -> Option<&KernelMeta> {
        self.meta.kernels.iter().find(|k| k.name == name)
    }
}

/// Checks `file` and generates the tile dialect, as MLIR text.
pub fn tile_ir(file: &SourceFile, opts: &CompileOptions) -> Result<(Program, String), Diagnostics> {
    opts.check().map_err(|m| Diagnostics::about_file(file, m, false))?;
    let (program, module) = on_big_stack(|| caught(file, || front_end(file, opts)))?;
    tile_dialects::verify::module(&module).map_err(|v| {
        let msg = format!("tilegen broke a rule of the IR: {}", v.message);
        mlir_error(file, "tilegen", vec![(v.loc, msg)], true)
    })?;
    Ok((program, module.to_mlir()))
}

/// Parses and checks `file` (the front end alone, no MLIR): the typed program, or its
/// errors rendered against the source.
pub fn check(file: &SourceFile, defines: &[(String, String)]) -> Result<Program, Diagnostics> {
    check_kernel(file, defines, None)
}

/// `check` of the kernel `kernel` alone (when the file has it; `sema::check_kernel`).
pub fn check_kernel(
    file: &SourceFile,
    defines: &[(String, String)],
    kernel: Option<&str>,
) -> Result<Program, Diagnostics> {
    on_big_stack(|| caught(file, || sema::memo::check_kernel(file, defines, kernel).map_err(|d| render(file, &d))))
}

/// `f`, with a panic reported as an internal error of the front end.
fn caught<T>(file: &SourceFile, f: impl FnOnce() -> Result<T, Diagnostics>) -> Result<T, Diagnostics> {
    crate::internal::catch(f).unwrap_or_else(|p| {
        let d =
            Diagnostic::error(format!("internal error: the front end panicked: {}", p.message), Span::default(), "")
                .note(crate::internal::REPORT);
        Err(Diagnostics::from_front_end(file, &[d], true))
    })
}

/// Stack for the front end: its recursion follows the program's nesting, which
/// `limits` bounds, but a debug build's frames need more than a thread's default 8 MB for
/// the deepest programs allowed. Only the pages used are ever committed.
const FRONT_END_STACK: usize = 512 << 20;

/// Runs `f` on a thread with [`FRONT_END_STACK`] (on this one if no thread can be made).
fn on_big_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    let cell = std::sync::Mutex::new(Some(f));
    let run = || (cell.lock().expect("front end").take().expect("run once"))();
    std::thread::scope(|s| match std::thread::Builder::new().stack_size(FRONT_END_STACK).spawn_scoped(s, run) {
        Ok(h) => h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)),
        Err(_) => run(),
    })
}

/// Source text to the tile dialect's mirror IR: sema, the options' names, the limits,
/// tilegen.
fn front_end(file: &SourceFile, opts: &CompileOptions) -> Result<(Program, tile_dialects::ir::Module), Diagnostics> {
    let program =
        sema::memo::check_kernel(file, &opts.defines, opts.kernel.as_deref()).map_err(|d| render(file, &d))?;
    if program.kernels.is_empty() {
        let d = Diagnostic::error("this file has no kernel", Span::default(), "no `kernel` in this file")
            .help("a kernel is written `kernel name(x: *f32, n: i32) { ... }`; `fn` helpers are inlined into kernels");
        return Err(render(file, &[d]));
    }
    sema::kernel_options::check_names(&program, opts, Span::default()).map_err(|d| render(file, &d))?;
    // `static_print`: once per compile, for the kernels it compiles (as Triton prints
    // once per specialisation).
    for k in program.kernels.iter().filter(|k| opts.kernel.as_ref().is_none_or(|n| *n == k.name)) {
        for line in &k.static_prints {
            eprintln!("{line}");
        }
    }
    crate::sema::program_limits::check(&program, opts).map_err(|d| render(file, &d))?;
    let module = tilegen::generate(&program, file, opts).map_err(|errs| {
        let d: Vec<Diagnostic> = errs.into_iter().map(|e| Diagnostic::error(e.message, e.span, "")).collect();
        render(file, &d)
    })?;
    Ok((program, module))
}

/// Compiles every kernel of `file` (or the one `opts.kernel` names) to PTX.
pub fn compile(file: &SourceFile, opts: &CompileOptions) -> Result<Compiled, Diagnostics> {
    compile_with(file, opts, &PrintIr::default(), &mut std::io::sink())
}

/// `compile`, printing IR as `print` asks into `out`.
pub fn compile_with(
    file: &SourceFile,
    opts: &CompileOptions,
    print: &PrintIr,
    out: &mut dyn std::io::Write,
) -> Result<Compiled, Diagnostics> {
    let (program, text) = tile_ir(file, opts)?;
    let context = tile_dialects::context::create_context();
    let sink = DiagnosticSink::attach(&context);
    let mut module = parse_verified(&context, &text, &sink).map_err(|d| mlir_error(file, "tilegen", d, true))?;
    let passes = pipeline::default_passes(opts);
    // Shared memory is dynamic: its size is read from the kernels once they are lowered,
    // before the back end turns them into PTX text.
    let lowered = passes.iter().position(|p| p.name == "convert-tile-to-llvm").map_or(passes.len(), |i| i + 1);
    let (to_llvm, back_end) = passes.split_at(lowered);
    pipeline::run(&mut module, to_llvm, opts, print, &sink, out)
        .map_err(|e| mlir_error(file, &e.pass, e.diagnostics, e.internal))?;
    let lowered = lowered_facts(&module);
    pipeline::run(&mut module, back_end, opts, print, &sink, out)
        .map_err(|e| mlir_error(file, &e.pass, e.diagnostics, e.internal))?;
    let ptx = pipeline::ptx::extract(&module)
        .ok_or_else(|| Diagnostics::about_file(file, "internal error: the NVPTX back end produced no PTX", true))?;
    let meta = metadata(&program, opts, &lowered);
    Ok(Compiled { ptx, meta })
}

/// `--explain-layouts`: compiles through `software-pipeline` and reports each access,
/// conversion, dot and pipelined loop (`explain::report`).
pub fn explain(file: &SourceFile, opts: &CompileOptions) -> Result<String, Diagnostics> {
    let (program, text) = tile_ir(file, opts)?;
    let context = tile_dialects::context::create_context();
    let sink = DiagnosticSink::attach(&context);
    let mut module = parse_verified(&context, &text, &sink).map_err(|d| mlir_error(file, "tilegen", d, true))?;
    let all = pipeline::default_passes(opts);
    let upto = all.iter().position(|p| p.name == "software-pipeline").map_or(all.len(), |i| i + 1);
    pipeline::run(&mut module, &all[..upto], opts, &PrintIr::default(), &sink, &mut std::io::sink())
        .map_err(|e| mlir_error(file, &e.pass, e.diagnostics, e.internal))?;
    let mirror = tile_dialects::ir::import_module(module.as_operation());
    let params = |kernel: &str, i: usize| {
        let k = program.kernels.iter().find(|k| k.name == kernel);
        k.and_then(|k| k.params.get(i)).map_or_else(|| format!("argument {i}"), |p| p.name.clone())
    };
    Ok(crate::explain::report(&mirror, opts, &params))
}

/// `.mlir` input (tilec's mlir-opt mode): refused if it is not text or nests too deeply
/// for MLIR's recursive parser, then parsed and verified by MLIR and by our own rules
/// (`verify`), before any pass sees it. Errors point at the input's lines.
pub fn parse_mlir<'c>(
    context: &'c melior::Context,
    file: &SourceFile,
    sink: &DiagnosticSink,
    opts: &CompileOptions,
) -> Result<Module<'c>, Diagnostics> {
    let at = |offset: usize, msg: &str| {
        let d = diagnostics::Diagnostic::at(Severity::Error, Some(&file.name), Some(file.line_col(offset as u32)), msg);
        Diagnostics::new(vec![d], None, false)
    };
    if let Some(i) = file.text.find('\0') {
        return Err(at(i, "a NUL byte: the input is not MLIR text"));
    }
    if let Some(i) = crate::limits::too_deep(&file.text, true) {
        return Err(at(i, &format!("nesting deeper than {} levels", crate::limits::MAX_NESTING)));
    }
    let module = parse_verified(context, &file.text, sink).map_err(|mut d| {
        // MLIR fails without a word on an op of ours written in custom syntax (IRDL ops
        // have only the generic form): find it, or at least point at the file.
        if d.iter().all(|(loc, _)| loc.is_empty()) {
            d = match custom_syntax_op(&file.text) {
                Some((at, op)) => {
                    let (l, c) = file.line_col(at as u32);
                    let msg = format!("`{op}` has no custom syntax: write it in generic form, `\"{op}\"(...)`");
                    vec![(format!("loc({:?}:{l}:{c})", file.name), msg)]
                }
                None => vec![(format!("loc({:?}:1:1)", file.name), "the IR does not parse or verify".into())],
            };
        }
        mlir_diagnostics(file, &d, false)
    })?;
    if let Some(n) = opts.num_warps {
        write_num_warps(context, &module, n.get());
    }
    let checked = crate::internal::catch(|| {
        tile_dialects::verify::module(&tile_dialects::ir::import_module(module.as_operation()))
    })
    .map_err(|p| {
        let msg = format!("internal error: checking the IR panicked: {}", p.message);
        let mut d = Diagnostics::about_file(file, msg, true);
        d.push(report_note());
        d
    })?;
    checked.map_err(|v| {
        let msg = format!("{} (the input breaks a rule of the IR)", v.message);
        mlir_diagnostics(file, &[(v.loc, msg)], false)
    })?;
    Ok(module)
}

/// `--num-warps` over a `.mlir` input: written into every function's `tile.num_warps`, as
/// tilegen writes the resolved count for a `.tile`, so the passes read it from the module
/// alone.
fn write_num_warps(context: &melior::Context, module: &Module, n: u32) {
    use melior::ir::attribute::IntegerAttribute;
    use melior::ir::operation::OperationMutLike;
    use melior::ir::r#type::IntegerType;
    use melior::ir::BlockLike;
    let attr = IntegerAttribute::new(IntegerType::new(context, 32).into(), n as i64);
    let mut op = module.body().first_operation_mut();
    while let Some(mut f) = op {
        if f.name().as_string_ref().as_str() == Ok("func.func") {
            f.set_discardable_attribute(attrname::TILE_NUM_WARPS, attr.into());
        }
        op = f.next_in_block_mut();
    }
}

/// The byte offset and name of the first op of our dialects written without the generic
/// form's quotes: at the start of a line, or after `%x = `.
fn custom_syntax_op(text: &str) -> Option<(usize, String)> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        let op = match t.strip_prefix('%').and_then(|r| r.split_once("= ")) {
            Some((_, rest)) => rest.trim_start(),
            None => t,
        };
        if ["tile.", "layout.", "memsem."].iter().any(|d| op.starts_with(d)) {
            let name: String = op.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '.').collect();
            return Some((offset + (line.len() - op.len()), name));
        }
        offset += line.len();
    }
    None
}

/// MLIR diagnostics of a `.mlir` input, one line each at the input's `file:line:col`.
pub fn mlir_diagnostics(file: &SourceFile, items: &[(String, String)], internal: bool) -> Diagnostics {
    let ds = items.iter().map(|(loc, msg)| {
        let (name, line_col) = loc_position(loc, &file.name);
        diagnostics::Diagnostic::at(Severity::Error, Some(&name), line_col, msg.clone())
    });
    let mut d = Diagnostics::new(ds.collect(), None, internal);
    if internal {
        d.push(report_note());
    }
    d
}

/// `loc("k.mlir":3:5)` → (`k.mlir`, 3:5); the text MLIR parsed is named `-`, and a
/// location that names no file is the whole input: both become `file`.
fn loc_position(loc: &str, file: &str) -> (String, Option<(u32, u32)>) {
    let inner = loc.trim_start_matches("loc(").trim_end_matches(')');
    let Some((name, rest)) = inner.strip_prefix('"').and_then(|s| s.split_once('"')) else {
        return (file.to_string(), None);
    };
    let name = if name == "-" { file } else { name };
    let mut nums = rest.strip_prefix(':').unwrap_or("").splitn(2, ':').map(|n| n.parse::<u32>().ok());
    let line_col = match (nums.next().flatten(), nums.next().flatten()) {
        (Some(l), Some(c)) => Some((l, c)),
        _ => None,
    };
    (name.to_string(), line_col)
}

/// The note every internal error ends with, on a line of its own.
fn report_note() -> diagnostics::Diagnostic {
    diagnostics::Diagnostic::at(Severity::Note, None, None, crate::internal::REPORT)
}

/// The last pass whose output stays at the levels the interpreter runs (tile, layout,
/// memsem); `convert-tile-to-llvm` and later make LLVM.
pub const LAST_INTERPRETABLE_PASS: &str = "membar";

/// Which IR the interpreter gets from `mirror_stages`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stages {
    /// The tile level only (`tilerun --interpret --tile-level`).
    Tile,
    /// The tile level and the IR after `LAST_INTERPRETABLE_PASS`: what a run interprets,
    /// with the barriers and shared-memory offsets the GPU gets.
    Final,
    /// The tile level and the IR after each pass up to it (`--check-each-pass`).
    EachPass,
}

/// The mirror IR of `file` at the tile level, named `tile`, then the IR after each pass of
/// the pipeline up to `LAST_INTERPRETABLE_PASS` (`Stages::EachPass`) or after the last of
/// them only (`Stages::Final`), named by the pass: what the interpreter runs and what
/// `--check-each-pass` compares.
pub fn mirror_stages(
    file: &SourceFile,
    opts: &CompileOptions,
    which: Stages,
) -> Result<Vec<(String, tile_dialects::ir::Module)>, Diagnostics> {
    let (_, text) = tile_ir(file, opts)?;
    let context = tile_dialects::context::create_context();
    let sink = DiagnosticSink::attach(&context);
    let mut module = parse_verified(&context, &text, &sink).map_err(|d| mlir_error(file, "tilegen", d, true))?;
    let mut stages = vec![("tile".to_string(), tile_dialects::ir::import_module(module.as_operation()))];
    if which != Stages::Tile {
        let all = pipeline::default_passes(opts);
        let upto = all.iter().position(|p| p.name == LAST_INTERPRETABLE_PASS).map_or(all.len(), |i| i + 1);
        let last = all[upto - 1].name;
        let mut after = |p: &'static crate::pipeline::registry::PassInfo, m: &Module| {
            if which == Stages::EachPass || p.name == last {
                stages.push((p.name.to_string(), tile_dialects::ir::import_module(m.as_operation())));
            }
        };
        pipeline::run_observed(
            &mut module,
            &all[..upto],
            opts,
            &PrintIr::default(),
            &sink,
            &mut std::io::sink(),
            &mut after,
        )
        .map_err(|e| mlir_error(file, &e.pass, e.diagnostics, e.internal))?;
    }
    Ok(stages)
}

/// Parses MLIR text and verifies it, collecting diagnostics.
pub fn parse_verified<'c>(
    context: &'c melior::Context,
    text: &str,
    sink: &DiagnosticSink,
) -> Result<Module<'c>, Vec<(String, String)>> {
    sink.clear();
    if text.contains('\0') {
        return Err(vec![(String::new(), "a NUL byte in MLIR text".into())]);
    }
    match Module::parse(context, text) {
        Some(m) if m.as_operation().verify() => Ok(m),
        _ => {
            let mut d = sink.take();
            if d.is_empty() {
                d.push((String::new(), "the IR does not parse or verify".into()));
            }
            Err(d)
        }
    }
}

fn render(file: &SourceFile, d: &[Diagnostic]) -> Diagnostics {
    Diagnostics::from_front_end(file, d, false)
}

/// MLIR diagnostics of `pass`, shown at their .tile locations where they have one; an
/// internal error says so, and asks to be reported.
fn mlir_error(file: &SourceFile, pass: &str, items: Vec<(String, String)>, internal: bool) -> Diagnostics {
    let mut located = vec![];
    let mut rest = vec![];
    // MLIR's dump of the op a diagnostic is about is generic IR text, which a .tile user
    // never wrote (`-v` logs the IR of a failing pass).
    let items = items.into_iter().filter(|(_, m)| !m.starts_with("note: see current operation"));
    for (i, (loc, msg)) in items.enumerate() {
        let msg = match (internal && i == 0, msg.contains(&format!("pass `{pass}`"))) {
            (true, true) => format!("internal error: {msg}"),
            (true, false) => format!("internal error: {msg} (in pass `{pass}`)"),
            (false, _) => format!("{msg} (in pass `{pass}`)"),
        };
        match file.span_of_loc(&loc) {
            Some(span) => located.push(diagnostics::Diagnostic::resolve(file, &Diagnostic::error(msg, span, ""))),
            None => rest.push(diagnostics::Diagnostic::at(Severity::Error, Some(&file.name), None, msg)),
        }
    }
    located.extend(rest);
    if internal {
        located.push(report_note());
    }
    if located.is_empty() {
        located.push(diagnostics::Diagnostic::at(
            Severity::Error,
            Some(&file.name),
            None,
            format!("pass `{pass}` failed without a diagnostic"),
        ));
    }
    Diagnostics::new(located, Some(file), internal)
}

/// What launch metadata reads off a lowered kernel (its `llvm.func`).
#[derive(Clone, Debug, Default)]
pub struct LoweredFacts {
    /// Dynamic shared memory, `tile.smem_bytes`.
    pub shared_bytes: u32,
    /// One per parameter (empty: none asked): `fold-bounds`' `tile.divisibility_hints`.
    pub divisibility_hints: Vec<u32>,
    /// The TMA descriptors the launch encodes, `tile.tensormaps`.
    pub tensormaps: Vec<crate::metadata::TensorMapMeta>,
}

fn lowered_facts(module: &Module) -> Vec<(String, LoweredFacts)> {
    let mirror = tile_dialects::ir::import_module(module.as_operation());
    let mut out = vec![];
    mirror.walk(&mut |op| {
        if op.name == "llvm.func" {
            if let (Some(n), Some(b)) = (op.str_attr("sym_name"), op.int_attr(attrname::TILE_SMEM_BYTES)) {
                let divisibility_hints = crate::passes::fold_bounds::hints(op);
                let tensormaps = crate::metadata::tensormaps_of(op);
                out.push((n, LoweredFacts { shared_bytes: b as u32, divisibility_hints, tensormaps }));
            }
        }
    });
    out
}

/// A kernel's launch metadata under `opts` (`shared_bytes` from the lowered kernel, 0
/// without one):
/// what OUT.json holds, and what launchers (and the interpreter) bind arguments against.
pub fn kernel_meta(k: &crate::sema::tir::Kernel, opts: &CompileOptions, lowered: &LoweredFacts) -> KernelMeta {
    let divs = tilegen::divisibility(k, opts);
    let hint = |i: usize| lowered.divisibility_hints.get(i).copied().unwrap_or(1);
    let num_warps = opts.kernel_num_warps(k);
    KernelMeta {
        name: k.name.clone(),
        params: k
            .params
            .iter()
            .zip(divs)
            .enumerate()
            .map(|(i, (p, d))| ParamMeta {
                name: p.name.clone(),
                ty: p.ty.elem.to_string(),
                divisibility: d,
                equal_to_one: opts.equal_to_one.contains(&p.name),
                divisibility_hint: hint(i),
            })
            .collect(),
        consts: k
            .consts
            .iter()
            .map(|(n, v)| ConstMeta {
                name: n.clone(),
                value: match v {
                    ConstVal::Int(i) => i.to_string(),
                    ConstVal::Float(f) => f.to_string(),
                    ConstVal::Bool(b) => b.to_string(),
                },
            })
            .collect(),
        num_warps,
        num_stages: opts.kernel_num_stages(k),
        cluster_dims: k.cluster_dims,
        block: [num_warps * 32, 1, 1],
        shared_bytes: lowered.shared_bytes,
        index_bits: opts.index_bits,
        tensormaps: lowered.tensormaps.clone(),
        requires: k.requires.clone(),
    }
}

fn metadata(program: &Program, opts: &CompileOptions, lowered: &[(String, LoweredFacts)]) -> ModuleMeta {
    let kernels = program
        .kernels
        .iter()
        .filter(|k| opts.kernel.as_ref().is_none_or(|n| *n == k.name))
        .map(|k| {
            let facts = lowered.iter().find(|(n, _)| *n == k.name).map(|l| l.1.clone()).unwrap_or_default();
            kernel_meta(k, opts, &facts)
        })
        .collect();
    ModuleMeta { tilec_version: env!("CARGO_PKG_VERSION").into(), arch: opts.arch.to_string(), kernels }
}
