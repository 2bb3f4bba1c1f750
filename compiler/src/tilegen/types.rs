//! TIR types and constants as tile-dialect types and `arith.constant`s.

use crate::sema::tir::ConstVal;
use crate::sema::types::{Elem, Scalar, Ty};
use tile_dialects::ir::{Attr, Builder, Type, ValueId};
use tile_dialects::opname;

pub fn scalar_type(s: Scalar) -> Type {
    Type::scalar(s)
}

pub fn elem_type(e: Elem) -> Type {
    match e {
        Elem::Scalar(s) => scalar_type(s),
        Elem::Ptr(s) => Type::TilePtr(Box::new(scalar_type(s))),
    }
}

/// `f32` for scalars, `tensor<...xf32>` for tiles.
pub fn mlir_type(ty: &Ty) -> Type {
    if ty.shape.is_empty() {
        elem_type(ty.elem)
    } else {
        Type::tensor(ty.shape.clone(), elem_type(ty.elem))
    }
}

/// A float as MLIR's exact hexadecimal form for its type (also covers inf and nan).
pub fn float_literal(v: f64, s: Scalar) -> String {
    match s {
        Scalar::F64 => format!("0x{:016X}", v.to_bits()),
        Scalar::F32 => format!("0x{:08X}", (v as f32).to_bits()),
        Scalar::F16 => format!("0x{:04X}", half::f16::from_f64(v).to_bits()),
        Scalar::BF16 => format!("0x{:04X}", half::bf16::from_f64(v).to_bits()),
        s if s.is_fp8() => format!("0x{:02X}", s.fp8().unwrap().encode(v)),
        _ => unreachable!("float literal of an integer type"),
    }
}

/// An integer as MLIR prints it for a signless type of `bits` (two's complement wrap).
pub fn int_literal(v: i64, bits: u32) -> i64 {
    if bits >= 64 {
        v
    } else {
        // Sign-extend from `bits` so `0xFFFF_FFFF : i32` becomes `-1 : i32`.
        let shift = 64 - bits;
        (v << shift) >> shift
    }
}

/// A scalar constant of type `s`.
pub fn scalar_const(b: &mut Builder, c: ConstVal, s: Scalar) -> ValueId {
    let ty = scalar_type(s);
    match (c, s.is_float()) {
        (ConstVal::Float(v), true) => b.op1(
            "arith.constant",
            &[],
            ty,
            &[("value", Attr(format!("{} : {}", float_literal(v, s), scalar_type(s))))],
        ),
        (ConstVal::Int(v), true) => scalar_const(b, ConstVal::Float(v as f64), s),
        (ConstVal::Bool(v), true) => scalar_const(b, ConstVal::Float(v as i64 as f64), s),
        (ConstVal::Int(v), false) => b.const_int(int_literal(v, s.bits()), s.bits()),
        (ConstVal::Bool(v), false) => b.const_int(v as i64, s.bits()),
        (ConstVal::Float(v), false) => b.const_int(int_literal(v as i64, s.bits()), s.bits()),
    }
}

/// A constant of `ty`: a scalar, splatted when `ty` is a tile.
pub fn typed_const(b: &mut Builder, c: ConstVal, ty: &Ty) -> ValueId {
    let s = ty.scalar_elem().expect("numeric constant");
    let v = scalar_const(b, c, s);
    if ty.shape.is_empty() {
        v
    } else {
        b.op1(opname::TILE_SPLAT, &[v], mlir_type(ty), &[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_are_exact() {
        assert_eq!(float_literal(1.0, Scalar::F32), "0x3F800000");
        assert_eq!(float_literal(f64::INFINITY, Scalar::F32), "0x7F800000");
        assert_eq!(float_literal(1.0, Scalar::F16), "0x3C00");
        assert_eq!(int_literal(0xFFFF_FFFF, 32), -1);
        assert_eq!(int_literal(5, 32), 5);
    }
}
