//! `math_f64`'s operations as IR: each one LLVM / arith op that the NVPTX back end prints
//! as one f64 instruction (`fma.rn.f64`, `div.rn.f64`, `cvt.rni.f64.f64`, ...), never
//! marked `contract`, so that ptxas fuses nothing and the GPU computes exactly what the
//! host tests of `math_f64` measured.

use super::math_f64::ops::Ops;
use super::math_f64::trig_large::TABLE_NAME;
use tile_dialects::ir::{Attr, Builder, Op, Region, Type, ValueId};

/// `arith.cmpf` predicates.
const OEQ: i64 = 1;
const OLT: i64 = 4;
const UNO: i64 = 14;

pub(super) struct Emit<'a, 'b> {
    pub b: &'a mut Builder<'b>,
    /// Module-level ops of the kernel: the constant tables go there (once).
    pub globals: &'a mut Vec<Op>,
    /// The kernel's symbol prefix, for the tables' names.
    pub prefix: String,
}

impl Emit<'_, '_> {
    fn f(&mut self, name: &str, xs: &[ValueId]) -> ValueId {
        self.b.op1(name, xs, Type::F64, &[])
    }
    fn i(&mut self, name: &str, xs: &[ValueId]) -> ValueId {
        self.b.op1(name, xs, Type::Int(64), &[])
    }
    fn cmp(&mut self, pred: i64, a: ValueId, b: ValueId) -> ValueId {
        self.b.op1("arith.cmpf", &[a, b], Type::Int(1), &[("predicate", Attr::int(pred, "i64"))])
    }
    fn bool_op(&mut self, name: &str, xs: &[ValueId]) -> ValueId {
        self.b.op1(name, xs, Type::Int(1), &[])
    }
}

impl Ops for Emit<'_, '_> {
    type F = ValueId;
    type I = ValueId;
    type B = ValueId;
    fn c(&mut self, v: f64) -> ValueId {
        let lit = format!("0x{:016X}", v.to_bits());
        self.b.op1("arith.constant", &[], Type::F64, &[("value", Attr(format!("{lit} : f64")))])
    }
    fn ci(&mut self, v: i64) -> ValueId {
        self.b.const_int(v, 64)
    }
    fn add(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.f("arith.addf", &[a, b])
    }
    fn sub(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.f("arith.subf", &[a, b])
    }
    fn mul(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.f("arith.mulf", &[a, b])
    }
    fn div(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.f("arith.divf", &[a, b])
    }
    fn fma(&mut self, a: ValueId, b: ValueId, c: ValueId) -> ValueId {
        self.f("llvm.intr.fma", &[a, b, c])
    }
    fn sqrt(&mut self, a: ValueId) -> ValueId {
        self.f("llvm.intr.sqrt", &[a])
    }
    fn neg(&mut self, a: ValueId) -> ValueId {
        self.f("arith.negf", &[a])
    }
    fn abs(&mut self, a: ValueId) -> ValueId {
        self.f("llvm.intr.fabs", &[a])
    }
    fn rint(&mut self, a: ValueId) -> ValueId {
        self.f("llvm.intr.rint", &[a])
    }
    fn floor(&mut self, a: ValueId) -> ValueId {
        self.f("llvm.intr.floor", &[a])
    }
    fn copysign(&mut self, a: ValueId, sign: ValueId) -> ValueId {
        self.f("llvm.intr.copysign", &[a, sign])
    }
    fn lt(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.cmp(OLT, a, b)
    }
    fn eq(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.cmp(OEQ, a, b)
    }
    fn is_nan(&mut self, a: ValueId) -> ValueId {
        self.cmp(UNO, a, a)
    }
    fn sel(&mut self, c: ValueId, a: ValueId, b: ValueId) -> ValueId {
        self.f("arith.select", &[c, a, b])
    }
    fn and(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.bool_op("arith.andi", &[a, b])
    }
    fn or(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.bool_op("arith.ori", &[a, b])
    }
    fn not(&mut self, a: ValueId) -> ValueId {
        let t = self.b.const_int(1, 1);
        self.bool_op("arith.xori", &[a, t])
    }
    fn bits(&mut self, a: ValueId) -> ValueId {
        self.i("arith.bitcast", &[a])
    }
    fn from_bits(&mut self, a: ValueId) -> ValueId {
        self.f("arith.bitcast", &[a])
    }
    fn to_int(&mut self, a: ValueId) -> ValueId {
        self.i("arith.fptosi", &[a])
    }
    fn to_float(&mut self, a: ValueId) -> ValueId {
        self.f("arith.sitofp", &[a])
    }
    fn iadd(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.i("arith.addi", &[a, b])
    }
    fn isub(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.i("arith.subi", &[a, b])
    }
    fn iand(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.i("arith.andi", &[a, b])
    }
    fn ior(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.i("arith.ori", &[a, b])
    }
    fn shl(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.i("arith.shli", &[a, b])
    }
    fn sar(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.i("arith.shrsi", &[a, b])
    }
    fn ieq(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.b.op1("arith.cmpi", &[a, b], Type::Int(1), &[("predicate", Attr::int(0, "i64"))])
    }
    /// A constant array in global memory (`.global`, read through the L1 like any
    /// load), made once per kernel; one `ld.global.f64` per lookup.
    fn table(&mut self, name: &'static str, vals: &[f64], idx: ValueId) -> ValueId {
        debug_assert_eq!(name, TABLE_NAME);
        let sym = format!("{}_{name}", self.prefix);
        if !self.globals.iter().any(|g| g.str_attr("sym_name").as_deref() == Some(sym.as_str())) {
            let elems: Vec<String> = vals.iter().map(|v| format!("0x{:016X}", v.to_bits())).collect();
            self.globals.push(Op {
                name: "llvm.mlir.global".into(),
                attrs: vec![
                    ("addr_space".into(), Attr::int(1, "i32")),
                    ("constant".into(), Attr("unit".into())),
                    ("global_type".into(), Attr(format!("!llvm.array<{} x f64>", vals.len()))),
                    ("linkage".into(), Attr("#llvm.linkage<internal>".into())),
                    ("sym_name".into(), Attr::str(&sym)),
                    ("value".into(), Attr(format!("dense<[{}]> : tensor<{}xf64>", elems.join(", "), vals.len()))),
                    ("alignment".into(), Attr::int(8, "i64")),
                ],
                regions: vec![Region::default()],
                loc: self.b.loc.clone(),
                ..Default::default()
            });
        }
        let base =
            self.b.op1("llvm.mlir.addressof", &[], Type::LlvmPtr(1), &[("global_name", Attr(format!("@{sym}")))]);
        let p = super::convert::gep_in(self.b, 1, base, idx, &Type::F64);
        self.b.op1("llvm.load", &[p], Type::F64, &[("alignment", Attr::int(8, "i64"))])
    }
}
