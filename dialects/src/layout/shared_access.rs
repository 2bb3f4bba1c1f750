//! Which bytes of a kernel's shared memory each op reads and writes, on the placement
//! `allocate-shared` wrote (`layout.offset`, `layout.scratch_offset` / `_bytes`): the one
//! model of it, which `membar` orders with barriers and the interpreter checks after it
//! (`tile-interp`'s `smem.rs`).
//!
//! - `local_alloc` with a tile writes its buffer; `local_load` reads it; `warp_group_dot`
//!   reads its shared operands and `tma_store` its buffer (through the async proxy: a
//!   buffer threads wrote takes `fence.proxy.async` before the barrier that publishes it);
//! - an op with scratch writes and reads those bytes;
//! - `mbarrier_inval` writes its barriers' bytes;
//! - inline assembly may touch any byte;
//! - a ring of asynchronous copies (a `local_alloc` without a tile) is the software
//!   pipeline's to order (its waits and barriers): its allocation counts as a write of
//!   its bytes (its copies will write them), and nothing after it but reads of the
//!   whole ring (`tma-copies`' single-copy buffers).

use crate::attrname;
use crate::ir::{Op, Region, ValueId, Values};
use crate::layout::slot_bytes;
use crate::opname;
use std::collections::{HashMap, HashSet};

/// Bytes `[start, end)` of the kernel's shared memory.
pub type Bytes = (u32, u32);

/// Whether any interval of `a` overlaps one of `b`.
pub fn overlaps(a: &[Bytes], b: &[Bytes]) -> bool {
    a.iter().any(|x| b.iter().any(|y| x.0 < y.1 && y.0 < x.1))
}

/// What one kernel's buffers are.
#[derive(Debug, Default)]
pub struct Buffers {
    /// Each buffer written with a tile: its bytes.
    bytes: HashMap<ValueId, Bytes>,
    /// Each ring of asynchronous copies: its bytes.
    rings: HashMap<ValueId, Bytes>,
    /// The buffers the async proxy reads (wgmma's operands, TMA stores' sources).
    wgmma: HashSet<ValueId>,
    /// The kernel's shared memory, for ops that may touch any of it.
    all: Bytes,
}

/// What one op reads and writes.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Access {
    pub reads: Vec<Bytes>,
    pub writes: Vec<Bytes>,
    /// A write wgmma reads (a fence before the barrier that publishes it).
    pub fence: bool,
    /// A ring's allocation: its write is checked against earlier accesses, not kept.
    pub ring: bool,
}

impl Access {
    pub fn is_empty(&self) -> bool {
        self.reads.is_empty() && self.writes.is_empty()
    }
}

impl Buffers {
    /// The buffers of kernel `f` (a `func.func` after `allocate-shared`).
    pub fn of_kernel(f: &Op, values: &Values) -> Buffers {
        let total = f.int_attr(attrname::TILE_SMEM_BYTES).unwrap_or(0);
        let mut b = Buffers { all: (0, total.max(0) as u32), ..Default::default() };
        b.note_all(&f.regions, values);
        b
    }

    fn note_all(&mut self, regions: &[Region], values: &Values) {
        for o in regions.iter().flat_map(|r| &r.blocks).flat_map(|b| &b.ops) {
            self.note(o, values);
            self.note_all(&o.regions, values);
        }
    }

    fn note(&mut self, o: &Op, values: &Values) {
        match o.name.as_str() {
            opname::LAYOUT_LOCAL_ALLOC => {
                let (Some(off), Some(t)) = (o.int_attr(attrname::LAYOUT_OFFSET), o.results.first()) else { return };
                if values.ty(*t).shared().is_none() {
                    return;
                }
                let (slot, slots) = slot_bytes(values.ty(*t));
                let off = off.max(0) as u32;
                let map = if o.operands.is_empty() { &mut self.rings } else { &mut self.bytes };
                map.insert(*t, (off, off.saturating_add(slot.saturating_mul(slots))));
            }
            opname::LAYOUT_WARP_GROUP_DOT => self.wgmma.extend(o.operands.iter().take(2).copied()),
            opname::LAYOUT_TMA_STORE => self.wgmma.extend(o.operands.last().copied()),
            _ => {}
        }
    }

    /// The bytes a read of `v` touches: a buffer written with a tile, or a ring read
    /// whole (`tma-copies`' buffer: its TMA copy is ordered by the mbarrier, but the reads
    /// of it must end before the bytes are written again, by the next staged block).
    /// A ring's slots (`memdesc_index` views) are the software pipeline's to order.
    fn of(&self, v: ValueId) -> Option<Bytes> {
        self.bytes.get(&v).or_else(|| self.rings.get(&v)).copied()
    }

    /// What `op` reads and writes.
    pub fn access(&self, op: &Op) -> Access {
        let scratch = || {
            let at = op.int_attr(attrname::LAYOUT_SCRATCH_OFFSET)?;
            let n = op.int_attr(attrname::LAYOUT_SCRATCH_BYTES)?;
            Some((at.max(0) as u32, at.saturating_add(n).max(0) as u32))
        };
        let result = op.results.first().copied();
        match op.name.as_str() {
            opname::LAYOUT_LOCAL_ALLOC if op.operands.is_empty() => Access {
                writes: result.and_then(|r| self.rings.get(&r).copied()).into_iter().collect(),
                ring: true,
                ..Default::default()
            },
            opname::LAYOUT_LOCAL_ALLOC => Access {
                writes: result.and_then(|r| self.of(r)).into_iter().collect(),
                fence: result.is_some_and(|r| self.wgmma.contains(&r)),
                ..Default::default()
            },
            opname::LAYOUT_LOCAL_LOAD => Access {
                reads: op.operands.first().and_then(|v| self.of(*v)).into_iter().collect(),
                ..Default::default()
            },
            opname::LAYOUT_MBARRIER_INVAL => Access {
                writes: op.operands.first().and_then(|v| self.of(*v)).into_iter().collect(),
                ..Default::default()
            },
            opname::LAYOUT_TMA_STORE => Access {
                reads: op.operands.last().and_then(|v| self.of(*v)).into_iter().collect(),
                ..Default::default()
            },
            opname::LAYOUT_WARP_GROUP_DOT => {
                Access { reads: op.operands.iter().take(2).filter_map(|v| self.of(*v)).collect(), ..Default::default() }
            }
            opname::TILE_INLINE_ASM if self.all.1 > 0 => {
                Access { reads: vec![self.all], writes: vec![self.all], ..Default::default() }
            }
            _ => match scratch() {
                Some(s) => Access { reads: vec![s], writes: vec![s], ..Default::default() },
                None => Access::default(),
            },
        }
    }
}
