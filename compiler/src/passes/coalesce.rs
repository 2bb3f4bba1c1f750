//! `coalesce` (tile -> layout): give every tile a blocked encoding chosen so each thread
//! moves up to 16 contiguous bytes and a warp covers whole 128-byte lines.
//!
//! 1. Run axis info over the kernel.
//! 2. For each load and store, the vector width its pointer allows along the fastest
//!    dimension: min(contiguity, alignment / element size, mask constancy, 16 bytes);
//!    record it on the op as `layout.vec`.
//! 3. For each tile shape, a blocked layout: the widest such vector per thread along the
//!    fastest dimension (row-major order), lanes then warps filling the fastest dimension
//!    first.
//! 4. Rewrite every tile type with its shape's encoding.

use crate::analysis::axis_info::AxisAnalysis;
use crate::passes::PassError;
use crate::pipeline::Options;
use std::collections::BTreeMap;
use tile_dialects::ir::{Attr, Blocked, Encoding, Module, Op, Type};

pub fn run(m: &mut Module, opts: &Options) -> Result<(), PassError> {
    let axis = AxisAnalysis::run(m);
    for fi in 0..m.body.len() {
        if m.body[fi].name != "func.func" {
            continue;
        }
        let num_warps = opts
            .num_warps
            .or_else(|| m.body[fi].int_attr("tile.num_warps").map(|n| n as u32))
            .unwrap_or(4);
        // Step 2.
        let mut widest: BTreeMap<Vec<i64>, u32> = BTreeMap::new();
        let mut func = std::mem::take(&mut m.body[fi]);
        visit_mut(&mut func, &mut |op| {
            let (ptr, mask) = match op.name.as_str() {
                "tile.load" => (op.operands[0], op.optional(1)),
                "tile.store" => (op.operands[0], op.optional(2)),
                _ => return,
            };
            let ty = m.values.ty(ptr).clone();
            if !ty.is_tensor() {
                return;
            }
            let elem_bytes = match ty.elem() {
                Type::TilePtr(e) => (e.bits().div_ceil(8)).max(1) as i64,
                _ => return,
            };
            let f = ty.shape().len() - 1;
            let p = axis.get(m, ptr);
            let mut vec = p.contiguity[f].min((p.divisibility[f] / elem_bytes).max(1)).min(16 / elem_bytes).min(ty.shape()[f]);
            if let Some(mk) = mask {
                vec = vec.min(axis.get(m, mk).constancy[f]);
            }
            let vec = 1u32 << (63 - (vec.max(1) as u64).leading_zeros());
            op.set_attr("layout.vec", Attr::int(vec as i64, "i32"));
            let w = widest.entry(ty.shape().to_vec()).or_insert(1);
            *w = (*w).max(vec);
        });
        m.body[fi] = func;
        // Steps 3 and 4: every value of this function.
        let mut ids = vec![];
        collect_values(&m.body[fi], &mut ids);
        for v in ids {
            let ty = m.values.ty(v).clone();
            if let Type::Tensor { shape, .. } = &ty {
                if ty.encoding().is_some() {
                    continue;
                }
                let vec = widest.get(shape).copied().unwrap_or(1);
                let enc = Encoding::Blocked(blocked_for(shape, vec, num_warps));
                m.values.set_ty(v, ty.with_encoding(Some(enc)));
            }
        }
    }
    Ok(())
}

/// The blocked layout of step 3 for `shape`, `vec` elements per access.
pub fn blocked_for(shape: &[i64], vec: u32, num_warps: u32) -> Blocked {
    let rank = shape.len();
    let order: Vec<u32> = (0..rank as u32).rev().collect();
    let mut spt = vec![1u32; rank];
    let mut tpw = vec![1u32; rank];
    let mut wpc = vec![1u32; rank];
    let threads = 32 * num_warps as i64;
    let numel: i64 = shape.iter().product();
    let f = rank - 1;
    // Keep every thread busy when the tile allows it: fewer elements per thread before
    // idle threads.
    let per_thread_cap = (numel / threads).max(1);
    spt[f] = (vec as i64).min(per_thread_cap).min(shape[f]).max(1) as u32;
    let mut lanes = 32u32;
    for &d in &order {
        let d = d as usize;
        let room = (shape[d] / spt[d] as i64).max(1) as u32;
        let t = lanes.min(room);
        tpw[d] = t;
        lanes /= t;
    }
    tpw[order[rank - 1] as usize] *= lanes; // leftover lanes replicate along the slowest dim
    let mut warps = num_warps;
    for &d in order.iter().rev() {
        let d = d as usize;
        let room = (shape[d] / (spt[d] * tpw[d]) as i64).max(1) as u32;
        let w = warps.min(room);
        wpc[d] = w;
        warps /= w;
    }
    wpc[order[rank - 1] as usize] *= warps;
    Blocked { size_per_thread: spt, threads_per_warp: tpw, warps_per_cta: wpc, order }
}

fn visit_mut(op: &mut Op, f: &mut impl FnMut(&mut Op)) {
    f(op);
    for r in &mut op.regions {
        for b in &mut r.blocks {
            for o in &mut b.ops {
                visit_mut(o, f);
            }
        }
    }
}

fn collect_values(op: &Op, out: &mut Vec<u32>) {
    out.extend(&op.results);
    for r in &op.regions {
        for b in &r.blocks {
            out.extend(&b.args);
            for o in &b.ops {
                collect_values(o, out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vector_add_layout_matches_triton() {
        let b = blocked_for(&[1024], 4, 4);
        assert_eq!(b.size_per_thread, vec![4]);
        assert_eq!(b.threads_per_warp, vec![32]);
        assert_eq!(b.warps_per_cta, vec![4]);
    }

    #[test]
    fn small_tiles_replicate() {
        let b = blocked_for(&[64], 4, 4);
        assert_eq!(b.size_per_thread, vec![1]);
        assert_eq!(b.threads_per_warp, vec![32]);
        assert_eq!(b.warps_per_cta, vec![4]);
    }

    #[test]
    fn two_d_fills_rows_first() {
        let b = blocked_for(&[64, 64], 4, 4);
        assert_eq!(b.size_per_thread, vec![1, 4]);
        assert_eq!(b.threads_per_warp, vec![2, 16]);
        assert_eq!(b.warps_per_cta, vec![4, 1]);
        assert_eq!(b.order, vec![1, 0]);
    }
}
