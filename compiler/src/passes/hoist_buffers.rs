//! `hoist-buffers`: a shared buffer staging a loop-invariant tile is written once, before
//! the loop, instead of every iteration (attention's Q block, a matrix reused across a K
//! loop). Loop-invariant code motion for `layout.local_alloc`.
//!
//! 1. In an `scf.for` body, a `layout.local_alloc` whose tile is defined outside the loop,
//!    with its `local_dealloc` in the same body, moves before the loop and its dealloc
//!    after it. Nothing else in the body writes a buffer made by `local_alloc` (only async
//!    copies into ring slots do, and those are not this buffer), so the contents are the
//!    same in every iteration.
//! 2. Inner loops first, so a buffer can move out of a nest one loop at a time.
//!
//! The product reading it is then free to stay in flight across iterations
//! (`software-pipeline`): nothing overwrites the buffer while it reads.

use crate::options::CompileOptions;
use crate::pass::PassError;
use std::collections::HashSet;
use tile_dialects::ir::{Module, Op, ValueId};
use tile_dialects::opname;

pub fn run(m: &mut Module, _opts: &CompileOptions) -> Result<(), PassError> {
    m.funcs_mut(|_, func| {
        hoist_block(&mut func.regions[0].blocks[0].ops);
        Ok(())
    })
}

fn hoist_block(ops: &mut Vec<Op>) {
    let mut out = Vec::with_capacity(ops.len());
    for mut op in std::mem::take(ops) {
        for r in &mut op.regions {
            for b in &mut r.blocks {
                hoist_block(&mut b.ops);
            }
        }
        if op.name != "scf.for" {
            out.push(op);
            continue;
        }
        let body = &mut op.regions[0].blocks[0];
        let defined: HashSet<ValueId> =
            body.args.iter().copied().chain(body.ops.iter().flat_map(|o| o.results.iter().copied())).collect();
        let invariant: Vec<ValueId> = body
            .ops
            .iter()
            .filter(|o| {
                o.name == opname::LAYOUT_LOCAL_ALLOC && o.operands.len() == 1 && !defined.contains(&o.operands[0])
            })
            .map(|o| o.result())
            .collect();
        let dealloc_of = |o: &Op, v: ValueId| o.name == opname::LAYOUT_LOCAL_DEALLOC && o.operands[0] == v;
        let movable: Vec<ValueId> =
            invariant.into_iter().filter(|v| body.ops.iter().filter(|o| dealloc_of(o, *v)).count() == 1).collect();
        let mut before = vec![];
        let mut after = vec![];
        body.ops.retain(|o| {
            if o.name == opname::LAYOUT_LOCAL_ALLOC && movable.contains(&o.result()) {
                before.push(o.clone());
                false
            } else if o.name == opname::LAYOUT_LOCAL_DEALLOC && movable.contains(&o.operands[0]) {
                after.push(o.clone());
                false
            } else {
                true
            }
        });
        out.extend(before);
        out.push(op);
        // Freed in the reverse order of allocation (shared memory is a stack).
        out.extend(after.into_iter().rev());
    }
    *ops = out;
}
