//! Tile types and their encodings.

use super::Cx;
use super::MAX_NUMEL;
use crate::ir::{Blocked, Encoding, Type};

/// How many registers a thread may hold per element of a tile (copies included).
const MAX_COPIES: i64 = 16;

/// A scalar the language has: an integer of 1 to 64 bits or a float.
pub(crate) fn is_scalar(t: &Type) -> bool {
    matches!(t, Type::Int(1 | 8 | 16 | 32 | 64)) || t.is_float()
}

/// A value a tile may hold: a scalar, or a pointer to one.
fn is_element(t: &Type) -> bool {
    match t {
        Type::TilePtr(p) => is_scalar(p),
        t => is_scalar(t),
    }
}

/// Checks a type: a tile's shape, element type and encoding; a pointer's pointee.
pub(crate) fn check(cx: &Cx, t: &Type) -> Result<(), String> {
    match t {
        Type::TilePtr(p) if !is_scalar(p) => Err(format!("{t} points to {p}, not to a scalar")),
        Type::Int(b) if !matches!(b, 1 | 8 | 16 | 32 | 64) => Err(format!("{t} is not an integer type tilec has")),
        Type::Tensor { shape, elem, encoding } => {
            if shape.is_empty() {
                return Err(format!("{t} has no dimensions (a tile has at least one)"));
            }
            if !is_element(elem) {
                return Err(format!("{t}: a tile holds scalars or pointers to them, not {elem}"));
            }
            if let Some(d) = shape.iter().find(|&&d| d < 1 || !(d as u64).is_power_of_two()) {
                return Err(format!("{t}: dimension {d} is not a power of two"));
            }
            let numel = shape.iter().try_fold(1i64, |a, &d| a.checked_mul(d)).unwrap_or(i64::MAX);
            if numel > MAX_NUMEL {
                return Err(format!("{t} has {numel} elements, more than a tile may hold ({MAX_NUMEL})"));
            }
            let Some(e) = encoding else { return Ok(()) };
            encoding_fits(cx, e, shape.len()).map_err(|m| format!("{t}: {m}"))?;
            // Registers a thread holds: the elements it owns, and copies where the
            // encoding's sizes exceed the tile's (a 2-wide row in 16-byte vectors). Far
            // more would have the lowering allocate them all (fuzzing: a size per thread
            // of 2^20 on a 1024-element tile ran the compiler out of memory).
            let most = (numel * MAX_COPIES).min(MAX_NUMEL / 32);
            match crate::layout::Dist::of(shape, e) {
                Some(d) if d.elems_per_thread() as i64 > most => Err(format!(
                    "{t}: the encoding gives each thread {} elements of a tile of {numel} (at most {most})",
                    d.elems_per_thread()
                )),
                _ => Ok(()),
            }
        }
        Type::MemDesc { shape, layout, .. } => {
            // A ring of buffers (the software pipeline's) leads with its stage dimension,
            // which the layout does not cover.
            let rank = if layout.order.len() + 1 == shape.len() { shape.len() - 1 } else { shape.len() };
            layout.check(rank).map_err(|m| format!("{t}: {m}"))
        }
        _ => Ok(()),
    }
}

/// An encoding of a tile of rank `rank`.
fn encoding_fits(cx: &Cx, e: &Encoding, rank: usize) -> Result<(), String> {
    match e {
        Encoding::Blocked(b) => blocked_fits(cx, b, rank),
        Encoding::Slice { dim, parent } => {
            if *dim as usize > rank {
                return Err(format!("the slice's dimension {dim} is out of range for a parent of rank {}", rank + 1));
            }
            encoding_fits(cx, parent, rank + 1)
        }
        Encoding::Mma(m) => {
            let warps = m.warps_per_cta.iter().try_fold(1u64, |p, &x| p.checked_mul(x as u64)).unwrap_or(u64::MAX);
            // 2-D, or batched (3-D, mma.sync only): warps along the batch first.
            let batched = rank == 3 && m.version == 2;
            if !(rank == 2 || batched) || m.warps_per_cta.len() != rank || m.instr_shape.len() != 3 {
                Err("a tensor-core encoding is of a 2-D tile (or a 3-D one, mma.sync's, a batch dimension first), \
                     with warps along each dimension and an instruction shape of M, N, K"
                    .into())
            } else if warps != cx.num_warps as u64 {
                Err(format!("the tensor-core encoding's warps do not multiply to the kernel's {} warps", cx.num_warps))
            } else if m.version == 3 && m.warps_per_cta[rank - 2] % 4 != 0 {
                Err("a wgmma encoding's warps along M are whole warp groups (a multiple of 4)".into())
            } else {
                Ok(())
            }
        }
        Encoding::DotOp { idx, parent, .. } => {
            if *idx > 1 {
                return Err(format!("a dot operand is operand 0 or 1, not {idx}"));
            }
            encoding_fits(cx, parent, rank)
        }
        Encoding::Other(s) if s.starts_with("#layout.") => Ok(()),
        Encoding::Other(s) => Err(format!("`{s}` is not a layout encoding")),
    }
}

fn blocked_fits(cx: &Cx, b: &Blocked, rank: usize) -> Result<(), String> {
    let arrays = [&b.size_per_thread, &b.threads_per_warp, &b.warps_per_cta, &b.order];
    if arrays.iter().any(|a| a.len() != rank) {
        return Err(format!("the blocked encoding's arrays do not all have the tile's rank {rank}"));
    }
    if b.size_per_thread.iter().chain(&b.threads_per_warp).chain(&b.warps_per_cta).any(|&x| x == 0) {
        return Err("the blocked encoding has a zero size".into());
    }
    if b.size_per_thread.iter().chain(&b.threads_per_warp).chain(&b.warps_per_cta).any(|&x| !x.is_power_of_two()) {
        return Err("the blocked encoding's sizes are not all powers of two".into());
    }
    let product = |a: &[u32]| a.iter().try_fold(1u64, |p, &x| p.checked_mul(x as u64)).unwrap_or(u64::MAX);
    if product(&b.threads_per_warp) != 32 {
        return Err("the blocked encoding's threads per warp do not multiply to 32".into());
    }
    if product(&b.warps_per_cta) != cx.num_warps as u64 {
        return Err(format!("the blocked encoding's warps do not multiply to the kernel's {} warps", cx.num_warps));
    }
    let mut seen = vec![false; rank];
    for &o in &b.order {
        match seen.get_mut(o as usize) {
            Some(s) if !*s => *s = true,
            _ => return Err("the blocked encoding's order is not a permutation of the dimensions".into()),
        }
    }
    Ok(())
}
