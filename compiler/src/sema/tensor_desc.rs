//! Tensor descriptors: `make_tensor_descriptor(base, shape, strides, block_shape,
//! padding_option)` with `desc.load(offsets)` and `desc.store(offsets, value)`, Triton's
//! `tl.make_tensor_descriptor` (what Hopper's TMA copies are built on).
//!
//! A descriptor is a block pointer (block_ptr.rs) whose offsets come with each access and
//! whose every axis is bounds-checked at both ends, as a TMA copy is: elements outside the
//! tensor read as zero (or NaN with `padding_option = "nan"`) and are not written. So it
//! expands, like a block pointer, into masked loads and stores (block_ptr_access.rs) that
//! every target, pass and the interpreter already take. Its rules are TMA's, checked here so
//! a kernel written for one GPU does not fail on another: 1 to 5 axes, the last stride the
//! constant 1, at most 256 elements a block axis, at least 16 bytes a block row, and
//! constant strides 16-byte multiples.

use super::block_ptr::{entries, BlockPtr};
use super::builtins::expr;
use super::tir::{ConstVal, DescTarget, Expr, ExprKind, Stmt};
use super::{Checker, Val, R};
use crate::diag::Diagnostic;
use crate::source::Span;
use crate::syntax::ast;

const MAKE: &[&str] = &["base", "shape", "strides", "block_shape", "padding_option"];
/// TMA's limits: tensor rank and elements per box axis.
const MAX_RANK: usize = 5;
const MAX_BOX: i64 = 256;

impl Checker<'_> {
    pub(super) fn make_tensor_descriptor(&mut self, args: &[ast::Arg], sp: Span) -> R<Val> {
        let a = self.bind_args("make_tensor_descriptor", MAKE, 4, args, sp)?;
        let base = self.base_arg("make_tensor_descriptor", a[0].unwrap())?;
        let shape = self.i32_list(a[1].unwrap(), "shape")?;
        let rank = shape.len();
        let shape_span = a[1].unwrap().span;
        if !(1..=MAX_RANK).contains(&rank) {
            let d = Diagnostic::error(
                format!("a tensor descriptor has 1 to {MAX_RANK} axes, found {rank}"),
                shape_span,
                entries(rank),
            )
            .note("TMA copies take tensors of 1 to 5 dimensions");
            return Err(self.err(d));
        }
        let strides = self.i32_list(a[2].unwrap(), "strides")?;
        let block = self.shape_arg(a[3].unwrap())?;
        let lens = [("strides", strides.len(), 2), ("block_shape", block.len(), 3)];
        self.one_per_axis(&a, rank, &lens, "a tensor descriptor")?;
        let mut bp = BlockPtr {
            base: base.e,
            offsets: vec![],
            shape,
            strides,
            block,
            order: (0..rank as u32).rev().collect(),
            desc: Some(false),
            span: sp,
        };
        bp.desc = Some(self.padding_arg(a[4], bp.pointee())?);
        self.check_descriptor(&bp, &a)?;
        Ok(Val::BlockPtr(Box::new(bp)))
    }

    /// TMA's rules on the strides and the block.
    fn check_descriptor(&mut self, bp: &BlockPtr, a: &[Option<&ast::Expr>]) -> R<()> {
        let pointee = bp.pointee();
        let bytes = pointee.bits().div_ceil(8) as i64;
        let strides: Vec<&ast::Expr> = match &a[2].unwrap().kind {
            ast::ExprKind::Tuple(xs) => xs.iter().collect(),
            _ => vec![a[2].unwrap()],
        };
        let rank = bp.block.len();
        let span_of = |d: usize| strides.get(d).map_or(a[2].unwrap().span, |e| e.span);
        let last = const_int(&bp.strides[rank - 1]);
        if last != Some(1) {
            let found = last.map_or("a run-time value".to_string(), |c| c.to_string());
            return Err(self.err(
                Diagnostic::error(
                    format!("a tensor descriptor's last stride must be the constant 1, found {found}"),
                    span_of(rank - 1),
                    "not 1",
                )
                .note("TMA copies rows that are contiguous in memory; transpose with `permute` or `.T` after the load"),
            ));
        }
        for (d, s) in bp.strides[..rank - 1].iter().enumerate() {
            let sp = span_of(d);
            if let Some(c) = const_int(s).filter(|&c| (c * bytes) % 16 != 0) {
                return Err(self.err(
                    Diagnostic::error(
                        format!(
                            "stride {c} of a tensor descriptor of {pointee} is {} bytes, not a multiple of 16",
                            c * bytes
                        ),
                        sp,
                        "not 16-byte aligned",
                    )
                    .note("TMA needs every stride but the last to be a multiple of 16 bytes"),
                ));
            }
        }
        let block_span = a[3].unwrap().span;
        if let Some(&n) = bp.block.iter().find(|&&n| n > MAX_BOX) {
            let d = Diagnostic::error(
                format!("a tensor descriptor's block has {n} elements on an axis, over TMA's {MAX_BOX}"),
                block_span,
                "too large",
            )
            .help("load the tile in several blocks");
            return Err(self.err(d));
        }
        let row = bp.block[rank - 1] * bytes;
        if row < 16 {
            return Err(self.err(
                Diagnostic::error(
                    format!(
                        "a tensor descriptor's block rows are {} x {bytes} = {row} bytes; TMA needs at least 16",
                        bp.block[rank - 1]
                    ),
                    block_span,
                    "rows under 16 bytes",
                )
                .help(format!("make the last block axis at least {}", 16 / bytes)),
            ));
        }
        Ok(())
    }

    /// `load(desc, offsets)` (`desc.load(offsets)`): the block at `offsets`, zero (or NaN)
    /// outside the tensor.
    pub(super) fn desc_load(&mut self, args: &[ast::Arg], sp: Span) -> R<Val> {
        let a = self.bind_args("load", &["desc", "offsets"], 2, args, sp)?;
        let bp = self.at_offsets("load", a[0].unwrap(), a[1].unwrap())?;
        let all: Vec<usize> = (0..bp.block.len()).collect();
        let nan = bp.desc == Some(true);
        let fallback = match self.masked_block_load(&bp, &all, nan, Default::default(), sp)? {
            Val::Expr(e) => e.e,
            v => return Ok(v),
        };
        let ty = fallback.ty.clone();
        let BlockPtr { base, shape, strides, offsets, .. } = *bp;
        let kind =
            ExprKind::DescLoad { base: Box::new(base), shape, strides, offsets, nan, fallback: Box::new(fallback) };
        Ok(expr(kind, ty, sp))
    }

    /// `store(desc, offsets, value)` (`desc.store(offsets, value)`): the elements inside the tensor.
    pub(super) fn desc_store(&mut self, args: &[ast::Arg], sp: Span) -> R<Val> {
        let a = self.bind_args("store", &["desc", "offsets", "value"], 3, args, sp)?;
        let bp = self.at_offsets("store", a[0].unwrap(), a[1].unwrap())?;
        let all: Vec<usize> = (0..bp.block.len()).collect();
        let v = self.masked_block_store(&bp, &all, a[2].unwrap(), Default::default(), sp)?;
        // The masked store just made, with the descriptor beside it.
        if let Some(Stmt::Store { desc, .. }) = self.pending.last_mut() {
            let BlockPtr { base, shape, strides, offsets, .. } = *bp;
            *desc = Some(Box::new(DescTarget { base, shape, strides, offsets }));
        }
        Ok(v)
    }

    /// The descriptor `d` with the block's offsets.
    fn at_offsets(&mut self, fname: &str, d: &ast::Expr, offsets: &ast::Expr) -> R<Box<BlockPtr>> {
        let mut bp = self.block_ptr_arg(fname, d)?;
        let offs = self.i32_list(offsets, "offsets")?;
        if offs.len() != bp.block.len() {
            return Err(self.err(
                Diagnostic::error(
                    format!(
                        "`{fname}` at {} offsets through a tensor descriptor of rank {}",
                        offs.len(),
                        bp.block.len()
                    ),
                    offsets.span,
                    entries(offs.len()),
                )
                .with_secondary(d.span, format!("rank {}", bp.block.len())),
            ));
        }
        bp.offsets = offs;
        Ok(bp)
    }
}

fn const_int(e: &Expr) -> Option<i64> {
    match e.kind {
        ExprKind::Const(ConstVal::Int(c)) => Some(c),
        _ => None,
    }
}
