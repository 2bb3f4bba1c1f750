//! Appending ops to a block under construction.

use super::{Attr, Block, Op, Region, Type, ValueId, Values};

/// Builds ops into `ops`, creating result values in `values`, at location `loc`.
pub struct Builder<'a> {
    pub values: &'a mut Values,
    pub ops: &'a mut Vec<Op>,
    pub loc: String,
}

impl<'a> Builder<'a> {
    pub fn new(values: &'a mut Values, ops: &'a mut Vec<Op>, loc: impl Into<String>) -> Self {
        Builder { values, ops, loc: loc.into() }
    }

    pub fn ty(&self, v: ValueId) -> &Type {
        self.values.ty(v)
    }

    /// Appends an op and returns its results.
    pub fn op(
        &mut self,
        name: &str,
        operands: &[ValueId],
        result_tys: &[Type],
        attrs: &[(&str, Attr)],
    ) -> Vec<ValueId> {
        self.op_with_regions(name, operands, result_tys, attrs, vec![])
    }

    /// Appends an op with one result and returns it.
    pub fn op1(&mut self, name: &str, operands: &[ValueId], ty: Type, attrs: &[(&str, Attr)]) -> ValueId {
        self.op(name, operands, &[ty], attrs)[0]
    }

    pub fn op_with_regions(
        &mut self,
        name: &str,
        operands: &[ValueId],
        result_tys: &[Type],
        attrs: &[(&str, Attr)],
        regions: Vec<Region>,
    ) -> Vec<ValueId> {
        let results: Vec<ValueId> = result_tys.iter().map(|t| self.values.new_value(t.clone())).collect();
        self.ops.push(Op {
            name: name.to_string(),
            operands: operands.to_vec(),
            results: results.clone(),
            attrs: attrs.iter().map(|(n, a)| (n.to_string(), a.clone())).collect(),
            regions,
            successors: vec![],
            loc: self.loc.clone(),
        });
        results
    }

    /// Builds a one-block region whose block takes `arg_tys`; `f` fills it.
    pub fn region(&mut self, arg_tys: &[Type], f: impl FnOnce(&mut Builder, &[ValueId])) -> Region {
        let args: Vec<ValueId> = arg_tys.iter().map(|t| self.values.new_value(t.clone())).collect();
        let mut ops = vec![];
        {
            let mut b = Builder { values: &mut *self.values, ops: &mut ops, loc: self.loc.clone() };
            f(&mut b, &args);
        }
        Region::single(Block { args, ops })
    }

    /// `scf.if cond { f }` with no results and an empty else: code only some threads run.
    pub fn if_then(&mut self, cond: ValueId, f: impl FnOnce(&mut Builder)) {
        let then = self.region(&[], |ib, _| {
            f(ib);
            ib.op("scf.yield", &[], &[], &[]);
        });
        let els = self.region(&[], |ib, _| {
            ib.op("scf.yield", &[], &[], &[]);
        });
        self.op_with_regions("scf.if", &[cond], &[], &[], vec![then, els]);
    }

    /// `scf.if cond { then } else { els }` yielding one value of type `ty` from each arm.
    pub fn if_then_else_value(
        &mut self,
        cond: ValueId,
        ty: &Type,
        then: impl FnOnce(&mut Builder) -> ValueId,
        els: impl FnOnce(&mut Builder) -> ValueId,
    ) -> ValueId {
        let then = self.region(&[], |ib, _| {
            let v = then(ib);
            ib.op("scf.yield", &[v], &[], &[]);
        });
        let els = self.region(&[], |ib, _| {
            let v = els(ib);
            ib.op("scf.yield", &[v], &[], &[]);
        });
        self.op_with_regions("scf.if", &[cond], &[ty.clone()], &[], vec![then, els])[0]
    }

    /// A constant of a scalar integer or float type.
    pub fn constant(&mut self, ty: Type, value: &str) -> ValueId {
        let text = if ty.is_float() && !value.contains(['.', 'e', 'x', 'i', 'n']) {
            format!("{value}.0 : {ty}")
        } else {
            format!("{value} : {ty}")
        };
        self.op1("arith.constant", &[], ty, &[("value", Attr(text))])
    }
    pub fn const_int(&mut self, v: i64, bits: u32) -> ValueId {
        if bits == 1 {
            return self.op1("arith.constant", &[], Type::Int(1), &[("value", Attr::bool(v != 0))]);
        }
        self.constant(Type::Int(bits), &v.to_string())
    }
}
