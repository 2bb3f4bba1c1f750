//! Every distributed encoding as a linear layout over its tile: the one place that knows
//! what `#layout.blocked`, `#layout.slice`, `#layout.mma` and `#layout.dot_op` mean.
//!
//! The layouts built here are *raw*: bases are not reduced into the tile, so a basis past
//! the tile's end along a dimension marks copies there (a tile smaller than what one pass
//! of the program's threads covers). `Dist` keeps them raw so register offsets and
//! thread parts add without carries, and reduces coordinates where they are used.
//!
//! Register order (what a thread's registers enumerate, fastest first):
//! - blocked: its `size_per_thread` elements in `order`, then repetitions in `order`;
//! - mma v2 (mma.sync m16n8): the 4 accumulator registers of one instruction (col bit 0,
//!   row bit 3), then repetitions along N, then along M;
//! - mma v3 (wgmma m64nN): one instruction's N/2 registers in the order wgmma returns
//!   them (col bit 0, row bit 3, then col bits 3.. per 8 columns), then repetitions along
//!   N, then along M;
//! - dot operands: one instruction's fragment in the order mma.sync takes it, then
//!   repetitions along K, then along M (A) or N (B).
//!
//! Lanes of one instruction: lane = 4 g + t puts t on the K (or N) bits and g on the rows.
//! Warps split M first (a warp group is 4 consecutive warps along M), then N.
//!
//! A batched (3-D) mma v2 encoding and its operands (`warps_per_cta` [batch, M, N]) are
//! the 2-D layouts on the last two dimensions, then warps along the batch, then
//! repetitions along it in registers.

use super::linear::{HwDim, LinearLayout};
use crate::ir::{Blocked, Encoding, Mma};

fn log2(x: i64) -> Option<u32> {
    (x > 0 && x.count_ones() == 1).then(|| x.trailing_zeros())
}

/// The raw linear layout of a tile of `shape` in `enc`; `None` for encodings that do not
/// describe registers (or sizes that are not powers of two).
pub fn linear(shape: &[i64], enc: &Encoding) -> Option<LinearLayout> {
    if shape.iter().any(|n| log2(*n).is_none()) {
        return None;
    }
    match enc {
        Encoding::Blocked(b) => blocked(shape, b),
        Encoding::Slice { dim, parent } => {
            let dim = *dim as usize;
            if dim > shape.len() {
                return None;
            }
            let mut pshape = shape.to_vec();
            pshape.insert(dim, 1);
            let mut l = linear(&pshape, parent)?;
            // The parent's registers along the reduced dimension are gone; its lanes and
            // warps there hold copies.
            l.reg.retain(|b| b[dim] == 0);
            l.remove_dim(dim);
            Some(l)
        }
        Encoding::Mma(m) => mma(shape, m),
        Encoding::DotOp { idx, parent, k_width } => dot_operand(shape, *idx, parent.mma()?, *k_width),
        Encoding::Other(_) => None,
    }
}

fn blocked(shape: &[i64], b: &Blocked) -> Option<LinearLayout> {
    let rank = shape.len();
    let ok = |v: &Vec<u32>| v.len() == rank && v.iter().all(|x| log2(*x as i64).is_some());
    if !(ok(&b.size_per_thread) && ok(&b.threads_per_warp) && ok(&b.warps_per_cta) && b.order.len() == rank) {
        return None;
    }
    let mut l = LinearLayout::empty(shape);
    let order: Vec<usize> = b.order.iter().map(|d| *d as usize).collect();
    if order.iter().any(|d| *d >= rank) {
        return None;
    }
    let (spt, tpw, wpc) = (&b.size_per_thread, &b.threads_per_warp, &b.warps_per_cta);
    for &d in &order {
        l.push_run(HwDim::Reg, d, 1, log2(spt[d] as i64)?);
    }
    for &d in &order {
        let cta = (spt[d] * tpw[d] * wpc[d]) as i64;
        let reps = (shape[d] / cta).max(1);
        l.push_run(HwDim::Reg, d, cta, log2(reps)?);
    }
    for &d in &order {
        l.push_run(HwDim::Lane, d, spt[d] as i64, log2(tpw[d] as i64)?);
    }
    for &d in &order {
        l.push_run(HwDim::Warp, d, (spt[d] * tpw[d]) as i64, log2(wpc[d] as i64)?);
    }
    Some(l)
}

/// Warp bases of a tensor-core layout: `m_first` warps along M starting at row `m_unit`
/// (a warp group's four warps for v3), the rest along M, then along N from `n_unit`.
/// Warps whose dimension the operand does not have (`keep`) hold copies.
fn mma_warps(l: &mut LinearLayout, m: &Mma, (m_unit, n_unit): (i64, i64), keep: [Option<usize>; 2]) -> Option<()> {
    let (wm, wn) = (*m.warps_per_cta.first()? as i64, *m.warps_per_cta.get(1)? as i64);
    for (k, (count, unit)) in [(wm, m_unit), (wn, n_unit)].into_iter().enumerate() {
        for b in 0..log2(count)? {
            let basis = match keep[k] {
                Some(d) => l.unit(d, unit << b),
                None => vec![0; l.rank()],
            };
            l.warp.push(basis);
        }
    }
    Some(())
}

/// A batched (3-D) tensor-core layout: the 2-D layout `two_d` (built with `m`'s warps
/// along M and N) on the last two dimensions of `shape`, the batch dimension first: its
/// warps (`m.warps_per_cta[0]`) after those of M and N, then repetitions in registers
/// after every 2-D one (so each batch's registers are one 2-D layout's, in its order).
fn batched(shape: &[i64], m: &Mma, two_d: impl Fn(&[i64], &Mma) -> Option<LinearLayout>) -> Option<LinearLayout> {
    if shape.len() != 3 || m.warps_per_cta.len() != 3 || m.version != 2 {
        return None;
    }
    let inner = Mma { warps_per_cta: m.warps_per_cta[1..].to_vec(), ..m.clone() };
    let l2 = two_d(&shape[1..], &inner)?;
    let lift = |bases: &[Vec<i64>]| bases.iter().map(|b| [vec![0], b.clone()].concat()).collect::<Vec<_>>();
    let mut l = LinearLayout { shape: shape.to_vec(), reg: lift(&l2.reg), lane: lift(&l2.lane), warp: lift(&l2.warp) };
    let wb = m.warps_per_cta[0] as i64;
    l.push_run(HwDim::Warp, 0, 1, log2(wb)?);
    l.push_run(HwDim::Reg, 0, wb, log2((shape[0] / wb).max(1))?);
    Some(l)
}

fn mma(shape: &[i64], m: &Mma) -> Option<LinearLayout> {
    if shape.len() == 3 {
        return batched(shape, m, mma);
    }
    if shape.len() != 2 || m.instr_shape.len() < 2 {
        return None;
    }
    let (im, in_) = (m.instr_shape[0] as i64, m.instr_shape[1] as i64);
    let (wm, wn) = (*m.warps_per_cta.first()? as i64, *m.warps_per_cta.get(1)? as i64);
    let mut l = LinearLayout::empty(shape);
    // One instruction's fragment: c0 c1 | c2 c3 = rows g, g + 8; columns 2t, 2t + 1.
    l.push_run(HwDim::Reg, 1, 1, 1);
    l.push_run(HwDim::Reg, 0, 8, 1);
    match m.version {
        2 if im == 16 && in_ == 8 => {}
        3 if im == 64 && in_ % 8 == 0 && wm % 4 == 0 => l.push_run(HwDim::Reg, 1, 8, log2(in_ / 8)?),
        _ => return None,
    }
    l.push_run(HwDim::Lane, 1, 2, 2);
    l.push_run(HwDim::Lane, 0, 1, 3);
    // Warps: 16 rows each (v3: four of them make the warp group's 64 rows).
    mma_warps(&mut l, m, (16, in_), [Some(0), Some(1)])?;
    // Repetitions of the program's tile of instructions, along N then M (16 rows a warp
    // either way).
    let (cm, cn) = (16 * wm, in_ * wn);
    l.push_run(HwDim::Reg, 1, cn, log2((shape[1] / cn).max(1))?);
    l.push_run(HwDim::Reg, 0, cm, log2((shape[0] / cm).max(1))?);
    Some(l)
}

fn dot_operand(shape: &[i64], idx: u32, m: &Mma, k_width: u32) -> Option<LinearLayout> {
    if shape.len() == 3 {
        return batched(shape, m, |s, inner| dot_operand(s, idx, inner, k_width));
    }
    if shape.len() != 2 || idx > 1 {
        return None;
    }
    let w = k_width as i64;
    let lw = log2(w)?;
    // Tile dimensions: K, and M (A) or N (B).
    let (kd, od) = if idx == 0 { (1, 0) } else { (0, 1) };
    let mut l = LinearLayout::empty(shape);
    // One instruction's fragment (k = 8 w): w consecutive K elements a register group,
    // A's second row half (m + 8), then the second K half (k + 4 w).
    l.push_run(HwDim::Reg, kd, 1, lw);
    if idx == 0 {
        l.push_run(HwDim::Reg, od, 8, 1);
    }
    l.push_run(HwDim::Reg, kd, 4 * w, 1);
    l.push_run(HwDim::Lane, kd, w, 2);
    l.push_run(HwDim::Lane, od, 1, 3);
    let (wm, wn) = (*m.warps_per_cta.first()? as i64, *m.warps_per_cta.get(1)? as i64);
    if idx == 0 {
        mma_warps(&mut l, m, (16, 0), [Some(0), None])?;
    } else {
        mma_warps(&mut l, m, (0, 8), [None, Some(1)])?;
    }
    let ik = 8 * w;
    l.push_run(HwDim::Reg, kd, ik, log2((shape[kd] / ik).max(1))?);
    let per = if idx == 0 { 16 * wm } else { 8 * wn };
    l.push_run(HwDim::Reg, od, per, log2((shape[od] / per).max(1))?);
    Some(l)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn covers_once(l: &LinearLayout, threads: u32) {
        let m = l.clone().masked();
        let n: i64 = l.shape.iter().product();
        let mut seen = vec![0; n as usize];
        for t in 0..threads {
            for j in 0..m.num_regs() {
                let c = m.coords(j, t % 32, t / 32);
                let mut lin = 0;
                for (x, s) in c.iter().zip(&l.shape) {
                    lin = lin * s + x;
                }
                seen[lin as usize] += 1;
            }
        }
        assert!(seen.iter().all(|&k| k == seen[0]), "{seen:?}");
    }

    #[test]
    fn batched_mma_is_the_2d_layout_per_batch() {
        let m = Mma { version: 2, warps_per_cta: vec![2, 2, 1], instr_shape: vec![16, 8, 16] };
        let l = mma(&[8, 32, 16], &m).unwrap();
        covers_once(&l, 128);
        let m2 = Mma { version: 2, warps_per_cta: vec![2, 1], instr_shape: vec![16, 8, 16] };
        let l2 = mma(&[32, 16], &m2).unwrap();
        let per = l2.num_regs();
        // Warp 2 holds batch 1; register `per` batch 2; each the 2-D fragment.
        assert_eq!(l.coords(5, 9, 2), [vec![1], l2.coords(5, 9, 0)].concat());
        assert_eq!(l.coords(per + 5, 9, 1), [vec![2], l2.coords(5, 9, 1)].concat());
        for idx in 0..2 {
            let a = dot_operand(&[8, 32, 16], idx, &m, 2).unwrap();
            covers_once(&a, 128);
        }
    }

    #[test]
    fn mma_v2_fragment() {
        let m = Mma { version: 2, warps_per_cta: vec![2, 2], instr_shape: vec![16, 8, 16] };
        let l = mma(&[64, 32], &m).unwrap();
        // Lane 5 (g = 1, t = 1): c0 at (1, 2), c1 (1, 3), c2 (9, 2).
        assert_eq!(l.coords(0, 5, 0), vec![1, 2]);
        assert_eq!(l.coords(1, 5, 0), vec![1, 3]);
        assert_eq!(l.coords(2, 5, 0), vec![9, 2]);
        // Warp 1 is the next 16 rows, warp 2 the next 8 columns.
        assert_eq!(l.coords(0, 0, 1), vec![16, 0]);
        assert_eq!(l.coords(0, 0, 2), vec![0, 8]);
        assert_eq!(l.num_regs(), 64 * 32 / 128);
        covers_once(&l, 128);
    }

    #[test]
    fn mma_v3_matches_wgmma_fragment() {
        // m64n256 a warp group, two warp groups along M: 128 registers a thread.
        let m = Mma { version: 3, warps_per_cta: vec![8, 1], instr_shape: vec![64, 256, 16] };
        let l = mma(&[128, 256], &m).unwrap();
        assert_eq!(l.num_regs(), 128);
        // d[4 i + r]: n block i; r = 0, 1 row g, cols 8 i + 2 t (+1); r = 2, 3 row g + 8.
        assert_eq!(l.coords(4 * 3 + 2, 5, 0), vec![9, 24 + 2]);
        assert_eq!(l.coords(0, 0, 3), vec![48, 0]);
        assert_eq!(l.coords(0, 0, 4), vec![64, 0]);
        covers_once(&l, 256);
    }

    #[test]
    fn dot_operands_cover_their_tiles() {
        let m = Mma { version: 2, warps_per_cta: vec![4, 2], instr_shape: vec![16, 8, 16] };
        let a = dot_operand(&[64, 32], 0, &m, 2).unwrap();
        // a0 a1: row g, k 2t, 2t+1; a2 a3: row g + 8; a4..: k + 8.
        assert_eq!(a.coords(1, 5, 0), vec![1, 3]);
        assert_eq!(a.coords(2, 5, 0), vec![9, 2]);
        assert_eq!(a.coords(4, 5, 0), vec![1, 10]);
        covers_once(&a, 256);
        let b = dot_operand(&[32, 16], 1, &m, 2).unwrap();
        // b0 b1: k 2t, 2t+1, column g; b2 b3: k + 8.
        assert_eq!(b.coords(1, 5, 0), vec![3, 1]);
        assert_eq!(b.coords(2, 5, 0), vec![10, 1]);
        covers_once(&b, 256);
        let t = dot_operand(&[16, 8], 0, &m, 1).unwrap(); // tf32: a0 (g, t), a1 (g+8, t), a2 (g, t+4)
        assert_eq!(t.coords(1, 5, 0), vec![9, 1]);
        assert_eq!(t.coords(2, 5, 0), vec![1, 5]);
    }
}
