//! The syntax tree: what the source says, with a span on every node and no checking.
//!
//! The operators (`UnOp`, `BinOp`) are defined here and used as they are by sema's TIR
//! and tilegen, so no layer maps them to another.

use crate::source::Span;

#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct File {
    pub items: Vec<Item>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemKind {
    Kernel,
    Helper,
}

/// A `kernel` or a `fn` helper.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub kind: ItemKind,
    pub attrs: Vec<Attr>,
    pub name: Ident,
    pub params: Vec<Param>,
    /// `-> T` or `-> (T, U)` on a helper (checked against the returned value).
    pub ret_ty: Option<RetTy>,
    pub body: Block,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub is_const: bool,
    pub name: Ident,
    pub ty: Option<TypeExpr>,
    pub default: Option<Expr>,
    pub span: Span,
}

/// `f32`, `bool`, `*f16`: the name is checked by sema.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeExpr {
    pub ptr: bool,
    pub name: Ident,
    pub span: Span,
}

/// A helper's declared result: one value, or a tuple of them.
#[derive(Clone, Debug, PartialEq)]
pub enum RetTy {
    One(TypeExpr),
    Tuple(Vec<TypeExpr>, Span),
}

impl RetTy {
    pub fn span(&self) -> Span {
        match self {
            RetTy::One(t) => t.span,
            RetTy::Tuple(_, s) => *s,
        }
    }
}

/// `#[name(args)]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Attr {
    pub name: Ident,
    pub args: Vec<AttrArg>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct AttrArg {
    pub key: Option<Ident>,
    pub value: AttrValue,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum AttrValue {
    Expr(Expr),
    List(Vec<AttrValue>, Span),
    /// `{BM = 128, num_warps = 4}`.
    Config(Vec<(Ident, Expr)>, Span),
}

impl AttrValue {
    pub fn span(&self) -> Span {
        match self {
            AttrValue::Expr(e) => e.span,
            AttrValue::List(_, s) | AttrValue::Config(_, s) => *s,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    Let {
        name: Ident,
        ty: Option<TypeExpr>,
        value: Expr,
    },
    /// `let (a, b) = value;`: one name per tuple component (`_` ignores one).
    LetTuple {
        names: Vec<Ident>,
        value: Expr,
    },
    /// `x = e` (`op: None`) or `x op= e`; `op_span` covers the operator.
    Assign {
        target: Ident,
        op: Option<BinOp>,
        op_span: Span,
        value: Expr,
    },
    /// `else if` chains nest: the else block then holds one `If` statement.
    If {
        cond: Expr,
        then_block: Block,
        else_block: Option<Block>,
    },
    For {
        var: Ident,
        iter: Expr,
        body: Block,
    },
    While {
        cond: Expr,
        body: Block,
    },
    Return(Option<Expr>),
    Break,
    Continue,
    Expr(Expr),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// An integer literal's value (hex and `_` already decoded).
    Int(u64),
    Float(f64),
    Bool(bool),
    Str(String),
    Inf,
    Nan,
    /// `None` (only meaningful inside an index).
    NoneLit,
    /// `:` inside an index.
    Slice,
    Name(String),
    /// `*T`: a pointer type as a value (the target of `.to`).
    PtrType(String),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Call {
        callee: Box<Expr>,
        args: Vec<Arg>,
    },
    Method {
        recv: Box<Expr>,
        name: Ident,
        args: Vec<Arg>,
    },
    Index {
        base: Box<Expr>,
        items: Vec<Expr>,
    },
    Tuple(Vec<Expr>),
    Paren(Box<Expr>),
    /// `if c { a } else { b }` as a value (`else if` chains nest in `els`).
    If {
        cond: Box<Expr>,
        then: Box<Expr>,
        els: Box<Expr>,
    },
}

/// A call argument, positional or `name = value`.
#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    pub name: Option<Ident>,
    pub value: Expr,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    Neg,
    /// Logical not on `i1`.
    Not,
    /// Bitwise not on integers.
    BitNot,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// Integer division truncates (C, Triton); float division is true division.
    Div,
    /// Integer remainder truncates (sign of the dividend); on floats, fmod.
    Rem,
    BitAnd,
    BitOr,
    BitXor,
    Shl,
    /// Arithmetic on signed, logical on unsigned.
    Shr,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    LogicalAnd,
    LogicalOr,
}

impl BinOp {
    pub fn is_comparison(self) -> bool {
        matches!(self, BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge)
    }
}
