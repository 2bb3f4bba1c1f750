//! `tile.inline_asm` (`inline_asm_elementwise`): the user's PTX once per register, its
//! operands the arguments' registers of the same index (they share the result's
//! encoding, so register j of each is the same element). A pure asm may be merged or
//! dropped by LLVM; an impure one is kept and ordered (`has_side_effects`).

use super::{lower_type, Lowerer};
use crate::conversion::nvidia::ptx;
use crate::passes::PassError;
use tile_dialects::ir::{Builder, Op, ValueId};

impl Lowerer<'_> {
    pub(super) fn inline_asm(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let r = op.result();
        let ty = lower_type(self.ty(r));
        let (asm, cons) = (op.str_attr("asm").unwrap_or_default(), op.str_attr("constraints").unwrap_or_default());
        let pure = op.int_attr("pure").unwrap_or(0) != 0;
        let n = self.nregs(self.ty(r));
        let vals = (0..n)
            .map(|j| {
                let xs: Vec<ValueId> = op.operands.iter().map(|o| self.reg(*o, j)).collect();
                ptx::asm_with(b, &asm, &cons, &xs, ty.clone(), !pure)
            })
            .collect();
        self.map.insert(r, vals);
        Ok(())
    }
}
