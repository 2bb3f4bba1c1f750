//! 8x8 matrices of 16-bit elements: what `ldmatrix` and `stmatrix` move between shared
//! memory and the tensor cores' fragments.
//!
//! In a fragment each lane holds a 32-bit pair of one row of each matrix: lane `l` holds
//! row `l / 4`, elements `2 (l % 4)` and `2 (l % 4) + 1`. mma.sync's operands and
//! accumulators and wgmma's accumulators are spread so, matrix after matrix along the
//! registers. One instruction moves up to four matrices; lane `l` gives the address of
//! row `l % 8` of matrix `l / 8`, each row 16 contiguous bytes in shared memory.

use super::linear::{HwDim, LinearLayout};
use super::{Dist, Shared};

/// How a distributed tile splits into 8x8 matrices for `ldmatrix` / `stmatrix`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fragment {
    /// The dimension a lane's pair runs along (a matrix row's).
    pub pair_dim: usize,
    /// The dimension lanes 4 apart step along (a matrix's rows).
    pub row_dim: usize,
    /// Whether the shared layout keeps columns, not rows, contiguous (`.trans`).
    pub trans: bool,
    /// Registers one instruction moves: 8 (four matrices, `.x4`), 4 (`.x2`) or 2 (`.x1`).
    pub regs: usize,
}

impl Fragment {
    /// Matrices one instruction moves.
    pub fn matrices(&self) -> usize {
        self.regs / 2
    }

    /// The dimension shared memory's 16-byte runs lie along: rows of the matrices, or
    /// their columns when transposed.
    pub fn run_dim(&self) -> usize {
        if self.trans {
            self.row_dim
        } else {
            self.pair_dim
        }
    }
}

/// Whether `d`, a tile of `elem_bits`-bit elements staged in `s`, moves by whole 8x8
/// matrices: a 2-D tile whose register bit 0 is the pair, lane bits 0-1 step the pair's
/// dimension by 2 and 4 and lane bits 2-4 the other by 1, 2, 4; and a shared layout that
/// keeps 8 elements (16 bytes, aligned) contiguous along one of the two (swizzles and
/// padding move whole 16-byte chunks).
pub fn fragment(d: &Dist, s: &Shared, elem_bits: u32) -> Option<Fragment> {
    if elem_bits != 16 || d.rank() != 2 || d.ll.reg.is_empty() || d.ll.lane.len() != 5 {
        return None;
    }
    let unit = |v: &Vec<i64>| {
        let nz: Vec<usize> = (0..v.len()).filter(|&i| v[i] != 0).collect();
        (nz.len() == 1).then(|| (nz[0], v[nz[0]]))
    };
    let (pair_dim, one) = unit(&d.ll.reg[0])?;
    let row_dim = 1 - pair_dim;
    let want = [(pair_dim, 2), (pair_dim, 4), (row_dim, 1), (row_dim, 2), (row_dim, 4)];
    if one != 1 || d.ll.lane.iter().map(unit).collect::<Option<Vec<_>>>()? != want {
        return None;
    }
    let inner = s.inner();
    let chunks_whole =
        s.pad % 8 == 0 && s.xor.is_empty() && (s.max_phase <= 1 || s.vec >= 8) && s.row_len(&d.shape) % 8 == 0;
    if !chunks_whole || d.shape[inner] < 8 {
        return None;
    }
    Some(Fragment { pair_dim, row_dim, trans: inner == row_dim, regs: d.elems_per_thread().min(8) })
}

/// The rows each lane addresses, as a distribution with one "register" per instruction:
/// lane bits 0-2 walk a matrix's rows, lane bits 3-4 pick the matrix (what register bits
/// 1-2 pick in `d`), the warps as `d`'s, and instruction `i` starts at `d`'s register
/// `i * regs`. So every offset an instruction needs is `d`'s coordinates algebra.
pub fn row_addresses(d: &Dist, f: &Fragment) -> Dist {
    let mut ll = LinearLayout::empty(&d.shape);
    ll.push_run(HwDim::Lane, f.run_dim() ^ 1, 1, 3);
    for k in 1..3 {
        let basis = if 1 << k < f.regs { d.ll.reg[k].clone() } else { vec![0; 2] };
        ll.lane.push(basis);
    }
    ll.warp = d.ll.warp.clone();
    ll.reg = d.ll.reg[f.regs.trailing_zeros() as usize..].to_vec();
    Dist { shape: d.shape.clone(), ll }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Encoding, Mma};

    /// wgmma's accumulator of a 128x256 tile over 8 warps (two warp groups along M).
    fn acc() -> Dist {
        let e = Encoding::Mma(Mma { version: 3, warps_per_cta: vec![8, 1], instr_shape: vec![64, 256, 16] });
        Dist::of(&[128, 256], &e).unwrap()
    }

    #[test]
    fn wgmma_accumulator_is_a_fragment() {
        let d = acc();
        let padded = Shared::plain(1, 1, 1, 8, vec![1, 0]);
        let f = fragment(&d, &padded, 16).unwrap();
        assert_eq!(f, Fragment { pair_dim: 1, row_dim: 0, trans: false, regs: 8 });
        // A pad of 4 f16 (8 bytes) splits 16-byte chunks; 32-bit elements are no pairs.
        assert_eq!(fragment(&d, &Shared::plain(1, 1, 1, 4, vec![1, 0]), 16), None);
        assert_eq!(fragment(&d, &padded, 32), None);
        // Rows along M: the matrices are stored transposed.
        assert!(fragment(&d, &Shared::plain(1, 1, 1, 0, vec![0, 1]), 16).unwrap().trans);
    }

    #[test]
    fn row_addresses_cover_each_instructions_matrices() {
        // Every element an instruction moves (its 8 registers in every thread) lies in a
        // row some lane of the same warp addresses, at that row's start or within 8.
        let d = acc();
        let f = fragment(&d, &Shared::plain(1, 1, 1, 8, vec![1, 0]), 16).unwrap();
        let a = row_addresses(&d, &f);
        assert_eq!(a.elems_per_thread() * f.regs, d.elems_per_thread());
        for i in 0..a.elems_per_thread() {
            for t in 0..256u32 {
                for j in i * f.regs..(i + 1) * f.regs {
                    let x = d.coords(t, j);
                    let hit = (0..32).any(|l| {
                        let r = a.coords(t / 32 * 32 + l, i);
                        r[0] == x[0] && (0..8).contains(&(x[1] - r[1]))
                    });
                    assert!(hit, "instruction {i} thread {t} register {j} at {x:?}");
                }
            }
        }
    }
}
