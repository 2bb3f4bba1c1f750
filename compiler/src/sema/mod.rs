//! Semantic analysis: AST → checked, typed program (TIR).
//!
//! One `Checker` walks each kernel once, resolving names, inferring types and shapes,
//! folding constants and inlining helpers as it goes. Errors are pushed to
//! `Checker::diags` and reported as `Err(Reported)`; callers skip the failed statement
//! and keep going, so one file reports many independent errors.
//!
//! Choices where the language doc is silent (a Triton user's expectation, made strict
//! where it prevents silent bugs):
//! - Blocks scope their `let`s (as in Rust); "unknown name" explains it when a name's
//!   block has ended.
//! - `const` parameters and untyped literals are *weak* (like `tl.constexpr` and Python
//!   scalars): `x_f16 * SCALE` stays f16. A `let` of a constant that is never reassigned
//!   stays a constant, so `let n = 64; arange(0, n)` works.
//! - An `if` on a constant checks and emits only the branch taken (Triton's constexpr if).
//! - Any builtin taking a tile first is also a method: `x.sum(0)`, `x.trans()`.
//! - `multiple_of` / `max_contiguous` are checked and then dropped (TIR has no hint op).
//! - Stored values, `other` and atomic operands are converted to the pointee type, as
//!   Triton does; elsewhere a mismatch is an error or an explicit promotion.

pub mod tir;
pub mod types;

mod block_ptr;
mod block_ptr_access;
mod tensor_desc;
pub(crate) mod program_limits;
pub mod memo;
mod broadcast;
mod builtins;
mod builtins_asm;
mod builtins_dot;
mod builtins_gather;
mod builtins_join;
mod builtins_math;
mod builtins_memory;
mod builtins_minmax;
mod builtins_ops;
mod builtins_permute;
mod builtins_ptr;
mod builtins_random;
mod builtins_reduce_fn;
mod builtins_scan_fn;
mod builtins_select;
mod builtins_shape;
mod builtins_split;
mod builtins_std;
mod calls;
mod consts;
pub mod dump;
mod expr;
mod kernel;
pub mod kernel_options;
mod promote;
mod range_step;
mod requires;
mod returns;
pub(crate) mod scope;
mod static_range;
mod stmts;
mod tuples;
mod varargs;
mod weak_fold;

#[cfg(test)]
mod tests;

use std::collections::HashMap;

use crate::diag::Diagnostic;
use crate::source::{SourceFile, Span};
use crate::syntax::{self, ast};
use tir::{ConstVal, Expr, ExprKind, Stmt, VarId, VarInfo};
use types::{Scalar, Ty};

/// Parses and checks a file. `defines` are `-D NAME=VALUE` overrides of const parameters.
pub fn check(file: &SourceFile, defines: &[(String, String)]) -> Result<tir::Program, Vec<Diagnostic>> {
    check_kernel(file, defines, None)
}

/// `check`, of the kernel `only` alone when the file has one of that name (`--kernel`):
/// the defines are its own (`tilerun --kernel K -D N=V` neither checks the other kernels
/// against `N` nor accepts an `N` that K lacks). With no such kernel, every kernel is
/// checked and the compile options' check names the unknown kernel.
pub fn check_kernel(
    file: &SourceFile,
    defines: &[(String, String)],
    only: Option<&str>,
) -> Result<tir::Program, Vec<Diagnostic>> {
    let ast = syntax::parse(file)?;
    check_ast_kernel(file, &ast, defines, only)
}

/// Checks an already parsed file.
pub fn check_ast(
    file: &SourceFile,
    ast: &ast::File,
    defines: &[(String, String)],
) -> Result<tir::Program, Vec<Diagnostic>> {
    check_ast_kernel(file, ast, defines, None)
}

/// `check_kernel` of an already parsed file.
pub fn check_ast_kernel(
    file: &SourceFile,
    ast: &ast::File,
    defines: &[(String, String)],
    only: Option<&str>,
) -> Result<tir::Program, Vec<Diagnostic>> {
    let mut cx = Checker::new(file, ast);
    let only = only.filter(|k| ast.items.iter().any(|i| i.kind == ast::ItemKind::Kernel && i.name.name == *k));
    let program = cx.program(defines, only);
    if cx.diags.is_empty() {
        Ok(program)
    } else {
        Err(cx.diags)
    }
}

/// An error that has already been pushed to `Checker::diags`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Reported;
pub(crate) type R<T> = Result<T, Reported>;

/// A checked expression. `weak` marks an untyped literal (or a constant made only of
/// them): like a Python scalar in Triton, it takes the type of the other operand.
#[derive(Clone, Debug)]
pub(crate) struct TExpr {
    pub e: Expr,
    pub weak: bool,
}

impl TExpr {
    pub fn strong(e: Expr) -> TExpr {
        TExpr { e, weak: false }
    }
    pub fn ty(&self) -> &Ty {
        &self.e.ty
    }
    pub fn span(&self) -> Span {
        self.e.span
    }
    pub fn as_const(&self) -> Option<ConstVal> {
        match self.e.kind {
            ExprKind::Const(c) => Some(c),
            _ => None,
        }
    }
}

/// What an expression denotes: a value, or something only builtins take (shapes,
/// dtypes, strings, `None`, `:`), or nothing (a helper without `return expr`).
#[derive(Clone, Debug)]
pub(crate) enum Val {
    Expr(TExpr),
    Tuple(Vec<Val>, Span),
    Dtype(Scalar, Span),
    /// `*T`: a pointer type (the target of a pointer cast, `p.to(*i32)`).
    PtrDtype(Scalar, Span),
    Str(String, Span),
    NoneV(Span),
    Slice(Span),
    Unit(Span),
    /// `make_block_ptr(...)` / `advance(...)` (block_ptr.rs), `make_tensor_descriptor(...)`
    /// (tensor_desc.rs).
    BlockPtr(Box<block_ptr::BlockPtr>),
    /// A helper or builtin named as a value (Triton passes jit functions to jit
    /// functions): `apply(square, x)`, `let f = square;`; calling it calls the function.
    Fn(String, Span),
}

impl Val {
    pub fn span(&self) -> Span {
        match self {
            Val::Expr(e) => e.span(),
            Val::Tuple(_, s)
            | Val::Dtype(_, s)
            | Val::PtrDtype(_, s)
            | Val::Str(_, s)
            | Val::NoneV(s)
            | Val::Slice(s)
            | Val::Unit(s) => *s,
            Val::BlockPtr(bp) => bp.span,
            Val::Fn(_, s) => *s,
        }
    }
    /// How error messages name it.
    pub fn describe(&self) -> String {
        match self {
            Val::Expr(e) => format!("a value of type {}", e.ty()),
            Val::Tuple(..) => "a tuple".into(),
            Val::Dtype(s, _) => format!("the type `{s}`"),
            Val::PtrDtype(s, _) => format!("the pointer type `*{s}`"),
            Val::Str(..) => "a string".into(),
            Val::NoneV(_) => "`None`".into(),
            Val::Slice(_) => "`:`".into(),
            Val::Unit(_) => "nothing (the helper returns no value)".into(),
            Val::BlockPtr(bp) => block_ptr::describe(bp),
            Val::Fn(n, _) => format!("the function `{n}`"),
        }
    }
}

/// What a name in scope stands for.
#[derive(Clone, Debug)]
pub(crate) enum Binding {
    Var(VarId),
    /// A `for` induction variable (not assignable).
    LoopVar(VarId),
    /// A compile-time constant. `param`: a declared `const` parameter (not assignable).
    Const {
        val: ConstVal,
        ty: Scalar,
        weak: bool,
        param: bool,
    },
    /// A tuple, dtype or string bound by `let` or passed to a helper.
    Value(Val),
    /// Its definition failed; uses are silently errors.
    Poison,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FrameKind {
    /// A kernel or helper body: lookups stop here (helpers do not see their caller).
    Function,
    Loop,
    Branch,
    /// The branch taken by an `if` on a constant: straight-line code.
    Static,
    /// One copy of a `static_range` body: straight-line code that `break` cannot leave.
    Unrolled,
}

pub(crate) struct Frame {
    pub kind: FrameKind,
    pub names: HashMap<String, (Binding, Span)>,
    /// Where the loop or branch starts (for "before the loop" messages).
    pub span: Span,
}

pub(crate) struct Checker<'a> {
    pub file: &'a SourceFile,
    pub items: HashMap<&'a str, &'a ast::Item>,
    pub diags: Vec<Diagnostic>,
    /// The current kernel's `static_print` lines.
    pub static_prints: Vec<String>,
    pub vars: Vec<VarInfo>,
    pub frames: Vec<Frame>,
    /// Statements produced while checking an expression (helper bodies, their argument
    /// bindings, stores): emitted before the statement being checked.
    pub pending: Vec<Stmt>,
    /// Helpers being inlined, outermost first (recursion check and messages).
    pub call_stack: Vec<(String, Span)>,
    /// Names assigned somewhere in the function being checked: a `let` of a constant
    /// that is never reassigned stays a compile-time constant.
    pub assigned: Vec<std::collections::HashSet<String>>,
    /// Names whose block has ended, with where they were declared: "unknown name" then
    /// explains block scoping (Python users expect function scoping).
    pub ended: HashMap<String, Span>,
    /// Set while checking a `while` condition: helper arguments are substituted instead
    /// of bound by `let`, because the condition is re-evaluated on every iteration.
    pub no_hoist: bool,
    /// The flag variable of each loop (by its frame's index) that has a `break`.
    pub break_flags: HashMap<usize, VarId>,
    /// Expressions checked in this kernel, counting inlined helper bodies each time
    /// (bounded by `limits::MAX_OPS`).
    pub ops: usize,
    /// The `return`s of each helper being inlined, outermost first (returns.rs).
    pub rets: Vec<returns::RetCtx<'a>>,
    ast: &'a ast::File,
}

impl<'a> Checker<'a> {
    fn new(file: &'a SourceFile, ast: &'a ast::File) -> Checker<'a> {
        Checker {
            file,
            items: HashMap::new(),
            diags: vec![],
            static_prints: vec![],
            vars: vec![],
            frames: vec![],
            pending: vec![],
            call_stack: vec![],
            assigned: vec![],
            ended: HashMap::new(),
            no_hoist: false,
            break_flags: HashMap::new(),
            ops: 0,
            rets: vec![],
            ast,
        }
    }

    pub fn err(&mut self, d: Diagnostic) -> Reported {
        tracing::debug!(message = %d.message, "sema error");
        // A helper inlined into several kernels fails the same way in each: say it once.
        if !self.diags.iter().any(|e| e.message == d.message && e.span == d.span) {
            self.diags.push(d);
        }
        Reported
    }

    /// Shorthand for the common one-span error.
    pub fn error<T>(&mut self, msg: impl Into<String>, span: Span, label: impl Into<String>) -> R<T> {
        Err(self.err(Diagnostic::error(msg, span, label)))
    }

    pub fn new_var(&mut self, name: &str, ty: Ty, span: Span) -> VarId {
        let id = VarId(self.vars.len() as u32);
        self.vars.push(VarInfo { name: name.to_string(), ty, span });
        id
    }

    pub fn var_ty(&self, v: VarId) -> &Ty {
        &self.vars[v.0 as usize].ty
    }

    /// Source text of a span (for messages).
    pub fn text(&self, span: Span) -> &str {
        self.file.text.get(span.start as usize..span.end as usize).unwrap_or("")
    }
}

/// A compile-time constant expression of scalar type `ty`.
pub(crate) fn const_expr(val: ConstVal, ty: Scalar, span: Span) -> Expr {
    Expr { kind: ExprKind::Const(val), ty: Ty::scalar(ty), span }
}
