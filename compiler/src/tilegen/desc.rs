//! `desc.load(offsets)` of a tensor descriptor (ExprKind::DescLoad): a `tile.desc_load`
//! when the target has TMA (sm_90 and later) and the launch can encode the descriptor,
//! that is when its base, shape and strides are the kernel's parameters (not rebound) or
//! integer constants (through variables too), and the parameters' specialisation makes
//! the base 16-byte aligned and the strides 16-byte multiples: the kernel then lists it
//! in `tile.tensormaps` and the launch encodes it from those arguments. Otherwise, and
//! inside `for` loops (whose loads the software pipeline stages), the masked loads sema
//! built beside it.

use super::types::mlir_type;
use super::Gen;
use crate::metadata::{Dim, TensorMapMeta};
use crate::sema::tir::Expr;
use tile_dialects::ir::{Attr, Builder, ValueId};
use tile_dialects::opname;

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
        // In a `for` loop the masked loads stay: software-pipeline stages them as cp.async
        // copies ahead of their use, which one waited-for TMA copy a trip would not be.
        // (TMA rings driven by mbarrier phases are the pipeline's next form.)
        let map = if self.tma && self.in_for == 0 { self.tensormap(b, &d) } else { None };
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

    /// The descriptor as the launch encodes it, with its parts' values (base, shape,
    /// strides), when each part is a parameter or a constant.
    fn tensormap(&mut self, b: &mut Builder, d: &DescLoad) -> Option<(TensorMapMeta, Vec<ValueId>)> {
        let mut values = vec![];
        let mut dim = |g: &mut Self, x: &Expr| -> Option<Dim> {
            let v = g.expr(b, x);
            values.push(v);
            match g.int_consts.get(&v) {
                Some(&c) => Some(Dim::Const(c)),
                None => g.params.iter().position(|&p| p == v).map(Dim::Param),
            }
        };
        let Dim::Param(base) = dim(self, d.base)? else { return None };
        let shape = d.shape.iter().map(|x| dim(self, x)).collect::<Option<Vec<_>>>()?;
        let strides = d.strides.iter().map(|x| dim(self, x)).collect::<Option<Vec<_>>>()?;
        let scalar = d.fallback.ty.scalar_elem()?;
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
        let block = d.fallback.ty.shape.iter().map(|&n| n as u32).collect();
        // One copy of the whole block into an unswizzled buffer (what `tma-loads` makes); a
        // swizzled buffer wgmma reads would need panels of it instead.
        let map = TensorMapMeta { base, shape, strides, elem, box_shape: block, swizzle: 0, nan: d.nan };
        Some((map, values))
    }
}
