//! `load(block_ptr, boundary_check, padding_option, ...)` and `store(block_ptr, value,
//! boundary_check, ...)`, Triton's loads and stores through block pointers, expanded into
//! ordinary masked ones: the pointer tile `base + sum_d idx_d * stride_d` with `idx_d =
//! offset_d + arange(0, block_d)` along axis d, and for each axis in `boundary_check`
//! the mask `0 <= idx_d < shape_d` (Triton checks both ends). Masked-off elements load as
//! `padding_option`: "zero" (the default here; Triton leaves them undefined without one)
//! or "nan".

use super::block_ptr::{tile_ty, BlockPtr};
use super::broadcast::{broadcast_expr, expand_dims};
use super::builtins::expr;
use super::builtins_ops::fill;
use super::tir::{BinOp, CacheModifier, ConstVal, EvictionPolicy, Expr, ExprKind, MemSem, Stmt};
use super::types::{Elem, Scalar, Ty};
use super::{const_expr, Checker, TExpr, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;
use crate::syntax::ast;

const LOAD: &[&str] = &["ptr", "boundary_check", "padding_option", "cache_modifier", "eviction_policy", "volatile"];
const STORE: &[&str] = &["ptr", "value", "boundary_check", "cache_modifier", "eviction_policy"];

impl Checker<'_> {
    pub(super) fn block_load(&mut self, args: &[ast::Arg], sp: Span) -> R<Val> {
        self.no_mask("load", args)?;
        let a = self.bind_args("load", LOAD, 1, args, sp)?;
        let bp = self.block_ptr_arg("load", a[0].unwrap())?;
        let checks = self.boundary_check_arg(a[1], &bp)?;
        let nan = self.padding_arg(a[2], bp.pointee())?;
        let cache = self.cache_arg(a[3], true)?;
        let evict = self.evict_arg(a[4])?;
        let volatile = match a[5] {
            Some(v) => self.const_bool(v, "volatile")?,
            None => false,
        };
        self.check_modifiers(&a[3..6], None, cache, evict, volatile, None)?;
        self.masked_block_load(&bp, &checks, nan, (cache, evict, volatile), sp)
    }

    /// `padding_option` (of a block-pointer load or a tensor descriptor): whether masked-off
    /// elements read as NaN ("nan", floats only) rather than zero ("zero", the default).
    pub(super) fn padding_arg(&mut self, e: Option<&ast::Expr>, pointee: Scalar) -> R<bool> {
        let Some(e) = e else { return Ok(false) };
        let nan = self.string_arg(e, "padding_option", &["zero", "nan"])? == 1;
        if nan && !pointee.is_float() {
            return self.error(
                format!("`padding_option = \"nan\"` needs float elements, found *{pointee}"),
                e.span,
                "integers have no NaN",
            );
        }
        Ok(nan)
    }

    /// The block's load: masked on the `checks` axes, masked-off elements `nan` or zero.
    pub(super) fn masked_block_load(
        &mut self,
        bp: &BlockPtr,
        checks: &[usize],
        nan: bool,
        (cache, evict, volatile): (CacheModifier, EvictionPolicy, bool),
        sp: Span,
    ) -> R<Val> {
        let (ptr, mask) = self.block_pointers(bp, checks, sp)?;
        let pad = if nan { ConstVal::Float(f64::NAN) } else { ConstVal::Int(0) };
        let other = mask.as_ref().map(|_| Box::new(fill(pad, bp.pointee(), &bp.block, sp)));
        let (sem, scope) = self.order_args("load", None, None, MemSem::Acquire)?;
        let mask = mask.map(Box::new);
        let kind = ExprKind::Load { ptr: Box::new(ptr), mask, other, cache, evict, volatile, sem, scope };
        Ok(expr(kind, tile_ty(bp), sp))
    }

    pub(super) fn block_store(&mut self, args: &[ast::Arg], sp: Span) -> R<Val> {
        self.no_mask("store", args)?;
        let a = self.bind_args("store", STORE, 2, args, sp)?;
        let bp = self.block_ptr_arg("store", a[0].unwrap())?;
        let checks = self.boundary_check_arg(a[2], &bp)?;
        let cache = self.cache_arg(a[3], false)?;
        let evict = self.evict_arg(a[4])?;
        self.check_modifiers(&[a[3], a[4], None], None, cache, evict, false, None)?;
        self.masked_block_store(&bp, &checks, a[1].unwrap(), (cache, evict), sp)
    }

    /// The block's store of `value`, masked on the `checks` axes.
    pub(super) fn masked_block_store(
        &mut self,
        bp: &BlockPtr,
        checks: &[usize],
        value: &ast::Expr,
        (cache, evict): (CacheModifier, EvictionPolicy),
        sp: Span,
    ) -> R<Val> {
        let (ptr, mask) = self.block_pointers(bp, checks, sp)?;
        let ptr_t = TExpr::strong(ptr);
        let value = self.value_at("store", "value", value, &ptr_t, bp.pointee())?;
        let (sem, scope) = self.order_args("store", None, None, MemSem::Release)?;
        self.pending.push(Stmt::Store { ptr: ptr_t.e, value, mask, cache, evict, sem, scope, desc: None, span: sp });
        Ok(Val::Unit(sp))
    }

    /// `mask` / `other` on a block pointer: Triton refuses them too; say what to use.
    fn no_mask(&mut self, fname: &str, args: &[ast::Arg]) -> R<()> {
        let Some((a, n)) = args
            .iter()
            .find_map(|a| a.name.as_ref().filter(|n| matches!(n.name.as_str(), "mask" | "other")).map(|n| (a, n)))
        else {
            return Ok(());
        };
        Err(self.err(
            Diagnostic::error(format!("`{fname}` through a block pointer takes no `{}`", n.name), a.span, "not for block pointers")
                .help("mask the tensor's edges with `boundary_check = (0, 1)`, and choose `padding_option = \"zero\"` or `\"nan\"`"),
        ))
    }

    /// `boundary_check`: a constant axis or a tuple of them, each below the rank.
    fn boundary_check_arg(&mut self, e: Option<&ast::Expr>, bp: &BlockPtr) -> R<Vec<usize>> {
        let Some(e) = e else { return Ok(vec![]) };
        let items: Vec<&ast::Expr> = match &e.kind {
            ast::ExprKind::Tuple(xs) => xs.iter().collect(),
            _ => vec![e],
        };
        let rank = bp.block.len();
        let mut out = vec![];
        for x in items {
            let axis = self.const_int(x, "boundary_check")?;
            if !(0..rank as i64).contains(&axis) {
                return Err(self.err(
                    Diagnostic::error(
                        format!("`boundary_check` axis {axis} is out of range for a block pointer of rank {rank}"),
                        x.span,
                        format!("axes are 0 to {}", rank - 1),
                    )
                    .with_secondary(bp.span, format!("a block of {:?}", bp.block)),
                ));
            }
            if !out.contains(&(axis as usize)) {
                out.push(axis as usize);
            }
        }
        Ok(out)
    }

    /// The block's pointer tile and, when `checks` is not empty, its in-bounds mask.
    fn block_pointers(&mut self, bp: &BlockPtr, checks: &[usize], sp: Span) -> R<(Expr, Option<Expr>)> {
        let rank = bp.block.len();
        let mut total: Option<TExpr> = None;
        let mut mask: Option<TExpr> = None;
        for d in 0..rank {
            let n = bp.block[d];
            let r = Expr {
                kind: ExprKind::Arange { start: 0, end: n },
                ty: Ty::tile(Elem::Scalar(Scalar::I32), vec![n]),
                span: sp,
            };
            let idx = self.binary(BinOp::Add, TExpr::strong(bp.offsets[d].clone()), TExpr::strong(r), sp)?;
            // Along axis d of the block: size 1 on every other axis.
            let mut e = idx.e;
            for _ in 0..d {
                e = expand_dims(e, 0, sp);
            }
            for k in d + 1..rank {
                e = expand_dims(e, k as u32, sp);
            }
            // Read by the pointer and twice by the mask: computed once (but not bound in a
            // `while` condition, which is re-evaluated as written).
            let idx = if checks.contains(&d) && !self.no_hoist { self.hoist(TExpr::strong(e)) } else { e };
            let idx = TExpr::strong(idx);
            let term = self.binary(BinOp::Mul, idx.clone(), TExpr::strong(bp.strides[d].clone()), sp)?;
            total = Some(match total {
                None => term,
                Some(t) => self.binary(BinOp::Add, t, term, sp)?,
            });
            if checks.contains(&d) {
                let zero = TExpr { e: const_expr(ConstVal::Int(0), Scalar::I32, sp), weak: true };
                let lo = self.binary(BinOp::Ge, idx.clone(), zero, sp)?;
                let hi = self.binary(BinOp::Lt, idx, TExpr::strong(bp.shape[d].clone()), sp)?;
                let m = self.binary(BinOp::LogicalAnd, lo, hi, sp)?;
                mask = Some(match mask {
                    None => m,
                    Some(p) => self.binary(BinOp::LogicalAnd, p, m, sp)?,
                });
            }
        }
        let total = broadcast_expr(total.unwrap().e, &bp.block);
        let ptr = self.binary(BinOp::Add, TExpr::strong(bp.base.clone()), TExpr::strong(total), sp)?;
        Ok((ptr.e, mask.map(|m| broadcast_expr(m.e, &bp.block))))
    }
}
