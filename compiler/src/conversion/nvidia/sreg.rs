//! Special registers, shuffles and barriers as NVVM ops.

use tile_dialects::ir::{Attr, Builder, Type, ValueId};

/// `%tid.x`, `%ctaid.y`, `%nctaid.z`, ... as i32.
pub fn read(b: &mut Builder, reg: &str, axis: u32) -> ValueId {
    let dim = ["x", "y", "z"][axis.min(2) as usize];
    b.op1(&format!("nvvm.read.ptx.sreg.{reg}.{dim}"), &[], Type::Int(32), &[])
}

/// `shfl.sync.{kind}.b32` of a 32-bit value with the whole warp; `off` is the lane
/// offset, mask (bfly) or source lane (idx). `clamp` is PTX's `c` operand: 31 for bfly /
/// down / idx (the whole warp), 0 for up.
fn shfl_i32(b: &mut Builder, kind: &str, v: ValueId, off: ValueId, clamp: i64) -> ValueId {
    let mask = b.const_int(-1, 32);
    let c = b.const_int(clamp, 32);
    b.op1("nvvm.shfl.sync", &[mask, v, off, c], Type::Int(32), &[("kind", Attr(format!("#nvvm<shfl_kind {kind}>")))])
}

/// `shfl.sync.up.b32`: lane `i` gets lane `i - offset`'s value (lanes below `offset`
/// keep their own).
pub fn shfl_up_i32(b: &mut Builder, v: ValueId, offset: u32) -> ValueId {
    let off = b.const_int(offset as i64, 32);
    shfl_i32(b, "up", v, off, 0)
}

/// `shfl.sync.up` of any value up to 64 bits.
pub fn shfl_up(b: &mut Builder, v: ValueId, ty: &Type, offset: u32) -> ValueId {
    let off = b.const_int(offset as i64, 32);
    shfl(b, "up", v, ty, off, 0)
}

/// `shfl.sync.down` of any value up to 64 bits: lane `i` gets lane `i + offset`'s value
/// (lanes whose source is past the warp keep their own).
pub fn shfl_down(b: &mut Builder, v: ValueId, ty: &Type, offset: u32) -> ValueId {
    let off = b.const_int(offset as i64, 32);
    shfl(b, "down", v, ty, off, 31)
}

/// `shfl.sync.bfly` (lane `i` gets lane `i ^ mask`'s value) of any value up to 64 bits.
pub fn shfl_bfly(b: &mut Builder, v: ValueId, ty: &Type, mask: u32) -> ValueId {
    let off = b.const_int(mask as i64, 32);
    shfl(b, "bfly", v, ty, off, 31)
}

/// `shfl.sync.idx` (every lane gets lane `src`'s value) of any value up to 64 bits.
pub fn shfl_idx(b: &mut Builder, v: ValueId, ty: &Type, src: ValueId) -> ValueId {
    shfl(b, "idx", v, ty, src, 31)
}

/// Any shuffle of a value up to 64 bits: 64-bit values move as two halves, narrow ones
/// widen to 32 bits, floats go as their bits.
fn shfl(b: &mut Builder, kind: &str, v: ValueId, ty: &Type, off: ValueId, clamp: i64) -> ValueId {
    let bits = ty.bits();
    let x = if ty.is_float() { b.op1("arith.bitcast", &[v], Type::Int(bits), &[]) } else { v };
    let out = match bits {
        32 => shfl_i32(b, kind, x, off, clamp),
        64 => {
            let lo = b.op1("arith.trunci", &[x], Type::Int(32), &[]);
            let c32 = b.const_int(32, 64);
            let hi64 = b.op1("arith.shrui", &[x, c32], Type::Int(64), &[]);
            let hi = b.op1("arith.trunci", &[hi64], Type::Int(32), &[]);
            let (lo2, hi2) = (shfl_i32(b, kind, lo, off, clamp), shfl_i32(b, kind, hi, off, clamp));
            let lo64 = b.op1("arith.extui", &[lo2], Type::Int(64), &[]);
            let hi64b = b.op1("arith.extui", &[hi2], Type::Int(64), &[]);
            let hs = b.op1("arith.shli", &[hi64b, c32], Type::Int(64), &[]);
            b.op1("arith.ori", &[hs, lo64], Type::Int(64), &[])
        }
        _ => {
            let w = b.op1("arith.extui", &[x], Type::Int(32), &[]);
            let s = shfl_i32(b, kind, w, off, clamp);
            b.op1("arith.trunci", &[s], Type::Int(bits), &[])
        }
    };
    if ty.is_float() {
        b.op1("arith.bitcast", &[out], ty.clone(), &[])
    } else {
        out
    }
}

/// `bar.sync 0`: every thread of the program.
pub fn barrier(b: &mut Builder) {
    b.op("nvvm.barrier0", &[], &[], &[]);
}
