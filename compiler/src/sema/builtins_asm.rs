//! `inline_asm_elementwise(asm, constraints, args, dtype, is_pure, pack)`, Triton's
//! `tl.inline_asm_elementwise`: a PTX string run once per element of the broadcast
//! `args`, `$0` its result and `$1`, `$2`, ... the arguments, register constraints as
//! LLVM spells them (`"=r,r,r"`). It becomes one `tile.inline_asm` op, lowered per
//! register to `llvm.inline_asm`. The interpreter cannot run PTX: it refuses the op.
//!
//! Several results (`dtype` a tuple of types, `$0`, `$1`, ... the outputs, the arguments
//! after them) give a tuple of tiles: one op per result, each taking its field of the
//! asm's outputs, so only a pure asm may have several (LLVM merges the identical calls).
//!
//! `pack = n` (a power of two, Triton's): each invocation handles n consecutive elements
//! of a thread. An operand or result narrower than 32 bits packs min(32 / bits, n) of
//! them in one 32-bit register (4 u8 in an `r`), a wider one takes one register each, so
//! there are n / (elements per register) constraints for each: `"=r,r"` for u8 with
//! n = 4, `"=r,=r,r,r"` for f32 with n = 2. A pointer argument is its 64-bit address
//! (`l`).

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
                Val::Expr(x) => args.push(x),
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
        let pack_e = a[5].unwrap();
        let pack = self.const_int(pack_e, "pack")?;
        if !(1..=16).contains(&pack) || pack & (pack - 1) != 0 {
            return Err(self.err(
                Diagnostic::error(
                    format!("`pack` must be 1, 2, 4, 8 or 16, found {pack}"),
                    pack_e.span,
                    "not a power of two up to 16",
                )
                .note("each asm invocation handles `pack` consecutive elements of a thread"),
            ));
        }
        let pack = pack as u32;
        // Registers an operand of `bits` takes per invocation (see the module doc).
        let regs = |bits: u32| if bits < 32 { pack / (32 / bits).min(pack) } else { pack } as usize;
        let bits = |e: &Elem| match e {
            Elem::Scalar(s) => s.bits(),
            Elem::Ptr(_) => 64,
        };
        let n_out = dtypes.len();
        let out_regs: usize = dtypes.iter().map(|d| regs(d.bits())).sum();
        let in_regs: usize = args.iter().map(|x| regs(bits(&x.ty().elem))).sum();
        // The output constraints, then the arguments' (clobbers `~{...}` aside).
        let cons: Vec<&str> = cons_text.split(',').map(str::trim).filter(|c| !c.starts_with('~')).collect();
        let outs = cons.iter().filter(|c| c.starts_with('=')).count();
        let ins = cons.len() - outs;

        if outs != out_regs || !cons.iter().take(out_regs).all(|c| c.starts_with('=')) {
            let want = count(out_regs, "output constraint");
            return Err(self.err(
                Diagnostic::error(
                    format!("`constraints` must start with {want} such as `=r`, found \"{cons_text}\""),
                    cons_span,
                    count(outs, "output"),
                )
                .with_secondary(dtype_e.span, count(n_out, "result type"))
                .note(if pack > 1 {
                    format!("`$0`, ... are the outputs, then the arguments; {}", pack_note(pack))
                } else {
                    "`$0`, ... are the outputs (one per dtype), then the arguments".to_string()
                }),
            ));
        }
        if ins != in_regs {
            let (ic, vs) = (count(ins, "input constraint"), count(args.len(), "value"));
            let note = if pack > 1 {
                format!("{in_regs} are expected after the outputs'; {}", pack_note(pack))
            } else {
                "one constraint per argument after the output's, e.g. \"=r,r,r\" for two".to_string()
            };
            return Err(self.err(
                Diagnostic::error(
                    format!("`constraints` \"{cons_text}\" has {ic}, but `args` has {vs}"),
                    cons_span,
                    ic,
                )
                .with_secondary(args_e.span, vs)
                .note(note),
            ));
        }
        if let Some(bad) = cons.iter().enumerate().find(|&(i, c)| !constraint_ok(c, i < outs, outs)) {
            return Err(self.err(
                Diagnostic::error(
                    format!("`constraints` \"{cons_text}\": `{}` is not a constraint tilec takes", bad.1),
                    cons_span,
                    if bad.0 < outs { "an output constraint" } else { "an input constraint" },
                )
                .note(
                    "outputs are `=` and a register class (`h` 16-bit, `r` 32-bit, `l` 64-bit, `f` f32, `d` f64); \
                     inputs a register class, `n` (an immediate), or the number of an output to share its register",
                ),
            ));
        }
        if let Some(bad) = bad_operand_ref(&asm, outs + ins) {
            return Err(self.err(
                Diagnostic::error(format!("`asm` refers to {bad}"), a[0].unwrap().span, "in this string").note(
                    format!(
                        "it has {}: `$0` to `${}`, the outputs then the arguments (`$$` is a literal `$`)",
                        count(outs + ins, "operand"),
                        outs + ins - 1
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
                    pack,
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
            // PTX is ASCII: ptxas stops at any other character, after tilec said nothing
            // (fuzzing: a mutated asm string).
            Val::Str(s, sp) if !s.is_ascii() => Err(self.err(
                Diagnostic::error(format!("`{what}` must be ASCII: PTX has no other characters"), sp, "not ASCII")
                    .note(format!(
                        "the first other character is {:?}",
                        s.chars().find(|c| !c.is_ascii()).unwrap_or(' ')
                    )),
            )),
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

/// How `pack` groups elements into registers, for error notes.
fn pack_note(pack: u32) -> String {
    format!(
        "with `pack = {pack}` a value of 32 bits or more takes {pack} registers (one per element), a narrower one \
         packs min(32 / bits, {pack}) elements into each 32-bit register"
    )
}

/// `n thing` or `n things`.
fn count(n: usize, thing: &str) -> String {
    format!("{n} {thing}{}", if n == 1 { "" } else { "s" })
}

/// The first `$` reference of an asm string LLVM would refuse (it aborts rather than
/// reporting): an operand number past the last of `n` operands, or a `$` followed by
/// neither a number, `{number}` / `{number:modifier}`, `$`, nor the dialect variants'
/// `(`, `|`, `)`.
/// A constraint LLVM's NVPTX back end can place (an unknown one, or a tie to an operand
/// that is not an output, crashes it): `=` and a register class for an output (`=&`, an
/// early clobber, too); a register class, `n`, or an output's number for an input.
fn constraint_ok(c: &str, output: bool, outputs: usize) -> bool {
    const CLASSES: [&str; 6] = ["h", "r", "l", "f", "d", "b"];
    match c.strip_prefix('=') {
        Some(rest) => output && CLASSES.contains(&rest.strip_prefix('&').unwrap_or(rest)),
        None => !output && (CLASSES.contains(&c) || c == "n" || c.parse::<usize>().is_ok_and(|k| k < outputs)),
    }
}

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
