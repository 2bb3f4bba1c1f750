//! Tensor descriptors and TMA: `tile.desc_load` (a block of a tensor, zero or NaN outside
//! it), `layout.tma_load` (the same block copied into shared memory, arriving on an
//! mbarrier), `layout.mbarrier_init`, `layout.mbarrier_wait`, `layout.mbarrier_arrive` and
//! `layout.cluster_barrier` (a cluster's programs share multicast copies, which here each
//! program makes whole: see `Op::Arrive`). The global reads go
//! through `memory.rs` as a load (memcheck, `--races`, `--uninit` see them); the block's
//! addresses and which elements are inside the tensor are `block`'s. The barriers and
//! the copies in flight are `smem`'s.

use super::access::Access;
use super::need;
use crate::frame::Frame;
use crate::site::{Site, Types};
use crate::value::{Data, Elem};
use crate::Fault;
use tile_dialects::ir;
use tile_dialects::views::View;

/// A descriptor access's elements, row-major over the block.
pub struct Block {
    pub ptrs: Vec<i64>,
    /// Inside the tensor (read); the rest take `fill` (zero without one).
    pub inside: Vec<bool>,
    pub fill: Option<Data>,
    pub elem: Elem,
}

/// Where a descriptor access's block is: (the value whose type is the block's, operands
/// after the offsets). `tile.desc_load`: its result, none; `layout.tma_load`: the buffer,
/// then the barrier; `tile.desc_store`: the value; `layout.tma_store`: the buffer.
pub fn target(n: &Site, a: &Access) -> (ir::ValueId, usize) {
    let ops = &n.operands;
    match a {
        Access::Desc { tma: true, .. } => (ops[ops.len() - 2], 2),
        Access::DescStore { .. } => (ops[ops.len() - 1], 1),
        _ => (n.results[0], 0),
    }
}

/// The block of a descriptor access (`target`): operands base, shape, strides, offsets
/// (one per axis), then `tail` more.
pub fn block(n: &Site, k: &Types, f: &Frame, (target, tail): (ir::ValueId, usize), nan: bool) -> Result<Block, Fault> {
    let ops = &n.operands;
    let rank = (ops.len().saturating_sub(1 + tail)) / 3;
    let t = k.ty(target);
    let shape: Vec<i64> = t.shape.iter().map(|&d| d as i64).collect();
    if rank == 0 || ops.len() != 1 + 3 * rank + tail || shape.len() != rank {
        return Err(Fault::at(&n.loc, "a descriptor access with parts for another rank than its block's"));
    }
    let int = |v: ir::ValueId| -> Result<i64, Fault> { Ok(f.get(v)?.ints()?[0]) };
    let base = int(ops[0])?;
    let part = |i: usize| -> Result<Vec<i64>, Fault> { (0..rank).map(|d| int(ops[1 + i * rank + d])).collect() };
    let (dims, strides, offsets) = (part(0)?, part(1)?, part(2)?);
    let elem = t.elem;
    let size = elem.bytes() as i64;
    let numel: i64 = shape.iter().product();
    let mut ptrs = Vec::with_capacity(numel as usize);
    let mut inside = Vec::with_capacity(numel as usize);
    let mut idx = vec![0i64; rank];
    for _ in 0..numel {
        let mut addr = 0i64;
        let mut ok = true;
        for d in 0..rank {
            let c = offsets[d].wrapping_add(idx[d]);
            ok &= (0..dims[d]).contains(&c);
            addr = addr.wrapping_add(c.wrapping_mul(strides[d]));
        }
        ptrs.push(base.wrapping_add(addr.wrapping_mul(size)));
        inside.push(ok);
        for d in (0..rank).rev() {
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    let fill = nan.then(|| Data::F(vec![f64::NAN]));
    Ok(Block { ptrs, inside, fill, elem })
}

/// `layout.tma_store`'s data: its buffer, read from shared memory (the copy reads it after
/// the barrier `membar` put before it; a buffer not written since is an error there).
pub fn stored(n: &Site, f: &mut Frame) -> Result<Data, Fault> {
    let buf = super::shared::view(f, n.operands[n.operands.len() - 1])?;
    f.smem.read(buf, "tma_store", &n.loc, true)
}

/// `layout.tma_load`'s block, read: in flight into its buffer until its barrier's phase.
pub fn issue(n: &Site, f: &mut Frame, data: Data) -> Result<(), Fault> {
    let ops = &n.operands;
    let buf = super::shared::view(f, ops[ops.len() - 2])?;
    let bar = super::shared::view(f, ops[ops.len() - 1])?;
    f.smem.issue_tma(buf, bar, data, &n.loc)
}

#[derive(Debug)]
pub enum Op {
    Init(u32),
    Wait,
    Inval,
    /// `layout.mbarrier_arrive {cluster = n}`: the arrivals of the cluster's n programs.
    /// A program runs alone here, and its copies are multicast only where every program of
    /// the cluster does the same (`software-pipeline` proves it), so its own arrival stands
    /// for all n of them; a multicast `layout.tma_load` likewise copies the whole block.
    Arrive(u32),
    /// `layout.cluster_barrier`: nothing to wait for (no program reads another's shared
    /// memory here).
    ClusterBarrier,
}

pub fn decode(op: &ir::Op) -> Result<Option<Op>, Fault> {
    Ok(Some(match View::of(op) {
        View::LayoutMbarrierInit(i) => Op::Init(need(op, i.count().and_then(|a| a.as_int()), "count")?.max(1) as u32),
        View::LayoutMbarrierWait(_) => Op::Wait,
        View::LayoutMbarrierInval(_) => Op::Inval,
        View::LayoutMbarrierArrive(a) => {
            Op::Arrive(need(op, a.cluster().and_then(|a| a.as_int()), "cluster")?.max(1) as u32)
        }
        View::LayoutClusterBarrier(_) => Op::ClusterBarrier,
        _ => return Ok(None),
    }))
}

pub fn exec(o: &Op, n: &Site, _: &Types, f: &mut Frame) -> Result<(), Fault> {
    if let Op::ClusterBarrier = o {
        return Ok(());
    }
    let bar = super::shared::view(f, n.operands[0])?;
    match o {
        Op::Init(count) => f.smem.mbar_init(bar, *count),
        Op::Wait => {
            let parity = f.get(n.operands[1])?.ints()?[0];
            f.smem.mbar_wait(bar, parity)
        }
        Op::Inval => f.smem.mbar_inval(bar),
        Op::Arrive(count) => f.smem.mbar_arrive(bar, *count),
        Op::ClusterBarrier => unreachable!("returned above"),
    }
}
