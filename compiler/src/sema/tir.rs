//! The checked, typed program (TIR): what the front end hands to `tilegen`.
//!
//! Everything implicit in the source is explicit here, so code generation is mechanical:
//! helpers are inlined, `const` parameters and constant expressions are folded, keyword
//! arguments are resolved with defaults filled in, numpy broadcasting is spelled out as
//! `ExpandDims` / `Broadcast` / `Splat`, type promotion as `Cast`, compound assignment as
//! `Assign`, `cdiv` / `sigmoid` / `clamp` / `zeros_like` as the ops they stand for.
//!
//! Invariants (the front end guarantees them, `tilegen` relies on them):
//! - `Binary` operands have identical `Ty`; the result has that type, or `i1` elements of
//!   the same shape for comparisons. Logical `&&`/`||` act on `i1`.
//! - `AddPtr`: `ptr` has pointer elements, `offset` integer elements, both the result's shape.
//! - `Assign` values already have the variable's type.
//! - Every tile dimension is a power of two.

use super::types::{Scalar, Ty};
use crate::source::Span;
// The attribute vocabulary is the IR's (`tile_dialects::attrs`): what the source names is
// what tilegen writes. `AtomicOp` is the atomics' `kind`.
pub use tile_dialects::attrs::{
    CacheModifier, EvictionPolicy, InputPrecision, MemScope, MemSem, ReduceKind, RmwKind as AtomicOp, ScanKind,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// Kernels only: helpers have been inlined into them.
    pub kernels: Vec<Kernel>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Kernel {
    pub name: String,
    pub span: Span,
    /// Run-time parameters, in order (const parameters are not here).
    pub params: Vec<Param>,
    /// The value of every `const` parameter, after `-D` overrides, in declaration order.
    pub consts: Vec<(String, ConstVal)>,
    pub num_warps: u32,
    pub num_stages: u32,
    /// `#[cluster_dims(n)]`: programs launched in clusters of `n` along grid axis 0 (1:
    /// no clusters). Copies the programs of a cluster provably share are multicast.
    pub cluster_dims: u32,
    /// `#[maxnreg(n)]`: at most `n` registers a thread (PTX's `.maxnreg`), so that more
    /// programs fit an SM; `None`: as many as ptxas wants (255 at most).
    pub maxnreg: Option<u32>,
    /// `#[autotune]` configurations, each a list of `NAME = value` (const params,
    /// `num_warps`, `num_stages`), kept for metadata and for the autotuner.
    pub autotune: Vec<Vec<(String, ConstVal)>>,
    /// The parameters whose values key the autotuner's choice (`key = [...]`).
    pub autotune_key: Vec<String>,
    /// Every variable: indexed by `VarId`.
    pub vars: Vec<VarInfo>,
    pub body: Vec<Stmt>,
    /// The lines of its `static_print` calls, in the order checked (the compile prints them).
    pub static_prints: Vec<String>,
    /// `#[requires(...)]`, const parameters folded (`crate::requires`).
    pub requires: Vec<crate::requires::Requirement>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: String,
    /// A scalar type, or a pointer (`Elem::Ptr`) with an empty shape.
    pub ty: Ty,
    pub var: VarId,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct VarInfo {
    pub name: String,
    pub ty: Ty,
    /// Where it was bound.
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ConstVal {
    Int(i64),
    Float(f64),
    Bool(bool),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// A new binding (each source `let`, each parameter use site starts from `Param::var`).
    Let {
        var: VarId,
        value: Expr,
        span: Span,
    },
    /// A rebinding; `value.ty` equals the variable's type.
    Assign {
        var: VarId,
        value: Expr,
        span: Span,
    },
    If {
        cond: Expr,
        then_body: Vec<Stmt>,
        else_body: Vec<Stmt>,
        span: Span,
    },
    /// `for var in range(start, end, step)`: scalar integer bounds of one type, which is `var`'s.
    For {
        var: VarId,
        start: Expr,
        end: Expr,
        step: Expr,
        num_stages: Option<u32>,
        /// `range(..., loop_unroll_factor = N)`: LLVM unrolls the loop N times (1: never).
        unroll: Option<u32>,
        body: Vec<Stmt>,
        /// The i1 variable a `break` sets (declared false before the loop): the rest of
        /// the iterations do nothing.
        brk: Option<VarId>,
        span: Span,
    },
    While {
        cond: Expr,
        body: Vec<Stmt>,
        /// As `For::brk`; the condition is not evaluated once it is set.
        brk: Option<VarId>,
        span: Span,
    },
    /// Skips the rest of the innermost loop's body (`continue`, and `break` after it sets
    /// the loop's flag).
    Continue {
        span: Span,
    },
    /// Early exit of the program.
    Return {
        span: Span,
    },
    Store {
        ptr: Expr,
        value: Expr,
        mask: Option<Expr>,
        cache: CacheModifier,
        evict: EvictionPolicy,
        /// `Some(Relaxed | Release)`: a `st.relaxed` / `st.release` at `scope`; `None`: weak.
        sem: Option<MemSem>,
        scope: MemScope,
        /// A tensor descriptor's `desc.store`: the descriptor's parts, from which tilegen
        /// makes a TMA store where the target and the launch allow (`tile.desc_store`);
        /// `ptr`, `value` and `mask` are the masked store it otherwise is (walkers of the
        /// tree see those).
        desc: Option<Box<DescTarget>>,
        span: Span,
    },
    DebugBarrier {
        span: Span,
    },
    DevicePrint {
        msg: String,
        values: Vec<Expr>,
        span: Span,
    },
    /// `device_assert(cond, msg)`: an i1 scalar or tile; a false element stops the kernel
    /// with `msg`, the .tile line and the program id.
    DeviceAssert {
        cond: Expr,
        msg: String,
        span: Span,
    },
    /// An expression evaluated for its effect (an atomic whose old value is unused).
    Expr(Expr),
}

/// A `fn` combine inlined once on scalars: `params` (left, right) bound, `body` run, then
/// `result` is the combination. Only scalar `let`s and pure scalar expressions (what a
/// region of `tile.reduce` / `tile.scan` holds; `Checker::region_combine`).
#[derive(Clone, Debug, PartialEq)]
pub struct CombineFn {
    pub params: [VarId; 2],
    pub body: Vec<Stmt>,
    pub result: Expr,
}

/// A tensor descriptor's parts at one access: the tensor (`base`, `shape`, `strides`, one
/// per axis) and the block's `offsets`.
#[derive(Clone, Debug, PartialEq)]
pub struct DescTarget {
    pub base: Expr,
    pub shape: Vec<Expr>,
    pub strides: Vec<Expr>,
    pub offsets: Vec<Expr>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: Ty,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A scalar constant of `ty` (which is a scalar type).
    Const(ConstVal),
    Var(VarId),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// Converts to `ty`'s element (same shape). `bitcast` reinterprets bits (same width).
    Cast {
        value: Box<Expr>,
        bitcast: bool,
    },
    /// A scalar repeated to `ty`'s shape.
    Splat(Box<Expr>),
    /// Size-1 dimensions stretched to `ty`'s shape (same rank).
    Broadcast(Box<Expr>),
    /// A size-1 dimension inserted at `axis`.
    ExpandDims {
        value: Box<Expr>,
        axis: u32,
    },
    AddPtr {
        ptr: Box<Expr>,
        offset: Box<Expr>,
    },
    ProgramId(u32),
    NumPrograms(u32),
    /// `arange(start, end)`: i32 tile of `end - start` elements.
    Arange {
        start: i64,
        end: i64,
    },
    Load {
        ptr: Box<Expr>,
        mask: Option<Box<Expr>>,
        other: Option<Box<Expr>>,
        cache: CacheModifier,
        evict: EvictionPolicy,
        volatile: bool,
        /// `Some(Relaxed | Acquire)`: a `ld.relaxed` / `ld.acquire` at `scope`; `None`: weak.
        sem: Option<MemSem>,
        scope: MemScope,
    },
    /// `desc.load(offsets)` of a tensor descriptor: the block at `offsets` of the tensor
    /// (`base`, `shape`, `strides`), zero (NaN with `nan`) outside it. `fallback` is the same
    /// load as masked pointer loads (block_ptr_access.rs), which tilegen emits unless the
    /// target has TMA and the descriptor's parts are kernel parameters or constants (the
    /// launch then encodes it: `tile.desc_load`). Walkers of the tree see `fallback`: it
    /// reads every part.
    DescLoad {
        base: Box<Expr>,
        shape: Vec<Expr>,
        strides: Vec<Expr>,
        offsets: Vec<Expr>,
        nan: bool,
        fallback: Box<Expr>,
    },
    /// Returns the old value(s).
    Atomic {
        op: AtomicOp,
        ptr: Box<Expr>,
        val: Box<Expr>,
        mask: Option<Box<Expr>>,
        sem: MemSem,
        scope: MemScope,
    },
    AtomicCas {
        ptr: Box<Expr>,
        cmp: Box<Expr>,
        val: Box<Expr>,
        sem: MemSem,
        scope: MemScope,
    },
    /// `axis: None` reduces the whole tile to a scalar.
    Reduce {
        op: ReduceOp,
        value: Box<Expr>,
        axis: Option<u32>,
    },
    /// `reverse` scans from the end of the axis (Triton's `reverse = True`).
    Scan {
        op: ScanOp,
        value: Box<Expr>,
        axis: u32,
        reverse: bool,
    },
    /// `reduce` of one tile with a `fn` combine, as one op: `tile.reduce` of kind
    /// "custom" whose region is `combine`. `axis: None` reduces the whole tile.
    ReduceFn {
        value: Box<Expr>,
        axis: Option<u32>,
        combine: Box<CombineFn>,
    },
    /// `associative_scan` of one tile with a `fn` combine: `tile.scan` of kind "custom".
    ScanFn {
        value: Box<Expr>,
        axis: u32,
        reverse: bool,
        combine: Box<CombineFn>,
    },
    Sort {
        value: Box<Expr>,
        axis: u32,
        descending: bool,
    },
    Histogram {
        value: Box<Expr>,
        num_bins: u32,
    },
    /// `bin_rank(x, num_bins)`: for each element of a 1-D integer tile, how many elements
    /// before it hold the same value (values outside `0..num_bins` share one bin).
    BinRank {
        value: Box<Expr>,
        num_bins: u32,
    },
    /// Elementwise math; all args have `ty` (or the float type being computed on).
    Math {
        f: MathFn,
        args: Vec<Expr>,
    },
    Where {
        cond: Box<Expr>,
        a: Box<Expr>,
        b: Box<Expr>,
    },
    Dot {
        a: Box<Expr>,
        b: Box<Expr>,
        acc: Box<Expr>,
        input_precision: InputPrecision,
        /// `max_num_imprecise_acc` of an fp8 product: promote the partial sums to f32
        /// every this many products of K (`None`: never; only fp8 keeps a value).
        max_imprecise: Option<u32>,
    },
    /// Result axis i is axis `order[i]` of `value` (Triton's `permute`; `trans` of a 2-D
    /// tile is `[1, 0]`).
    Trans {
        value: Box<Expr>,
        order: Vec<u32>,
    },
    /// Element i along `axis` becomes element n - 1 - i.
    Flip {
        value: Box<Expr>,
        axis: u32,
    },
    Reshape(Box<Expr>),
    /// `gather(src, index, axis)`: `index`'s shape (src's but along `axis`), element i
    /// is src's with the coordinate along `axis` replaced by `index[i]` (modulo that
    /// axis's size).
    Gather {
        src: Box<Expr>,
        index: Box<Expr>,
        axis: u32,
    },
    /// `scatter(src, index)`, gather's inverse on 1-D tiles: element `index[i]` (modulo
    /// the size) of the result is `src[i]`; elements no index names are 0.
    Scatter {
        src: Box<Expr>,
        index: Box<Expr>,
    },
    /// `inline_asm_elementwise`: `asm` once per `pack` elements of the (equally shaped) `args`,
    /// `$0..` its `outputs` (element types), then the arguments; `constraints` as LLVM
    /// spells them. The value is output `index` (one expression per output).
    InlineAsm {
        asm: String,
        constraints: String,
        args: Vec<Expr>,
        pure: bool,
        outputs: Vec<super::types::Scalar>,
        index: u32,
        /// Elements each invocation handles (Triton's `pack`).
        pack: u32,
    },
    /// `if c { a } else { b }` as a value: only the taken branch runs. Each branch's
    /// statements (inlined helper bodies, temporaries) run inside it, before its value.
    If {
        cond: Box<Expr>,
        then_body: Vec<Stmt>,
        then: Box<Expr>,
        else_body: Vec<Stmt>,
        els: Box<Expr>,
    },
}

// The operators are the parser's (one enum from the source to the lowering).
pub use crate::syntax::ast::{BinOp, UnOp};

// The elementwise functions: one list from sema to the interpreter (tile_dialects::math).
pub use tile_dialects::math::MathFn;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReduceOp {
    Sum,
    Max,
    Min,
    /// Result is i32 indices.
    Argmax,
    Argmin,
    /// Bitwise xor of integers (Triton's `xor_sum`).
    XorSum,
}

impl ReduceOp {
    /// The `kind` of `tile.reduce` (the combine the lowering and the interpreter apply).
    pub fn kind(self) -> ReduceKind {
        match self {
            ReduceOp::Sum => ReduceKind::Sum,
            ReduceOp::Max => ReduceKind::Max,
            ReduceOp::Min => ReduceKind::Min,
            ReduceOp::Argmax => ReduceKind::Argmax,
            ReduceOp::Argmin => ReduceKind::Argmin,
            ReduceOp::XorSum => ReduceKind::Xor,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScanOp {
    Cumsum,
    Cumprod,
}

impl ScanOp {
    /// The `kind` of `tile.scan`.
    pub fn kind(self) -> ScanKind {
        match self {
            ScanOp::Cumsum => ScanKind::Cumsum,
            ScanOp::Cumprod => ScanKind::Cumprod,
        }
    }
}

/// Scalar element type of an expression known to hold numbers.
pub fn num(e: &Expr) -> Scalar {
    e.ty.scalar_elem().expect("numeric expression")
}
