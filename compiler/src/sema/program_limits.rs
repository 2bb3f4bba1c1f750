//! The tile limits of `crate::limits` checked on the checked program (TIR): every
//! expression once, so a tile made by broadcasting is checked like one made by `arange`
//! or `zeros`; and the expression walks sema's helper checks share.

use super::tir::{Expr, ExprKind, Program, Stmt};
use crate::diag::Diagnostic;
use crate::limits::*;
use crate::options::CompileOptions;
use crate::source::Span;

/// Checks every tile of every compiled kernel against the tile limits.
pub fn check(program: &Program, opts: &CompileOptions) -> Result<(), Vec<Diagnostic>> {
    let mut errs = vec![];
    for k in opts.selected(program) {
        let threads = opts.kernel_num_warps(k) as i64 * 32;
        let mut cx = Walk { threads, work: 0, largest: None, errs: vec![] };
        cx.stmts(&k.body);
        if cx.errs.is_empty() && cx.work > MAX_THREAD_WORK {
            cx.errs.push(
                Diagnostic::error(
                    format!(
                        "kernel `{}` is too large to compile in reasonable time: its tiles give each of its {} threads {} elements to compute, more than {MAX_THREAD_WORK}",
                        k.name, threads, cx.work
                    ),
                    k.span,
                    "this kernel",
                )
                .with_secondary(cx.largest.map_or(k.span, |l| l.1), cx.largest.map_or(String::new(), |l| format!("the largest: {} elements a thread", l.0)))
                .help("use smaller tiles or more warps, or split the kernel"),
            );
        }
        errs.append(&mut cx.errs);
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

struct Walk {
    threads: i64,
    work: i64,
    /// The tile giving a thread the most elements, and where it is made.
    largest: Option<(i64, Span)>,
    errs: Vec<Diagnostic>,
}

impl Walk {
    fn stmts(&mut self, stmts: &[Stmt]) {
        for s in stmts {
            match s {
                Stmt::Let { value, .. } | Stmt::Assign { value, .. } | Stmt::Expr(value) => self.expr(value, None),
                Stmt::If { cond, then_body, else_body, .. } => {
                    self.expr(cond, None);
                    self.stmts(then_body);
                    self.stmts(else_body);
                }
                Stmt::For { start, end, step, body, .. } => {
                    [start, end, step].into_iter().for_each(|e| self.expr(e, None));
                    self.stmts(body);
                }
                Stmt::While { cond, body, .. } => {
                    self.expr(cond, None);
                    self.stmts(body);
                }
                Stmt::Store { ptr, value, mask, .. } => {
                    self.expr(ptr, None);
                    self.expr(value, None);
                    mask.iter().for_each(|m| self.expr(m, None));
                }
                Stmt::DevicePrint { values, .. } => values.iter().for_each(|v| self.expr(v, None)),
                Stmt::DeviceAssert { cond, .. } => self.expr(cond, None),
                Stmt::Return { .. } | Stmt::Continue { .. } | Stmt::DebugBarrier { .. } => {}
            }
        }
    }

    /// Checks `e` after its operands. A splat or broadcast is implicit (numpy's rules made
    /// it), so its error points at `outer`, the expression that asked for it; explicit
    /// operands are checked first, so `offs + arange(0, BIG)` blames the `arange`.
    fn expr(&mut self, e: &Expr, outer: Option<Span>) {
        if !self.errs.is_empty() {
            return;
        }
        if let ExprKind::If { then_body, else_body, .. } = &e.kind {
            self.stmts(then_body);
            self.stmts(else_body);
        }
        let mut kids = vec![];
        children(e, &mut |c| kids.push(c));
        kids.sort_by_key(|c| implicit(c));
        for c in kids {
            let at = implicit(c).then(|| outer.unwrap_or(e.span));
            self.expr(c, at);
        }
        if !self.errs.is_empty() || e.ty.shape.is_empty() {
            return;
        }
        let span = if implicit(e) { outer.unwrap_or(e.span) } else { e.span };
        let numel = e.ty.shape.iter().try_fold(1i64, |a, &d| a.checked_mul(d)).unwrap_or(i64::MAX);
        let dims: Vec<String> = e.ty.shape.iter().map(|d| d.to_string()).collect();
        let dims = dims.join("x");
        if numel > MAX_NUMEL {
            self.errs.push(
                Diagnostic::error(
                    format!("this tile has {numel} elements ({dims}), more than a tile may hold ({MAX_NUMEL})"),
                    span,
                    format!("a {dims} tile"),
                )
                .help("use smaller tiles (Triton has the same limit)"),
            );
            return;
        }
        let share = (numel + self.threads - 1) / self.threads;
        if share > MAX_PER_THREAD {
            let warps = self.threads / 32;
            self.errs.push(
                Diagnostic::error(
                    format!(
                        "this {dims} tile gives each of the {} threads ({warps} warps) {share} elements, more than the {MAX_PER_THREAD} a thread may hold: ptxas would take many minutes",
                        self.threads
                    ),
                    span,
                    format!("{share} elements a thread"),
                )
                .help("use more warps (`#[num_warps(N)]` or --num-warps, up to 32) or a smaller tile"),
            );
            return;
        }
        if self.largest.is_none_or(|l| share > l.0) {
            self.largest = Some((share, span));
        }
        self.work = self.work.saturating_add(share);
    }
}

/// A tile the broadcasting rules made (not written as such in the source).
fn implicit(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Splat(_) | ExprKind::Broadcast(_) | ExprKind::ExpandDims { .. })
}

/// Calls `f` on each direct sub-expression of `e`.
pub(crate) fn children<'e>(e: &'e Expr, f: &mut impl FnMut(&'e Expr)) {
    match &e.kind {
        ExprKind::Const(_)
        | ExprKind::Var(_)
        | ExprKind::ProgramId(_)
        | ExprKind::NumPrograms(_)
        | ExprKind::Arange { .. } => {}
        ExprKind::Unary(_, x)
        | ExprKind::Cast { value: x, .. }
        | ExprKind::Splat(x)
        | ExprKind::Broadcast(x)
        | ExprKind::ExpandDims { value: x, .. }
        | ExprKind::Reduce { value: x, .. }
        | ExprKind::Scan { value: x, .. }
        | ExprKind::ReduceFn { value: x, .. }
        | ExprKind::ScanFn { value: x, .. }
        | ExprKind::Sort { value: x, .. }
        | ExprKind::Flip { value: x, .. }
        | ExprKind::Histogram { value: x, .. }
        | ExprKind::BinRank { value: x, .. }
        | ExprKind::Trans { value: x, .. }
        | ExprKind::Reshape(x) => f(x),
        ExprKind::Binary(_, a, b)
        | ExprKind::AddPtr { ptr: a, offset: b }
        | ExprKind::Gather { src: a, index: b, .. }
        | ExprKind::Scatter { src: a, index: b } => {
            f(a);
            f(b);
        }
        // The fallback reads every part of the descriptor.
        ExprKind::DescLoad { fallback, .. } => f(fallback),
        ExprKind::Load { ptr, mask, other, .. } => {
            f(ptr);
            mask.iter().for_each(|m| f(m));
            other.iter().for_each(|o| f(o));
        }
        ExprKind::Atomic { ptr, val, mask, .. } => {
            f(ptr);
            f(val);
            mask.iter().for_each(|m| f(m));
        }
        ExprKind::AtomicCas { ptr, cmp, val, .. } => {
            f(ptr);
            f(cmp);
            f(val);
        }
        ExprKind::Math { args, .. } | ExprKind::InlineAsm { args, .. } => args.iter().for_each(f),
        ExprKind::Where { cond, a, b } => {
            f(cond);
            f(a);
            f(b);
        }
        ExprKind::Dot { a, b, acc, .. } => {
            f(a);
            f(b);
            f(acc);
        }
        ExprKind::If { cond, then, els, .. } => {
            f(cond);
            f(then);
            f(els);
        }
    }
}

/// Whether `e` has at most `limit` operations (stops counting past the limit).
pub(crate) fn size_at_most(e: &Expr, limit: usize) -> bool {
    fn count(e: &Expr, left: &mut usize) {
        if *left == 0 {
            return;
        }
        *left -= 1;
        children(e, &mut |c| count(c, left));
    }
    let mut left = limit + 1;
    count(e, &mut left);
    left > 0
}

#[cfg(test)]
mod tests {
    #[test]
    fn nesting_outside_comments_and_strings() {
        let deep = "(".repeat(super::MAX_NESTING + 1);
        assert_eq!(super::too_deep(&deep, false), Some(super::MAX_NESTING));
        assert_eq!(super::too_deep(&format!("// {deep}\n/* {deep} */ \"{deep}\" x"), false), None);
        assert_eq!(super::too_deep(&"<".repeat(200), false), None);
        assert!(super::too_deep(&"<".repeat(200), true).is_some());
        assert_eq!(super::too_deep("((a))[b]{c}", false), None);
    }
}
