//! Asynchronous copies at the `layout` level: `layout.async_copy` (cp.async: a tile of
//! global memory into a shared slot, masked-off elements written as zero),
//! `async_commit` and `async_wait {pending = N}`.
//!
//! The copy reads global memory in the scheduler's round, as a masked load with a zero
//! `other` (memcheck, `--uninit` and `--races` see it as a load: `memory.rs`), then hands
//! the tile to `issue`; it lands in the slot when its group completes (`smem`).

use super::need;
use crate::frame::Frame;
use crate::site::{Site, Types};
use crate::value::Data;
use crate::Fault;
use tile_dialects::ir;
use tile_dialects::views;

#[derive(Debug)]
pub enum Op {
    Commit,
    Wait(usize),
}

pub fn decode(op: &ir::Op) -> Result<Option<Op>, Fault> {
    Ok(Some(match views::View::of(op) {
        views::View::LayoutAsyncCommit(_) => Op::Commit,
        views::View::LayoutAsyncWait(w) => {
            Op::Wait(need(op, w.pending().and_then(|a| a.as_int()), "pending")?.max(0) as usize)
        }
        _ => return Ok(None),
    }))
}

pub fn exec(o: &Op, n: &Site, _: &Types, f: &mut Frame) -> Result<(), Fault> {
    match o {
        Op::Commit => f.smem.commit(),
        Op::Wait(pending) => f.smem.wait_copies(*pending, &n.loc),
    }
    Ok(())
}

/// `layout.async_copy`'s tile, read from global memory: issued into its slot.
pub fn issue(n: &Site, f: &mut Frame, data: Data) -> Result<(), Fault> {
    let v = super::shared::view(f, n.operands[1])?;
    f.smem.issue_copy(v, data, &n.loc)
}
