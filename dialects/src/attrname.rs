//! The names of the discardable attributes our passes write on ops of any dialect (IRDL
//! declares the ops and their inherent attributes; these ride on `func.func`, `scf.for`,
//! `arith` ops and ours). One constant each, with who writes it and who reads it.
//! First, the inherent attributes (IRDL's `irdl.attributes`) whose values are one of
//! `crate::attrs`'s enums, so that the name and the value are both spelled once.

/// Loads and stores: the cache operator (`attrs::CacheModifier`) and the eviction
/// policy (`attrs::EvictionPolicy`).
pub const CACHE: &str = "cache";
pub const EVICT: &str = "evict";
/// `tile.load`: a volatile load (bool).
pub const VOLATILE: &str = "volatile";
/// Atomics: the memory order (`attrs::MemSem`) and scope (`attrs::MemScope`).
pub const SEM: &str = "sem";
pub const SCOPE: &str = "scope";
/// `memsem.load` / `memsem.store`: the order (`attrs::MemOrder`).
pub const ORDER: &str = "order";
/// Atomics (`attrs::RmwKind`), `tile.reduce` (`attrs::ReduceKind`), `tile.scan`
/// (`attrs::ScanKind`): the combine.
pub const KIND: &str = "kind";
/// `tile.dot`: `attrs::InputPrecision`.
pub const INPUT_PRECISION: &str = "input_precision";

// The discardable attributes.

/// `func.func`: a kernel (tilegen).
pub const TILE_KERNEL: &str = "tile.kernel";
/// `func.func`: warps per program, resolved from `#[num_warps]` and the options (tilegen).
pub const TILE_NUM_WARPS: &str = "tile.num_warps";
/// `func.func`: the default pipeline depth of its loops (tilegen; software-pipeline).
pub const TILE_NUM_STAGES: &str = "tile.num_stages";
/// `func.func`: `#[cluster_dims(n)]`, programs launched in clusters of `n` along grid
/// axis 0 (tilegen; absent: no clusters).
pub const TILE_CLUSTER_DIMS: &str = "tile.cluster_dims";
/// `func.func`: `#[maxnreg(n)]`, at most `n` registers a thread (tilegen; the lowering's
/// `nvvm.maxnreg`, PTX's `.maxnreg`).
pub const TILE_MAXNREG: &str = "tile.maxnreg";
/// `layout.tma_load`: the copy is shared by the cluster's `n` programs, each issuing a
/// share of its boxes to all of them (software-pipeline; the lowering's `.multicast`).
pub const LAYOUT_MULTICAST: &str = "multicast";
/// `func.func`: shared memory the kernel uses, bytes, and the alignment its buffers need
/// (allocate-shared; convert-tile-to-llvm carries the bytes to the lowered kernel for the
/// launch metadata).
pub const TILE_SMEM_BYTES: &str = "tile.smem_bytes";
pub const LAYOUT_SMEM_ALIGN: &str = "layout.smem_align";
/// `layout.local_alloc`: the buffer's first byte in the kernel's shared memory
/// (allocate-shared; convert-tile-to-llvm).
pub const LAYOUT_OFFSET: &str = "layout.offset";
/// Any op whose lowering passes values through shared memory: where its scratch starts
/// and how many bytes it may use (allocate-shared; convert-tile-to-llvm).
pub const LAYOUT_SCRATCH_OFFSET: &str = "layout.scratch_offset";
pub const LAYOUT_SCRATCH_BYTES: &str = "layout.scratch_bytes";
/// An op with scratch whose first write needs a barrier before it (membar); the lowering
/// puts it right before that write, after the op's work in registers and shuffles.
pub const LAYOUT_SYNC: &str = "layout.sync";
/// `func.func`: `membar` has put the kernel's barriers in (the interpreter then checks
/// every shared-memory access against them instead of assuming barriers).
pub const LAYOUT_MEMBAR: &str = "layout.membar";
/// `func.func`: per argument, the divisor that would fold a bounds check (fold-bounds;
/// carried to the lowered kernel and read into OUT.json).
pub const TILE_DIVISIBILITY_HINTS: &str = "tile.divisibility_hints";
/// `func.func`: the kernel's TMA descriptors, a JSON list of `tilec::metadata::
/// TensorMapMeta` (tilegen; `tma-copies` checks every one is some load's; carried to the
/// lowered kernel, which takes each as a parameter after the others, and read into
/// OUT.json).
pub const TILE_TENSORMAPS: &str = "tile.tensormaps";
/// Integer ops whose operands are unsigned: compares, min/max, division, extension,
/// reductions, sorts, histograms, prints (tilegen).
pub const TILE_UNSIGNED: &str = "tile.unsigned";
/// Loads, stores and atomics: the memory order and scope as written (tilegen;
/// tile-to-memsem turns them into memsem's).
pub const TILE_SEM: &str = "tile.sem";
pub const TILE_SCOPE: &str = "tile.scope";
/// An f32 `arith.divf` that must round to nearest (`div_rn`; tilegen): the plain one
/// lowers to Triton's approximate `div.full.f32`.
pub const TILE_IEEE_RN: &str = "tile.ieee_rn";
/// `tile.dot`: fp8 products added into f32 every N (Triton's `max_num_imprecise_acc`).
pub const TILE_MAX_NUM_IMPRECISE_ACC: &str = "tile.max_num_imprecise_acc";
/// `scf.for`, set by software-pipeline and read by `--explain-layouts`: the stages of a
/// pipelined loop; the copies staged through registers; why a loop was not pipelined;
/// why some of its loads were not staged.
pub const TILE_PIPELINED: &str = "tile.pipelined";
pub const TILE_PIPELINED_REGISTERS: &str = "tile.pipelined_registers";
pub const TILE_NOT_PIPELINED: &str = "tile.not_pipelined";
pub const TILE_NOT_STAGED: &str = "tile.not_staged";
/// `scf.for`, in a kernel of clusters: why its TMA copies are not multicast to the
/// cluster (software-pipeline; `--explain-layouts` prints it).
pub const TILE_NOT_MULTICAST: &str = "tile.not_multicast";
/// Loads, stores and atomics (coalesce): the vector width a thread moves, the encoding
/// whose contiguous axis it moves along, and atomics whose copies are added before the
/// atomic (pre-reduced).
pub const LAYOUT_VEC: &str = "layout.vec";
pub const LAYOUT_ANCHOR: &str = "layout.anchor";
pub const LAYOUT_PREREDUCE: &str = "layout.prereduce";
/// `tile.reduce` (thread-loops): the condition of a polling `while` that each thread runs
/// on its own; the reduction folds the thread's own elements only.
pub const LAYOUT_PER_THREAD: &str = "layout.per_thread";
/// `layout.convert` through shared memory (smem-transpose): its shared encoding, bytes and
/// the wavefronts of its writes and reads.
pub const LAYOUT_SHARED: &str = "layout.shared";
pub const LAYOUT_SMEM_BYTES: &str = "layout.smem_bytes";
pub const LAYOUT_WAVEFRONTS: &str = "layout.wavefronts";
/// `tile.dot` (layout-propagate): why it does not run on tensor cores.
pub const LAYOUT_DOT_PATH: &str = "layout.dot_path";

#[cfg(test)]
mod tests {
    #[test]
    fn inherent_names_are_irdl_attributes() {
        let irdl: String = crate::IRDL_SOURCES.iter().map(|(_, s)| *s).collect();
        for n in [
            super::CACHE,
            super::EVICT,
            super::VOLATILE,
            super::SEM,
            super::SCOPE,
            super::ORDER,
            super::KIND,
            super::INPUT_PRECISION,
        ] {
            assert!(irdl.contains(&format!("\"{n}\" = %")), "{n}");
        }
    }
}
