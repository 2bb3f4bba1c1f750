//! The string attributes of our `tile` ops whose values IRDL leaves open (any string) but
//! the memsem ops they become, and the lowering, accept only from a list.

use tile_dialects::attrname;
use tile_dialects::ir::Op;
use tile_dialects::opname;

const SCOPES: &[&str] = &["cta", "gpu", "sys"];
const ATOMIC_SEMS: &[&str] = &["relaxed", "acquire", "release", "acq_rel"];
const EVICT: &[&str] = &["", "evict_first", "evict_last"];
const LOAD_CACHE: &[&str] = &["", ".ca", ".cg", ".cv", ".cs", ".lu"];
const STORE_CACHE: &[&str] = &["", ".wb", ".wt", ".cg", ".cs"];
const PRECISIONS: &[&str] = &["tf32", "tf32x3", "ieee"];

/// Checks the attribute values of one op.
pub(crate) fn check(op: &Op) -> Result<(), String> {
    let rules: &[(&str, &[&str])] = match op.name.as_str() {
        opname::TILE_LOAD => &[
            ("cache", LOAD_CACHE),
            ("evict", EVICT),
            (attrname::TILE_SEM, &["relaxed", "acquire"]),
            (attrname::TILE_SCOPE, SCOPES),
        ],
        opname::TILE_STORE => &[
            ("cache", STORE_CACHE),
            ("evict", EVICT),
            (attrname::TILE_SEM, &["relaxed", "release"]),
            (attrname::TILE_SCOPE, SCOPES),
        ],
        opname::TILE_ATOMIC_RMW | opname::TILE_ATOMIC_CAS => &[("sem", ATOMIC_SEMS), ("scope", SCOPES)],
        opname::TILE_DOT => &[("input_precision", PRECISIONS)],
        _ => &[],
    };
    for (name, allowed) in rules {
        if let Some(a) = op.attr(name) {
            match a.as_str() {
                Some(v) if allowed.contains(&v.as_str()) => {}
                _ => return Err(format!("`{name}` is {}, not one of {allowed:?}", a.0)),
            }
        }
    }
    Ok(())
}
