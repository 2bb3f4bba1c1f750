//! `desc.load(offsets)` of a tensor descriptor (ExprKind::DescLoad): a `tile.desc_load`
//! when the target has TMA (sm_90 and later) and the launch can encode the descriptor,
//! that is when its base, shape and strides are the kernel's parameters (not rebound) or
//! integer constants (through variables too), and the parameters' specialisation makes
//! the base 16-byte aligned and the strides 16-byte multiples: the kernel then lists it
//! in `tile.tensormaps` and the launch encodes it from those arguments. Inside a `for`
//! loop only a load that is a `dot`'s operand itself takes that form
//! (`dot_operand_loads`): `software-pipeline` makes its copies a ring of TMA copies into
//! the product's swizzled buffers, issued ahead and counted by mbarriers. Otherwise (and
//! for other loads in loops, whose TMA copy waited for each trip would serialise), the
//! masked loads sema built beside it. `desc.store(offsets, value)` under the
//! same conditions (in loops too) is a `tile.desc_store`: a TMA store.

use super::types::mlir_type;
use super::Gen;
use crate::metadata::{Dim, TensorMapMeta};
use crate::sema::program_limits::children;
use crate::sema::tir::{DescTarget, Expr, ExprKind, Stmt, VarId};
use crate::source::Span;
use std::collections::{HashMap, HashSet};
use tile_dialects::ir::{Attr, Builder, ValueId};
use tile_dialects::opname;
use tile_dialects::scalar::ScalarType;

pub(super) struct DescLoad<'e> {
    pub base: &'e Expr,
    pub shape: &'e [Expr],
    pub strides: &'e [Expr],
    pub offsets: &'e [Expr],
    pub nan: bool,
    pub fallback: &'e Expr,
}

impl Gen<'_> {
    pub(super) fn desc_load(&mut self, b: &mut Builder, d: DescLoad, e: &Expr) -> ValueId {
        // Outside loops, or a dot's operand in a loop (the pipeline's TMA ring).
        let staged = self.for_dots.last().is_none_or(|loads| loads.contains(&e.span));
        let map = match d.fallback.ty.scalar_elem() {
            Some(elem) if self.tma && staged => {
                let block = d.fallback.ty.shape.iter().map(|&n| n as u32).collect();
                self.tensormap(b, (d.base, d.shape, d.strides), elem, block, d.nan)
            }
            _ => None,
        };
        let Some((map, parts)) = map else {
            return self.expr(b, d.fallback);
        };
        let offsets: Vec<ValueId> = d.offsets.iter().map(|o| self.expr(b, o)).collect();
        b.loc = self.loc(e.span);
        let r = d.shape.len();
        let mut ops = parts;
        ops.extend(offsets);
        let n = self.tensormaps.len();
        self.tensormaps.push(map);
        let attrs = [
            ("operandSegmentSizes", Attr(format!("array<i32: 1, {r}, {r}, {r}>"))),
            ("tensormap", Attr::int(n as i64, "i32")),
            ("nan", Attr::bool(d.nan)),
        ];
        b.op1(opname::TILE_DESC_LOAD, &ops, mlir_type(&e.ty), &attrs)
    }

    /// `desc.store(offsets, value)`: a `tile.desc_store` (a TMA store after `tma-copies`)
    /// where the target and the launch allow, as a load; `false` if the caller is to emit
    /// the masked store instead. A store is one copy wherever it is, loops included.
    pub(super) fn desc_store(&mut self, b: &mut Builder, d: &DescTarget, value: &Expr, span: Span) -> bool {
        let Some(elem) = value.ty.scalar_elem().filter(|_| self.tma) else { return false };
        let block = value.ty.shape.iter().map(|&n| n as u32).collect();
        let Some((map, mut ops)) = self.tensormap(b, (&d.base, &d.shape, &d.strides), elem, block, false) else {
            return false;
        };
        ops.extend(d.offsets.iter().map(|o| self.expr(b, o)));
        ops.push(self.expr(b, value));
        b.loc = self.loc(span);
        let r = d.shape.len();
        let n = self.tensormaps.len();
        self.tensormaps.push(map);
        let attrs = [
            ("operandSegmentSizes", Attr(format!("array<i32: 1, {r}, {r}, {r}, 1>"))),
            ("tensormap", Attr::int(n as i64, "i32")),
        ];
        b.op(opname::TILE_DESC_STORE, &ops, &[], &attrs);
        true
    }

    /// The descriptor (`base`, `shape`, `strides`) as the launch encodes it, with its
    /// parts' values, when each part is a parameter or a constant.
    fn tensormap(
        &mut self,
        b: &mut Builder,
        (base, shape, strides): (&Expr, &[Expr], &[Expr]),
        scalar: ScalarType,
        block: Vec<u32>,
        nan: bool,
    ) -> Option<(TensorMapMeta, Vec<ValueId>)> {
        let mut values = vec![];
        let mut dim = |g: &mut Self, x: &Expr| -> Option<Dim> {
            let v = g.expr(b, x);
            values.push(v);
            match g.int_consts.get(&v) {
                Some(&c) => Some(Dim::Const(c)),
                None => g.params.iter().position(|&p| p == v).map(Dim::Param),
            }
        };
        let Dim::Param(base) = dim(self, base)? else { return None };
        let shape = shape.iter().map(|x| dim(self, x)).collect::<Option<Vec<_>>>()?;
        let strides = strides.iter().map(|x| dim(self, x)).collect::<Option<Vec<_>>>()?;
        // TMA reads a 16-byte aligned base with strides of 16-byte multiples: what the
        // launch specialised the parameters on must say so (a stride of 45 halves keeps
        // the masked loads; 4104 halves, a multiple of 8, gets TMA).
        let bytes = scalar.bytes() as i64;
        let aligned = |x: &Dim, unit: i64| match *x {
            Dim::Param(i) => (self.divs.get(i).copied().unwrap_or(1) as i64 * unit) % 16 == 0,
            Dim::Const(c) => (c * unit) % 16 == 0,
        };
        let rank = strides.len();
        if !aligned(&Dim::Param(base), 1) || !strides[..rank - 1].iter().all(|s| aligned(s, bytes)) {
            return None;
        }
        let elem = scalar.to_string();
        // The whole block, unswizzled, until `tma-copies` sets the box and swizzle the
        // copies' buffers need.
        let map = TensorMapMeta { base, shape, strides, elem, box_shape: block, swizzle: 0, nan };
        Some((map, values))
    }
}

/// The descriptor loads of a loop body that are a `dot`'s operands themselves (directly,
/// or through a `let` the `dot` names): those `software-pipeline` can copy by TMA straight
/// into the product's buffers. Statements of the body and its branches, not of inner
/// loops (loops of their own). A load transposed or converted on its way to the `dot`
/// is not one: it stays the masked loads, which the pipeline stages as before.
pub(super) fn dot_operand_loads(body: &[Stmt]) -> HashSet<Span> {
    fn stmts<'a>(body: &'a [Stmt], lets: &mut HashMap<VarId, Span>, operands: &mut Vec<&'a Expr>) {
        for s in body {
            match s {
                Stmt::Let { var, value, .. } => {
                    if matches!(value.kind, ExprKind::DescLoad { .. }) {
                        lets.insert(*var, value.span);
                    }
                    expr(value, operands);
                }
                Stmt::Assign { value, .. } | Stmt::Expr(value) => expr(value, operands),
                Stmt::If { then_body, else_body, .. } => {
                    stmts(then_body, lets, operands);
                    stmts(else_body, lets, operands);
                }
                _ => {}
            }
        }
    }
    fn expr<'a>(e: &'a Expr, operands: &mut Vec<&'a Expr>) {
        if let ExprKind::Dot { a, b, .. } = &e.kind {
            operands.extend([&**a, &**b]);
        }
        children(e, &mut |c| expr(c, operands));
    }
    let (mut lets, mut operands) = (HashMap::new(), vec![]);
    stmts(body, &mut lets, &mut operands);
    operands
        .into_iter()
        .filter_map(|o| match &o.kind {
            ExprKind::DescLoad { .. } => Some(o.span),
            ExprKind::Var(v) => lets.get(v).copied(),
            _ => None,
        })
        .collect()
}
