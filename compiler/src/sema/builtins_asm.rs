//! `inline_asm_elementwise(asm, constraints, args, dtype, is_pure, pack)`, Triton's
//! `tl.inline_asm_elementwise`: a PTX string run once per element of the broadcast
//! `args`, `$0` its result and `$1`, `$2`, ... the arguments, register constraints as
//! LLVM spells them (`"=r,r,r"`). It becomes one `tile.inline_asm` op, lowered per
//! register to `llvm.inline_asm`. The interpreter cannot run PTX: it refuses the op.
//!
//! Supported: one result (`dtype` a single element type) and `pack = 1` (one element per
//! invocation); a tuple of dtypes or a larger `pack` is an error saying so.

use super::broadcast::broadcast_expr;
use super::builtins::{expr, Args};
use super::tir::ExprKind;
use super::types::{Elem, Ty};
use super::{Checker, TExpr, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;

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
        if let Val::Tuple(..) = self.check_expr(dtype_e)? {
            return Err(self.err(
                Diagnostic::error(
                    "`inline_asm_elementwise` with several results (a tuple of dtypes) is not supported yet",
                    dtype_e.span,
                    "a tuple",
                )
                .help("use one call per result"),
            ));
        }
        let dtype = self.dtype_arg(dtype_e)?;
        let pure = self.const_bool(a[4].unwrap(), "is_pure")?;
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
        // One output constraint, then one per argument (clobbers `~{...}` aside).
        let cons: Vec<&str> = cons_text.split(',').map(str::trim).filter(|c| !c.starts_with('~')).collect();
        let outs = cons.iter().filter(|c| c.starts_with('=')).count();
        let ins = cons.len() - outs;
        if outs != 1 || !cons[0].starts_with('=') {
            return Err(self.err(
                Diagnostic::error(
                    format!("`constraints` must start with one output constraint such as `=r`, found \"{cons_text}\""),
                    cons_span,
                    count(outs, "output"),
                )
                .note("one result: `$0` is the output, `$1`, `$2`, ... the arguments"),
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
        let refs: Vec<&TExpr> = args.iter().collect();
        let shape = self.common_shape(&refs, "`inline_asm_elementwise` arguments", sp)?;
        let args = args.into_iter().map(|x| broadcast_expr(x.e, &shape)).collect();
        let ty = Ty::tile(Elem::Scalar(dtype), shape);
        Ok(expr(ExprKind::InlineAsm { asm, constraints: cons_text, args, pure }, ty, sp))
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
