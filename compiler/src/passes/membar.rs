//! `membar`: the barriers that order shared-memory accesses between a block's threads,
//! inserted as `layout.barrier` ops by one analysis over the IR (Triton's `Membar.cpp`),
//! on the placement `allocate-shared` wrote. The lowering then only translates them.
//!
//! The analysis follows program order carrying the byte intervals read and written since
//! the last barrier (which op touches which bytes: `tile_dialects::layout::shared_access`).
//! An op whose accesses overlap them (a read after a write, a write after a read or a
//! write) gets a barrier before it, which clears them. An op with scratch gets it as
//! `layout.sync` on the op, which the lowering puts right before its first write, after
//! the op's work in registers (warps reach it at different times; the op's own barriers
//! between its writes and its reads are the op's). A buffer wgmma reads takes
//! `fence.proxy.async` before the barrier that publishes it (before the loop, when the
//! writes come before a loop whose barrier publishes them). Rings of asynchronous copies
//! are ordered by the software pipeline's own barriers and waits, which stay.
//! A loop's body starts from what reaches it from before the loop and from its own end,
//! to a fixed point (a scratch read in one trip is written in the next); an `if`'s
//! branches start alike and join. A `layout.barrier` with nothing since the block's last
//! barrier that touched shared memory or completed an asynchronous operation is dropped
//! (the epilogue's barrier right after the loop's last wait). The kernel is marked
//! `layout.membar`: the interpreter then counts only these barriers and checks every
//! shared-memory access against them (test/interp/membar.mlir).

use crate::options::CompileOptions;
use crate::pass::PassError;
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Module, Op};
use tile_dialects::layout::shared_access::{overlaps, Buffers, Bytes};
use tile_dialects::opname;

/// Accesses since the last barrier.
#[derive(Clone, Default, PartialEq, Debug)]
struct Pending {
    reads: Vec<Bytes>,
    writes: Vec<Bytes>,
    /// Some pending write is read by wgmma: `fence.proxy.async` before the barrier.
    fence: bool,
}

impl Pending {
    fn join(&mut self, o: &Pending) {
        for r in &o.reads {
            if !self.reads.contains(r) {
                self.reads.push(*r);
            }
        }
        for w in &o.writes {
            if !self.writes.contains(w) {
                self.writes.push(*w);
            }
        }
        self.reads.sort_unstable();
        self.writes.sort_unstable();
        self.fence |= o.fence;
    }
}

pub fn run(m: &mut Module, _opts: &CompileOptions) -> Result<(), PassError> {
    let Module { body, values, .. } = m;
    for f in body.iter_mut().filter(|o| o.name == "func.func") {
        let bufs = Buffers::of_kernel(f, values);
        let Some(entry) = f.regions.first_mut().and_then(|r| r.blocks.first_mut()) else { continue };
        block(&mut entry.ops, Pending::default(), &bufs);
        f.set_attr(attrname::LAYOUT_MEMBAR, Attr::int(1, "i32"));
    }
    Ok(())
}

/// Ops after which a barrier of the pipeline is still redundant: they touch no shared
/// memory and complete no asynchronous operation.
fn quiet(op: &Op) -> bool {
    let n = op.name.as_str();
    (n.starts_with("arith.") || n.starts_with("math."))
        || matches!(
            n,
            opname::TILE_PROGRAM_ID
                | opname::TILE_NUM_PROGRAMS
                | opname::TILE_ARANGE
                | opname::TILE_SPLAT
                | opname::TILE_ADDPTR
                | opname::TILE_PTR_CAST
                | opname::TILE_EXPAND_DIMS
                | opname::TILE_BROADCAST
                | opname::TILE_TRANS
                | opname::LAYOUT_MEMDESC_INDEX
                | opname::LAYOUT_LOCAL_DEALLOC
        )
}

fn new_op(name: &str, loc: &str) -> Op {
    Op {
        name: name.into(),
        operands: vec![],
        results: vec![],
        attrs: vec![],
        regions: vec![],
        successors: vec![],
        loc: loc.into(),
    }
}

/// Walks `ops` from `pending`, inserting barriers; returns what is pending at the end.
fn block(ops: &mut Vec<Op>, mut pending: Pending, bufs: &Buffers) -> Pending {
    let mut out: Vec<Op> = Vec::with_capacity(ops.len());
    // Whether an op since the block's last barrier (or its start) may need one after it.
    let mut busy = true;
    for mut op in std::mem::take(ops) {
        match op.name.as_str() {
            opname::LAYOUT_BARRIER => {
                if !busy {
                    continue;
                }
                if std::mem::take(&mut pending.fence) {
                    out.push(new_op(opname::LAYOUT_FENCE_ASYNC_SHARED, &op.loc));
                }
                pending = Pending::default();
                busy = false;
                out.push(op);
                continue;
            }
            opname::TILE_DEBUG_BARRIER => {
                pending = Pending::default();
                busy = false;
                out.push(op);
                continue;
            }
            opname::LAYOUT_FENCE_ASYNC_SHARED => {
                // It covers every write before it (one inserted on an earlier walk of a
                // loop's body, or before a loop).
                pending.fence = false;
                out.push(op);
                continue;
            }
            _ => {}
        }
        let a = bufs.access(&op);
        let (reads, writes, fence) = (a.reads, a.writes, a.fence);
        let hazard = overlaps(&reads, &pending.writes)
            || overlaps(&writes, &pending.writes)
            || overlaps(&writes, &pending.reads);
        if hazard {
            let scratch = op.int_attr(attrname::LAYOUT_SCRATCH_OFFSET).is_some();
            if scratch && !pending.fence {
                op.set_attr(attrname::LAYOUT_SYNC, Attr::int(1, "i32"));
            } else {
                // A wgmma read of a buffer threads wrote needs the fence only before it.
                if std::mem::take(&mut pending.fence) {
                    out.push(new_op(opname::LAYOUT_FENCE_ASYNC_SHARED, &op.loc));
                }
                out.push(new_op(opname::LAYOUT_BARRIER, &op.loc));
            }
            pending = Pending::default();
            busy = false;
        }
        if !op.regions.is_empty() {
            pending = regions(&mut op, &mut out, pending, bufs);
        }
        // A ring's copies are the pipeline's to order from here.
        let writes = if a.ring { vec![] } else { writes };
        pending.join(&Pending { reads, writes, fence });
        busy = busy || !quiet(&op) || !op.regions.is_empty();
        out.push(op);
    }
    *ops = out;
    pending
}

/// The regions of `op` (a loop's body to a fixed point, an if's branches joined) from
/// `pending`; returns what is pending after it.
fn regions(op: &mut Op, out: &mut Vec<Op>, mut pending: Pending, bufs: &Buffers) -> Pending {
    let looping = matches!(op.name.as_str(), "scf.for" | "scf.while");
    if !looping {
        if op.name == "scf.if" {
            let mut joined = Pending::default();
            for r in &mut op.regions {
                for blk in &mut r.blocks {
                    joined.join(&block(&mut blk.ops, pending.clone(), bufs));
                }
            }
            // An `if` without `else` may run no branch.
            if op.regions.len() < 2 || op.regions[1].blocks.is_empty() {
                joined.join(&pending);
            }
            return joined;
        }
        // A combine region (reductions, scans, sorts) runs on registers.
        return pending;
    }
    // Writes a wgmma in the loop reads: the fence goes once, before the loop, and the
    // loop's barriers publish them.
    if std::mem::take(&mut pending.fence) {
        out.push(new_op(opname::LAYOUT_FENCE_ASYNC_SHARED, &op.loc));
    }
    // Walked until what reaches the top stops changing. It does: barriers are only ever
    // added, and between additions a larger input gives a larger output. Stopping short
    // would miss a barrier, so running away is a bug to report, not a bound to stop at.
    let entry = pending;
    let mut at_top = entry.clone();
    for walk in 0.. {
        assert!(walk < 1000, "membar: a loop's shared accesses reach no fixed point");
        let mut end = at_top.clone();
        for r in &mut op.regions {
            for blk in &mut r.blocks {
                end = block(&mut blk.ops, end, bufs);
            }
        }
        let mut next = entry.clone();
        next.join(&end);
        if next == at_top {
            break;
        }
        at_top = next;
    }
    at_top
}
