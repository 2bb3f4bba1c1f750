//! `tile-to-memsem`: make every memory operation's semantics explicit.
//!
//! 1. `tile.load` → `memsem.load`: `volatile = true` becomes order "volatile"; a source
//!    `sem` ("relaxed" / "acquire", carried as `tile.sem` / `tile.scope`) becomes that
//!    order at its scope; otherwise "weak" (a plain `ld`). Cache modifier and eviction
//!    policy carried over.
//! 2. `tile.store` → `memsem.store`: order "relaxed" / "release" at its scope when the
//!    source gave a `sem`, otherwise "weak".
//! 3. `tile.atomic_rmw` / `tile.atomic_cas` → `memsem.atomic_*` with the `sem` and `scope`
//!    the source gave (the front end filled in Triton's defaults, acq_rel and gpu).
//! The memsem dialect's IRDL constraints then verify every combination.

use crate::options::CompileOptions;
use crate::pass::PassError;
use tile_dialects::attrname;
use tile_dialects::attrs::{MemOrder, MemScope, MemSem};
use tile_dialects::ir::{Attr, Module, Op};
use tile_dialects::opname;

pub fn run(m: &mut Module, _opts: &CompileOptions) -> Result<(), PassError> {
    for op in &mut m.body {
        rewrite(op);
    }
    Ok(())
}

/// The source's `sem` and `scope` of an ordered load or store (`tile.sem`, `tile.scope`,
/// which the verifier has checked), removed from the op; no sem means weak, whose scope
/// is "" (`None`).
fn take_order(op: &mut Op) -> (Option<MemSem>, Option<MemScope>) {
    let sem: Option<MemSem> = op.enum_attr(attrname::TILE_SEM);
    let scope = sem.map(|_| op.enum_attr(attrname::TILE_SCOPE).unwrap_or_default());
    op.remove_attr(attrname::TILE_SEM);
    op.remove_attr(attrname::TILE_SCOPE);
    (sem, scope)
}

fn set_order(op: &mut Op, order: MemOrder, scope: Option<MemScope>) {
    op.set_attr(attrname::ORDER, Attr::of(order));
    op.set_attr(attrname::SCOPE, Attr::str(scope.map_or("", |s| s.as_str())));
}

fn rewrite(op: &mut Op) {
    match op.name.as_str() {
        opname::TILE_LOAD => {
            let volatile = op.int_attr(attrname::VOLATILE) == Some(1);
            op.name = opname::MEMSEM_LOAD.into();
            op.remove_attr(attrname::VOLATILE);
            let (sem, scope) = take_order(op);
            let order = if volatile { MemOrder::Volatile } else { sem.map_or(MemOrder::Weak, MemOrder::Sem) };
            set_order(op, order, scope);
        }
        opname::TILE_STORE => {
            op.name = opname::MEMSEM_STORE.into();
            let (sem, scope) = take_order(op);
            set_order(op, sem.map_or(MemOrder::Weak, MemOrder::Sem), scope);
        }
        opname::TILE_ATOMIC_RMW => op.name = opname::MEMSEM_ATOMIC_RMW.into(),
        opname::TILE_ATOMIC_CAS => op.name = opname::MEMSEM_ATOMIC_CAS.into(),
        _ => {}
    }
    for r in &mut op.regions {
        for b in &mut r.blocks {
            for o in &mut b.ops {
                rewrite(o);
            }
        }
    }
}
