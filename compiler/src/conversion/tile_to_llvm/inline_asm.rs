//! `tile.inline_asm` (`inline_asm_elementwise`): the user's PTX once per register, its
//! operands the arguments' registers of the same index (they share the result's
//! encoding, so register j of each is the same element). A pure asm may be merged or
//! dropped by LLVM; an impure one is kept and ordered (`has_side_effects`). With several
//! `outputs` the asm returns a struct and this op's result is field `index` (sema emits
//! one op per output, pure only, and LLVM merges the identical pure asm calls).

use super::{lower_type, Lowerer};
use crate::conversion::nvidia::ptx;
use crate::passes::PassError;
use tile_dialects::ir::{Attr, Builder, Op, Type, ValueId};

impl Lowerer<'_> {
    pub(super) fn inline_asm(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let r = op.result();
        let ty = lower_type(self.ty(r));
        let (asm, cons) = (op.str_attr("asm").unwrap_or_default(), op.str_attr("constraints").unwrap_or_default());
        let pure = op.int_attr("pure").unwrap_or(0) != 0;
        let outputs = op.str_attr("outputs").unwrap_or_default();
        let index = op.int_attr("index").unwrap_or(0);
        let outs: Vec<Type> = outputs.split(',').map(|t| lower_type(&Type::parse(t.trim()))).collect();
        let ret = if outs.len() > 1 {
            let fields: Vec<String> = outs.iter().map(|t| t.to_string()).collect();
            Type::Other(format!("!llvm.struct<({})>", fields.join(", ")))
        } else {
            ty.clone()
        };
        let n = self.nregs(self.ty(r));
        let vals = (0..n)
            .map(|j| {
                let xs: Vec<ValueId> = op.operands.iter().map(|o| self.reg(*o, j)).collect();
                let v = ptx::asm_with(b, &asm, &cons, &xs, ret.clone(), !pure);
                if outs.len() > 1 {
                    let at = [("position", Attr(format!("array<i64: {index}>")))];
                    b.op1("llvm.extractvalue", &[v], ty.clone(), &at)
                } else {
                    v
                }
            })
            .collect();
        self.map.insert(r, vals);
        Ok(())
    }
}
