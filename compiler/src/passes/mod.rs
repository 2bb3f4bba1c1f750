//! Our passes over the mirror IR, one file each, each with one entry point
//! `run(&mut Module, &CompileOptions) -> Result<(), PassError>` (the signature and the
//! error live in `pass.rs`, below the passes and the lowering). The registry that names
//! them, in order, with the lowering and MLIR's passes, is `pipeline/registry.rs`: a pass
//! never imports what runs it.

pub mod allocate_shared;
pub mod coalesce;
pub mod fold_bounds;
pub mod hoist_buffers;
pub mod layout_propagate;
pub mod loop_pointer_bases;
pub mod membar;
pub mod smem_transpose;
pub mod software_pipeline;
pub mod thread_loops;
pub mod tile_to_memsem;
pub mod tma_copies;
pub mod trans_loads;
pub mod widen_offsets;
