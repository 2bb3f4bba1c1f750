//! Shared-memory buffers at the `layout` level: `layout.local_alloc` (a buffer, or a
//! ring of slots, optionally storing a tile), `local_dealloc`, `memdesc_index` (a ring's
//! slot), `local_load` (a tile read back in the result's encoding: the same values) and
//! `fence_async_shared` (orders the threads' stores before the tensor cores' reads:
//! nothing to do here). The buffers, and when they may be read and written: `smem`.

use crate::frame::Frame;
use crate::site::{Site, Types};
use crate::smem::View;
use crate::Fault;
use tile_dialects::ir::{self, ValueId};
use tile_dialects::views::View as OpView;

#[derive(Debug)]
pub enum Op {
    Alloc,
    Dealloc,
    Index,
    Load,
    Fence,
}

pub fn decode(op: &ir::Op) -> Result<Option<Op>, Fault> {
    Ok(Some(match OpView::of(op) {
        OpView::LayoutLocalAlloc(_) => Op::Alloc,
        OpView::LayoutLocalDealloc(_) => Op::Dealloc,
        OpView::LayoutMemdescIndex(_) => Op::Index,
        OpView::LayoutLocalLoad(_) => Op::Load,
        OpView::LayoutFenceAsyncShared(_) => Op::Fence,
        _ => return Ok(None),
    }))
}

/// The shared-memory view a value holds.
pub fn view(f: &Frame, v: ValueId) -> Result<View, Fault> {
    View::of(f.get(v)?)
}

pub fn exec(o: &Op, n: &Site, k: &Types, f: &mut Frame) -> Result<(), Fault> {
    match o {
        Op::Alloc => {
            let t = k.ty(n.results[0]);
            let rank = t.smem_rank.unwrap_or(t.shape.len());
            let (ring, tile) = t.shape.split_at(t.shape.len() - rank);
            if ring.len() > 1 {
                return Err(Fault::new("the interpreter runs rings of one leading dimension"));
            }
            let init = match n.operands.first() {
                Some(&x) => Some(f.get(x)?.clone()),
                None => None,
            };
            let v = f.smem.alloc(ring.iter().product(), tile.iter().product(), init.as_deref(), &n.loc)?;
            if init.is_some() && f.smem.placed.is_none() {
                // The stores' barriers order global accesses too (`races`); after `membar`
                // only the barriers it placed do.
                f.barriers += 1;
            }
            f.set(n.results[0], v.data());
        }
        Op::Dealloc => {
            let v = view(f, n.operands[0])?;
            f.smem.dealloc(v, &n.loc)?;
        }
        Op::Index => {
            let v = view(f, n.operands[0])?;
            let i = f.get(n.operands[1])?.ints()?[0];
            let s = f.smem.index(v, i)?;
            f.set(n.results[0], s.data());
        }
        Op::Load => {
            let v = view(f, n.operands[0])?;
            let d = f.smem.read(v, "local_load", &n.loc, true)?;
            if d.len() != k.ty(n.results[0]).numel() {
                return Err(Fault::new("`local_load` of a tile of another size than its buffer"));
            }
            f.set(n.results[0], d);
        }
        Op::Fence => {}
    }
    Ok(())
}
