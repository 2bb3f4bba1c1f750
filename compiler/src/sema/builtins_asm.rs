//! `inline_asm_elementwise(asm, constraints, args, dtype, is_pure, pack)`, Triton's
//! `tl.inline_asm_elementwise`: a PTX string run once per element of the broadcast
//! `args`, `$0` its result and `$1`, `$2`, ... the arguments, register constraints as
//! LLVM spells them (`"=r,r,r"`). It becomes one `tile.inline_asm` op, lowered per
//! register to `llvm.inline_asm`. The interpreter cannot run PTX: it refuses the op.
//!
//! Several results (`dtype` a tuple of types, `$0`, `$1`, ... the outputs, the arguments
//! after them) give a tuple of tiles: one op per result, each taking its field of the
//! asm's outputs, so only a pure asm may have several (LLVM merges the identical calls).
//! Only `pack = 1` (one element per invocation) is supported; a larger `pack` is an
//! error saying so.

use super::broadcast::broadcast_expr;
use super::builtins::{expr, Args};
use super::tir::{Expr, ExprKind};
use super::types::{Elem, Scalar, Ty};
use super::{Checker, TExpr, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;
use crate::syntax::ast;

impl Checker<'_> {
    pub(super) fn inline_asm(&mut self, a: &Args, sp: Span) -> R<Val> {
        let asm = self.asm_string(a[0].unwrap(), "asm")?;
        let (cons_text, cons_span) = (self.asm_string(a[1].unwrap(), "constraints")?, a[1].unwrap().span);
        // The argument values: a tuple `(x, y)` or one value.
        let args_e = a[2].unwrap();
        let items = match self.check_expr(args_e)? {
            Val::Tuple(xs, _) => xs,
            v => vec![v],
        };
        let mut args: Vec<TExpr> = vec![];
        for it in items {
            let isp = it.span();
            match it {
                Val::Expr(x) if x.ty().scalar_elem().is_some() => args.push(x),
                Val::Expr(x) => {
                    return self.error(
                        format!("`inline_asm_elementwise` needs number arguments, found {}", x.ty()),
                        isp,
                        "a pointer",
                    )
                }
                other => {
                    let d = other.describe();
                    return self.error(
                        format!("`inline_asm_elementwise` arguments must be values, found {d}"),
                        isp,
                        "not a value",
                    );
                }
            }
        }
        let dtype_e = a[3].unwrap();
        let dtypes: Vec<Scalar> = match &dtype_e.kind {
            ast::ExprKind::Tuple(xs) => xs.iter().map(|x| self.dtype_arg(x)).collect::<R<_>>()?,
            _ => vec![self.dtype_arg(dtype_e)?],
        };
        let pure = self.const_bool(a[4].unwrap(), "is_pure")?;
        if dtypes.len() > 1 && !pure {
            return Err(self.err(
                Diagnostic::error(
                    format!("`inline_asm_elementwise` with {} results needs `is_pure = true`", dtypes.len()),
                    a[4].unwrap().span,
                    "not pure",
                )
                .note("each result is taken from its own copy of the asm, which LLVM merges only when pure")
                .help("return one result from an asm with side effects"),
            ));
        }
        let pack = self.const_int(a[5].unwrap(), "pack")?;
        if pack != 1 {
            return Err(self.err(
                Diagnostic::error(
                    format!(
                        "`pack = {pack}` is not supported yet: `inline_asm_elementwise` runs its asm once per element"
                    ),
                    a[5].unwrap().span,
                    "only 1 is",
                )
                .help("write the asm for one element and pass `pack = 1`"),
            ));
        }
        // One output constraint per dtype, then one per argument (clobbers `~{...}` aside).
        let cons: Vec<&str> = cons_text.split(',').map(str::trim).filter(|c| !c.starts_with('~')).collect();
        let outs = cons.iter().filter(|c| c.starts_with('=')).count();
        let ins = cons.len() - outs;
        let n_out = dtypes.len();
        if outs != n_out || !cons.iter().take(n_out).all(|c| c.starts_with('=')) {
            let want = count(n_out, "output constraint");
            return Err(self.err(
                Diagnostic::error(
                    format!("`constraints` must start with {want} such as `=r`, found \"{cons_text}\""),
                    cons_span,
                    count(outs, "output"),
                )
                .with_secondary(dtype_e.span, count(n_out, "result type"))
                .note("`$0`, ... are the outputs (one per dtype), then the arguments"),
            ));
        }
        if ins != args.len() {
            let (ic, vs) = (count(ins, "input constraint"), count(args.len(), "value"));
            return Err(self.err(
                Diagnostic::error(
                    format!("`constraints` \"{cons_text}\" has {ic}, but `args` has {vs}"),
                    cons_span,
                    ic,
                )
                .with_secondary(args_e.span, vs)
                .note("one constraint per argument after the output's, e.g. \"=r,r,r\" for two"),
            ));
        }
        if let Some(bad) = bad_operand_ref(&asm, n_out + ins) {
            return Err(self.err(
                Diagnostic::error(format!("`asm` refers to {bad}"), a[0].unwrap().span, "in this string").note(
                    format!(
                        "it has {}: `$0` to `${}`, the outputs then the arguments (`$$` is a literal `$`)",
                        count(n_out + ins, "operand"),
                        n_out + ins - 1
                    ),
                ),
            ));
        }
        let refs: Vec<&TExpr> = args.iter().collect();
        let shape = self.common_shape(&refs, "`inline_asm_elementwise` arguments", sp)?;
        // Several results read the arguments once each: bind them once.
        let args: Vec<Expr> = args
            .into_iter()
            .map(|x| broadcast_expr(if n_out > 1 && !self.no_hoist { self.hoist(x) } else { x.e }, &shape))
            .collect();
        let mut results: Vec<Val> = (0..n_out)
            .map(|k| {
                let ty = Ty::tile(Elem::Scalar(dtypes[k]), shape.clone());
                let kind = ExprKind::InlineAsm {
                    asm: asm.clone(),
                    constraints: cons_text.clone(),
                    args: args.clone(),
                    pure,
                    outputs: dtypes.clone(),
                    index: k as u32,
                };
                expr(kind, ty, sp)
            })
            .collect();
        if n_out == 1 {
            return Ok(results.pop().unwrap());
        }
        Ok(Val::Tuple(results, sp))
    }

    /// A string argument (there are only literal strings: any other value is refused).
    fn asm_string(&mut self, e: &crate::syntax::ast::Expr, what: &str) -> R<String> {
        match self.check_expr(e)? {
            Val::Str(s, _) => Ok(s),
            v => {
                let d = v.describe();
                Err(self.err(
                    Diagnostic::error(format!("`{what}` must be a constant string, found {d}"), e.span, "not a string")
                        .help("write the PTX as a string literal, e.g. \"mad.lo.s32 $0, $1, 2, $2;\""),
                ))
            }
        }
    }
}

/// `n thing` or `n things`.
fn count(n: usize, thing: &str) -> String {
    format!("{n} {thing}{}", if n == 1 { "" } else { "s" })
}

/// The first `$` reference of an asm string LLVM would refuse (it aborts rather than
/// reporting): an operand number past the last of `n` operands, or a `$` followed by
/// neither a number, `{number}` / `{number:modifier}`, `$`, nor the dialect variants'
/// `(`, `|`, `)`.
fn bad_operand_ref(asm: &str, n: usize) -> Option<String> {
    let b = asm.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'$' {
            i += 1;
            continue;
        }
        let rest = &asm[i + 1..];
        let (digits, skip) = match rest.bytes().next() {
            Some(b'$' | b'(' | b'|' | b')') => {
                i += 2;
                continue;
            }
            Some(b'{') => {
                let Some(end) = rest.find('}') else { return Some("`${` with no `}`".into()) };
                let inner = &rest[1..end];
                (inner.split(':').next().unwrap_or(""), end + 1)
            }
            _ => {
                let d = rest.bytes().take_while(u8::is_ascii_digit).count();
                (&rest[..d], d)
            }
        };
        if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
            let shown: String = asm[i..].chars().take(2).collect();
            return Some(format!("`{shown}`, which is not an operand (`$` then its number)"));
        }
        if digits.len() > 6 || digits.parse::<usize>().map_or(true, |k| k >= n) {
            return Some(format!("`${digits}`, past its last operand"));
        }
        i += 1 + skip;
    }
    None
}
