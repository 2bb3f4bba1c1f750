//! The ops the interpreter runs, one file per family (as `tile_to_llvm/` lowers them):
//! each decodes its ops once (`decode`: attributes read, kinds resolved) and runs them
//! on whole tiles (`exec`). A new op goes in its family's file (or a new file) and in
//! `decode` below; an op no family knows is refused before the kernel runs, naming the
//! op and its line.
//!
//! A family sees the op it runs as a `Site` and the values' types as `Types`
//! (`site.rs`), never the kernel tree (`prepare.rs`), which holds the decoded ops: the
//! tree imports the families, not the other way round.

pub mod access;
pub mod arith;
pub mod async_copy;
pub mod dot;
pub mod math;
pub mod memory;
pub mod program;
pub mod reduce;
pub mod shape;
pub mod shared;
pub mod sort;
pub mod tma;
pub mod wgmma;

use crate::frame::Frame;
use crate::site::{Site, Types, VTy};
use crate::Fault;
use reduce::Combine;
use tile_dialects::ir::{self, ValueId};
use tile_dialects::views::View;

/// A decoded compute op (no memory access, no control flow).
#[derive(Debug)]
pub enum Compute {
    Arith(arith::Op),
    Math(math::Op),
    Shape(shape::Op),
    Reduce(reduce::Op),
    Sort(sort::Op),
    Dot(dot::Op),
    Program(program::Op),
    Shared(shared::Op),
    AsyncCopy(async_copy::Op),
    Wgmma(wgmma::Op),
    Tma(tma::Op),
}

/// The type of a value, for decoders that need it.
pub type TyOf<'a> = &'a dyn Fn(ValueId) -> Option<VTy>;

pub fn decode(op: &ir::Op, ty: TyOf) -> Result<Compute, Fault> {
    if let Some(x) = arith::decode(op, ty)? {
        return Ok(Compute::Arith(x));
    }
    if let Some(x) = math::decode(op)? {
        return Ok(Compute::Math(x));
    }
    if let Some(x) = shape::decode(op, ty)? {
        return Ok(Compute::Shape(x));
    }
    if let Some(x) = reduce::decode(op)? {
        return Ok(Compute::Reduce(x));
    }
    if let Some(x) = sort::decode(op)? {
        return Ok(Compute::Sort(x));
    }
    if let Some(x) = dot::decode(op)? {
        return Ok(Compute::Dot(x));
    }
    if let Some(x) = program::decode(op)? {
        return Ok(Compute::Program(x));
    }
    if let Some(x) = shared::decode(op)? {
        return Ok(Compute::Shared(x));
    }
    if let Some(x) = async_copy::decode(op)? {
        return Ok(Compute::AsyncCopy(x));
    }
    if let Some(x) = wgmma::decode(op)? {
        return Ok(Compute::Wgmma(x));
    }
    if let Some(x) = tma::decode(op)? {
        return Ok(Compute::Tma(x));
    }
    if let View::TileInlineAsm(_) = View::of(op) {
        // PTX has no meaning here (no emulator): refuse it by name, at its line.
        return Err(Fault::at(&op.loc, "inline_asm_elementwise cannot run in the interpreter: run it on a GPU"));
    }
    Err(Fault::at(
        &op.loc,
        format!("the interpreter cannot run `{}` (it knows the tile, layout and memsem levels)", op.name),
    ))
}

/// Runs one decoded op by its family. `combine`: the op's `combine` region, run by the
/// executor (only custom reductions and scans call it).
pub fn exec(c: &Compute, n: &Site, k: &Types, f: &mut Frame, combine: &dyn Combine) -> Result<(), Fault> {
    match c {
        Compute::Arith(o) => arith::exec(o, n, k, f),
        Compute::Math(o) => math::exec(o, n, k, f),
        Compute::Shape(o) => shape::exec(o, n, k, f),
        Compute::Reduce(o) => reduce::exec(o, n, k, f, combine),
        Compute::Sort(o) => sort::exec(o, n, k, f),
        Compute::Dot(o) => dot::exec(o, n, k, f),
        Compute::Program(o) => program::exec(o, n, k, f),
        Compute::Shared(o) => shared::exec(o, n, k, f),
        Compute::AsyncCopy(o) => async_copy::exec(o, n, k, f),
        Compute::Wgmma(o) => wgmma::exec(o, n, k, f),
        Compute::Tma(o) => tma::exec(o, n, k, f),
    }
}

/// An attribute the IRDL verifier requires, missing: refused with the op's line.
pub(crate) fn need<T>(op: &ir::Op, v: Option<T>, attr: &str) -> Result<T, Fault> {
    v.ok_or_else(|| Fault::at(&op.loc, format!("`{}` has no usable `{attr}` attribute", op.name)))
}
