//! A program's values and what it knows of itself (its id, the grid, its shared memory):
//! what every op reads and writes. Its own module, below the op families (`ops/`) and the
//! executor (`exec.rs`) that both use it, so the families need not import the executor
//! that runs them.

use crate::smem::Smem;
use crate::value::{Data, Value};
use crate::Fault;
use std::sync::Arc;
use tile_dialects::ir::ValueId;

/// A program's values and what it knows of itself.
pub struct Frame {
    vals: Vec<Option<Value>>,
    pub pid: [u32; 3],
    pub grid: [u32; 3],
    /// `device_print` lines not yet shown.
    pub prints: Vec<String>,
    /// Shared memory, asynchronous copies and products in flight.
    pub smem: Smem,
    /// Barriers passed since the scheduler last looked (for `races`).
    pub barriers: u32,
}

impl Frame {
    /// A program's frame before it runs: room for `nvalues` values, none computed.
    pub fn new(nvalues: usize, pid: [u32; 3], grid: [u32; 3]) -> Frame {
        Frame { vals: vec![None; nvalues], pid, grid, prints: vec![], smem: Smem::default(), barriers: 0 }
    }

    /// A barrier of the block's threads: it orders global memory (`races`) and shared
    /// memory (`smem`).
    pub fn barrier(&mut self) {
        self.barriers += 1;
        self.smem.barrier();
    }

    /// The value of `v`, for an op that reads it: not the result of a warp-group
    /// product still in flight.
    pub fn get(&self, v: ValueId) -> Result<&Value, Fault> {
        let x = self.carried(v)?;
        match self.smem.in_flight(x) {
            Some(at) => Err(Fault::new(
                "reads the result of an asynchronous warp-group product before a `warp_group_dot_wait` completes it",
            )
            .note(Some(at.to_string()), "the product")),
            None => Ok(x),
        }
    }
    /// The value of `v`, to pass on unread (loop-carried values, yields, the operands of
    /// a wait or a product's accumulator): in flight or not.
    pub fn carried(&self, v: ValueId) -> Result<&Value, Fault> {
        self.vals
            .get(v as usize)
            .and_then(|x| x.as_ref())
            .ok_or_else(|| Fault::internal(&format!("value %{v} read before it was computed")))
    }
    pub fn set(&mut self, v: ValueId, d: Data) {
        self.set_value(v, Arc::new(d));
    }
    pub fn set_value(&mut self, v: ValueId, d: Value) {
        if let Some(slot) = self.vals.get_mut(v as usize) {
            *slot = Some(d);
        }
    }
    /// Drops `v` after its last use.
    pub(crate) fn free(&mut self, v: ValueId) {
        if let Some(slot) = self.vals.get_mut(v as usize) {
            *slot = None;
        }
    }
}
