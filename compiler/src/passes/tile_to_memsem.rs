//! `tile-to-memsem`: make every memory operation's semantics explicit.
//!
//! 1. `tile.load` → `memsem.load`: `volatile = true` becomes order "volatile", otherwise
//!    "weak" (a plain `ld`); cache modifier and eviction policy carried over.
//! 2. `tile.store` → `memsem.store` with order "weak".
//! 3. `tile.atomic_rmw` / `tile.atomic_cas` → `memsem.atomic_*` with the `sem` and `scope`
//!    the source gave (the front end filled in Triton's defaults, acq_rel and gpu).
//! The memsem dialect's IRDL constraints then verify every combination.

use crate::passes::PassError;
use crate::pipeline::Options;
use tile_dialects::ir::{Attr, Module, Op};

pub fn run(m: &mut Module, _opts: &Options) -> Result<(), PassError> {
    for op in &mut m.body {
        rewrite(op);
    }
    Ok(())
}

fn rewrite(op: &mut Op) {
    match op.name.as_str() {
        "tile.load" => {
            let volatile = op.int_attr("volatile") == Some(1);
            op.name = "memsem.load".into();
            op.remove_attr("volatile");
            op.set_attr("order", Attr::str(if volatile { "volatile" } else { "weak" }));
            op.set_attr("scope", Attr::str(""));
        }
        "tile.store" => {
            op.name = "memsem.store".into();
            op.set_attr("order", Attr::str("weak"));
            op.set_attr("scope", Attr::str(""));
        }
        "tile.atomic_rmw" => op.name = "memsem.atomic_rmw".into(),
        "tile.atomic_cas" => op.name = "memsem.atomic_cas".into(),
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
