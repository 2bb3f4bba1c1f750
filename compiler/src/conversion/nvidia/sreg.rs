//! Special registers, shuffles and barriers as NVVM ops.

use tile_dialects::ir::{Attr, Builder, Type, ValueId};

/// `%tid.x`, `%ctaid.y`, `%nctaid.z`, ... as i32.
pub fn read(b: &mut Builder, reg: &str, axis: u32) -> ValueId {
    let dim = ["x", "y", "z"][axis.min(2) as usize];
    b.op1(&format!("nvvm.read.ptx.sreg.{reg}.{dim}"), &[], Type::Int(32), &[])
}

/// `shfl.sync.bfly.b32` of a 32-bit value with the whole warp.
pub fn shfl_bfly_i32(b: &mut Builder, v: ValueId, offset: u32) -> ValueId {
    let mask = b.const_int(-1, 32);
    let off = b.const_int(offset as i64, 32);
    let clamp = b.const_int(31, 32);
    b.op1("nvvm.shfl.sync", &[mask, v, off, clamp], Type::Int(32), &[("kind", Attr("#nvvm<shfl_kind bfly>".into()))])
}

/// `bar.sync 0`: every thread of the program.
pub fn barrier(b: &mut Builder) {
    b.op("nvvm.barrier0", &[], &[], &[]);
}
