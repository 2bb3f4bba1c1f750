//! `Dist`: a tile spread over a program's threads, as its encoding's linear layout.
//!
//! The lowering asks three things of a distributed tile: which element each register of
//! each thread holds (`reg_offsets` + `thread_parts`), which register holds a given
//! element (`reg_index`), and who owns it (`owns`, `owner`). Each is answered from the
//! raw linear layout (`encoding::linear`): a register's offsets and a thread's part occupy
//! disjoint bits, so they add; where bases run past the tile's end (copies), the sum is
//! reduced into the tile (`index`) and only the first copy owns.

use super::encoding;
use super::linear::{HwDim, LinearLayout};
use crate::ir::{Blocked, Builder, Encoding, Type, ValueId};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dist {
    /// The tile's shape.
    pub shape: Vec<i64>,
    /// The raw linear layout (bases not reduced into the tile).
    pub ll: LinearLayout,
}

/// How the elements along one dimension nest over the hardware indices, from the
/// fastest: `spt` consecutive registers, then `lanes` lanes (lane bits from `lane_first`),
/// then `warps` warps (warp bits from `warp_first`), then `reps` repetitions in
/// registers. Blocked layouts always nest so; scans rely on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AxisSplit {
    pub spt: usize,
    pub lane_first: u32,
    pub lanes: u32,
    pub warp_first: u32,
    pub warps: usize,
    pub reps: usize,
}

impl Dist {
    /// The distribution of a tile of `shape` in `enc`, when it is one (its register part
    /// and thread part must add without carries: every basis one coordinate bit).
    pub fn of(shape: &[i64], enc: &Encoding) -> Option<Dist> {
        let ll = encoding::linear(shape, enc)?;
        ll.is_unit().then(|| Dist { shape: shape.to_vec(), ll })
    }

    /// The distribution of a plain blocked tile (valid blocked layouts only).
    pub fn blocked(shape: &[i64], b: &Blocked) -> Dist {
        Dist::of(shape, &Encoding::Blocked(b.clone())).expect("a power-of-two blocked layout")
    }

    /// The distribution of a tile type, when it has one.
    pub fn of_type(t: &Type) -> Option<Dist> {
        Dist::of(t.shape(), t.encoding()?)
    }

    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    pub fn elems_per_thread(&self) -> usize {
        self.ll.num_regs()
    }

    /// The constant part of register `j`'s index along each tile dimension.
    pub fn reg_offsets(&self, j: usize) -> Vec<i64> {
        LinearLayout::apply(&self.ll.reg, j as u64, self.rank())
    }

    /// The thread-dependent part of thread `tid`'s indices (what `thread_parts` computes).
    fn thread_part_of(&self, tid: u32) -> Vec<i64> {
        let r = self.rank();
        let l = LinearLayout::apply(&self.ll.lane, (tid % 32) as u64, r);
        let w = LinearLayout::apply(&self.ll.warp, (tid / 32) as u64, r);
        l.iter().zip(&w).map(|(a, b)| a ^ b).collect()
    }

    /// The register holding the element at constant offsets `o` (per tile dimension; only
    /// the bits registers move are read, so replicated and sliced parts are ignored).
    pub fn reg_index(&self, o: &[i64]) -> usize {
        self.ll.reg.iter().enumerate().fold(0, |j, (k, b)| {
            let hit = b.iter().zip(o).any(|(x, y)| *x != 0 && y & x != 0);
            if hit {
                j | 1 << k
            } else {
                j
            }
        })
    }

    /// The element (per tile dimension) that thread `tid` holds in register `j`.
    pub fn coords(&self, tid: u32, j: usize) -> Vec<i64> {
        let (t, o) = (self.thread_part_of(tid), self.reg_offsets(j));
        (0..self.rank()).map(|d| self.coord(&t, &o, d)).collect()
    }

    /// Along dimension `d`, the coordinate of the element at thread part `t` (one of
    /// [`Dist::thread_parts_of`]) and register part `o` ([`Dist::reg_offsets`]).
    pub fn coord(&self, t: &[i64], o: &[i64], d: usize) -> i64 {
        (t[d] + o[d]).rem_euclid(self.shape[d])
    }

    /// The thread-dependent part of each of `num_warps` warps' threads' coordinates, by
    /// `tid`: with the registers' parts, every coordinate without computing each one.
    pub fn thread_parts_of(&self, num_warps: u32) -> Vec<Vec<i64>> {
        (0..num_warps * 32).map(|tid| self.thread_part_of(tid)).collect()
    }

    /// [`Dist::coords`] of every register of every thread of `num_warps` warps, indexed
    /// `[tid * regs + j]`: each thread's part and each register's part computed once, not
    /// once an element (the table of a 128x256 accumulator took 15 ms that way).
    pub fn coord_table(&self, num_warps: u32) -> Vec<Vec<i64>> {
        let regs: Vec<Vec<i64>> = (0..self.elems_per_thread()).map(|j| self.reg_offsets(j)).collect();
        let threads = self.thread_parts_of(num_warps);
        threads
            .iter()
            .flat_map(|t| regs.iter().map(move |o| (0..self.rank()).map(|d| self.coord(t, o, d)).collect()))
            .collect()
    }

    /// Whether thread `tid` is the owner of its register `j` (not a copy).
    pub fn owns(&self, tid: u32, j: usize) -> bool {
        let t = self.thread_part_of(tid);
        let o = self.reg_offsets(j);
        let inside = (0..self.rank()).all(|d| t[d] + o[d] < self.shape[d]);
        let free = (tid % 32) & self.ll.free_mask(HwDim::Lane) == 0 && (tid / 32) & self.ll.free_mask(HwDim::Warp) == 0;
        inside && free
    }

    /// Whether one pass of the threads covers more than the tile along `d` (copies).
    pub fn replicates(&self, d: usize) -> bool {
        let reach =
            [HwDim::Reg, HwDim::Lane, HwDim::Warp].iter().flat_map(|h| self.ll.bases(*h)).fold(0, |m, b| m | b[d]);
        reach >= self.shape[d]
    }

    /// Whether lanes or warps hold copies along a dimension the encoding has and the tile
    /// does not (a slice's reduced dimension, a dot operand's other dimension).
    pub fn has_free_threads(&self) -> bool {
        self.ll.free_mask(HwDim::Lane) != 0 || self.ll.free_mask(HwDim::Warp) != 0
    }

    /// Whether any element is held twice (copies past the tile's end, or free threads).
    pub fn has_copies(&self) -> bool {
        (0..self.rank()).any(|d| self.replicates(d)) || self.has_free_threads()
    }

    /// Contiguous elements a thread holds along tile dimension `d`.
    pub fn run(&self, d: usize) -> usize {
        let mut n = 1i64;
        while self.ll.reg.iter().any(|b| b[d] == n && b.iter().filter(|x| **x != 0).count() == 1) {
            n *= 2;
        }
        n as usize
    }

    /// The tile dimension registers run along first, and how many consecutive registers
    /// are contiguous along it (without registers: the dimension lanes run along first).
    pub fn fast(&self) -> (usize, usize) {
        if let Some(d) = self.ll.reg.first().and_then(|b| b.iter().position(|x| *x == 1)) {
            return (d, self.run(d));
        }
        for hw in [HwDim::Lane, HwDim::Warp] {
            if let Some(d) = self.ll.bases(hw).iter().find_map(|b| b.iter().position(|x| *x != 0)) {
                return (d, 1);
            }
        }
        (0, 1)
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

    /// The input bits of `hw` whose basis lies along dimension `d`, by coordinate.
    pub fn bits(&self, hw: HwDim, d: usize) -> Vec<u32> {
        self.ll.bits_along(hw, d).into_iter().map(|(k, _)| k).collect()
    }

    /// How dimension `d` nests over registers, lanes and warps (`AxisSplit`), when it does.
    pub fn axis_split(&self, d: usize) -> Option<AxisSplit> {
        // Coordinate bits along d from the lowest: the hardware dimension and input bit
        // that sets each.
        let mut bits: Vec<(i64, HwDim, u32)> = vec![];
        for hw in [HwDim::Reg, HwDim::Lane, HwDim::Warp] {
            bits.extend(self.ll.bits_along(hw, d).into_iter().map(|(k, c)| (c, hw, k)));
        }
        bits.sort_by_key(|b| b.0);
        if bits.iter().enumerate().any(|(i, b)| b.0 != 1 << i) {
            return None;
        }
        let kinds: Vec<HwDim> = bits.iter().map(|b| b.1).collect();
        let count = |from: usize, hw: HwDim| kinds[from..].iter().take_while(|k| **k == hw).count();
        let spt = count(0, HwDim::Reg);
        let lanes = count(spt, HwDim::Lane);
        let warps = count(spt + lanes, HwDim::Warp);
        let reps = count(spt + lanes + warps, HwDim::Reg);
        if spt + lanes + warps + reps != bits.len() {
            return None;
        }
        let first = |at: usize, n: usize| if n == 0 { 0 } else { bits[at].2 };
        let contiguous = |at: usize, n: usize| (1..n).all(|i| bits[at + i].2 == bits[at].2 + i as u32);
        if !contiguous(spt, lanes) || !contiguous(spt + lanes, warps) {
            return None;
        }
        Some(AxisSplit {
            spt: 1 << spt,
            lane_first: first(spt, lanes),
            lanes: 1 << lanes,
            warp_first: first(spt + lanes, warps),
            warps: 1 << warps,
            reps: 1 << reps,
        })
    }
}

// Code generation (i32 values through the IR builder).
impl Dist {
    /// The thread-dependent part of the index along each tile dimension (i32 values).
    pub fn thread_parts(&self, b: &mut Builder, lane: ValueId, warp: ValueId) -> Vec<ValueId> {
        (0..self.rank())
            .map(|d| {
                let l = gather_along(b, lane, &self.ll.lane, d);
                let w = gather_along(b, warp, &self.ll.warp, d);
                match (l, w) {
                    (Some(l), Some(w)) => b.op1("arith.addi", &[l, w], Type::Int(32), &[]),
                    (Some(x), None) | (None, Some(x)) => x,
                    (None, None) => b.const_int(0, 32),
                }
            })
            .collect()
    }

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

    /// Whether this thread owns register `j` (i1): inside the tile along every replicated
    /// dimension, and the first of the copies along the dimensions it does not have.
    pub fn owner(&self, b: &mut Builder, (lane, warp): (ValueId, ValueId), parts: &[ValueId], j: usize) -> ValueId {
        let mut acc = b.const_int(1, 1);
        let offs = self.reg_offsets(j);
        for d in 0..self.rank() {
            if self.replicates(d) {
                let idx = b.const_int(offs[d], 32);
                let i = b.op1("arith.addi", &[parts[d], idx], Type::Int(32), &[]);
                let lim = b.const_int(self.shape[d], 32);
                let ok = b.op1("arith.cmpi", &[i, lim], Type::Int(1), &[("predicate", crate::ir::Attr::int(6, "i64"))]);
                acc = b.op1("arith.andi", &[acc, ok], Type::Int(1), &[]);
            }
        }
        for (x, mask) in [(lane, self.ll.free_mask(HwDim::Lane)), (warp, self.ll.free_mask(HwDim::Warp))] {
            if mask != 0 {
                let m = b.const_int(mask as i64, 32);
                let t = b.op1("arith.andi", &[x, m], Type::Int(32), &[]);
                let z = b.const_int(0, 32);
                let ok = b.op1("arith.cmpi", &[t, z], Type::Int(1), &[("predicate", crate::ir::Attr::int(0, "i64"))]);
                acc = b.op1("arith.andi", &[acc, ok], Type::Int(1), &[]);
            }
        }
        acc
    }
}

/// The part of tile dimension `d`'s index that the bits of `x` (a lane or warp index)
/// set, by `bases`: runs of consecutive bits with doubling coordinates as one shift, mask
/// and multiply each. `None` when no bit moves along `d`.
fn gather_along(b: &mut Builder, x: ValueId, bases: &[Vec<i64>], d: usize) -> Option<ValueId> {
    let bits: Vec<(u32, i64)> =
        bases.iter().enumerate().filter(|(_, v)| v[d] != 0).map(|(k, v)| (k as u32, v[d])).collect();
    let mut acc: Option<ValueId> = None;
    let mut i = 0;
    while i < bits.len() {
        let (k0, c0) = bits[i];
        let mut n = 1;
        while i + n < bits.len() && bits[i + n] == (k0 + n as u32, c0 << n) {
            n += 1;
        }
        let t = div_mod(b, x, 1 << k0, 1 << n);
        let t = mul_const(b, t, c0);
        acc = Some(match acc {
            None => t,
            Some(a) => b.op1("arith.addi", &[a, t], Type::Int(32), &[]),
        });
        i += n;
    }
    acc
}

/// The number whose bit `i` is bit `bits[i]` of `x` (consecutive bits: one shift and
/// mask; i32 values).
pub fn gather_bits(b: &mut Builder, x: ValueId, bits: &[u32]) -> ValueId {
    if bits.windows(2).all(|w| w[1] == w[0] + 1) {
        let first = bits.first().copied().unwrap_or(0);
        return div_mod(b, x, 1 << first, 1 << bits.len());
    }
    let mut acc = b.const_int(0, 32);
    for (i, &k) in bits.iter().enumerate() {
        let t = div_mod(b, x, 1 << k, 2);
        let t = mul_const(b, t, 1 << i);
        acc = b.op1("arith.ori", &[acc, t], Type::Int(32), &[]);
    }
    acc
}

/// `(x / stride) % n` for powers of two, as shifts and masks.
pub fn div_mod(b: &mut Builder, x: ValueId, stride: u32, n: u32) -> ValueId {
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

pub fn mul_const(b: &mut Builder, x: ValueId, c: i64) -> ValueId {
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
