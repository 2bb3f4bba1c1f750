//! Where each element of a distributed tile lives: which thread, which register.
//!
//! A blocked tile's registers enumerate `reps x size_per_thread`, the fastest dimension
//! (`order[0]`) innermost, so registers `j..j+vec` of one `size_per_thread` run are
//! contiguous along that dimension. Element index along dim d of register j:
//! `(thread_part_d + reg_offset_d(j)) mod shape_d`, the `mod` only where one pass of the
//! program's threads covers more than the tile (replication).
//!
//! A slice tile (`#layout.slice<dim, parent>`) is its parent's distribution over the
//! parent shape with a 1 at `dim`, that dimension's size per thread collapsed to 1: the
//! threads that differ only along `dim` hold copies. Offsets and thread parts are given
//! per dimension of the tile (the sliced dimensions dropped), so 1-D code works on slices
//! unchanged.

use tile_dialects::ir::{Blocked, Builder, Encoding, Type, ValueId};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dist {
    /// The tile's shape.
    pub shape: Vec<i64>,
    /// The (parent) blocked layout over `full`; sliced dimensions have size per thread 1.
    pub b: Blocked,
    /// The parent shape: `shape` with a 1 at each sliced dimension.
    pub full: Vec<i64>,
    /// For each tile dimension, its dimension of `full`.
    pub keep: Vec<usize>,
}

impl Dist {
    /// The distribution of a plain blocked tile.
    pub fn blocked(shape: &[i64], b: &Blocked) -> Dist {
        Dist { shape: shape.to_vec(), b: b.clone(), full: shape.to_vec(), keep: (0..shape.len()).collect() }
    }

    /// The distribution of a tile of `shape` in `enc` (blocked, or slices of blocked).
    pub fn of(shape: &[i64], enc: &Encoding) -> Option<Dist> {
        match enc {
            Encoding::Blocked(b) if b.order.len() == shape.len() => Some(Dist::blocked(shape, b)),
            Encoding::Slice { dim, parent } => {
                let dim = *dim as usize;
                // The parent's tile: this shape with a 1 inserted at `dim`.
                let mut pshape = shape.to_vec();
                if dim > pshape.len() {
                    return None;
                }
                pshape.insert(dim, 1);
                let p = Dist::of(&pshape, parent)?;
                let mut b = p.b.clone();
                let pd = p.keep[dim];
                b.size_per_thread[pd] = 1;
                let mut keep = p.keep.clone();
                keep.remove(dim);
                Some(Dist { shape: shape.to_vec(), b, full: p.full, keep })
            }
            _ => None,
        }
    }

    /// The distribution of a tile type, when it has one.
    pub fn of_type(t: &Type) -> Option<Dist> {
        Dist::of(t.shape(), t.encoding()?)
    }

    pub fn rank(&self) -> usize {
        self.shape.len()
    }
    fn prank(&self) -> usize {
        self.full.len()
    }
    /// Parent dimensions that are not tile dimensions (threads along them hold copies).
    pub fn sliced(&self) -> Vec<usize> {
        (0..self.prank()).filter(|d| !self.keep.contains(d)).collect()
    }
    /// Elements one pass of all threads covers along parent dim `p`.
    fn cta(&self, p: usize) -> i64 {
        (self.b.size_per_thread[p] * self.b.threads_per_warp[p] * self.b.warps_per_cta[p]) as i64
    }
    fn preps(&self, p: usize) -> i64 {
        (self.full[p] / self.cta(p)).max(1)
    }
    /// Elements one pass of all threads covers along tile dim `d`.
    pub fn cta_tile(&self, d: usize) -> i64 {
        self.cta(self.keep[d])
    }
    pub fn reps(&self, d: usize) -> i64 {
        self.preps(self.keep[d])
    }
    pub fn replicates(&self, d: usize) -> bool {
        self.cta_tile(d) > self.shape[d]
    }
    pub fn elems_per_thread(&self) -> usize {
        (0..self.prank()).map(|p| self.b.size_per_thread[p] as i64 * self.preps(p)).product::<i64>() as usize
    }
    fn spt_total(&self) -> i64 {
        self.b.size_per_thread.iter().map(|x| *x as i64).product()
    }
    /// The tile dimension registers run along first, and how many consecutive registers
    /// are contiguous along it.
    pub fn fast(&self) -> (usize, usize) {
        for &p in &self.b.order {
            if let Some(d) = self.keep.iter().position(|k| *k == p as usize) {
                return (d, self.b.size_per_thread[p as usize] as usize);
            }
        }
        (0, 1)
    }

    /// Contiguous elements a thread holds along tile dimension `d`.
    pub fn run(&self, d: usize) -> usize {
        self.b.size_per_thread[self.keep[d]] as usize
    }

    /// The registers of each run of `v` elements contiguous along tile dimension `d`
    /// (`v` divides `run(d)`), in element order: consecutive registers when `d` is the
    /// fastest dimension, strided ones otherwise.
    pub fn vectors(&self, d: usize, v: usize) -> Vec<Vec<usize>> {
        (0..self.elems_per_thread())
            .map(|j| self.reg_offsets(j))
            .filter(|o| o[d] % v as i64 == 0)
            .map(|o| {
                (0..v as i64)
                    .map(|k| {
                        let mut e = o.clone();
                        e[d] += k;
                        self.reg_index(&e)
                    })
                    .collect()
            })
            .collect()
    }

    /// The constant part of register `j`'s index along each parent dimension.
    fn preg_offsets(&self, j: usize) -> Vec<i64> {
        let j = j as i64;
        let (mut e, mut r) = (j % self.spt_total(), j / self.spt_total());
        let mut out = vec![0; self.prank()];
        for &d in &self.b.order {
            let d = d as usize;
            let s = self.b.size_per_thread[d] as i64;
            out[d] += e % s;
            e /= s;
        }
        for &d in &self.b.order {
            let d = d as usize;
            let n = self.preps(d);
            out[d] += (r % n) * self.cta(d);
            r /= n;
        }
        out
    }

    /// The constant part of register `j`'s index along each tile dimension.
    pub fn reg_offsets(&self, j: usize) -> Vec<i64> {
        let p = self.preg_offsets(j);
        self.keep.iter().map(|&k| p[k]).collect()
    }

    /// The register holding the element at constant offsets `o` (per tile dimension,
    /// taken modulo what one thread covers; replicated and sliced parts are 0).
    pub fn reg_index(&self, o: &[i64]) -> usize {
        let mut po = vec![0i64; self.prank()];
        for (d, &k) in self.keep.iter().enumerate() {
            po[k] = o[d];
        }
        let (mut e, mut es) = (0i64, 1i64);
        for &d in &self.b.order {
            let d = d as usize;
            let s = self.b.size_per_thread[d] as i64;
            e += (po[d].rem_euclid(s)) * es;
            es *= s;
        }
        let (mut r, mut rs) = (0i64, 1i64);
        for &d in &self.b.order {
            let d = d as usize;
            let n = self.preps(d);
            r += ((po[d] / self.cta(d)).rem_euclid(n)) * rs;
            rs *= n;
        }
        (r * es + e) as usize
    }

    /// Lane and warp strides of each parent dimension (`lane = sum(idx_d * stride_d)`).
    pub fn strides(&self) -> (Vec<u32>, Vec<u32>) {
        let (mut ls, mut ws) = (vec![0; self.prank()], vec![0; self.prank()]);
        let (mut l, mut w) = (1u32, 1u32);
        for &d in &self.b.order {
            let d = d as usize;
            ls[d] = l;
            ws[d] = w;
            l *= self.b.threads_per_warp[d];
            w *= self.b.warps_per_cta[d];
        }
        (ls, ws)
    }
    /// Parent dimension of tile dimension `d`.
    pub fn parent_dim(&self, d: usize) -> usize {
        self.keep[d]
    }

    /// The thread-dependent part of the index along each parent dimension, as constants
    /// for thread `tid` (what `thread_parts` computes at run time).
    fn pthread_parts_of(&self, tid: u32) -> Vec<i64> {
        let (lane, warp) = (tid % 32, tid / 32);
        let (ls, ws) = self.strides();
        (0..self.prank())
            .map(|d| {
                let (tpw, wpc, spt) = (self.b.threads_per_warp[d], self.b.warps_per_cta[d], self.b.size_per_thread[d]);
                let l = (lane / ls[d]) % tpw;
                let w = (warp / ws[d]) % wpc;
                (l * spt + w * spt * tpw) as i64
            })
            .collect()
    }

    /// The element (per tile dimension) that thread `tid` holds in register `j`.
    pub fn coords(&self, tid: u32, j: usize) -> Vec<i64> {
        let t = self.pthread_parts_of(tid);
        let o = self.preg_offsets(j);
        self.keep.iter().enumerate().map(|(d, &k)| (t[k] + o[k]).rem_euclid(self.shape[d])).collect()
    }

    /// Whether thread `tid` is the owner of its register `j` (not a replicated or sliced copy).
    pub fn owns(&self, tid: u32, j: usize) -> bool {
        let t = self.pthread_parts_of(tid);
        let o = self.preg_offsets(j);
        let kept = self.keep.iter().enumerate().all(|(d, &k)| t[k] + o[k] < self.shape[d]);
        kept && self.sliced().iter().all(|&p| t[p] == 0)
    }

    /// The thread-dependent part of the index along each tile dimension (i32 values).
    pub fn thread_parts(&self, b: &mut Builder, lane: ValueId, warp: ValueId) -> Vec<ValueId> {
        let p = self.pthread_parts(b, lane, warp);
        self.keep.iter().map(|&k| p[k]).collect()
    }

    /// `thread_parts` along every parent dimension (sliced ones included).
    pub fn pthread_parts(&self, b: &mut Builder, lane: ValueId, warp: ValueId) -> Vec<ValueId> {
        let mut out = vec![0; self.prank()];
        let (ls, ws) = self.strides();
        for d in 0..self.prank() {
            let (tpw, wpc, spt) = (self.b.threads_per_warp[d], self.b.warps_per_cta[d], self.b.size_per_thread[d]);
            let l = div_mod(b, lane, ls[d], tpw);
            let w = div_mod(b, warp, ws[d], wpc);
            let lpart = mul_const(b, l, spt as i64);
            let wpart = mul_const(b, w, (spt * tpw) as i64);
            out[d] = b.op1("arith.addi", &[lpart, wpart], Type::Int(32), &[]);
        }
        out
    }
}

impl Dist {
    /// The index along tile dimension `d` of the element at constant offset `off` from
    /// the thread's `parts`: `(part + off) mod shape`, the mod only where copies wrap.
    pub fn index(&self, b: &mut Builder, parts: &[ValueId], d: usize, off: i64) -> ValueId {
        let c = b.const_int(off, 32);
        let i = b.op1("arith.addi", &[parts[d], c], Type::Int(32), &[]);
        if self.replicates(d) {
            let m = b.const_int(self.shape[d] - 1, 32);
            b.op1("arith.andi", &[i, m], Type::Int(32), &[])
        } else {
            i
        }
    }
}

/// `(x / stride) % n` for powers of two, as shifts and masks.
pub(crate) fn div_mod(b: &mut Builder, x: ValueId, stride: u32, n: u32) -> ValueId {
    if n <= 1 {
        return b.const_int(0, 32);
    }
    let mut v = x;
    if stride > 1 {
        let s = b.const_int(stride.trailing_zeros() as i64, 32);
        v = b.op1("arith.shrui", &[v, s], Type::Int(32), &[]);
    }
    let m = b.const_int(n as i64 - 1, 32);
    b.op1("arith.andi", &[v, m], Type::Int(32), &[])
}

pub(crate) fn mul_const(b: &mut Builder, x: ValueId, c: i64) -> ValueId {
    if c == 1 {
        return x;
    }
    let k = b.const_int(c, 32);
    b.op1("arith.muli", &[x, k], Type::Int(32), &[])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d1(n: i64, spt: u32, warps: u32) -> Dist {
        Dist::blocked(
            &[n],
            &Blocked {
                size_per_thread: vec![spt],
                threads_per_warp: vec![32],
                warps_per_cta: vec![warps],
                order: vec![0],
            },
        )
    }

    fn l2() -> Blocked {
        Blocked {
            size_per_thread: vec![1, 4],
            threads_per_warp: vec![4, 8],
            warps_per_cta: vec![4, 1],
            order: vec![1, 0],
        }
    }

    #[test]
    fn vector_add_registers() {
        let d = d1(1024, 4, 4);
        assert_eq!(d.elems_per_thread(), 8);
        assert_eq!(d.reg_offsets(0), vec![0]);
        assert_eq!(d.reg_offsets(3), vec![3]);
        assert_eq!(d.reg_offsets(4), vec![512]);
        assert_eq!(d.reg_offsets(7), vec![515]);
        for j in 0..8 {
            assert_eq!(d.reg_index(&d.reg_offsets(j)), j);
        }
    }

    #[test]
    fn small_tile_replicates() {
        let d = d1(64, 1, 4);
        assert_eq!(d.elems_per_thread(), 1);
        assert!(d.replicates(0));
    }

    #[test]
    fn two_d_covers_every_element_once() {
        let d = Dist::blocked(&[64, 64], &l2());
        let mut seen = vec![0; 64 * 64];
        for t in 0..128 {
            for j in 0..d.elems_per_thread() {
                let c = d.coords(t, j);
                assert!(d.owns(t, j));
                seen[(c[0] * 64 + c[1]) as usize] += 1;
                assert_eq!(d.reg_index(&d.reg_offsets(j)), j);
            }
        }
        assert!(seen.iter().all(|&n| n == 1));
    }

    #[test]
    fn slices_collapse_the_sliced_dim() {
        let p = Encoding::Blocked(l2());
        // Rows of the 64x64 tile: slice 1 (the columns reduced away).
        let rows = Dist::of(&[64], &Encoding::Slice { dim: 1, parent: Box::new(p.clone()) }).unwrap();
        assert_eq!(rows.elems_per_thread(), 4); // 64 rows over 4 lanes x 4 warps
        assert_eq!(rows.coords(0, 0), vec![0]);
        assert_eq!(rows.coords(8, 0), vec![1]); // lane 8 is the next row
        assert!(rows.owns(0, 0) && !rows.owns(1, 0)); // lane 1 is a copy along the columns
        let cols = Dist::of(&[64], &Encoding::Slice { dim: 0, parent: Box::new(p) }).unwrap();
        assert_eq!(cols.elems_per_thread(), 8);
        assert_eq!(cols.fast(), (0, 4));
        assert_eq!(cols.coords(1, 0), vec![4]);
    }

    #[test]
    fn vectors_along_either_dimension_of_a_block() {
        // 4x4 a thread (the transpose blocks): rows of the block are consecutive
        // registers, its columns registers 4 apart.
        let b = Blocked {
            size_per_thread: vec![4, 4],
            threads_per_warp: vec![2, 16],
            warps_per_cta: vec![4, 1],
            order: vec![1, 0],
        };
        let d = Dist::blocked(&[64, 64], &b);
        assert_eq!((d.run(0), d.run(1)), (4, 4));
        let rows = d.vectors(1, 4);
        assert_eq!(rows.len(), 8);
        assert_eq!(rows[0], vec![0, 1, 2, 3]);
        let cols = d.vectors(0, 4);
        assert_eq!(cols.len(), 8);
        assert_eq!(cols[0], vec![0, 4, 8, 12]);
        assert_eq!(cols[1], vec![1, 5, 9, 13]);
        // Every register in exactly one vector, each vector contiguous along its dimension.
        let mut all: Vec<usize> = cols.concat();
        all.sort();
        assert_eq!(all, (0..32).collect::<Vec<_>>());
        for v in &cols {
            let o: Vec<i64> = v.iter().map(|&j| d.reg_offsets(j)[0]).collect();
            assert!(o.windows(2).all(|w| w[1] == w[0] + 1), "{o:?}");
        }
    }
}
