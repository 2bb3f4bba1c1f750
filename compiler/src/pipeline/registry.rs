//! The pass registry: one table (name, summary, options) feeds `--list-passes` and the
//! pipeline (docs/inspecting-ir.md repeats it). Our passes (`passes/`) and the lowering
//! (`conversion/`) run inside MLIR's pass manager as external passes over the mirror IR;
//! upstream passes are named by their MLIR pipeline text. It lives here, above the passes
//! and the lowering it names, so that neither imports it.

use crate::options::CompileOptions;
use crate::pass::{MirrorFn, PassError};
use crate::passes::{
    allocate_shared, coalesce, fold_bounds, hoist_buffers, layout_propagate, loop_pointer_bases, membar,
    smem_transpose, software_pipeline, thread_loops, tile_to_memsem, tma_copies, trans_loads, widen_offsets,
};
use melior::ir::operation::OperationLike;
use melior::ir::OperationRef;
use melior::pass::{create_external, ExternalPass, Pass};
use std::sync::{Arc, Mutex};
use tile_dialects::context::replace_module;
use tile_dialects::ir::{import_module, Module};

#[derive(Clone, Copy)]
pub enum PassKind {
    /// Ours: a Rust function over the mirror IR.
    Mirror(MirrorFn),
    /// Upstream MLIR: a pipeline fragment run on the top-level module.
    Upstream(&'static str),
}

pub struct PassInfo {
    pub name: &'static str,
    pub summary: &'static str,
    /// Which fields of `CompileOptions` it reads.
    pub options: &'static str,
    pub kind: PassKind,
}

/// Every pass, in pipeline order.
pub static REGISTRY: &[PassInfo] = &[
    PassInfo {
        name: "widen-offsets",
        summary: "compute pointer offsets in 64 bits so they cannot wrap (only with --index-bits 64)",
        options: "index_bits",
        kind: PassKind::Mirror(widen_offsets::run),
    },
    PassInfo {
        name: "trans-loads",
        summary: "a loaded tile a product takes transposed (`dot(a, trans(load(p)))`) is loaded transposed instead, `load(trans(p))`: it arrives in the order the product reads and the pipeline can stage it",
        options: "",
        kind: PassKind::Mirror(trans_loads::run),
    },
    PassInfo {
        name: "fold-bounds",
        summary: "a bounds check a loop index always passes (`s + arange(0, B) < N`, s below a loop bound <= N, both multiples of B) folds to a constant: whole-tile copies for specialised N; one that a larger divisor of an argument N would fold asks for it (`tile.divisibility_hints`, OUT.json's `divisibility_hint`)",
        options: "",
        kind: PassKind::Mirror(fold_bounds::run),
    },
    PassInfo {
        name: "coalesce",
        summary: "choose each load's and store's blocked encoding (order, 16-byte vectors, lanes along a whole row) from axis info; mark one-address atomics for warp pre-reduction",
        options: "num_warps",
        kind: PassKind::Mirror(coalesce::run),
    },
    PassInfo {
        name: "layout-propagate",
        summary: "tile -> layout: give every tile an encoding from the anchors, rematerialising cheap ops, layout.convert elsewhere",
        options: "num_warps",
        kind: PassKind::Mirror(layout_propagate::run),
    },
    PassInfo {
        name: "smem-transpose",
        summary: "choose the shared-memory layout (padding / XOR swizzle / linear layouts) of each layout.convert: fewest bank conflicts, then fewest computed addresses",
        options: "num_warps",
        kind: PassKind::Mirror(smem_transpose::run),
    },
    PassInfo {
        name: "hoist-buffers",
        summary: "a shared buffer staging a loop-invariant tile (attention's Q) is written once, before the loop",
        options: "",
        kind: PassKind::Mirror(hoist_buffers::run),
    },
    PassInfo {
        name: "loop-pointer-bases",
        summary: "in loops of wgmma products, a pointer tile advanced by a scalar each trip is carried as the scalar's i64 sum and recomputed from its initial tile (no register-pair moves before each copy)",
        options: "",
        kind: PassKind::Mirror(loop_pointer_bases::run),
    },
    PassInfo {
        name: "software-pipeline",
        summary: "loads feeding a tensor-core dot in a loop with num_stages >= 2 become cp.async copies into a ring of shared buffers, num_stages - 1 iterations ahead",
        options: "",
        kind: PassKind::Mirror(software_pipeline::run),
    },
    PassInfo {
        name: "tma-copies",
        summary: "each tensor-descriptor load left unpipelined (`tile.desc_load`, sm_90) becomes one TMA copy into a shared buffer, waited for on an mbarrier and read back in its encoding; each descriptor store (`tile.desc_store`) a staged block and one TMA store",
        options: "",
        kind: PassKind::Mirror(tma_copies::run),
    },
    PassInfo {
        name: "tile-to-memsem",
        summary: "make every load, store and atomic's ordering, scope and cache policy explicit (memsem ops)",
        options: "",
        kind: PassKind::Mirror(tile_to_memsem::run),
    },
    PassInfo {
        name: "thread-loops",
        summary: "a polling `while` (`while max(open.to(i32)) > 0`) whose body is elementwise and leaves a closed element unchanged runs as one loop a thread: the condition's reduction folds the thread's own elements (`layout.per_thread`), no shuffle, shared memory or barrier a round",
        options: "",
        kind: PassKind::Mirror(thread_loops::run),
    },
    PassInfo {
        name: "allocate-shared",
        summary: "place every shared buffer (a stack in program order, aligned as its layout needs) and each op's scratch above the buffers live at it: `layout.offset`, `layout.scratch_offset`/`_bytes`, the kernel's `tile.smem_bytes`; a kernel over the device's limit is an error naming each use",
        options: "arch, num_warps",
        kind: PassKind::Mirror(allocate_shared::run),
    },
    PassInfo {
        name: "membar",
        summary: "barriers (layout.barrier) where shared-memory accesses overlap those since the last one: a read after a write, a write after a read or a write, by byte interval of allocate-shared's placement, loops to a fixed point; fence.proxy.async before publishing what wgmma reads; a pipeline barrier with nothing to order is dropped",
        options: "",
        kind: PassKind::Mirror(membar::run),
    },
    PassInfo {
        name: "convert-tile-to-llvm",
        summary: "layout + memsem -> gpu.module of llvm/nvvm: distribute tiles over threads, PTX memory ops and the barriers membar placed",
        options: "arch, num_warps, index_bits, fp_fusion",
        kind: PassKind::Mirror(crate::conversion::tile_to_llvm::run),
    },
    PassInfo {
        name: "convert-scf-to-cf",
        summary: "(MLIR) structured control flow to branches",
        options: "",
        kind: PassKind::Upstream("gpu.module(convert-scf-to-cf)"),
    },
    PassInfo {
        name: "convert-arith-to-llvm",
        summary: "(MLIR) arith to llvm",
        options: "",
        kind: PassKind::Upstream("gpu.module(convert-arith-to-llvm)"),
    },
    PassInfo {
        name: "convert-cf-to-llvm",
        summary: "(MLIR) branches to llvm",
        options: "",
        kind: PassKind::Upstream("convert-cf-to-llvm"),
    },
    PassInfo {
        name: "convert-nvvm-to-llvm",
        summary: "(MLIR) NVVM ops with no LLVM intrinsic (wgmma, fences) to inline PTX",
        options: "",
        kind: PassKind::Upstream("gpu.module(convert-nvvm-to-llvm)"),
    },
    PassInfo {
        name: "reconcile-unrealized-casts",
        summary: "(MLIR) drop the casts left between converted types",
        options: "",
        kind: PassKind::Upstream("reconcile-unrealized-casts"),
    },
    PassInfo {
        name: "ensure-debug-info-scope-on-llvm-func",
        summary: "(MLIR) line tables from .tile locations, for PTX .loc (only with --lineinfo)",
        options: "lineinfo",
        kind: PassKind::Upstream("ensure-debug-info-scope-on-llvm-func{emission-kind=DebugDirectivesOnly}"),
    },
    PassInfo {
        name: "gpu-module-to-binary",
        summary: "(MLIR) NVPTX back end: gpu.module -> PTX text",
        options: "arch",
        kind: PassKind::Upstream("gpu-module-to-binary{format=isa}"),
    },
];

pub fn lookup(name: &str) -> Option<&'static PassInfo> {
    REGISTRY.iter().find(|p| p.name == name)
}

/// The result slot an external pass reports its error through, with the pass that failed.
pub type ErrorSlot = Arc<Mutex<Option<(&'static str, PassError)>>>;

/// Wraps consecutive mirror passes as one MLIR external pass over `builtin.module`: the
/// module is imported once, each pass runs on the mirror and is checked by `verify` (so a
/// pass that breaks a rule of our ops is named), and the result replaces the module once.
/// A group saves each inner pass the MLIR round trip (about 1.5 ms a pass, most of a pass's
/// cost); MLIR's own verifier then runs once, after the group. Each pass runs under
/// `internal::catch` (a panic must not cross MLIR's C++ frames).
pub fn external(group: Vec<&'static PassInfo>, opts: CompileOptions, slot: ErrorSlot) -> Pass {
    let first = group[0];
    let run = move |op: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
        let module_loc = op.location().to_string();
        let mut failed: &'static str = first.name;
        let result = crate::internal::catch(|| {
            let t = std::time::Instant::now();
            let mut mirror = import_module(op);
            let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
            tracing::debug!(pass = first.name, import_ms = ms(t.elapsed()), "mirror import");
            // Each pass's input, for blaming a kernel when it panics.
            let mut input = mirror.clone();
            for (i, info) in group.iter().enumerate() {
                failed = info.name;
                let PassKind::Mirror(f) = info.kind else { unreachable!("a group holds mirror passes only") };
                let t = std::time::Instant::now();
                if i > 0 {
                    input = mirror.clone();
                }
                let outcome = crate::internal::catch(|| f(&mut mirror, &opts));
                let ran = t.elapsed();
                match outcome {
                    Ok(Ok(())) => {}
                    Ok(Err(e)) => {
                        tracing::debug!(pass = info.name, ir = %mirror.to_mlir(), "pass failed");
                        return Err(e);
                    }
                    Err(p) => {
                        let loc = p.loc.or_else(|| blame(f, &input, &opts)).unwrap_or_else(|| module_loc.clone());
                        return Err(PassError::internal(&loc, format!("pass `{}` panicked: {}", info.name, p.message)));
                    }
                }
                tile_dialects::verify::module(&mirror).map_err(|v| {
                    PassError::internal(&v.loc, format!("pass `{}` broke a rule of the IR: {}", info.name, v.message))
                })?;
                tracing::debug!(pass = info.name, run_ms = ms(ran), verify_ms = ms(t.elapsed() - ran), "mirror pass");
            }
            let t = std::time::Instant::now();
            let replaced = replace_module(op, &mirror);
            tracing::debug!(pass = failed, replace_ms = ms(t.elapsed()), "mirror replace");
            replaced.map_err(|m| {
                tracing::debug!(pass = failed, ir = %mirror.to_mlir(), "pass made IR that does not parse");
                let loc =
                    input.body.iter().find(|o| o.name == "func.func").map_or(module_loc.clone(), |o| o.loc.clone());
                PassError::internal(&loc, format!("pass `{failed}`: {m}"))
            })
        })
        .unwrap_or_else(|p| {
            let msg = format!("pass `{failed}` panicked: {}", p.message);
            Err(PassError::internal(&p.loc.unwrap_or(module_loc.clone()), msg))
        });
        if let Err(e) = result {
            *slot.lock().expect("pass error slot") = Some((failed, e));
            pass.signal_failure();
        }
    };
    // Each pass needs its own TypeID: a static per registry entry (the group's first) gives
    // a stable address.
    static IDS: [u64; 32] = [0; 32];
    let idx = REGISTRY.iter().position(|p| std::ptr::eq(p, first)).unwrap_or(0);
    let id = melior::ir::r#type::TypeId::create(&IDS[idx]);
    create_external(run, id, first.name, first.name, first.summary, "builtin.module", &[])
}

/// The location of the kernel a pass panics on: the pass run again on each kernel alone
/// (only after a panic, so it costs nothing otherwise).
fn blame(f: MirrorFn, m: &Module, opts: &CompileOptions) -> Option<String> {
    let funcs: Vec<&tile_dialects::ir::Op> = m.body.iter().filter(|o| o.name == "func.func").collect();
    if let [one] = funcs.as_slice() {
        return Some(one.loc.clone());
    }
    funcs.into_iter().find_map(|func| {
        let mut alone = Module { body: vec![func.clone()], ..m.clone() };
        crate::internal::catch(|| f(&mut alone, opts)).is_err().then(|| func.loc.clone())
    })
}
