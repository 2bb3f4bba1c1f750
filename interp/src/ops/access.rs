//! A global-memory access decoded once (`decode`): what it accesses (`Access`), in which
//! order (`Order`), and whether that order reaches other programs. The tile level's order
//! is read the way `tile-to-memsem` makes it explicit: `volatile` → volatile, `tile.sem`
//! → that order, else weak.
//!
//! Its own module, below both the accesses themselves (`memory.rs`, which records each in
//! the race detector) and the race detector (`races.rs`, which orders them by what they
//! are).

use super::need;
use crate::Fault;
use tile_dialects::attrname;
// The IR's vocabulary: an access's order is memsem's `order` (the tile level's `tile.sem`,
// `volatile` and atomics' `sem` read as one), an atomic's kind its `kind`.
pub use tile_dialects::attrs::{MemOrder as Order, RmwKind as Rmw};
use tile_dialects::attrs::{MemScope, MemSem};
use tile_dialects::ir;
use tile_dialects::views::View;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Access {
    /// Operand positions of the mask and `other`, when present.
    Load {
        mask: Option<usize>,
        other: Option<usize>,
    },
    Store {
        mask: Option<usize>,
    },
    Rmw {
        kind: Rmw,
        mask: Option<usize>,
        unsigned: bool,
    },
    Cas,
    /// `layout.async_copy`: a weak load, masked-off elements zero, into shared memory.
    AsyncCopy {
        mask: Option<usize>,
    },
    /// A block through a tensor descriptor (`tile.desc_load`; with `tma`, the copy of
    /// `layout.tma_load` into shared memory): a weak load of the block's elements inside
    /// the tensor, those outside zero (NaN with `nan`).
    Desc {
        tma: bool,
        nan: bool,
    },
    /// A block written through a tensor descriptor (`tile.desc_store`; with `tma`,
    /// `layout.tma_store` from shared memory): a weak store of the elements inside the
    /// tensor, the rest dropped.
    DescStore {
        tma: bool,
    },
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MemOp {
    pub access: Access,
    pub order: Order,
    /// Whether the order reaches other programs (scope gpu or sys; not cta).
    pub beyond_cta: bool,
}

impl MemOp {
    pub fn is_load(&self) -> bool {
        matches!(self.access, Access::Load { .. } | Access::AsyncCopy { .. } | Access::Desc { .. })
    }
}

fn order_of(op: &ir::Op, s: &str) -> Result<Order, Fault> {
    Order::parse(s).ok_or_else(|| Fault::at(&op.loc, format!("`{}`: unknown memory order `{s}`", op.name)))
}

pub fn decode(op: &ir::Op) -> Result<Option<MemOp>, Fault> {
    // Where an optional operand sits in the op's operand list.
    let at = |v: Option<ir::ValueId>| v.and_then(|v| op.operands.iter().position(|&o| o == v));
    let rmw = |mask: Option<ir::ValueId>| -> Result<Access, Fault> {
        let k = need(op, op.str_attr(attrname::KIND), attrname::KIND)?;
        let kind = Rmw::parse(&k).ok_or_else(|| Fault::at(&op.loc, format!("unknown atomic `{k}`")))?;
        Ok(Access::Rmw { kind, mask: at(mask), unsigned: op.attr(attrname::TILE_UNSIGNED).is_some() })
    };
    // (the tile level's, an atomic, what it accesses)
    let (tile, atomic, access) = match View::of(op) {
        View::LayoutAsyncCopy(c) => {
            let access = Access::AsyncCopy { mask: at(c.mask()) };
            return Ok(Some(MemOp { access, order: Order::Weak, beyond_cta: true }));
        }
        View::TileDescLoad(d) => {
            let access = Access::Desc { tma: false, nan: d.nan().and_then(|a| a.as_int()) == Some(1) };
            return Ok(Some(MemOp { access, order: Order::Weak, beyond_cta: true }));
        }
        View::LayoutTmaLoad(d) => {
            let access = Access::Desc { tma: true, nan: d.nan().and_then(|a| a.as_int()) == Some(1) };
            return Ok(Some(MemOp { access, order: Order::Weak, beyond_cta: true }));
        }
        View::TileDescStore(_) | View::LayoutTmaStore(_) => {
            let access = Access::DescStore { tma: matches!(View::of(op), View::LayoutTmaStore(_)) };
            return Ok(Some(MemOp { access, order: Order::Weak, beyond_cta: true }));
        }
        View::TileLoad(l) => (true, false, Access::Load { mask: at(l.mask()), other: at(l.other()) }),
        View::MemsemLoad(l) => (false, false, Access::Load { mask: at(l.mask()), other: at(l.other()) }),
        View::TileStore(s) => (true, false, Access::Store { mask: at(s.mask()) }),
        View::MemsemStore(s) => (false, false, Access::Store { mask: at(s.mask()) }),
        View::TileAtomicRmw(a) => (true, true, rmw(a.mask())?),
        View::MemsemAtomicRmw(a) => (false, true, rmw(a.mask())?),
        View::TileAtomicCas(_) => (true, true, Access::Cas),
        View::MemsemAtomicCas(_) => (false, true, Access::Cas),
        _ => return Ok(None),
    };
    let order = || -> Result<Order, Fault> {
        if tile {
            if matches!(access, Access::Load { .. }) && op.int_attr(attrname::VOLATILE) == Some(1) {
                return Ok(Order::Volatile);
            }
            // Unordered by default; an atomic at the front end's default sem.
            let (name, default) =
                if atomic { (attrname::SEM, Order::Sem(MemSem::default())) } else { (attrname::TILE_SEM, Order::Weak) };
            op.str_attr(name).map_or(Ok(default), |s| order_of(op, &s))
        } else {
            let name = if atomic { attrname::SEM } else { attrname::ORDER };
            order_of(op, &need(op, op.str_attr(name), name)?)
        }
    };
    let scope = if tile && !atomic { attrname::TILE_SCOPE } else { attrname::SCOPE };
    let beyond_cta = op.enum_attr(scope) != Some(MemScope::Cta);
    Ok(Some(MemOp { access, order: order()?, beyond_cta }))
}
