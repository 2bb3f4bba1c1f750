//! Items and kernels: the item table, kernel parameters, `const` values with `-D`
//! overrides, attributes (`num_warps`, `num_stages`, `autotune`), and type names.

use std::collections::HashMap;

use super::scope::{assigned_names, suggest};
use super::tir::{ConstVal, Kernel, Param, Program};
use super::types::{Elem, Scalar, Ty};
use super::{consts, Binding, Checker, FrameKind, TExpr, R};
use crate::diag::Diagnostic;
use crate::options::NumWarps;
use crate::source::Span;
use crate::syntax::ast;

/// `#[autotune]`: its configurations and its key.
type Tune = (Vec<Vec<(String, ConstVal)>>, Vec<String>);

const ATTRS: [&str; 6] = ["num_warps", "num_stages", "cluster_dims", "maxnreg", "autotune", "requires"];

/// What an autotune configuration may set besides const parameters.
const CONFIG_OPTIONS: [&str; 3] = ["num_warps", "num_stages", "maxnreg"];

/// `maxnreg`'s range (PTX's `.maxnreg`, Triton's `maxnreg`): ptxas allocates at most this
/// many registers a thread, spilling the rest to local memory. A thread has 255 at most,
/// and ptxas raises a cap below 24 to 24 (with a warning): refused rather than changed.
const MAXNREG: std::ops::RangeInclusive<i64> = 24..=255;

fn maxnreg_error(v: i64, at: Span) -> Diagnostic {
    let (lo, hi) = (MAXNREG.start(), MAXNREG.end());
    Diagnostic::error(
        format!("`maxnreg` must be between {lo} and {hi} registers, found {v}"),
        at,
        "not a register count",
    )
}

impl<'a> Checker<'a> {
    /// Checks the file's items and its kernels (only the kernel `only`, when given).
    pub(super) fn program(&mut self, defines: &[(String, String)], only: Option<&str>) -> Program {
        let ast = self.ast;
        let mut first: HashMap<&str, Span> = HashMap::new();
        for it in &ast.items {
            let n = it.name.name.as_str();
            if let Some(prev) = first.get(n) {
                let d = Diagnostic::error(format!("`{n}` is defined twice"), it.name.span, "defined again here")
                    .with_secondary(*prev, "first defined here");
                self.err(d);
                continue;
            }
            first.insert(n, it.name.span);
            self.items.insert(n, it);
        }
        self.check_defines(defines, only);
        let mut kernels = vec![];
        for it in &ast.items {
            match it.kind {
                ast::ItemKind::Kernel if only.is_some_and(|k| k != it.name.name) => {}
                ast::ItemKind::Kernel => {
                    if let Some(k) = self.kernel(it, defines) {
                        kernels.push(k);
                    }
                }
                ast::ItemKind::Helper => {
                    if let Some(a) = it.attrs.first() {
                        self.err(Diagnostic::error(
                            format!("attribute `{}` applies to kernels, not helpers", a.name.name),
                            a.span,
                            "on a `fn`",
                        ));
                    }
                }
            }
        }
        Program { kernels }
    }

    /// Each `-D` must name a const parameter of a kernel checked (of `only`, when given).
    fn check_defines(&mut self, defines: &[(String, String)], only: Option<&str>) {
        let ast = self.ast;
        let kernels =
            || ast.items.iter().filter(|i| i.kind == ast::ItemKind::Kernel && only.is_none_or(|k| k == i.name.name));
        let consts: Vec<&str> =
            kernels().flat_map(|i| i.params.iter().filter(|p| p.is_const).map(|p| p.name.name.as_str())).collect();
        let at = kernels().next().map_or(Span::default(), |i| i.name.span);
        for (name, _) in defines {
            if !consts.contains(&name.as_str()) {
                let (msg, label) = match only {
                    Some(k) => (
                        format!("`-D {name}`: kernel `{k}` has no const parameter named `{name}`"),
                        "the kernel compiled",
                    ),
                    None => (format!("`-D {name}`: no kernel has a const parameter named `{name}`"), "in this file"),
                };
                let mut d = Diagnostic::error(msg, at, label);
                if let Some(s) = suggest(name, consts.iter().copied()) {
                    d = d.help(format!("did you mean `-D {s}=...`?"));
                }
                if !consts.is_empty() {
                    d = d.note(format!("const parameters: {}", consts.join(", ")));
                }
                self.err(d);
            }
        }
    }

    pub fn resolve_type(&mut self, t: &ast::TypeExpr) -> R<Elem> {
        match Scalar::from_name(&t.name.name) {
            Some(s) if t.ptr => Ok(Elem::Ptr(s)),
            Some(s) => Ok(Elem::Scalar(s)),
            None => {
                let mut d = Diagnostic::error(format!("unknown type `{}`", t.name.name), t.name.span, "not a type");
                let names: Vec<&str> = Scalar::ALL.iter().map(|s| s.name()).chain(["bool"]).collect();
                if let Some(ours) = crate::syntax::triton::dtype(&t.name.name) {
                    d = d.help(format!("`{}` is Triton's name: write `{ours}`", t.name.name));
                } else if let Some(s) = suggest(&t.name.name, names.iter().copied()) {
                    d = d.help(format!("did you mean `{s}`?"));
                } else {
                    d = d.note("types: i1 (bool), i8 i16 i32 i64 u8 u16 u32 u64 f16 bf16 f32 f64 f8e4m3 f8e5m2, and pointers `*T`");
                }
                Err(self.err(d))
            }
        }
    }

    fn kernel(&mut self, item: &'a ast::Item, defines: &[(String, String)]) -> Option<Kernel> {
        self.vars.clear();
        self.static_prints.clear();
        self.frames.clear();
        self.pending.clear();
        self.call_stack.clear();
        self.ended.clear();
        self.ops = 0;
        self.rets.clear();
        self.assigned = vec![assigned_names(&item.body)];
        let errors_before = self.diags.len();
        self.push_frame(FrameKind::Function, item.span);
        let (num_warps, num_stages, cluster_dims, maxnreg, (autotune, autotune_key)) = self.attributes(item);
        let mut params = vec![];
        let mut consts_out = vec![];
        let mut seen: HashMap<&str, Span> = HashMap::new();
        for p in &item.params {
            if let Some(prev) = seen.insert(&p.name.name, p.name.span) {
                self.err(
                    Diagnostic::error(
                        format!("parameter `{}` is declared twice", p.name.name),
                        p.name.span,
                        "again here",
                    )
                    .with_secondary(prev, "first here"),
                );
                continue;
            }
            if p.is_const {
                match self.const_param(p, defines) {
                    Ok((val, ty)) => {
                        consts_out.push((p.name.name.clone(), val));
                        let weak = ty != Scalar::I1;
                        self.declare(&p.name.name, Binding::Const { val, ty, weak, param: true }, p.name.span);
                    }
                    Err(_) => self.declare(&p.name.name, Binding::Poison, p.name.span),
                }
                continue;
            }
            let ty = match &p.ty {
                Some(t) => self.resolve_type(t),
                None => {
                    let n = &p.name.name;
                    Err(self.err(
                        Diagnostic::error(format!("kernel parameter `{n}` needs a type"), p.name.span, "no type").help(
                            format!(
                                "write `{n}: i32`, `{n}: *f32`, or `const {n}: i32 = ...` for a compile-time constant"
                            ),
                        ),
                    ))
                }
            };
            if let Some(d) = &p.default {
                self.err(
                    Diagnostic::error(
                        "only `const` parameters can have a default",
                        d.span,
                        "default of a run-time parameter",
                    )
                    .help(format!("write `const {}` to make it a compile-time constant", p.name.name)),
                );
            }
            match ty {
                Ok(elem) => {
                    let ty = Ty { elem, shape: vec![] };
                    let var = self.new_var(&p.name.name, ty.clone(), p.name.span);
                    params.push(Param { name: p.name.name.clone(), ty, var, span: p.span });
                    self.declare(&p.name.name, Binding::Var(var), p.name.span);
                }
                Err(_) => self.declare(&p.name.name, Binding::Poison, p.name.span),
            }
        }
        let requires: Vec<_> =
            item.attrs.iter().filter(|a| a.name.name == "requires").flat_map(|a| self.requires(a, &params)).collect();
        let mut body = vec![];
        self.check_stmts(&item.body.stmts, &mut body);
        self.pop_frame();
        if self.diags.len() > errors_before {
            return None;
        }
        Some(Kernel {
            name: item.name.name.clone(),
            span: item.name.span,
            params,
            consts: consts_out,
            num_warps,
            num_stages,
            cluster_dims,
            maxnreg,
            autotune,
            autotune_key,
            vars: std::mem::take(&mut self.vars),
            body,
            static_prints: std::mem::take(&mut self.static_prints),
            requires,
        })
    }

    /// The value of a const parameter: `-D` override, else its default.
    fn const_param(&mut self, p: &ast::Param, defines: &[(String, String)]) -> R<(ConstVal, Scalar)> {
        let n = &p.name.name;
        let declared = match &p.ty {
            Some(t) => match self.resolve_type(t)? {
                Elem::Scalar(s) => Some(s),
                Elem::Ptr(_) => {
                    return self.error(format!("const parameter `{n}` cannot be a pointer"), t.span, "a pointer type")
                }
            },
            None => None,
        };
        if let Some((_, text)) = defines.iter().rev().find(|(k, _)| k == n) {
            let ty = declared.unwrap_or_else(|| infer_define_type(text));
            return match consts::parse_define(text, ty) {
                Ok(v) => Ok((v, ty)),
                Err(why) => Err(self.err(Diagnostic::error(
                    format!("invalid value for `-D {n}={text}`: {why}"),
                    p.name.span,
                    format!("`{n}` is {ty}"),
                ))),
            };
        }
        let Some(d) = &p.default else {
            return Err(self.err(
                Diagnostic::error(format!("const parameter `{n}` has no value"), p.name.span, "no default")
                    .help(format!("give it a default (`const {n}: i32 = 128`) or pass `-D {n}=...`")),
            ));
        };
        let v = self.value(d)?;
        let Some(c) = v.as_const() else {
            return self.error(
                format!("the default of `{n}` must be a compile-time constant"),
                d.span,
                "not a constant",
            );
        };
        let vs = v.ty().scalar_elem().unwrap();
        match declared {
            None => Ok((c, vs)),
            Some(s) if s == vs => Ok((c, s)),
            Some(s) if v.weak || (s.is_float() && vs.is_int()) => {
                let e = self.convert(TExpr { weak: true, ..v }, s)?;
                match e.kind {
                    super::tir::ExprKind::Const(c) => Ok((c, s)),
                    _ => self.error(
                        format!("the default of `{n}` must be a compile-time constant"),
                        d.span,
                        "not a constant",
                    ),
                }
            }
            Some(s) => Err(self.err(
                Diagnostic::error(
                    format!("type mismatch: `{n}` is {s} but its default is {vs}"),
                    d.span,
                    format!("this is {vs}"),
                )
                .with_secondary(p.ty.as_ref().unwrap().span, "declared type"),
            )),
        }
    }

    /// `#[num_warps(n)]`, `#[num_stages(n)]`, `#[cluster_dims(n)]`, `#[maxnreg(n)]`,
    /// `#[autotune(key = [...], configs = [...])]`.
    fn attributes(&mut self, item: &ast::Item) -> (u32, u32, u32, Option<u32>, Tune) {
        let (mut warps, mut stages, mut cluster, mut tune) = (4u32, 3u32, 1u32, (vec![], vec![]));
        let mut maxnreg = None;
        for a in &item.attrs {
            match a.name.name.as_str() {
                "num_warps" | "num_stages" | "cluster_dims" | "maxnreg" => {
                    let n = &a.name.name;
                    let v = match a.args.as_slice() {
                        [ast::AttrArg { key: None, value: ast::AttrValue::Expr(e), .. }] => self.const_int(e, n).ok(),
                        _ => {
                            self.err(Diagnostic::error(
                                format!("`{n}` takes one integer, e.g. `#[{n}(4)]`"),
                                a.span,
                                "bad arguments",
                            ));
                            None
                        }
                    };
                    let Some(v) = v else { continue };
                    if n == "num_warps" {
                        match NumWarps::new(v) {
                            Ok(w) => warps = w.get(),
                            Err(why) => {
                                self.err(Diagnostic::error(why, a.args[0].span, "not a power of two up to 32"));
                            }
                        }
                    } else if n == "maxnreg" {
                        if MAXNREG.contains(&v) {
                            maxnreg = Some(v as u32);
                        } else {
                            self.err(maxnreg_error(v, a.args[0].span));
                        }
                    } else if n == "cluster_dims" {
                        // Hopper's portable cluster sizes (8 at most without opting in).
                        if [1, 2, 4, 8].contains(&v) {
                            cluster = v as u32;
                        } else {
                            self.err(Diagnostic::error(
                                format!("`cluster_dims` must be 1, 2, 4 or 8, found {v}"),
                                a.args[0].span,
                                "not a cluster size",
                            ));
                        }
                    } else if v < 1 {
                        self.err(Diagnostic::error(
                            format!("`num_stages` must be at least 1, found {v}"),
                            a.args[0].span,
                            "too small",
                        ));
                    } else {
                        stages = v as u32;
                    }
                }
                "autotune" => tune = self.autotune(item, a),
                "requires" => {} // after the parameters it names (`sema::requires`)
                other => {
                    let mut d = Diagnostic::error(
                        format!("unknown attribute `{other}`"),
                        a.name.span,
                        "not a kernel attribute",
                    );
                    if let Some(s) = suggest(other, ATTRS) {
                        d = d.help(format!("did you mean `{s}`?"));
                    }
                    self.err(d.note(format!("kernel attributes: {}", ATTRS.join(", "))));
                }
            }
        }
        (warps, stages, cluster, maxnreg, tune)
    }

    fn autotune(&mut self, item: &ast::Item, a: &ast::Attr) -> Tune {
        let (mut out, mut keys) = (vec![], vec![]);
        let consts: Vec<&str> = item.params.iter().filter(|p| p.is_const).map(|p| p.name.name.as_str()).collect();
        for arg in &a.args {
            let key = arg.key.as_ref().map(|k| k.name.as_str());
            match (key, &arg.value) {
                (Some("key"), ast::AttrValue::List(xs, _)) => {
                    for x in xs {
                        let ok = matches!(x, ast::AttrValue::Expr(ast::Expr { kind: ast::ExprKind::Name(n), .. })
                            if item.params.iter().any(|p| &p.name.name == n));
                        match x {
                            ast::AttrValue::Expr(ast::Expr { kind: ast::ExprKind::Name(n), .. }) if ok => {
                                keys.push(n.clone())
                            }
                            _ => {
                                self.err(Diagnostic::error(
                                    "autotune keys must be parameter names of this kernel",
                                    x.span(),
                                    "not a parameter",
                                ));
                            }
                        }
                    }
                }
                (Some("configs"), ast::AttrValue::List(cfgs, _)) => {
                    for c in cfgs {
                        let ast::AttrValue::Config(kvs, _) = c else {
                            self.err(Diagnostic::error(
                                "each autotune config is `{NAME = value, ...}`",
                                c.span(),
                                "not a config",
                            ));
                            continue;
                        };
                        let mut cfg = vec![];
                        for (k, e) in kvs {
                            if !consts.contains(&k.name.as_str()) && !CONFIG_OPTIONS.contains(&k.name.as_str()) {
                                let mut d = Diagnostic::error(
                                    format!("autotune config sets `{}`, which is not a const parameter", k.name),
                                    k.span,
                                    "unknown name",
                                );
                                if let Some(s) = suggest(&k.name, consts.iter().copied().chain(CONFIG_OPTIONS)) {
                                    d = d.help(format!("did you mean `{s}`?"));
                                }
                                self.err(d);
                                continue;
                            }
                            if let Ok(v) = self.value(e) {
                                match v.as_const() {
                                    Some(ConstVal::Int(w)) if k.name == "num_warps" && NumWarps::new(w).is_err() => {
                                        let why = NumWarps::new(w).unwrap_err();
                                        self.err(Diagnostic::error(why, e.span, "not a power of two up to 32"));
                                    }
                                    Some(ConstVal::Int(r)) if k.name == "maxnreg" && !MAXNREG.contains(&r) => {
                                        self.err(maxnreg_error(r, e.span));
                                    }
                                    Some(c) => cfg.push((k.name.clone(), c)),
                                    None => {
                                        self.err(Diagnostic::error(
                                            "autotune values must be constants",
                                            e.span,
                                            "not a constant",
                                        ));
                                    }
                                }
                            }
                        }
                        out.push(cfg);
                    }
                }
                _ => {
                    self.err(Diagnostic::error(
                        "`autotune` takes `key = [...]` and `configs = [{...}, ...]`",
                        arg.span,
                        "unexpected argument",
                    ));
                }
            }
        }
        (out, keys)
    }
}

/// The type of a `-D` value for an untyped const parameter.
fn infer_define_type(text: &str) -> Scalar {
    let t = text.trim();
    if t == "true" || t == "false" {
        Scalar::I1
    } else if consts::parse_define(t, Scalar::I64).is_ok() {
        if consts::parse_define(t, Scalar::I32).is_ok() {
            Scalar::I32
        } else {
            Scalar::I64
        }
    } else {
        Scalar::F32
    }
}
