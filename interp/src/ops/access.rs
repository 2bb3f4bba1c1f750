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
use tile_dialects::ir;
use tile_dialects::opname;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    Weak,
    Volatile,
    Relaxed,
    Acquire,
    Release,
    AcqRel,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rmw {
    Add,
    Max,
    Min,
    And,
    Or,
    Xor,
    Xchg,
}

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
        matches!(self.access, Access::Load { .. } | Access::AsyncCopy { .. })
    }
}

fn order_of(op: &ir::Op, s: &str) -> Result<Order, Fault> {
    Ok(match s {
        "weak" => Order::Weak,
        "volatile" => Order::Volatile,
        "relaxed" => Order::Relaxed,
        "acquire" => Order::Acquire,
        "release" => Order::Release,
        "acq_rel" => Order::AcqRel,
        o => return Err(Fault::at(&op.loc, format!("`{}`: unknown memory order `{o}`", op.name))),
    })
}

/// The position of optional segment `i`'s operand in the op's operand list.
fn position(op: &ir::Op, i: usize) -> Option<usize> {
    let v = op.optional(i)?;
    op.operands.iter().position(|&o| o == v)
}

pub fn decode(op: &ir::Op) -> Result<Option<MemOp>, Fault> {
    if op.name == opname::LAYOUT_ASYNC_COPY {
        let access = Access::AsyncCopy { mask: position(op, 2) };
        return Ok(Some(MemOp { access, order: Order::Weak, beyond_cta: true }));
    }
    let (level, what) = match op.name.split_once('.') {
        Some((l @ ("tile" | "memsem"), w)) => (l, w),
        _ => return Ok(None),
    };
    let tile = level == "tile";
    let order = |default: &str| -> Result<Order, Fault> {
        let s = if tile {
            if what == "load" && op.int_attr("volatile") == Some(1) {
                "volatile".to_string()
            } else if what == "atomic_rmw" || what == "atomic_cas" {
                op.str_attr("sem").unwrap_or_else(|| "acq_rel".into())
            } else {
                op.str_attr(attrname::TILE_SEM).unwrap_or_else(|| default.into())
            }
        } else if what == "atomic_rmw" || what == "atomic_cas" {
            need(op, op.str_attr("sem"), "sem")?
        } else {
            need(op, op.str_attr("order"), "order")?
        };
        order_of(op, &s)
    };
    let scope =
        if tile && matches!(what, "load" | "store") { op.str_attr(attrname::TILE_SCOPE) } else { op.str_attr("scope") };
    let beyond_cta = scope.as_deref() != Some("cta");
    let access = match what {
        "load" => Access::Load { mask: position(op, 1), other: position(op, 2) },
        "store" => Access::Store { mask: position(op, 2) },
        "atomic_rmw" => {
            let kind = match need(op, op.str_attr("kind"), "kind")?.as_str() {
                "add" => Rmw::Add,
                "max" => Rmw::Max,
                "min" => Rmw::Min,
                "and" => Rmw::And,
                "or" => Rmw::Or,
                "xor" => Rmw::Xor,
                "xchg" => Rmw::Xchg,
                k => return Err(Fault::at(&op.loc, format!("unknown atomic `{k}`"))),
            };
            Access::Rmw { kind, mask: position(op, 2), unsigned: op.attr(attrname::TILE_UNSIGNED).is_some() }
        }
        "atomic_cas" => Access::Cas,
        _ => return Ok(None),
    };
    Ok(Some(MemOp { access, order: order("weak")?, beyond_cta }))
}
