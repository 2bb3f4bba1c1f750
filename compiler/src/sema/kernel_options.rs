//! The compile options as they meet the checked program: which kernels a compile
//! produces, each one's warps, stages and register cap, and the check of the names that `--kernel`,
//! `--divisibility` and `--assume` give (run once, by the driver, before any IR is made).
//!
//! These read the program (`tir`), so they live above it, here, while `options.rs` stays
//! below everything: sema, tilegen, every pass and the lowering read `CompileOptions`, and
//! it must import none of them. The methods are `CompileOptions`'s all the same: an
//! inherent `impl` may sit in any module of the crate.

use super::scope::suggest;
use super::tir::{Kernel, Program};
use super::types::{Elem, Scalar};
use crate::diag::Diagnostic;
use crate::options::{CompileOptions, NumWarps};
use crate::source::Span;

impl CompileOptions {
    /// A kernel's warp count: the override, else its `#[num_warps]` (checked by sema).
    #[doc(hidden)] // the compiler's own (the API is the crate root)
    pub fn kernel_num_warps(&self, k: &Kernel) -> u32 {
        self.num_warps.map_or(k.num_warps, NumWarps::get)
    }

    /// A kernel's default `num_stages`: the override, else its `#[num_stages]`.
    pub fn kernel_num_stages(&self, k: &Kernel) -> u32 {
        self.num_stages.unwrap_or(k.num_stages)
    }

    /// A kernel's register cap a thread (`.maxnreg`): the override, else its
    /// `#[maxnreg]`, else none.
    pub fn kernel_maxnreg(&self, k: &Kernel) -> Option<u32> {
        self.maxnreg.or(k.maxnreg)
    }

    /// The kernels this compile produces.
    #[doc(hidden)] // the compiler's own (the API is the crate root)
    pub fn selected<'p>(&self, program: &'p Program) -> impl Iterator<Item = &'p Kernel> + 'p {
        let want = self.kernel.clone();
        program.kernels.iter().filter(move |k| want.as_ref().is_none_or(|w| *w == k.name))
    }
}

/// Checks the names the options give against the program: `--kernel` names a kernel, and
/// each `--divisibility` / `--assume` name is a run-time parameter of a compiled kernel
/// whose type can carry it. Errors point at the kernel or the parameter, like `-D`'s.
#[doc(hidden)] // the compiler's own (the API is the crate root)
pub fn check_names(program: &Program, opts: &CompileOptions, file_start: Span) -> Result<(), Vec<Diagnostic>> {
    let mut errs = vec![];
    if let Some(k) = &opts.kernel {
        if !program.kernels.iter().any(|x| x.name == *k) {
            let names: Vec<&str> = program.kernels.iter().map(|x| x.name.as_str()).collect();
            let mut d = Diagnostic::error(
                format!("`--kernel {k}`: no kernel named `{k}` in this file"),
                file_start,
                "in this file",
            );
            if let Some(s) = suggest(k, names.iter().copied()) {
                d = d.help(format!("did you mean `--kernel {s}`?"));
            }
            errs.push(d.note(format!("kernels: {}", names.join(", "))));
            return Err(errs);
        }
    }
    let kernels: Vec<&Kernel> = opts.selected(program).collect();
    let mut seen: Vec<(&str, &str)> = vec![];
    let flags = opts
        .divisibility
        .iter()
        .map(|(n, k)| (n.as_str(), "--divisibility", format!("--divisibility {n}={k}"), Some(*k)))
        .chain(opts.equal_to_one.iter().map(|n| (n.as_str(), "--assume", format!("--assume {n}=1"), None)));
    for (name, flag, spelled, divisor) in flags {
        if seen.contains(&(name, flag)) {
            errs.push(Diagnostic::error(format!("`{flag}` names `{name}` twice"), file_start, "in this file"));
            continue;
        }
        seen.push((name, flag));
        let params: Vec<_> = kernels.iter().flat_map(|k| k.params.iter().map(move |p| (*k, p))).collect();
        let found: Vec<_> = params.iter().filter(|(_, p)| p.name == name).collect();
        if found.is_empty() {
            errs.push(unknown_param(&kernels, name, &spelled, file_start));
        }
        for (_, p) in found {
            if let Some(why) = unfit(&p.ty.elem, divisor) {
                errs.push(Diagnostic::error(format!("`{spelled}`: {why}"), p.span, format!("`{name}` is {}", p.ty)));
            }
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

fn unknown_param(kernels: &[&Kernel], name: &str, spelled: &str, at: Span) -> Diagnostic {
    let at = kernels.first().map_or(at, |k| k.span);
    let names: Vec<&str> = kernels.iter().flat_map(|k| k.params.iter().map(|p| p.name.as_str())).collect();
    let which = match kernels {
        [k] => format!("kernel `{}` has no run-time parameter named `{name}`", k.name),
        _ => format!("no kernel has a run-time parameter named `{name}`"),
    };
    let mut d = Diagnostic::error(format!("`{spelled}`: {which}"), at, "in this kernel");
    if kernels.iter().any(|k| k.consts.iter().any(|(c, _)| c == name)) {
        d = d.help(format!("`{name}` is a const parameter: set it with `-D {name}=...`"));
    } else if let Some(s) = suggest(name, names.iter().copied()) {
        d = d.help(format!("did you mean `{s}`?"));
    }
    if !names.is_empty() {
        d = d.note(format!("run-time parameters: {}", names.join(", ")));
    }
    d
}

/// Why a parameter of type `elem` cannot carry the assumption (`Some(divisor)`: divisible
/// by it; `None`: equal to 1), if it cannot.
fn unfit(elem: &Elem, divisor: Option<u32>) -> Option<String> {
    match (elem, divisor) {
        (Elem::Ptr(_), Some(_)) => None,
        (Elem::Ptr(_), None) => Some("only an integer parameter can be assumed equal to 1, not a pointer".into()),
        (Elem::Scalar(s), _) if s.is_float() || *s == Scalar::I1 => {
            Some(format!("only integer parameters can be specialised, not {s}"))
        }
        (Elem::Scalar(s), Some(k)) if k as u64 > int_max(*s) => Some(format!("{k} does not fit in {s}")),
        _ => None,
    }
}

/// The largest value of an integer type.
fn int_max(s: Scalar) -> u64 {
    let bits = s.bits().min(64);
    if s.is_signed_int() {
        (1u64 << (bits - 1)) - 1
    } else {
        u64::MAX >> (64 - bits)
    }
}
