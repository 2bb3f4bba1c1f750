//! `tma-copies`: each `tile.desc_load` left after `software-pipeline` becomes one TMA copy
//! into a shared buffer, waited for on an mbarrier and read back in the load's encoding;
//! each `tile.desc_store` becomes the block staged in a shared buffer and one TMA store
//! of it (`expand_store`).
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
//! layout.barrier                     every thread is past its wait
//! layout.mbarrier_inval(%bar)        one thread: the bytes may hold something else
//! layout.local_dealloc(%bar), (%buf)
//! ```
//!
//! Both buffers are written by no thread's store, so `membar` leaves them to this pass
//! (as the software pipeline's rings), which orders them with the two barriers above. A
//! pipelined loop's copies (`software-pipeline`: rings of swizzled buffers wgmma reads,
//! an mbarrier a slot kept initialised across trips) are already `layout.tma_load`s.
//!
//! Then each descriptor of `tile.tensormaps` gets the box and swizzle its copies write
//! (`Shared::tma_box` of their buffers: the whole block unswizzled here, a panel of the
//! tensor cores' layout in a ring), which the launch encodes and the lowering follows.

use crate::metadata::{tensormaps_attr, tensormaps_of};
use crate::options::CompileOptions;
use crate::pass::PassError;
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Builder, Module, Op, Shared, Type, ValueId, Values};
use tile_dialects::layout::elem_bytes;
use tile_dialects::layout::shared::{tma_box_of, TmaBox};
use tile_dialects::opname;
use tile_dialects::views::{TileDescLoad, TileDescStore, View};

pub fn run(m: &mut Module, _opts: &CompileOptions) -> Result<(), PassError> {
    m.funcs_mut(|values, func| {
        let mut maps = tensormaps_of(func);
        if maps.is_empty() {
            return Ok(());
        }
        rewrite_block(values, &mut func.regions[0].blocks[0].ops);
        let mut boxes: Vec<Option<TmaBox>> = vec![None; maps.len()];
        boxes_of(values, &func.regions[0].blocks[0].ops, &mut boxes)?;
        for (n, (m, b)) in maps.iter_mut().zip(boxes).enumerate() {
            // Every descriptor tilegen listed is some copy's.
            let Some(b) = b else {
                return Err(PassError::at(
                    &func.loc,
                    format!("`{}` lists descriptor {n}, which no load uses", attrname::TILE_TENSORMAPS),
                ));
            };
            m.box_shape = b.dims;
            m.swizzle = b.swizzle;
        }
        func.set_attr(attrname::TILE_TENSORMAPS, tensormaps_attr(&maps));
        Ok(())
    })
}

/// Expands every descriptor access; the copies keep the access's `tensormap`, which
/// `boxes_of` then checks names a descriptor of the kernel.
fn rewrite_block(values: &mut Values, ops: &mut Vec<Op>) {
    let mut out = Vec::with_capacity(ops.len());
    for mut op in std::mem::take(ops) {
        for r in &mut op.regions {
            for b in &mut r.blocks {
                rewrite_block(values, &mut b.ops);
            }
        }
        match View::of(&op) {
            View::TileDescStore(d) => expand_store(values, &op, d, &mut out),
            View::TileDescLoad(d) => expand(values, &op, d, &mut out),
            _ => out.push(op),
        }
    }
    *ops = out;
}

/// `layout.tma_load` of the block `desc` (a `tile.desc_load`, its parts and offsets
/// `operands`, those of the iteration being issued in a pipelined loop) into `buf`,
/// arriving on `bar`: the descriptor's `tensormap` and `nan` kept; `multicast`: the
/// cluster's programs share the copy (`software-pipeline`). The one form of the copy, for
/// this pass and `software-pipeline`'s rings.
pub(crate) fn tma_load(
    b: &mut Builder,
    desc: &Op,
    mut operands: Vec<ValueId>,
    buf: ValueId,
    bar: ValueId,
    multicast: Option<u32>,
) {
    let rank = (operands.len() - 1) / 3;
    operands.extend([buf, bar]);
    let seg = format!("array<i32: 1, {rank}, {rank}, {rank}, 1, 1>");
    let mut attrs = vec![("operandSegmentSizes", Attr(seg))];
    attrs.extend(["tensormap", "nan"].iter().filter_map(|&n| desc.attr(n).map(|a| (n, a.clone()))));
    attrs.extend(multicast.map(|n| (attrname::LAYOUT_MULTICAST, Attr::int(n as i64, "i32"))));
    b.op(opname::LAYOUT_TMA_LOAD, &operands, &[], &attrs);
}

/// A `tile.desc_store`: its block staged in a shared buffer (in the tensor cores'
/// swizzled layout where it tiles the block: rows of 128 bytes with no bank conflicts),
/// then one TMA store of it. `membar` puts the proxy fence and the barrier between the
/// threads' writes and the copy's read, and a barrier before the bytes are reused.
fn expand_store(values: &mut Values, op: &Op, d: TileDescStore, out: &mut Vec<Op>) {
    let vt = values.ty(d.value()).clone();
    let (shape, elem) = (vt.shape().to_vec(), vt.elem().clone());
    let rank = shape.len() as u32;
    let order: Vec<u32> = (0..rank).rev().collect();
    let eb = elem_bytes(&vt);
    let swizzled = Shared::nvmma(Shared::nvmma_swizzle_for(shape[shape.len() - 1] * eb as i64), eb, order.clone());
    let layout = if swizzled.nvmma > 0 && swizzled.tma_box(&shape, eb).is_ok() {
        swizzled
    } else {
        Shared::plain(1, 1, 1, 0, order)
    };
    let buf_ty = Type::MemDesc { shape, elem: Box::new(elem), layout };
    let mut b = Builder::new(values, out, op.loc.clone());
    let buf = b.op1(opname::LAYOUT_LOCAL_ALLOC, &[d.value()], buf_ty, &[]);
    let mut operands = op.operands.clone();
    *operands.last_mut().expect("a value") = buf;
    let mut attrs = vec![("operandSegmentSizes", Attr(format!("array<i32: 1, {rank}, {rank}, {rank}, 1>")))];
    attrs.extend(op.attr("tensormap").map(|a| ("tensormap", a.clone())));
    b.op(opname::LAYOUT_TMA_STORE, &operands, &[], &attrs);
    b.op(opname::LAYOUT_LOCAL_DEALLOC, &[buf], &[], &[]);
}

/// The box each descriptor's copies write, from their buffers; one descriptor's copies
/// must all agree.
fn boxes_of(values: &Values, ops: &[Op], boxes: &mut [Option<TmaBox>]) -> Result<(), PassError> {
    for op in ops {
        for b in op.regions.iter().flat_map(|r| &r.blocks) {
            boxes_of(values, &b.ops, boxes)?;
        }
        let (map, buf) = match View::of(op) {
            View::LayoutTmaLoad(t) => (t.tensormap(), t.buf()),
            View::LayoutTmaStore(t) => (t.tensormap(), t.buf()),
            _ => continue,
        };
        let slot = map.and_then(|a| a.as_int()).and_then(|n| boxes.get_mut(usize::try_from(n).ok()?));
        let Some(slot) = slot else {
            return Err(PassError::at(&op.loc, format!("`{}` names no descriptor of `tile.tensormaps`", op.name)));
        };
        let b = tma_box_of(values.ty(buf))
            .map_err(|why| PassError::at(&op.loc, format!("`{}` of a buffer TMA cannot copy: {why}", op.name)))?;
        if slot.as_ref().is_some_and(|s| *s != b) {
            let why = format!("`{}`: copies through one descriptor of buffers of different layouts", op.name);
            return Err(PassError::at(&op.loc, why));
        }
        *slot = Some(b);
    }
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
    tma_load(&mut b, op, op.operands.clone(), buf, bar, None);
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
    // Every thread is past its wait: the mbarrier invalidated before its bytes are reused.
    b.op(opname::LAYOUT_BARRIER, &[], &[], &[]);
    b.op(opname::LAYOUT_MBARRIER_INVAL, &[bar], &[], &[]);
    b.op(opname::LAYOUT_LOCAL_DEALLOC, &[bar], &[], &[]);
    b.op(opname::LAYOUT_LOCAL_DEALLOC, &[buf], &[], &[]);
}
