//! The string attributes of our `tile` ops whose values IRDL leaves open (any string) but
//! the memsem ops they become, and the lowering, accept only from a list. The lists are
//! the attribute enums' (`crate::attrs`), narrowed where an op takes fewer.

use crate::attrname;
use crate::attrs::{CacheModifier as C, EvictionPolicy, InputPrecision, MemScope, MemSem, StrEnum};
use crate::ir::Op;
use crate::opname;

/// The strings of `vs`.
fn strs<T: StrEnum>(vs: &[T]) -> Vec<&'static str> {
    vs.iter().map(|v| v.as_str()).collect()
}

/// Checks the attribute values of one op.
pub(crate) fn check(op: &Op) -> Result<(), String> {
    let scopes = || strs(MemScope::ALL);
    let evict = || strs(EvictionPolicy::ALL);
    let rules: Vec<(&str, Vec<&str>)> = match op.name.as_str() {
        opname::TILE_LOAD => vec![
            (attrname::CACHE, strs(&[C::None, C::Ca, C::Cg, C::Cv, C::Cs, C::Lu])),
            (attrname::EVICT, evict()),
            (attrname::TILE_SEM, strs(&[MemSem::Relaxed, MemSem::Acquire])),
            (attrname::TILE_SCOPE, scopes()),
        ],
        opname::TILE_STORE => vec![
            (attrname::CACHE, strs(&[C::None, C::Wb, C::Wt, C::Cg, C::Cs])),
            (attrname::EVICT, evict()),
            (attrname::TILE_SEM, strs(&[MemSem::Relaxed, MemSem::Release])),
            (attrname::TILE_SCOPE, scopes()),
        ],
        opname::TILE_ATOMIC_RMW | opname::TILE_ATOMIC_CAS => {
            vec![(attrname::SEM, strs(MemSem::ALL)), (attrname::SCOPE, scopes())]
        }
        opname::TILE_DOT => vec![(attrname::INPUT_PRECISION, strs(InputPrecision::ALL))],
        _ => vec![],
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
