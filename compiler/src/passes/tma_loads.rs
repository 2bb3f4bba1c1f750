//! `tma-loads`: each `tile.desc_load` left after `software-pipeline` becomes one TMA copy
//! into a shared buffer, waited for on an mbarrier and read back in the load's encoding.
//!
//! ```text
//! %buf = layout.local_alloc()        a block, row-major, unswizzled (the box TMA writes)
//! %bar = layout.local_alloc()        one i64: the mbarrier
//! layout.barrier                     earlier readers of both are done (a loop's last trip)
//! layout.mbarrier_init(%bar) {count = 1}
//! layout.barrier                     every thread sees the barrier initialised
//! layout.tma_load(..., %buf, %bar)   one thread: expect the block's bytes, copy
//! layout.mbarrier_wait(%bar, 0)      each thread: phase 0 complete, the bytes visible
//! %r = layout.local_load(%buf)
//! layout.local_dealloc(%bar), (%buf)
//! ```
//!
//! Both buffers are written by no thread's store, so `membar` leaves them to this pass
//! (as the software pipeline's rings), which orders them with the two barriers above. The
//! buffer is what the descriptor tilegen listed in `tile.tensormaps` copies: the whole
//! block, unswizzled. A pipelined loop keeps its barriers initialised across trips instead; that is
//! `software-pipeline`'s.

use crate::metadata::tensormaps_of;
use crate::options::CompileOptions;
use crate::pass::PassError;
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Builder, Module, Op, Shared, Type, Values};
use tile_dialects::opname;
use tile_dialects::views::{TileDescLoad, View};

pub fn run(m: &mut Module, _opts: &CompileOptions) -> Result<(), PassError> {
    m.funcs_mut(|values, func| {
        let maps = tensormaps_of(func);
        let mut used = vec![false; maps.len()];
        rewrite_block(values, &mut func.regions[0].blocks[0].ops, &mut used)?;
        if let Some(n) = used.iter().position(|u| !u) {
            // Every descriptor tilegen listed is some load's.
            return Err(PassError::at(
                &func.loc,
                format!("`{}` lists descriptor {n}, which no load uses", attrname::TILE_TENSORMAPS),
            ));
        }
        Ok(())
    })
}

fn rewrite_block(values: &mut Values, ops: &mut Vec<Op>, used: &mut [bool]) -> Result<(), PassError> {
    let mut out = Vec::with_capacity(ops.len());
    for mut op in std::mem::take(ops) {
        for r in &mut op.regions {
            for b in &mut r.blocks {
                rewrite_block(values, &mut b.ops, used)?;
            }
        }
        if let View::TileDescLoad(d) = View::of(&op) {
            let n = d.tensormap().and_then(|a| a.as_int()).filter(|&n| n >= 0 && (n as usize) < used.len());
            let Some(n) = n else {
                return Err(PassError::at(&op.loc, "`tile.desc_load` names no descriptor of `tile.tensormaps`"));
            };
            used[n as usize] = true;
            expand(values, &op, d, &mut out);
            continue;
        }
        out.push(op);
    }
    *ops = out;
    Ok(())
}

fn expand(values: &mut Values, op: &Op, d: TileDescLoad, out: &mut Vec<Op>) {
    let res_ty = values.ty(d.res()).clone();
    let rank = res_ty.shape().len();
    let elem = res_ty.elem().clone();
    let order: Vec<u32> = (0..rank as u32).rev().collect();
    let buf_ty = Type::MemDesc {
        shape: res_ty.shape().to_vec(),
        elem: Box::new(elem),
        layout: Shared::plain(1, 1, 1, 0, order),
    };
    let bar_ty =
        Type::MemDesc { shape: vec![1], elem: Box::new(Type::Int(64)), layout: Shared::plain(1, 1, 1, 0, vec![0]) };
    let mut b = Builder::new(values, out, op.loc.clone());
    let buf = b.op1(opname::LAYOUT_LOCAL_ALLOC, &[], buf_ty, &[]);
    let bar = b.op1(opname::LAYOUT_LOCAL_ALLOC, &[], bar_ty, &[]);
    b.op(opname::LAYOUT_BARRIER, &[], &[], &[]);
    b.op(opname::LAYOUT_MBARRIER_INIT, &[bar], &[], &[("count", Attr::int(1, "i32"))]);
    b.op(opname::LAYOUT_BARRIER, &[], &[], &[]);
    let mut operands = op.operands.clone();
    operands.extend([buf, bar]);
    let seg = format!("array<i32: 1, {rank}, {rank}, {rank}, 1, 1>");
    let keep = |name: &'static str| op.attr(name).map(|a| (name, a.clone()));
    let mut attrs = vec![("operandSegmentSizes", Attr(seg))];
    attrs.extend(keep("tensormap"));
    attrs.extend(keep("nan"));
    b.op(opname::LAYOUT_TMA_LOAD, &operands, &[], &attrs);
    let phase = b.const_int(0, 32);
    b.op(opname::LAYOUT_MBARRIER_WAIT, &[bar, phase], &[], &[]);
    // The local load defines the desc load's own result: its uses stay as they are.
    let b_loc = b.loc.clone();
    b.ops.push(Op {
        name: opname::LAYOUT_LOCAL_LOAD.into(),
        operands: vec![buf],
        results: vec![d.res()],
        loc: b_loc,
        ..Default::default()
    });
    b.op(opname::LAYOUT_LOCAL_DEALLOC, &[bar], &[], &[]);
    b.op(opname::LAYOUT_LOCAL_DEALLOC, &[buf], &[], &[]);
}
