//! A shared-memory round trip too large for the shared memory left, taken in rounds.
//!
//! A layout conversion or a reshape stages the whole tile in shared memory. A tile that
//! gives each thread many elements (a 256x256 f32 tile over 4 warps: 512 each, 256 KB)
//! does not fit; Triton then converts in several passes, each through a buffer of part
//! of the tile, and so does tilec. The parts are *chunks*: the tile's flat index (row-major
//! over an order of the dimensions, outermost first) split into its top `t` bits, the
//! chunk, and the rest, the position inside the chunk. Round `c` moves chunk `c` only,
//! which works when every thread holds every chunk's elements in registers that do not
//! depend on the thread, in every encoding involved: each of the top `t` coordinate bits
//! is moved by one register bit and by no lane or warp bit. Large tiles are that way
//! (their encodings repeat in registers above what one pass of the threads covers).
//!
//! A chunk is itself a tile (the shape with its outer dimensions shortened), distributed
//! by the encoding's layout without those register bits, so the lowering runs its usual
//! code on it once per round.

use super::dist::Dist;
use super::linear::{HwDim, LinearLayout};

/// One encoding's view of a tile taken in rounds.
#[derive(Clone, Debug)]
pub struct Part {
    /// The distribution of one chunk.
    pub dist: Dist,
    /// For each round, the original register of each of the chunk's registers.
    pub regs: Vec<Vec<usize>>,
    /// The (tile dimension, coordinate bit) of each bit of the round's index, lowest first.
    pub bits: Vec<(usize, u32)>,
}

/// The tile `d` split by the top `t` bits of its flat index over `outer_first` (the
/// dimensions, outermost first), when every one of those bits is held in registers alone.
pub fn split(d: &Dist, outer_first: &[usize], t: u32) -> Option<Part> {
    let bits = top_bits(&d.shape, outer_first, t)?;
    // The register bit of each chunk bit, from the chunk index's lowest bit.
    let mut chunk_regs = vec![];
    for &(dim, k) in bits.iter().rev() {
        let unit = d.ll.unit(dim, 1 << k);
        let reg = d.ll.reg.iter().position(|b| *b == unit)?;
        if [HwDim::Lane, HwDim::Warp].iter().any(|h| d.ll.bases(*h).contains(&unit)) {
            return None;
        }
        chunk_regs.push(reg);
    }
    let mut shape = d.shape.clone();
    for &(dim, _) in &bits {
        shape[dim] /= 2;
    }
    let rest: Vec<usize> = (0..d.ll.reg.len()).filter(|r| !chunk_regs.contains(r)).collect();
    let ll = LinearLayout {
        shape: shape.clone(),
        reg: rest.iter().map(|&r| d.ll.reg[r].clone()).collect(),
        lane: d.ll.lane.clone(),
        warp: d.ll.warp.clone(),
    };
    let deposit = |x: usize, at: &[usize]| at.iter().enumerate().fold(0, |j, (i, &r)| j | (x >> i & 1) << r);
    let regs = (0..1usize << t)
        .map(|c| (0..1usize << rest.len()).map(|s| deposit(c, &chunk_regs) | deposit(s, &rest)).collect())
        .collect();
    Some(Part { dist: Dist { shape, ll }, regs, bits: bits.into_iter().rev().collect() })
}

/// The top `t` bits of the flat index of a tile of `shape` over `outer_first`, as (tile
/// dimension, coordinate bit), most significant first; `None` past the tile's bits.
fn top_bits(shape: &[i64], outer_first: &[usize], t: u32) -> Option<Vec<(usize, u32)>> {
    let mut out = vec![];
    for &dim in outer_first {
        let n = shape[dim].trailing_zeros();
        for k in (0..n).rev() {
            if out.len() == t as usize {
                return Some(out);
            }
            out.push((dim, k));
        }
    }
    (out.len() == t as usize).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Blocked;

    fn blocked(shape: &[i64], spt: &[u32], tpw: &[u32], wpc: &[u32], order: &[u32]) -> Dist {
        let b = Blocked {
            size_per_thread: spt.to_vec(),
            threads_per_warp: tpw.to_vec(),
            warps_per_cta: wpc.to_vec(),
            order: order.to_vec(),
        };
        Dist::blocked(shape, &b)
    }

    #[test]
    fn rounds_cover_every_register_once() {
        // 256x256 over 4 warps, rows of 4 contiguous elements: 512 registers a thread.
        let d = blocked(&[256, 256], &[1, 4], &[1, 32], &[4, 1], &[1, 0]);
        let p = split(&d, &[0, 1], 2).expect("the top row bits are registers");
        assert_eq!(p.dist.shape, vec![64, 256]);
        assert_eq!(p.regs.len(), 4);
        assert_eq!(p.bits, vec![(0, 6), (0, 7)]);
        let mut seen: Vec<usize> = p.regs.concat();
        seen.sort();
        assert_eq!(seen, (0..512).collect::<Vec<_>>());
        // Round c holds rows c*64.. : each register's element, in the chunk's coordinates.
        for tid in [0, 37, 127] {
            for (c, regs) in p.regs.iter().enumerate() {
                for (s, &j) in regs.iter().enumerate() {
                    let mut sub = p.dist.coords(tid, s);
                    sub[0] += 64 * c as i64;
                    assert_eq!(sub, d.coords(tid, j));
                }
            }
        }
    }

    #[test]
    fn thread_bits_do_not_split() {
        // One warp's lanes run down the rows: the top row bit belongs to a lane.
        let d = blocked(&[32, 4], &[1, 4], &[32, 1], &[1, 1], &[1, 0]);
        assert!(split(&d, &[0, 1], 1).is_none());
        // A reshape's order may reach the inner dimension once the outer one is used up.
        let d = blocked(&[2, 1024], &[1, 8], &[1, 32], &[1, 1], &[1, 0]);
        let p = split(&d, &[0, 1], 2).expect("2 rows, then the top column bit");
        assert_eq!(p.dist.shape, vec![1, 512]);
    }
}
