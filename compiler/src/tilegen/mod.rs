//! tilegen: the checked program (TIR) → the `tile` dialect.
//!
//! 1. Each kernel becomes a `func.func` whose arguments carry what the code may assume
//!    (`tile.divisibility`), and whose attributes carry `tile.num_warps` / `tile.num_stages`.
//! 2. Variables become SSA values: an environment maps each `VarId` to its current value.
//! 3. Loops become `scf.for` / `scf.while`, branches `scf.if`; the variables a body rebinds
//!    that lived before it become loop-carried values / `scf.if` results.
//! 4. An early `return` inside a branch moves the rest of the enclosing statements into
//!    the branches that do not return, so structured control flow is enough.

mod desc;
mod expr;
mod stmt;
pub mod types;

use crate::options::CompileOptions;
use crate::sema::tir::{Kernel, Program, VarId};
use crate::sema::types::Elem;
use crate::source::{SourceFile, Span};
use std::collections::HashMap;
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Block, Builder, Module, Op, Region, Type, ValueId, Values};

/// A construct the lowering does not support, with where it is.
#[derive(Clone, Debug, PartialEq)]
pub struct GenError {
    pub span: Span,
    pub message: String,
}

/// Per-kernel generation state.
pub(crate) struct Gen<'a> {
    pub file: &'a SourceFile,
    pub kernel: &'a Kernel,
    pub env: HashMap<VarId, ValueId>,
    pub errors: Vec<GenError>,
    /// The kernel's arguments, by parameter index (a descriptor's parts are found here).
    pub params: Vec<ValueId>,
    /// Whether the target copies with TMA (sm_90 and later), and the descriptors so far.
    pub tma: bool,
    pub tensormaps: Vec<crate::metadata::TensorMapMeta>,
    /// The `for` loops around the statement being generated, innermost last: the
    /// descriptor loads of each one's body that are `dot` operands (by span), which
    /// `software-pipeline` copies by TMA.
    pub for_dots: Vec<std::collections::HashSet<crate::source::Span>>,
    /// What each parameter was specialised on (`divisibility`; pointers: bytes).
    pub divs: Vec<u32>,
    /// Scalar integer constants made so far, by value (a descriptor's constant parts).
    pub int_consts: HashMap<ValueId, i64>,
}

/// Byte alignment assumed of pointer arguments unless told otherwise (cudaMalloc and
/// PyTorch give 256; Triton specialises on 16 the same way).
pub const DEFAULT_PTR_ALIGN: u32 = 16;

/// What each kernel argument is assumed divisible by (pointers: byte alignment).
pub fn divisibility(kernel: &Kernel, opts: &CompileOptions) -> Vec<u32> {
    kernel
        .params
        .iter()
        .map(|p| {
            let told = opts.divisibility.iter().find(|(n, _)| *n == p.name).map(|(_, d)| *d);
            match p.ty.elem {
                Elem::Ptr(_) => told.unwrap_or(DEFAULT_PTR_ALIGN),
                Elem::Scalar(_) => told.unwrap_or(1),
            }
        })
        .collect()
}

/// Generates the tile-dialect module for `program`.
pub fn generate(program: &Program, file: &SourceFile, opts: &CompileOptions) -> Result<Module, Vec<GenError>> {
    let mut module = Module { loc: file.mlir_loc(Span::default()), ..Default::default() };
    let mut errors = vec![];
    for kernel in &program.kernels {
        if opts.kernel.as_ref().is_some_and(|k| *k != kernel.name) {
            continue;
        }
        match kernel_func(&mut module.values, kernel, file, opts) {
            Ok(op) => module.body.push(op),
            Err(mut e) => errors.append(&mut e),
        }
    }
    if let Some(k) = &opts.kernel {
        if module.body.is_empty() && errors.is_empty() {
            errors.push(GenError { span: Span::default(), message: format!("no kernel named `{k}` in this file") });
        }
    }
    if errors.is_empty() {
        Ok(module)
    } else {
        Err(errors)
    }
}

fn kernel_func(
    values: &mut Values,
    kernel: &Kernel,
    file: &SourceFile,
    opts: &CompileOptions,
) -> Result<Op, Vec<GenError>> {
    let loc = file.mlir_loc(kernel.span);
    let arg_tys: Vec<Type> = kernel.params.iter().map(|p| types::mlir_type(&p.ty)).collect();
    let args: Vec<ValueId> = arg_tys.iter().map(|t| values.new_value(t.clone())).collect();
    let mut g = Gen {
        file,
        kernel,
        env: HashMap::new(),
        errors: vec![],
        params: args.clone(),
        tma: opts.arch.capability() >= 90,
        tensormaps: vec![],
        int_consts: HashMap::new(),
        divs: divisibility(kernel, opts),
        for_dots: vec![],
    };
    for (p, a) in kernel.params.iter().zip(&args) {
        g.env.insert(p.var, *a);
    }
    let mut ops = vec![];
    {
        let mut b = Builder::new(values, &mut ops, loc.clone());
        // `--assume NAME=1`: the parameter is the constant 1 everywhere (the argument stays
        // in the signature, so launchers pass the same arguments).
        for p in &kernel.params {
            if opts.equal_to_one.contains(&p.name) {
                if let Elem::Scalar(s) = p.ty.elem {
                    if p.ty.shape.is_empty() && !s.is_float() {
                        let one = types::scalar_const(&mut b, crate::sema::tir::ConstVal::Int(1), s);
                        g.env.insert(p.var, one);
                    }
                }
            }
        }
        g.stmts(&mut b, &kernel.body);
        b.op("func.return", &[], &[], &[]);
    }
    if !g.errors.is_empty() {
        return Err(g.errors);
    }
    let num_warps = opts.kernel_num_warps(kernel);
    let arg_attrs: Vec<String> = divisibility(kernel, opts)
        .iter()
        .zip(&kernel.params)
        .map(|(d, p)| match (*d > 1, opts.equal_to_one.contains(&p.name)) {
            (_, true) => "{tile.equal_to_one}".into(),
            (true, _) => format!("{{tile.divisibility = {d} : i32}}"),
            _ => "{}".into(),
        })
        .collect();
    let sig: Vec<String> = arg_tys.iter().map(|t| t.to_string()).collect();
    let mut attrs = vec![
        ("sym_name".into(), Attr::str(&kernel.name)),
        ("function_type".into(), Attr(format!("({}) -> ()", sig.join(", ")))),
        ("arg_attrs".into(), Attr(format!("[{}]", arg_attrs.join(", ")))),
        (attrname::TILE_KERNEL.into(), Attr("unit".into())),
        (attrname::TILE_NUM_WARPS.into(), Attr::int(num_warps as i64, "i32")),
        (attrname::TILE_NUM_STAGES.into(), Attr::int(opts.kernel_num_stages(kernel) as i64, "i32")),
    ];
    if kernel.cluster_dims > 1 {
        attrs.push((attrname::TILE_CLUSTER_DIMS.into(), Attr::int(kernel.cluster_dims as i64, "i32")));
    }
    if let Some(n) = opts.kernel_maxnreg(kernel) {
        attrs.push((attrname::TILE_MAXNREG.into(), Attr::int(n as i64, "i32")));
    }
    if !g.tensormaps.is_empty() {
        attrs.push((attrname::TILE_TENSORMAPS.into(), crate::metadata::tensormaps_attr(&g.tensormaps)));
    }
    Ok(Op {
        name: "func.func".into(),
        operands: vec![],
        results: vec![],
        attrs,
        regions: vec![Region::single(Block { args, ops })],
        successors: vec![],
        loc,
    })
}

impl Gen<'_> {
    pub fn loc(&self, span: Span) -> String {
        self.file.mlir_loc(span)
    }
    pub fn error(&mut self, span: Span, message: impl Into<String>) {
        self.errors.push(GenError { span, message: message.into() });
    }
}
