//! Program ids, constants, `arange`, `splat`, and pointer arithmetic.

use super::convert::gep_in;
use super::{lower_type, Lowerer};
use crate::conversion::nvidia::sreg;
use crate::pass::PassError;
use tile_dialects::ir::{Attr, Builder, Op, Type, ValueId};
use tile_dialects::opname;

impl Lowerer<'_> {
    pub(super) fn creation(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let r = op.result();
        let vals: Vec<ValueId> = match op.name.as_str() {
            opname::TILE_PROGRAM_ID => vec![sreg::read(b, "ctaid", op.int_attr("axis").unwrap_or(0) as u32)],
            opname::TILE_NUM_PROGRAMS => vec![sreg::read(b, "nctaid", op.int_attr("axis").unwrap_or(0) as u32)],
            "arith.constant" if self.ty(r).is_tensor() => {
                // `dense<v> : tensor<...>` (verify takes no other tile constant): `v` in
                // every register.
                let ety = lower_type(&self.ty(r).elem());
                let v = op.attr("value").and_then(Attr::dense_splat).unwrap_or("0");
                // (MLIR spells an i1 attribute `true` / `false`, with no type.)
                let attr = if matches!(v, "true" | "false") { v.to_string() } else { format!("{v} : {ety}") };
                let c = b.op1("arith.constant", &[], ety.clone(), &[("value", Attr(attr))]);
                vec![c; self.nregs(self.ty(r))]
            }
            "arith.constant" => {
                let attrs: Vec<(&str, Attr)> = op.attrs.iter().map(|(n, a)| (n.as_str(), a.clone())).collect();
                vec![b.op1("arith.constant", &[], lower_type(self.ty(r)), &attrs)]
            }
            opname::TILE_SPLAT => {
                let x = self.scalar(op.operands[0]);
                vec![x; self.nregs(self.ty(r))]
            }
            opname::TILE_ARANGE => {
                let dist = self.dist(r, &op.loc)?;
                let start = op.int_attr("start").unwrap_or(0);
                let part = self.thread_parts(b, &dist)[0];
                (0..dist.elems_per_thread())
                    .map(|j| {
                        let off = dist.reg_offsets(j)[0];
                        let mut v = part;
                        if off != 0 {
                            let c = b.const_int(off, 32);
                            v = b.op1("arith.addi", &[v, c], Type::Int(32), &[]);
                        }
                        if dist.replicates(0) {
                            let m = b.const_int(dist.shape[0] - 1, 32);
                            v = b.op1("arith.andi", &[v, m], Type::Int(32), &[]);
                        }
                        if start != 0 {
                            let c = b.const_int(start, 32);
                            v = b.op1("arith.addi", &[v, c], Type::Int(32), &[]);
                        }
                        v
                    })
                    .collect()
            }
            _ => unreachable!(),
        };
        self.map.insert(r, vals);
        Ok(())
    }

    /// `getelementptr` per element; offsets are sign-extended to 64 bits under
    /// `--index-bits 64`, otherwise used as the i32s they are.
    pub(super) fn addptr(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let r = op.result();
        let elem = match self.ty(r).elem() {
            Type::TilePtr(e) => lower_type(e),
            t => return Err(PassError::at(&op.loc, format!("addptr on {t}"))),
        };
        let n = self.nregs(self.ty(r));
        let (p, o) = (op.operands[0], op.operands[1]);
        let off_bits = self.ty(o).elem().bits();
        let vals = (0..n)
            .map(|j| {
                let mut off = self.reg(o, j);
                if self.index_bits == 64 && off_bits < 64 {
                    off = b.op1("arith.extsi", &[off], Type::Int(64), &[]);
                }
                gep_in(b, 1, self.reg(p, j), off, &elem)
            })
            .collect();
        self.map.insert(r, vals);
        Ok(())
    }

    /// `tile.ptr_cast`, per register: LLVM's pointers are opaque, so a pointer to another
    /// pointee is the same value; an address is `ptrtoint` / `inttoptr`.
    pub(super) fn ptr_cast(&mut self, b: &mut Builder, op: &Op) {
        let (v, r) = (op.operands[0], op.result());
        let (from_ptr, to_ptr) =
            (matches!(self.ty(v).elem(), Type::TilePtr(_)), matches!(self.ty(r).elem(), Type::TilePtr(_)));
        let vals = (0..self.nregs(self.ty(r)))
            .map(|j| {
                let x = self.reg(v, j);
                match (from_ptr, to_ptr) {
                    (true, false) => b.op1("llvm.ptrtoint", &[x], Type::Int(64), &[]),
                    (false, true) => b.op1("llvm.inttoptr", &[x], Type::LlvmPtr(1), &[]),
                    _ => x,
                }
            })
            .collect();
        self.map.insert(r, vals);
    }
}
