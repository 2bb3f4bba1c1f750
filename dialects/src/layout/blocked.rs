//! Blocked encodings: how `coalesce` and `layout-propagate` build them.

use crate::ir::{Blocked, Encoding};

/// The row-major blocked layout for `shape`, `vec` elements per access.
pub fn blocked_for(shape: &[i64], vec: u32, num_warps: u32) -> Blocked {
    let order: Vec<u32> = (0..shape.len() as u32).rev().collect();
    blocked_with_order(shape, &order, vec, num_warps)
}
/// The blocked layout for `shape` with dimension `order` (fastest first), `vec` elements
/// per access along the fastest: lanes fill the fastest dimension (up to a whole row of
/// the tile), then the next dimensions; warps fill the slowest dimension first.
pub fn blocked_with_order(shape: &[i64], order: &[u32], vec: u32, num_warps: u32) -> Blocked {
    let rank = shape.len();
    let mut spt = vec![1u32; rank];
    let mut tpw = vec![1u32; rank];
    let mut wpc = vec![1u32; rank];
    let threads = 32 * num_warps as i64;
    let numel: i64 = shape.iter().product();
    let f = order[0] as usize;
    // Keep every thread busy when the tile allows it: fewer elements per thread before
    // idle threads.
    let per_thread_cap = (numel / threads).max(1);
    spt[f] = (vec as i64).min(per_thread_cap).min(shape[f]).max(1) as u32;
    let mut lanes = 32u32;
    for &d in order {
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
    Blocked { size_per_thread: spt, threads_per_warp: tpw, warps_per_cta: wpc, order: order.to_vec() }
}
/// The layout a scan along `axis` of a tile of `shape` wants, from the tile's default:
/// one element a thread across the other dimensions, lanes and warps moved off `axis`
/// onto them (fastest first) as far as they fit, and each thread's share of `axis` one
/// contiguous run, so fewer warp totals meet in shared memory (each thread folds every
/// (rep, warp) total before its own). `None` unless that means fewer totals to fold, or
/// when the default keeps the warps off `axis` already (1-D tiles keep theirs).
pub fn blocked_for_scan(shape: &[i64], axis: usize, default: &Blocked) -> Option<Blocked> {
    if shape.len() < 2 || default.warps_per_cta[axis] == 1 {
        return None;
    }
    let mut b = default.clone();
    let others: Vec<usize> = b.order.iter().map(|&d| d as usize).filter(|&d| d != axis).collect();
    let fill = |per: &mut Vec<u32>, total: u32, used: &dyn Fn(usize) -> u32| {
        let mut left = total;
        for &d in &others {
            let room = ((shape[d] / used(d) as i64).max(1) as u32).min(left);
            per[d] = room;
            left /= room;
        }
        per[axis] = left;
    };
    // One element a thread across the other dimensions leaves them the most room.
    for &d in &others {
        b.size_per_thread[d] = 1;
    }
    let spt = b.size_per_thread.clone();
    let lanes = b.threads_per_warp.iter().product::<u32>();
    fill(&mut b.threads_per_warp, lanes, &|d| spt[d]);
    let tpw = b.threads_per_warp.clone();
    let warps = b.warps_per_cta.iter().product::<u32>();
    fill(&mut b.warps_per_cta, warps, &|d| spt[d] * tpw[d]);
    // Each thread's share of the axis as one contiguous run: no reps along it.
    let threads = (b.threads_per_warp[axis] * b.warps_per_cta[axis]) as i64;
    b.size_per_thread[axis] = (shape[axis] / threads).max(1) as u32;
    // Warp totals each thread folds: reps x warps along the axis.
    let folds = |l: &Blocked| {
        let cta = (l.size_per_thread[axis] * l.threads_per_warp[axis] * l.warps_per_cta[axis]) as i64;
        (shape[axis] / cta).max(1) * l.warps_per_cta[axis] as i64
    };
    (folds(&b) < folds(default)).then_some(b)
}

/// `enc` with its two dimensions swapped (what `trans` does to a 2-D layout).
pub fn transposed(enc: &Encoding) -> Option<Encoding> {
    if enc.blocked()?.order.len() != 2 {
        return None;
    }
    unpermuted(enc, &[1, 0])
}

/// The blocked layout of `tile.trans`'s operand whose result (axis i = operand axis
/// `order[i]`) is in `enc`: each thread keeps its elements, so the permutation is free
/// (only the axes' names change). `None` for other encodings or a wrong `order`.
pub fn unpermuted(enc: &Encoding, order: &[usize]) -> Option<Encoding> {
    let b = enc.blocked()?;
    let rank = b.order.len();
    let mut seen = vec![false; rank];
    if order.len() != rank || order.iter().any(|&d| d >= rank || std::mem::replace(&mut seen[d], true)) {
        return None;
    }
    let back = |v: &Vec<u32>| {
        let mut out = vec![0; rank];
        for (i, &d) in order.iter().enumerate() {
            out[d] = v[i];
        }
        out
    };
    Some(Encoding::Blocked(Blocked {
        size_per_thread: back(&b.size_per_thread),
        threads_per_warp: back(&b.threads_per_warp),
        warps_per_cta: back(&b.warps_per_cta),
        order: b.order.iter().map(|&d| order[d as usize] as u32).collect(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permuting_keeps_each_threads_elements() {
        // Result axis i is operand axis order[i]: the operand's axis order[i] gets the
        // result's axis-i parameters, and its fastest axes are the result's, renamed.
        let r = Encoding::Blocked(Blocked {
            size_per_thread: vec![1, 2, 4],
            threads_per_warp: vec![2, 4, 4],
            warps_per_cta: vec![4, 1, 1],
            order: vec![2, 1, 0],
        });
        let x = unpermuted(&r, &[2, 0, 1]).unwrap();
        let b = x.blocked().unwrap();
        assert_eq!(b.size_per_thread, vec![2, 4, 1]);
        assert_eq!(b.threads_per_warp, vec![4, 4, 2]);
        assert_eq!(b.warps_per_cta, vec![1, 1, 4]);
        assert_eq!(b.order, vec![1, 0, 2]);
        assert_eq!(unpermuted(&r, &[0, 0, 1]), None);
        assert_eq!(unpermuted(&r, &[1, 0]), None);
        let l = Encoding::Blocked(blocked_for(&[64, 32], 4, 4));
        assert_eq!(transposed(&transposed(&l).unwrap()), Some(l));
    }

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
    fn two_d_lanes_cover_a_whole_row() {
        let b = blocked_for(&[64, 64], 4, 4);
        assert_eq!(b.size_per_thread, vec![1, 4]);
        assert_eq!(b.threads_per_warp, vec![2, 16]);
        assert_eq!(b.warps_per_cta, vec![4, 1]);
        assert_eq!(b.order, vec![1, 0]);
    }

    #[test]
    fn column_major_order() {
        let b = blocked_with_order(&[64, 64], &[0, 1], 4, 4);
        assert_eq!(b.size_per_thread, vec![4, 1]);
        assert_eq!(b.threads_per_warp, vec![16, 2]);
        assert_eq!(b.warps_per_cta, vec![1, 4]);
    }
}
