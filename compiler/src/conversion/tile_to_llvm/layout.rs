//! Where each element of a blocked tile lives: which thread, which register.
//!
//! A thread's registers enumerate `reps x size_per_thread`, the fastest dimension
//! (`order[0]`) innermost, so registers `j..j+vec` of one `size_per_thread` run are
//! contiguous along that dimension. Element index along dim d of register j:
//! `(thread_part_d + reg_offset_d(j)) mod shape_d`, the `mod` only where one pass of the
//! program's threads covers more than the tile (replication).

use tile_dialects::ir::{Blocked, Builder, Type, ValueId};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dist {
    pub shape: Vec<i64>,
    pub b: Blocked,
}

impl Dist {
    pub fn rank(&self) -> usize {
        self.shape.len()
    }
    /// Elements one pass of all threads covers along `d`.
    pub fn cta_tile(&self, d: usize) -> i64 {
        (self.b.size_per_thread[d] * self.b.threads_per_warp[d] * self.b.warps_per_cta[d]) as i64
    }
    pub fn reps(&self, d: usize) -> i64 {
        (self.shape[d] / self.cta_tile(d)).max(1)
    }
    pub fn replicates(&self, d: usize) -> bool {
        self.cta_tile(d) > self.shape[d]
    }
    pub fn elems_per_thread(&self) -> usize {
        (0..self.rank()).map(|d| self.b.size_per_thread[d] as i64 * self.reps(d)).product::<i64>() as usize
    }
    fn spt_total(&self) -> i64 {
        self.b.size_per_thread.iter().map(|x| *x as i64).product()
    }

    /// The constant part of register `j`'s index along each dimension.
    pub fn reg_offsets(&self, j: usize) -> Vec<i64> {
        let j = j as i64;
        let (mut e, mut r) = (j % self.spt_total(), j / self.spt_total());
        let mut out = vec![0; self.rank()];
        for &d in &self.b.order {
            let d = d as usize;
            let s = self.b.size_per_thread[d] as i64;
            out[d] += e % s;
            e /= s;
        }
        for &d in &self.b.order {
            let d = d as usize;
            let n = self.reps(d);
            out[d] += (r % n) * self.cta_tile(d);
            r /= n;
        }
        out
    }

    /// The thread-dependent part of the index along each dimension (i32 values).
    pub fn thread_parts(&self, b: &mut Builder, lane: ValueId, warp: ValueId) -> Vec<ValueId> {
        let mut out = vec![0; self.rank()];
        let (mut lane_stride, mut warp_stride) = (1u32, 1u32);
        for &d in &self.b.order {
            let d = d as usize;
            let (tpw, wpc, spt) = (self.b.threads_per_warp[d], self.b.warps_per_cta[d], self.b.size_per_thread[d]);
            let l = div_mod(b, lane, lane_stride, tpw);
            let w = div_mod(b, warp, warp_stride, wpc);
            let lpart = mul_const(b, l, spt as i64);
            let wpart = mul_const(b, w, (spt * tpw) as i64);
            out[d] = b.op1("arith.addi", &[lpart, wpart], Type::Int(32), &[]);
            lane_stride *= tpw;
            warp_stride *= wpc;
        }
        out
    }
}

/// `(x / stride) % n` for powers of two, as shifts and masks.
fn div_mod(b: &mut Builder, x: ValueId, stride: u32, n: u32) -> ValueId {
    let mut v = x;
    if stride > 1 {
        let s = b.const_int(stride.trailing_zeros() as i64, 32);
        v = b.op1("arith.shrui", &[v, s], Type::Int(32), &[]);
    }
    let m = b.const_int(n as i64 - 1, 32);
    b.op1("arith.andi", &[v, m], Type::Int(32), &[])
}

fn mul_const(b: &mut Builder, x: ValueId, c: i64) -> ValueId {
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
        Dist {
            shape: vec![n],
            b: Blocked { size_per_thread: vec![spt], threads_per_warp: vec![32], warps_per_cta: vec![warps], order: vec![0] },
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
    }

    #[test]
    fn small_tile_replicates() {
        let d = d1(64, 1, 4);
        assert_eq!(d.elems_per_thread(), 1);
        assert!(d.replicates(0));
    }
}
