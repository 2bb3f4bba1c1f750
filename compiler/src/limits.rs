//! How much one compile may be asked to do, checked before any IR is made.
//!
//! Each limit keeps a compile to seconds and its memory bounded, and is an error at the
//! .tile line that exceeds it, with the way out:
//! - nesting: brackets, blocks, expressions and helper calls ([`MAX_NESTING`],
//!   [`MAX_HELPER_DEPTH`]); the compiler's recursion follows the program's nesting;
//! - work: operations a kernel checks after inlining helpers ([`MAX_OPS`]);
//! - tiles: elements per tile ([`MAX_NUMEL`], Triton's limit); elements one thread holds
//!   ([`MAX_PER_THREAD`]: a tile is spread over the program's threads, each holding its
//!   share in registers, spilled past 255; the code is unrolled per element, and ptxas's
//!   time grows about fivefold with each doubling of the share past 512); and those
//!   shares summed over a kernel's tiles ([`MAX_THREAD_WORK`], tilec's own time). Triton
//!   has neither limit: it takes the minutes. Shared-memory round trips of tiles too
//!   large for a block go in rounds (`layout::rounds`).
//!
//! Tile shapes are checked on the checked program (TIR) by [`check`], every expression
//! once, so a tile made by broadcasting is checked like one made by `arange` or `zeros`.

use crate::diag::Diagnostic;
use crate::options::CompileOptions;
use crate::sema::tir::{Expr, ExprKind, Program, Stmt};
use crate::source::Span;

/// Elements of one tile (Triton's limit).
pub const MAX_NUMEL: i64 = 1 << 20;
/// Elements of one tile that one thread holds. ptxas's time on examples/add.tile (sm_90,
/// 4 warps) by the share: 2 s at 512, 26 s at 1024, 131 s at 2048, the limit; about ten
/// minutes at 4096.
pub const MAX_PER_THREAD: i64 = 2048;
/// Elements the threads of a kernel hold, summed over every tile value of the kernel: a
/// bound on the code the lowering unrolls.
pub const MAX_THREAD_WORK: i64 = 1 << 18;
/// Nesting of brackets, blocks and expressions in the source.
pub const MAX_NESTING: usize = 128;
/// Helper calls inside helper calls.
pub const MAX_HELPER_DEPTH: usize = 32;
/// Expressions a kernel checks, counting each inlined helper body again.
pub const MAX_OPS: usize = 200_000;
/// Copies of a `static_range` body: each is checked and emitted again.
pub const MAX_UNROLL: i64 = 1024;
/// Operations a helper's argument may have when it is substituted, not bound, into a
/// `while` condition (each use copies it).
pub const MAX_SUBSTITUTED: usize = 256;

/// The byte offset of the first bracket (`(`, `[`, `{`, and `<` when `angles`) that opens
/// a level deeper than [`MAX_NESTING`], outside comments and strings: checked before a
/// parser (pest's or MLIR's, both recursive) sees the text.
pub fn too_deep(text: &str, angles: bool) -> Option<usize> {
    let b = text.as_bytes();
    let (mut i, mut depth) = (0, 0usize);
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = text[i..].find('\n').map_or(b.len(), |n| i + n);
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..].find("*/").map_or(b.len(), |n| i + 2 + n + 2);
                continue;
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'(' | b'[' | b'{' => depth += 1,
            b'<' if angles => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b'>' if angles => depth = depth.saturating_sub(1),
            _ => {}
        }
        if depth > MAX_NESTING {
            return Some(i);
        }
        i += 1;
    }
    None
}

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
        | ExprKind::Trans { value: x, .. }
        | ExprKind::Reshape(x) => f(x),
        ExprKind::Binary(_, a, b)
        | ExprKind::AddPtr { ptr: a, offset: b }
        | ExprKind::Gather { src: a, index: b, .. } => {
            f(a);
            f(b);
        }
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
