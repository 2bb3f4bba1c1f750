//! One call from source text to PTX and metadata: what `tilec` and `tilerun` use.
//!
//! 1. Check the source (`sema::check`) and generate the tile dialect (`tilegen`).
//! 2. Parse it into MLIR (our IRDL dialects verify it) and run the pass pipeline.
//! 3. Read the PTX out of the `gpu.binary`, and describe each kernel for launchers.
//! Every failure is rendered against the .tile source.

use crate::diag::{self, Diagnostic};
use crate::metadata::{ConstMeta, KernelMeta, ModuleMeta, ParamMeta};
use crate::pipeline::{self, DiagnosticSink, Options, PrintIr};
use crate::sema::tir::{ConstVal, Program};
use crate::source::SourceFile;
use crate::{sema, tilegen};
use melior::ir::operation::OperationLike;
use melior::ir::Module;

/// Options of one compile (frozen; also the compile cache key).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CompileOptions {
    /// `sm_80` or `sm_90`.
    pub arch: String,
    /// Overrides `#[num_warps]` when set.
    pub num_warps: Option<u32>,
    /// 32 or 64.
    pub index_bits: u32,
    /// Emit `.loc` line info.
    pub lineinfo: bool,
    /// `-D NAME=VALUE` overrides of const parameters.
    pub defines: Vec<(String, String)>,
    /// Compile only this kernel (all kernels when `None`).
    pub kernel: Option<String>,
    /// Argument specialisation: `(param, divisor)`; for pointers, the byte alignment.
    pub divisibility: Vec<(String, u32)>,
    /// Integer parameters assumed equal to 1 (`--assume NAME=1`): compiled as the constant,
    /// like Triton's specialisation of 1, so `x * stride` is contiguous when stride is 1.
    pub equal_to_one: Vec<String>,
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions {
            arch: "sm_90".into(),
            num_warps: None,
            index_bits: 32,
            lineinfo: false,
            defines: vec![],
            kernel: None,
            divisibility: vec![],
            equal_to_one: vec![],
        }
    }
}

impl CompileOptions {
    pub fn pipeline(&self) -> Options {
        Options {
            arch: self.arch.clone(),
            num_warps: self.num_warps,
            index_bits: self.index_bits,
            lineinfo: self.lineinfo,
        }
    }
}

/// The result of a successful compile.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub ptx: String,
    pub meta: ModuleMeta,
}

/// A failed compile: diagnostics already rendered against the source (file:line:col,
/// the line, a caret), ready to print to stderr.
#[derive(Clone, Debug)]
pub struct CompileError {
    pub rendered: String,
}

/// Checks `file` and generates the tile dialect, as MLIR text.
pub fn tile_ir(file: &SourceFile, opts: &CompileOptions) -> Result<(Program, String), CompileError> {
    let program = sema::check(file, &opts.defines).map_err(|d| render(file, &d))?;
    let module = tilegen::generate(&program, file, opts).map_err(|errs| {
        let d: Vec<Diagnostic> = errs.into_iter().map(|e| Diagnostic::error(e.message, e.span, "")).collect();
        render(file, &d)
    })?;
    Ok((program, module.to_mlir()))
}

/// Compiles every kernel of `file` (or the one `opts.kernel` names) to PTX.
pub fn compile(file: &SourceFile, opts: &CompileOptions) -> Result<Compiled, CompileError> {
    compile_with(file, opts, &PrintIr::default(), &mut std::io::sink())
}

/// `compile`, printing IR as `print` asks into `out`.
pub fn compile_with(
    file: &SourceFile,
    opts: &CompileOptions,
    print: &PrintIr,
    out: &mut dyn std::io::Write,
) -> Result<Compiled, CompileError> {
    let (program, text) = tile_ir(file, opts)?;
    let context = tile_dialects::context::create_context();
    let sink = DiagnosticSink::attach(&context);
    let mut module = parse_verified(&context, &text, &sink).map_err(|d| mlir_error(file, "tilegen", d))?;
    let popts = opts.pipeline();
    let passes = pipeline::default_passes(&popts);
    // Shared memory is dynamic: its size is read from the kernels once they are lowered,
    // before the back end turns them into PTX text.
    let lowered = passes.iter().position(|p| p.name == "convert-tile-to-llvm").map_or(passes.len(), |i| i + 1);
    let (to_llvm, back_end) = passes.split_at(lowered);
    pipeline::run(&mut module, to_llvm, &popts, print, &sink, out)
        .map_err(|e| mlir_error(file, &e.pass, e.diagnostics))?;
    let smem = kernel_smem_bytes(&module);
    pipeline::run(&mut module, back_end, &popts, print, &sink, out)
        .map_err(|e| mlir_error(file, &e.pass, e.diagnostics))?;
    let ptx = pipeline::ptx::extract(&module).ok_or_else(|| CompileError {
        rendered: format!("{}: error: the NVPTX back end produced no PTX\n", file.name),
    })?;
    let meta = metadata(&program, opts, &smem);
    Ok(Compiled { ptx, meta })
}

/// `--explain-layouts`: compiles through `software-pipeline` and reports each access,
/// conversion, dot and pipelined loop (`explain::report`).
pub fn explain(file: &SourceFile, opts: &CompileOptions) -> Result<String, CompileError> {
    let (_, text) = tile_ir(file, opts)?;
    let context = tile_dialects::context::create_context();
    let sink = DiagnosticSink::attach(&context);
    let mut module = parse_verified(&context, &text, &sink).map_err(|d| mlir_error(file, "tilegen", d))?;
    let popts = opts.pipeline();
    let all = pipeline::default_passes(&popts);
    let upto = all.iter().position(|p| p.name == "software-pipeline").map_or(all.len(), |i| i + 1);
    pipeline::run(&mut module, &all[..upto], &popts, &PrintIr::default(), &sink, &mut std::io::sink())
        .map_err(|e| mlir_error(file, &e.pass, e.diagnostics))?;
    let mirror = tile_dialects::ir::import_module(module.as_operation());
    Ok(crate::explain::report(&mirror, &popts))
}

/// The last pass whose output stays at the levels the interpreter runs (tile, layout,
/// memsem); `convert-tile-to-llvm` and later make LLVM.
pub const LAST_INTERPRETABLE_PASS: &str = "tile-to-memsem";

/// The mirror IR of `file` at the tile level, named `tile`, then (with `each_pass`) after
/// each pass of the pipeline up to `LAST_INTERPRETABLE_PASS`, named by the pass: what the
/// interpreter runs and what `--check-each-pass` compares.
pub fn mirror_stages(
    file: &SourceFile,
    opts: &CompileOptions,
    each_pass: bool,
) -> Result<Vec<(String, tile_dialects::ir::Module)>, CompileError> {
    let (_, text) = tile_ir(file, opts)?;
    let context = tile_dialects::context::create_context();
    let sink = DiagnosticSink::attach(&context);
    let mut module = parse_verified(&context, &text, &sink).map_err(|d| mlir_error(file, "tilegen", d))?;
    let mut stages = vec![("tile".to_string(), tile_dialects::ir::import_module(module.as_operation()))];
    if each_pass {
        let popts = opts.pipeline();
        let all = pipeline::default_passes(&popts);
        let upto = all.iter().position(|p| p.name == LAST_INTERPRETABLE_PASS).map_or(all.len(), |i| i + 1);
        let mut after = |p: &'static crate::passes::PassInfo, m: &Module| {
            stages.push((p.name.to_string(), tile_dialects::ir::import_module(m.as_operation())));
        };
        pipeline::run_observed(
            &mut module,
            &all[..upto],
            &popts,
            &PrintIr::default(),
            &sink,
            &mut std::io::sink(),
            &mut after,
        )
        .map_err(|e| mlir_error(file, &e.pass, e.diagnostics))?;
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

fn render(file: &SourceFile, d: &[Diagnostic]) -> CompileError {
    CompileError { rendered: diag::render(file, d) }
}

/// MLIR diagnostics of `pass`, shown at their .tile locations where they have one.
fn mlir_error(file: &SourceFile, pass: &str, items: Vec<(String, String)>) -> CompileError {
    let mut located = vec![];
    let mut rest = String::new();
    for (loc, msg) in items {
        let msg = format!("{msg} (in pass `{pass}`)");
        match file.span_of_loc(&loc) {
            Some(span) => located.push(Diagnostic::error(msg, span, "")),
            None => rest.push_str(&format!("{}: error: {msg}\n", file.name)),
        }
    }
    let mut rendered = diag::render(file, &located);
    rendered.push_str(&rest);
    CompileError { rendered }
}

/// Each lowered kernel's dynamic shared memory (`tile.smem_bytes` on its `llvm.func`).
fn kernel_smem_bytes(module: &Module) -> Vec<(String, u32)> {
    let mirror = tile_dialects::ir::import_module(module.as_operation());
    let mut out = vec![];
    mirror.walk(&mut |op| {
        if op.name == "llvm.func" {
            if let (Some(n), Some(b)) = (op.str_attr("sym_name"), op.int_attr("tile.smem_bytes")) {
                out.push((n, b as u32));
            }
        }
    });
    out
}

/// A kernel's launch metadata under `opts` (`shared_bytes` from the lowered kernel, 0
/// without one):
/// what OUT.json holds, and what launchers (and the interpreter) bind arguments against.
pub fn kernel_meta(k: &crate::sema::tir::Kernel, opts: &CompileOptions, shared_bytes: u32) -> KernelMeta {
    let divs = tilegen::divisibility(k, opts);
    let num_warps = opts.num_warps.unwrap_or(k.num_warps);
    KernelMeta {
        name: k.name.clone(),
        params: k
            .params
            .iter()
            .zip(divs)
            .map(|(p, d)| ParamMeta {
                name: p.name.clone(),
                ty: p.ty.elem.to_string(),
                divisibility: d,
                equal_to_one: opts.equal_to_one.contains(&p.name),
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
        num_stages: k.num_stages,
        block: [num_warps * 32, 1, 1],
        shared_bytes,
        index_bits: opts.index_bits,
    }
}

fn metadata(program: &Program, opts: &CompileOptions, smem: &[(String, u32)]) -> ModuleMeta {
    let kernels = program
        .kernels
        .iter()
        .filter(|k| opts.kernel.as_ref().is_none_or(|n| *n == k.name))
        .map(|k| kernel_meta(k, opts, smem.iter().find(|(n, _)| *n == k.name).map_or(0, |s| s.1)))
        .collect();
    ModuleMeta { tilec_version: env!("CARGO_PKG_VERSION").into(), arch: opts.arch.clone(), kernels }
}
