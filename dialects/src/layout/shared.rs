//! Shared-memory layouts: where each element of a tile staged in shared memory lives.
//! The `layout.shared` attribute (padded rows, XOR swizzles, linear layouts) for the
//! conversions `smem-transpose` stages through shared memory, and `layout.nvmma`, the
//! swizzled layouts the tensor cores read (wgmma descriptors, `ldmatrix`).

//! The attribute's syntax lives with the other encodings' in `ir::types`; what it means
//! is here.

pub use crate::ir::types::Shared;
use crate::ir::Type;

impl Shared {
    /// The rules a layout read from IR keeps for the offsets below and the lowering to be
    /// defined on a tile of `rank` dimensions (a hand-written or mutated `.mlir` may
    /// break any: tilec-fuzz found a XOR entry on bit 2^31, an order naming dimension 2
    /// of a 2-D tile, a zero vector width).
    pub fn check(&self, rank: usize) -> Result<(), String> {
        let mut order = self.order.clone();
        order.sort_unstable();
        if order != (0..rank as u32).collect::<Vec<_>>() {
            return Err(format!("order {:?} is not an order of the tile's {rank} dimensions", self.order));
        }
        if self.vec == 0 || self.per_phase == 0 || self.max_phase == 0 {
            return Err(format!(
                "vec {}, per_phase {} and max_phase {} must be at least 1",
                self.vec, self.per_phase, self.max_phase
            ));
        }
        match self.xor.iter().find(|&&(d, b, _)| d as usize >= rank || b >= 31) {
            Some((d, b, m)) => Err(format!("XOR entry ({d}, {b}, {m}) names no bit of the tile's coordinates")),
            None => Ok(()),
        }
    }
    pub fn inner(&self) -> usize {
        self.order[0] as usize
    }
    pub fn row_len(&self, shape: &[i64]) -> i64 {
        shape[self.inner()] + self.pad as i64
    }
    /// Elements of one nvmma panel row (the whole inner dimension otherwise).
    pub fn panel(&self, shape: &[i64]) -> i64 {
        if self.nvmma > 0 {
            (self.nvmma as i64 * self.vec as i64 / 16).min(shape[self.inner()])
        } else {
            shape[self.inner()]
        }
    }
    /// Rows of the tile: the product of the outer dimensions.
    pub fn rows(&self, shape: &[i64]) -> i64 {
        shape.iter().product::<i64>() / shape[self.inner()].max(1)
    }
    /// The row index of `x` (row-major over the outer dimensions).
    pub fn row(&self, shape: &[i64], x: &[i64]) -> i64 {
        let mut r = 0;
        for &d in self.order.iter().skip(1).rev() {
            r = r * shape[d as usize] + x[d as usize];
        }
        r
    }
    pub fn swizzle(&self, col: i64, row: i64) -> i64 {
        if self.max_phase <= 1 {
            return col;
        }
        let v = self.vec as i64;
        let phase = (row / self.per_phase as i64) % self.max_phase as i64;
        ((col / v) ^ phase) * v + col % v
    }
    /// Element offset of coordinates `x`.
    pub fn offset(&self, shape: &[i64], x: &[i64]) -> i64 {
        let row = self.row(shape, x);
        let col = x[self.inner()];
        if self.nvmma > 0 {
            let p = self.panel(shape);
            return (col / p) * self.rows(shape) * p + row * p + self.swizzle(col % p, row);
        }
        let mut off = row * self.row_len(shape) + self.swizzle(col, row);
        for &(d, b, m) in &self.xor {
            if (x[d as usize] >> b) & 1 == 1 {
                off ^= m as i64;
            }
        }
        off
    }
    /// Whether every offset is the XOR of its coordinate bits' offsets (no padding), so
    /// a thread's offset is linear in its index bits.
    pub fn is_linear(&self) -> bool {
        self.pad == 0
    }
    pub fn bytes(&self, shape: &[i64], elem_bytes: u32) -> u32 {
        (self.rows(shape) * self.row_len(shape) * elem_bytes as i64) as u32
    }
    /// Bytes a buffer of this layout is aligned to.
    pub fn align(&self) -> u32 {
        if self.nvmma > 0 {
            1024
        } else {
            16
        }
    }
    /// Elements one thread moves per shared access in `d`: its contiguous run along the
    /// row (whichever dimension of `d` that is: a thread holding a block transposes it
    /// in registers for free), when the layout keeps such runs contiguous and aligned
    /// (at most 16 bytes).
    pub fn access(&self, d: &crate::layout::Dist, shape: &[i64], elem_bytes: u32) -> usize {
        if shape.len() != d.rank() {
            return 1;
        }
        let inner = self.inner();
        let mut v = (d.run(inner) as i64).min(16 / elem_bytes.max(1) as i64).min(shape[inner]).max(1);
        if self.max_phase > 1 {
            v = v.min(self.vec as i64);
        }
        // XOR masks keep runs only below the lowest bit they flip or read along the row.
        for &(d, b, m) in &self.xor {
            v = v.min(1 << m.trailing_zeros());
            if d as usize == inner {
                v = v.min(1 << b);
            }
        }
        // Rows must keep each vector aligned.
        while v > 1 && (self.row_len(shape) * elem_bytes as i64) % (v * elem_bytes as i64) != 0 {
            v /= 2;
        }
        v as usize
    }

    /// Whether every element of a tile of `shape` has a slot of its own inside the
    /// layout's bytes: a layout made for one shape, used for a part of it (a conversion
    /// taken in rounds), may swizzle or XOR past the part's end.
    pub fn fits(&self, shape: &[i64]) -> bool {
        let size = (self.rows(shape) * self.row_len(shape)) as usize;
        let mut seen = vec![false; size];
        let n: i64 = shape.iter().product();
        (0..n).all(|flat| {
            let mut x = vec![0; shape.len()];
            let mut rest = flat;
            for d in (0..shape.len()).rev() {
                x[d] = rest % shape[d];
                rest /= shape[d];
            }
            let o = self.offset(shape, &x);
            (0..size as i64).contains(&o) && !std::mem::replace(&mut seen[o as usize], true)
        })
    }
}

/// How TMA copies fill a buffer (`Shared::tma_box`): `copies` boxes of `dims` (outermost
/// first), the k-th landing `copy_bytes * k` bytes into the buffer at inner coordinate
/// `dims.last() * k`, written with the descriptor's `swizzle` (bytes, 0: none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaBox {
    pub dims: Vec<u32>,
    pub swizzle: u32,
    pub copies: u32,
    pub copy_bytes: u32,
}

impl Shared {
    /// The TMA copies that write a block of `shape` into a buffer of this layout, or why
    /// none can. TMA writes a box's rows in order, each row contiguous, swizzled (if at
    /// all) by the address bits the tensor cores' layouts use: a row-major unpadded
    /// buffer takes the block as one box; an nvmma one takes a box per panel (rows of
    /// exactly the swizzle's width), which start 1024-byte aligned patterns when the
    /// rows are a multiple of 8 (the buffer itself is 1024-aligned).
    pub fn tma_box(&self, shape: &[i64], elem_bytes: u32) -> Result<TmaBox, String> {
        let rank = shape.len();
        if rank == 0 || self.order != (0..rank as u32).rev().collect::<Vec<_>>() {
            return Err("the buffer is not row-major".into());
        }
        if self.pad != 0 || !self.xor.is_empty() || (self.nvmma == 0 && self.max_phase > 1) {
            return Err("the buffer is padded or swizzled in a way TMA does not write".into());
        }
        let eb = elem_bytes as i64;
        let panel = self.panel(shape);
        let inner = shape[rank - 1];
        if self.nvmma > 0 && (panel * eb != self.nvmma as i64 || inner % panel != 0 || self.rows(shape) % 8 != 0) {
            return Err(format!(
                "its {}-byte swizzle does not tile a block of {shape:?} in whole panels of 8-row patterns",
                self.nvmma
            ));
        }
        let mut dims: Vec<i64> = shape.to_vec();
        dims[rank - 1] = panel;
        if dims.iter().any(|&d| !(1..=256).contains(&d)) || (panel * eb) % 16 != 0 {
            return Err(format!(
                "a box of {dims:?} is not one TMA copies (1 to 256 a side, rows of 16-byte multiples)"
            ));
        }
        let copy_bytes = (dims.iter().product::<i64>() * eb) as u32;
        Ok(TmaBox {
            dims: dims.iter().map(|&d| d as u32).collect(),
            swizzle: self.nvmma,
            copies: (inner / panel) as u32,
            copy_bytes,
        })
    }
}

/// The TMA copies that fill a buffer of memdesc type `t` (`Shared::tma_box`), or why none can.
pub fn tma_box_of(t: &Type) -> Result<TmaBox, String> {
    let l = t.shared().ok_or("not a shared buffer")?;
    l.tma_box(t.shape(), elem_bytes(t))
}

/// Bytes of a tile element in shared memory (i1 as a byte).
pub fn elem_bytes(t: &Type) -> u32 {
    t.elem().bits().div_ceil(8).max(1)
}

/// Bytes of one slot of a buffer of `t` (a memdesc; rounded up to its alignment) and the
/// slot count (1 for a tile): what `allocate-shared` places, the lowering addresses and
/// the interpreter checks.
pub fn slot_bytes(t: &Type) -> (u32, u32) {
    let (shape, s) = (t.shape(), t.shared().expect("a memdesc"));
    let rank = s.order.len();
    let slots: i64 = shape[..shape.len() - rank].iter().product();
    let bytes = s.bytes(&shape[shape.len() - rank..], elem_bytes(t));
    (bytes.next_multiple_of(s.align()), slots as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nvmma_128b_swizzles_chunks_by_row() {
        // 128 x 64 f16, K contiguous: one panel, chunk c of row r at c ^ (r % 8).
        let s = Shared::nvmma(128, 2, vec![1, 0]);
        assert_eq!(s.offset(&[128, 64], &[0, 8]), 8);
        assert_eq!(s.offset(&[128, 64], &[1, 0]), 64 + 8);
        assert_eq!(s.offset(&[128, 64], &[3, 17]), 3 * 64 + (2 ^ 3) * 8 + 1);
        assert_eq!(Shared::parse(&s.to_attr()), Some(s));
    }

    #[test]
    fn fits_only_where_the_swizzle_stays_inside() {
        let s = Shared::plain(4, 1, 8, 0, vec![1, 0]);
        assert!(s.fits(&[64, 32]));
        // Rows of 8 elements: phases up to 7 XOR whole vectors past the row's end.
        assert!(!s.fits(&[64, 8]));
    }

    #[test]
    fn nvmma_panels_split_wide_rows() {
        // 64 x 256 f16, N contiguous: four panels of 64 columns, 64 x 128 B = 8 KB each
        // (Triton's leading byte offset for this B tile).
        let s = Shared::nvmma(128, 2, vec![1, 0]);
        assert_eq!(s.offset(&[64, 256], &[0, 64]) * 2, 8192);
        assert_eq!(s.offset(&[64, 256], &[16, 0]) * 2, 2048);
        let mut seen: Vec<i64> =
            (0..64).flat_map(|r| (0..256).map(move |c| [r, c])).map(|x| s.offset(&[64, 256], &x)).collect();
        seen.sort();
        assert_eq!(seen, (0..64 * 256).collect::<Vec<_>>());
    }

    #[test]
    fn tma_boxes_are_panels() {
        // B's 64 x 256 f16 tile: four 64 x 64 boxes, 8 KB apart, 128-byte swizzle.
        let s = Shared::nvmma(128, 2, vec![1, 0]);
        let b = s.tma_box(&[64, 256], 2).unwrap();
        assert_eq!(b, TmaBox { dims: vec![64, 64], swizzle: 128, copies: 4, copy_bytes: 8192 });
        // A's 128 x 64 tile is one box; a plain buffer takes the whole block unswizzled.
        assert_eq!(s.tma_box(&[128, 64], 2).unwrap().copies, 1);
        let p = Shared::plain(1, 1, 1, 0, vec![1, 0]);
        assert_eq!(
            p.tma_box(&[16, 32], 4).unwrap(),
            TmaBox { dims: vec![16, 32], swizzle: 0, copies: 1, copy_bytes: 2048 }
        );
        // Column-major, padded, or a box past 256: no TMA copy.
        assert!(Shared::nvmma(128, 2, vec![0, 1]).tma_box(&[64, 64], 2).is_err());
        assert!(Shared::plain(1, 1, 1, 8, vec![1, 0]).tma_box(&[16, 32], 4).is_err());
        assert!(p.tma_box(&[512, 16], 4).is_err());
    }

    #[test]
    fn narrower_swizzles_for_narrow_rows() {
        assert_eq!(Shared::nvmma_swizzle_for(64), 64);
        assert_eq!(Shared::nvmma_swizzle_for(512), 128);
        assert_eq!(Shared::nvmma_swizzle_for(16), 0);
        // 32 B swizzle: rows of 16 f16, chunk ^= (row / 4) % 2.
        let s = Shared::nvmma(32, 2, vec![1, 0]);
        assert_eq!(s.offset(&[64, 16], &[4, 0]), 4 * 16 + 8);
    }
}
