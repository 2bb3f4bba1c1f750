//! Linear layouts (Triton's model): a map from the bits of the hardware indices that hold
//! a tile's elements — a thread's register, its lane, its warp — to the tile's
//! coordinates, linear over GF(2). The coordinates of (register j, lane l, warp w) are the
//! XOR of the bases of the set bits of j, l and w. Every distributed encoding (blocked,
//! slice, mma, dot operand) is one (`encoding::linear`), so ownership, register renaming,
//! addressing and conversions are one algorithm over any pair of encodings.
//!
//! Tiles are power-of-two sized, so a basis is a vector of coordinates (one per tile
//! dimension) and "wrapping" past the tile's end is masking the high bits: a basis that
//! masks to zero makes copies (replication), which is how small tiles and slices look.

/// One of the hardware indices a distributed tile is spread over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HwDim {
    Reg,
    Lane,
    Warp,
}

pub const HW_DIMS: [HwDim; 3] = [HwDim::Reg, HwDim::Lane, HwDim::Warp];

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LinearLayout {
    /// The tile's shape (powers of two).
    pub shape: Vec<i64>,
    /// `reg[k]`: the coordinates bit `k` of the register index moves (likewise lanes, warps).
    pub reg: Vec<Vec<i64>>,
    pub lane: Vec<Vec<i64>>,
    pub warp: Vec<Vec<i64>>,
}

impl LinearLayout {
    /// No bases yet, over `shape`.
    pub fn empty(shape: &[i64]) -> LinearLayout {
        LinearLayout { shape: shape.to_vec(), reg: vec![], lane: vec![], warp: vec![] }
    }

    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    pub fn bases(&self, d: HwDim) -> &[Vec<i64>] {
        match d {
            HwDim::Reg => &self.reg,
            HwDim::Lane => &self.lane,
            HwDim::Warp => &self.warp,
        }
    }

    pub fn bases_mut(&mut self, d: HwDim) -> &mut Vec<Vec<i64>> {
        match d {
            HwDim::Reg => &mut self.reg,
            HwDim::Lane => &mut self.lane,
            HwDim::Warp => &mut self.warp,
        }
    }

    /// The unit vector `v` along dimension `d`.
    pub fn unit(&self, d: usize, v: i64) -> Vec<i64> {
        let mut u = vec![0; self.rank()];
        u[d] = v;
        u
    }

    /// Appends bases along dimension `d`: `first, 2 first, 4 first, ...`, `count` of them.
    pub fn push_run(&mut self, hw: HwDim, d: usize, first: i64, count: u32) {
        for k in 0..count {
            let u = self.unit(d, first << k);
            self.bases_mut(hw).push(u);
        }
    }

    pub fn num_regs(&self) -> usize {
        1 << self.reg.len()
    }

    /// The XOR of `bases[k]` over the set bits `k` of `x`.
    pub fn apply(bases: &[Vec<i64>], x: u64, rank: usize) -> Vec<i64> {
        let mut out = vec![0; rank];
        for (k, b) in bases.iter().enumerate() {
            if x >> k & 1 == 1 {
                for (o, v) in out.iter_mut().zip(b) {
                    *o ^= v;
                }
            }
        }
        out
    }

    /// The coordinates register `reg` of lane `lane` of warp `warp` holds.
    pub fn coords(&self, reg: usize, lane: u32, warp: u32) -> Vec<i64> {
        let r = self.rank();
        let mut c = Self::apply(&self.reg, reg as u64, r);
        for (x, y) in c.iter_mut().zip(Self::apply(&self.lane, lane as u64, r)) {
            *x ^= y;
        }
        for (x, y) in c.iter_mut().zip(Self::apply(&self.warp, warp as u64, r)) {
            *x ^= y;
        }
        c
    }

    /// Each basis with its coordinates reduced into the tile (high bits dropped).
    pub fn masked(mut self) -> LinearLayout {
        let shape = self.shape.clone();
        for hw in HW_DIMS {
            for b in self.bases_mut(hw) {
                for (x, n) in b.iter_mut().zip(&shape) {
                    *x &= n - 1;
                }
            }
        }
        self
    }

    /// Removes tile dimension `d` from every basis and from the shape.
    pub fn remove_dim(&mut self, d: usize) {
        self.shape.remove(d);
        for hw in HW_DIMS {
            for b in self.bases_mut(hw) {
                b.remove(d);
            }
        }
    }

    /// The tile dimensions permuted: new dimension `i` is old dimension `perm[i]`.
    pub fn permute(&self, perm: &[usize]) -> LinearLayout {
        let p = |v: &Vec<i64>| perm.iter().map(|&i| v[i]).collect::<Vec<i64>>();
        LinearLayout {
            shape: p(&self.shape),
            reg: self.reg.iter().map(p).collect(),
            lane: self.lane.iter().map(p).collect(),
            warp: self.warp.iter().map(p).collect(),
        }
    }

    /// Whether every basis moves exactly one coordinate bit or none (blocked, mma and dot
    /// operand layouts do; only these split into a thread part and a register part that
    /// add without carries).
    pub fn is_unit(&self) -> bool {
        HW_DIMS.iter().flat_map(|h| self.bases(*h)).all(|b| {
            let nz: Vec<&i64> = b.iter().filter(|x| **x != 0).collect();
            nz.is_empty() || (nz.len() == 1 && nz[0].count_ones() == 1)
        })
    }

    /// For hardware dimension `hw`, the bits whose basis lies along tile dimension `d`, as
    /// (input bit, coordinate value), sorted by coordinate.
    pub fn bits_along(&self, hw: HwDim, d: usize) -> Vec<(u32, i64)> {
        let mut v: Vec<(u32, i64)> = self
            .bases(hw)
            .iter()
            .enumerate()
            .filter(|(_, b)| b[d] != 0 && b.iter().enumerate().all(|(i, x)| i == d || *x == 0))
            .map(|(k, b)| (k as u32, b[d]))
            .collect();
        v.sort_by_key(|x| x.1);
        v
    }

    /// The mask of input bits of `hw` whose basis is zero: threads (or registers) that
    /// differ only in them hold the same elements.
    pub fn free_mask(&self, hw: HwDim) -> u32 {
        self.bases(hw).iter().enumerate().filter(|(_, b)| b.iter().all(|x| *x == 0)).fold(0, |m, (k, _)| m | 1 << k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coords_xor_bases() {
        let mut l = LinearLayout::empty(&[8, 8]);
        l.push_run(HwDim::Reg, 1, 1, 2);
        l.push_run(HwDim::Lane, 0, 1, 3);
        assert_eq!(l.coords(3, 5, 0), vec![5, 3]);
        assert_eq!(l.num_regs(), 4);
        assert!(l.is_unit());
        assert_eq!(l.bits_along(HwDim::Lane, 0), vec![(0, 1), (1, 2), (2, 4)]);
    }

    #[test]
    fn masking_makes_copies() {
        let mut l = LinearLayout::empty(&[4]);
        l.push_run(HwDim::Lane, 0, 1, 5);
        let m = l.masked();
        assert_eq!(m.coords(0, 5, 0), vec![1]);
        assert_eq!(m.free_mask(HwDim::Lane), 0b11100);
    }

    #[test]
    fn permute_swaps_dims() {
        let mut l = LinearLayout::empty(&[2, 8]);
        l.push_run(HwDim::Reg, 1, 1, 3);
        let t = l.permute(&[1, 0]);
        assert_eq!(t.shape, vec![8, 2]);
        assert_eq!(t.coords(5, 0, 0), vec![5, 0]);
    }
}
