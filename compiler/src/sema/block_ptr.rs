//! Block pointers: `make_block_ptr(base, shape, strides, offsets, block_shape, order)` and
//! `advance(ptr, offsets)`, Triton's `tl.make_block_ptr` / `tl.advance`.
//!
//! A block pointer exists only at compile time (like a tuple): `Val::BlockPtr` holds the
//! base pointer, the tensor's shape and strides and the block's offsets as run-time i32
//! scalars, and the block shape and order as constants. `load` / `store` on one expand to
//! a pointer tile, `base + sum_d (offset_d + arange(0, block_d)) * stride_d`, with masks
//! from `boundary_check` (block_ptr_access.rs), so every later pass, the lowering and the
//! interpreter see ordinary loads and stores.
//!
//! Binding one with `let` (or passing it to a helper) copies its run-time parts into
//! variables of its own; assigning to that name (`p = advance(p, (0, BK));`) assigns
//! those variables, so a block pointer advanced in a loop is carried by the loop as
//! scalars. `order` is checked (a permutation of the axes) but changes nothing: the
//! layout passes choose the tile's layout.

use super::tir::{Expr, ExprKind, Stmt};
use super::types::{Elem, Scalar, Ty};
use super::{Binding, Checker, TExpr, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;
use crate::syntax::ast;

#[derive(Clone, Debug)]
pub(crate) struct BlockPtr {
    /// A scalar pointer.
    pub base: Expr,
    /// Per axis, i32 scalars.
    pub shape: Vec<Expr>,
    pub strides: Vec<Expr>,
    pub offsets: Vec<Expr>,
    /// Constants: the block loaded or stored (powers of two) and the axes' order.
    pub block: Vec<i64>,
    pub order: Vec<u32>,
    /// `Some(nan)` for a tensor descriptor (tensor_desc.rs): offsets come with each access,
    /// every axis is checked, and masked-off elements read as NaN (`true`) or zero.
    pub desc: Option<bool>,
    pub span: Span,
}

impl BlockPtr {
    pub fn pointee(&self) -> Scalar {
        match self.base.ty.elem {
            Elem::Ptr(s) => s,
            Elem::Scalar(s) => s,
        }
    }
    /// Every run-time part, in a fixed order (for copying and assigning).
    fn parts(&self) -> impl Iterator<Item = &Expr> {
        std::iter::once(&self.base).chain(&self.shape).chain(&self.strides).chain(&self.offsets)
    }
    fn parts_mut(&mut self) -> impl Iterator<Item = &mut Expr> {
        std::iter::once(&mut self.base).chain(&mut self.shape).chain(&mut self.strides).chain(&mut self.offsets)
    }
}

const MAKE: &[&str] = &["base", "shape", "strides", "offsets", "block_shape", "order"];

impl Checker<'_> {
    pub(super) fn make_block_ptr(&mut self, args: &[ast::Arg], sp: Span) -> R<Val> {
        let a = self.bind_args("make_block_ptr", MAKE, 6, args, sp)?;
        let base = self.base_arg("make_block_ptr", a[0].unwrap())?;
        let shape = self.i32_list(a[1].unwrap(), "shape")?;
        let rank = shape.len();
        if rank == 0 {
            return self.error("a block pointer needs at least one axis", a[1].unwrap().span, "no axes");
        }
        let strides = self.i32_list(a[2].unwrap(), "strides")?;
        let offsets = self.i32_list(a[3].unwrap(), "offsets")?;
        let block = self.shape_arg(a[4].unwrap())?;
        let order = self.order_arg(a[5].unwrap())?;
        let lens = [
            ("strides", strides.len(), 2),
            ("offsets", offsets.len(), 3),
            ("block_shape", block.len(), 4),
            ("order", order.len(), 5),
        ];
        self.one_per_axis(&a, rank, &lens, "a block pointer")?;
        let mut seen = vec![false; rank];
        for &o in &order {
            if o as usize >= rank || std::mem::replace(&mut seen[o as usize], true) {
                return Err(self.err(
                    Diagnostic::error(
                        format!("`order` {order:?} is not a permutation of the {rank} axes"),
                        a[5].unwrap().span,
                        "not a permutation",
                    )
                    .note("order lists the axes from the fastest-varying in memory, e.g. (1, 0) for row-major"),
                ));
            }
        }
        let bp = BlockPtr { base: base.e, shape, strides, offsets, block, order, desc: None, span: sp };
        Ok(Val::BlockPtr(Box::new(bp)))
    }

    /// Each argument of `lens` (its name, its entry count, its position in `a`) has one entry
    /// per axis of the `rank` of `shape` (`a[1]`); `what` names the value made ("a block
    /// pointer").
    pub(super) fn one_per_axis(
        &mut self,
        a: &[Option<&ast::Expr>],
        rank: usize,
        lens: &[(&str, usize, usize)],
        what: &str,
    ) -> R<()> {
        let shape = a[1].unwrap();
        for &(arg, n, i) in lens {
            if n != rank {
                let (has, want) = (entries(n), entries(rank));
                return Err(self.err(
                    Diagnostic::error(
                        format!("`{arg}` has {has} but `shape` has {want}: {what} has one per axis"),
                        a[i].unwrap().span,
                        has,
                    )
                    .with_secondary(shape.span, want),
                ));
            }
        }
        Ok(())
    }

    /// The `base` of a block pointer or tensor descriptor: a scalar pointer.
    pub(super) fn base_arg(&mut self, fname: &str, e: &ast::Expr) -> R<TExpr> {
        let base = self.value(e)?;
        if !base.ty().is_scalar() || !matches!(base.ty().elem, Elem::Ptr(_)) {
            return Err(self.err(
                Diagnostic::error(
                    format!("`{fname}` needs a scalar pointer `base`, found {}", base.ty()),
                    base.span(),
                    "not a scalar pointer",
                )
                .help("pass the tensor's pointer parameter (offset by a scalar if needed)"),
            ));
        }
        Ok(base)
    }

    /// `advance(ptr, offsets)`: the same block pointer with its offsets moved.
    pub(super) fn advance(&mut self, args: &[ast::Arg], sp: Span) -> R<Val> {
        let a = self.bind_args("advance", &["base", "offsets"], 2, args, sp)?;
        let mut bp = self.block_ptr_arg("advance", a[0].unwrap())?;
        if bp.desc.is_some() {
            return Err(self.err(
                Diagnostic::error("`advance` moves a block pointer, not a tensor descriptor", a[0].unwrap().span, "a tensor descriptor")
                    .help("a tensor descriptor takes the block's offsets at each access: `desc.load((m, k))`"),
            ));
        }
        let delta = self.i32_list(a[1].unwrap(), "offsets")?;
        if delta.len() != bp.offsets.len() {
            return Err(self.err(
                Diagnostic::error(
                    format!("`advance` by {} offsets a block pointer of rank {}", delta.len(), bp.offsets.len()),
                    a[1].unwrap().span,
                    entries(delta.len()),
                )
                .with_secondary(a[0].unwrap().span, format!("rank {}", bp.offsets.len())),
            ));
        }
        for (o, d) in bp.offsets.iter_mut().zip(delta) {
            if d.kind == ExprKind::Const(super::tir::ConstVal::Int(0)) {
                continue; // unchanged: not carried by a loop that advances the others
            }
            let cur = TExpr::strong(o.clone());
            *o = self.binary(super::tir::BinOp::Add, cur, TExpr::strong(d), sp)?.e;
        }
        bp.span = sp;
        Ok(Val::BlockPtr(bp))
    }

    /// A block pointer argument (of `advance`, `load`, `store`).
    pub(super) fn block_ptr_arg(&mut self, fname: &str, e: &ast::Expr) -> R<Box<BlockPtr>> {
        match self.check_expr(e)? {
            Val::BlockPtr(bp) => Ok(bp),
            v => {
                let d = v.describe();
                self.error(format!("`{fname}` needs a block pointer, found {d}"), e.span, "not a block pointer")
            }
        }
    }

    /// What a `load` / `store` first argument (positional, or named `ptr` or `desc`) is,
    /// judged from its text (a name bound to one, or a `make_block_ptr` / `advance` /
    /// `make_tensor_descriptor` call) so it is checked once: `Some(true)` a tensor
    /// descriptor, `Some(false)` a block pointer, `None` neither.
    pub(super) fn block_ptr_arg_kind(&self, args: &[ast::Arg]) -> Option<bool> {
        let first = args.iter().find(|a| a.name.as_ref().is_none_or(|n| n.name == "ptr" || n.name == "desc"))?;
        self.block_ptr_kind(&first.value)
    }

    fn block_ptr_kind(&self, e: &ast::Expr) -> Option<bool> {
        match &e.kind {
            ast::ExprKind::Name(n) => match self.lookup(n) {
                Some((Binding::Value(Val::BlockPtr(bp)), _, _)) => Some(bp.desc.is_some()),
                _ => None,
            },
            ast::ExprKind::Call { callee, .. } => match &callee.kind {
                ast::ExprKind::Name(n) if n == "make_block_ptr" || n == "advance" => Some(false),
                ast::ExprKind::Name(n) if n == "make_tensor_descriptor" => Some(true),
                _ => None,
            },
            ast::ExprKind::Paren(x) => self.block_ptr_kind(x),
            _ => None,
        }
    }

    /// A copy of `bp` whose run-time parts are variables of its own (bound by `let`s
    /// pushed to `pending`), so that assigning to it changes nothing else.
    pub(super) fn own_block_ptr(&mut self, mut bp: Box<BlockPtr>, name: &str) -> Box<BlockPtr> {
        if self.no_hoist {
            return bp; // a helper called in a `while` condition: substituted, not bound
        }
        for p in bp.parts_mut() {
            let (ty, span) = (p.ty.clone(), p.span);
            let var = self.new_var(name, ty.clone(), span);
            let value = std::mem::replace(p, Expr { kind: ExprKind::Var(var), ty, span });
            self.pending.push(Stmt::Let { var, value, span });
        }
        bp
    }

    /// `name = value;` where `name` holds the block pointer `cur`: its variables take the
    /// new value's parts (all computed first, then assigned).
    pub(super) fn assign_block_ptr(
        &mut self,
        target: &ast::Ident,
        cur: &BlockPtr,
        decl: Span,
        value: &ast::Expr,
        sp: Span,
    ) -> R<()> {
        let new = match self.check_expr(value)? {
            Val::BlockPtr(bp) => bp,
            v => {
                let d = v.describe();
                return Err(self.err(
                    Diagnostic::error(
                        format!("`{}` holds a block pointer and cannot be assigned {d}", target.name),
                        v.span(),
                        "not a block pointer",
                    )
                    .with_secondary(decl, "bound to a block pointer here"),
                ));
            }
        };
        if new.block != cur.block || new.order != cur.order || new.base.ty != cur.base.ty || new.desc != cur.desc {
            return Err(self.err(
                Diagnostic::error(
                    format!(
                        "`{}` is a block pointer of {} blocks {:?} (order {:?}); assigned one of {} blocks {:?} (order {:?})",
                        target.name,
                        cur.base.ty,
                        cur.block,
                        cur.order,
                        new.base.ty,
                        new.block,
                        new.order
                    ),
                    value.span,
                    "a different kind of block pointer",
                )
                .with_secondary(decl, "bound here")
                .help("a block pointer keeps its pointee, block shape and order; bind a new name instead"),
            ));
        }
        let mut assigns = vec![];
        for (c, n) in cur.parts().zip(new.parts()) {
            let ExprKind::Var(var) = c.kind else { continue };
            if n.kind == ExprKind::Var(var) {
                continue; // unchanged (the base and shape under `advance`)
            }
            // Computed into a temporary first: a later part may read this one's old value.
            let tmp = self.new_var("block_ptr", n.ty.clone(), n.span);
            self.pending.push(Stmt::Let { var: tmp, value: n.clone(), span: sp });
            assigns.push(Stmt::Assign {
                var,
                value: Expr { kind: ExprKind::Var(tmp), ty: n.ty.clone(), span: sp },
                span: sp,
            });
        }
        self.pending.extend(assigns);
        Ok(())
    }

    /// A tuple (or one value) of i32 scalars: a block pointer's shape, strides or offsets.
    pub(super) fn i32_list(&mut self, e: &ast::Expr, what: &str) -> R<Vec<Expr>> {
        let items = match self.check_expr(e)? {
            Val::Tuple(xs, _) => xs,
            v => vec![v],
        };
        let mut out = vec![];
        for it in items {
            let isp = it.span();
            let x = self.expect_expr(it)?;
            let ok = x.ty().is_scalar() && x.ty().scalar_elem().is_some_and(|s| s.is_int() && s != Scalar::I1);
            if !ok || (!x.weak && x.ty().scalar_elem() != Some(Scalar::I32)) {
                return Err(self.err(
                    Diagnostic::error(
                        format!("block pointer `{what}` must be i32 scalars, found {}", x.ty()),
                        isp,
                        "not an i32 scalar",
                    )
                    .help("tilec's offsets are 32-bit: convert with `.to(i32)`"),
                ));
            }
            out.push(self.convert(x, Scalar::I32)?);
        }
        Ok(out)
    }

    /// `order`: a tuple of constant axes.
    fn order_arg(&mut self, e: &ast::Expr) -> R<Vec<u32>> {
        let items: Vec<&ast::Expr> = match &e.kind {
            ast::ExprKind::Tuple(xs) => xs.iter().collect(),
            _ => vec![e],
        };
        let mut out = vec![];
        for x in items {
            let v = self.const_int(x, "order")?;
            out.push(u32::try_from(v).unwrap_or(u32::MAX));
        }
        Ok(out)
    }
}

/// The type of a block pointer's tile of pointers (for messages).
/// How error messages name one.
pub(super) fn describe(bp: &BlockPtr) -> String {
    let what = if bp.desc.is_some() { "a tensor descriptor of" } else { "a block pointer to" };
    format!("{what} {} blocks", tile_ty(bp))
}

pub(super) fn tile_ty(bp: &BlockPtr) -> Ty {
    Ty::tile(Elem::Scalar(bp.pointee()), bp.block.clone())
}

pub(super) fn entries(n: usize) -> String {
    format!("{n} {}", if n == 1 { "entry" } else { "entries" })
}
