//! `smem-transpose`: choose, for each `layout.convert`, the shared-memory layout its
//! lowering stages the tile through, so that neither the write (in the source encoding)
//! nor the read (in the destination encoding) has bank conflicts.
//!
//! 1. A conversion between encodings that put every element in the same register of
//!    the same thread needs no shared memory (`layout.shared` absent).
//! 2. Otherwise enumerate candidates: the row ("inner") dimension, the source's or the
//!    destination's fastest; a vector of 1..16 bytes; rows padded by 0, 1, 2, 4 or 8
//!    elements, or XOR-swizzled in `vec`-element slots (`slot ^ (row / per_phase) %
//!    max_phase`); and, for 4-byte elements, two linear layouts built for the pair:
//!    `linear_swizzle` (each lane bit of either side that does not already pick a bank
//!    flips a bank bit of its own) and `linear_layout` (every coordinate bit placed on
//!    an address bit of its own choosing, so that register bits stay off the bits the
//!    threads vary and their accesses differ by immediates). Both give 32 banks to both
//!    sides' 32 lanes with scalar accesses where no row swizzle can (a 64-wide f32 tile
//!    read by lanes 2 x 16).
//! 3. Simulate each: every warp instruction of the write and of the read, split into the
//!    phases the hardware serves (32 lanes for 4-byte accesses, 16 for 8, 8 for 16), the
//!    wavefronts of each phase being the most distinct 4-byte words any bank holds.
//! 4. Keep the fewest wavefronts, then the fewest address computations
//!    (`analysis::shared_addresses`: what the lowering emits), then the fewest reads,
//!    instructions and bytes; record it on the op: `layout.shared`, `layout.smem_bytes`,
//!    and `layout.wavefronts` (write, write ideal, read, read ideal: the bank-conflict
//!    degree is their ratio).

use crate::analysis::bank_conflicts::wavefronts_with;
use crate::analysis::shared_addresses::{access_starts, address_cost, plan_with};
use crate::options::CompileOptions;
use crate::pass::PassError;
use crate::passes::coalesce::visit_mut;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Module};
use tile_dialects::layout::{elem_bytes, Dist, Shared};
use tile_dialects::opname;

/// The coordinate bit (dimension, bit) each lane bit of `d` moves, copies skipped;
/// `None` unless every lane bit moves exactly one (power-of-two blocked layouts).
fn lane_bits(d: &Dist) -> Option<Vec<(usize, u32)>> {
    let base = d.coords(0, 0);
    let mut bits = vec![];
    for k in 0..5 {
        let c = d.coords(1 << k, 0);
        let moved: Vec<(usize, i64)> =
            c.iter().zip(&base).enumerate().filter(|(_, (a, b))| a != b).map(|(i, (a, b))| (i, a ^ b)).collect();
        match moved.as_slice() {
            [] => {}
            [(i, x)] if x.count_ones() == 1 => bits.push((*i, x.trailing_zeros())),
            _ => return None,
        }
    }
    Some(bits)
}

/// Step 2's linear swizzle for scalar 4-byte accesses with rows along `inner` (a multiple
/// of 32 elements, so a column's low five bits are its bank): for each side, lane bits
/// along those five bits keep their banks, then every other lane bit (a row bit, or a
/// high column bit) flips the lowest bank bit that side's lanes do not reach yet. Bits
/// given a flip for the source keep it for the destination; `None` when a lane bit's
/// bank (fixed either way) is one its side already reaches. The masks stay below bit 5,
/// so each row is still a permutation of itself.
pub fn linear_swizzle(src: &Dist, dst: &Dist, shape: &[i64], inner: usize, order: &[u32]) -> Option<Shared> {
    if shape.len() != 2 || shape[inner] % 32 != 0 {
        return None;
    }
    let mut flips: Vec<((usize, u32), u32)> = vec![];
    for d in [src, dst] {
        let bits = lane_bits(d)?;
        // The banks this side's lanes reach so far: a subspace of GF(2)^5, as a set.
        let mut span: Vec<u32> = vec![0];
        let add = |span: &mut Vec<u32>, v: u32| -> bool {
            if span.contains(&v) {
                return false;
            }
            let more: Vec<u32> = span.iter().map(|s| s ^ v).collect();
            span.extend(more);
            true
        };
        let fixed = |flips: &[((usize, u32), u32)], bit: (usize, u32)| {
            if bit.0 == inner && bit.1 < 5 {
                Some(1u32 << bit.1)
            } else {
                flips.iter().find(|(k, _)| *k == bit).map(|(_, m)| *m)
            }
        };
        let (set, free): (Vec<(usize, u32)>, Vec<(usize, u32)>) =
            bits.iter().partition(|b| fixed(&flips, **b).is_some());
        for b in set {
            if !add(&mut span, fixed(&flips, b)?) {
                return None;
            }
        }
        for b in free {
            let m = (0..5).map(|j| 1u32 << j).find(|m| !span.contains(m))?;
            add(&mut span, m);
            flips.push((b, m));
        }
    }
    let xor = flips.into_iter().map(|((d, b), m)| (d as u32, b, m)).collect();
    Some(Shared { xor, ..Shared::plain(1, 1, 1, 0, order.to_vec()) })
}

/// Step 2's linear layout for scalar 4-byte accesses over a power-of-two tile: each
/// coordinate bit gets the address bits it sets. A lane bit of both sides, or of the
/// source only, gets a bank bit of its own; a destination-only lane bit the bank bit of a
/// source-only one plus a bit above the banks; every other bit a bit above the banks
/// alone. So each side's 32 lanes hit 32 banks, and a register bit that is no lane of
/// the other side moves its access by a constant: an immediate (Triton's layouts give
/// the f32 transpose this shape). `None` unless both sides' lanes move five distinct
/// coordinate bits.
pub fn linear_layout(src: &Dist, dst: &Dist, shape: &[i64], order: &[u32]) -> Option<Shared> {
    if shape.iter().any(|n| *n < 1 || n.count_ones() != 1) {
        return None;
    }
    let (ws, rs) = (lane_bits(src)?, lane_bits(dst)?);
    if ws.len() != 5 || rs.len() != 5 {
        return None;
    }
    // Row-major strides of the plain layout in `order` (fastest first).
    let mut stride = vec![0i64; shape.len()];
    let mut acc = 1;
    for &d in order {
        stride[d as usize] = acc;
        acc *= shape[d as usize];
    }
    let mut want: HashMap<(usize, u32), i64> = HashMap::new();
    let mut bank = 0;
    for b in ws.iter().filter(|b| rs.contains(b)) {
        want.insert(*b, 1 << bank);
        bank += 1;
    }
    let wonly: Vec<(usize, u32)> = ws.iter().filter(|b| !rs.contains(b)).copied().collect();
    let ronly: Vec<(usize, u32)> = rs.iter().filter(|b| !ws.contains(b)).copied().collect();
    let mut high = 5;
    for (w, r) in wonly.iter().zip(&ronly) {
        want.insert(*w, 1 << bank);
        want.insert(*r, (1 << bank) | (1 << high));
        bank += 1;
        high += 1;
    }
    let mut xor = vec![];
    for &d in order {
        for k in 0..shape[d as usize].trailing_zeros() {
            let bit = (d as usize, k);
            let w = *want.entry(bit).or_insert_with(|| {
                high += 1;
                1 << (high - 1)
            });
            let m = (stride[d as usize] << k) ^ w;
            if m != 0 {
                xor.push((d, k, m as u32));
            }
        }
    }
    Some(Shared { xor, ..Shared::plain(1, 1, 1, 0, order.to_vec()) })
}

/// The cheapest shared layout for converting `src` to `dst` (step 2 to 4), with its
/// (write, write ideal, read, read ideal) wavefronts.
pub fn choose(src: &Dist, dst: &Dist, shape: &[i64], elem_bytes: u32, num_warps: u32) -> (Shared, [u64; 4]) {
    let rank = shape.len();
    let mut inners = vec![src.fast().0, dst.fast().0];
    inners.dedup();
    let mut cands = vec![];
    for &inner in &inners {
        let mut order = vec![inner as u32];
        order.extend((0..rank as u32).rev().filter(|d| *d as usize != inner));
        let len = shape[inner];
        for pad in [0u32, 1, 2, 4, 8] {
            cands.push(Shared::plain(1, 1, 1, pad, order.clone()));
        }
        if rank > 1 {
            for vec in [1u32, 2, 4, 8, 16] {
                if vec as i64 * elem_bytes as i64 > 16 || vec as i64 > len {
                    continue;
                }
                for pp in [1u32, 2, 4, 8, 16] {
                    for mp in [2u32, 4, 8, 16, 32] {
                        if (mp as i64) * vec as i64 <= len {
                            cands.push(Shared::plain(vec, pp, mp, 0, order.clone()));
                        }
                    }
                }
            }
        }
        if elem_bytes == 4 {
            cands.extend(linear_swizzle(src, dst, shape, inner, &order));
            cands.extend(linear_layout(src, dst, shape, &order));
        }
    }
    let (src_coords, dst_coords) = (src.coord_table(num_warps), dst.coord_table(num_warps));
    // The fewest total wavefronts so far, shared by the workers: a candidate is dropped
    // once its wavefronts pass it. One with the fewest is never dropped, so the choice
    // (the least key, then the first candidate) does not depend on which worker finds what
    // when.
    let best_total = AtomicU64::new(u64::MAX);
    let eval = |i: usize, c: &Shared| {
        let limit = best_total.load(Ordering::Relaxed);
        let (w, wi, wn) = wavefronts_with(c, src, &src_coords, shape, elem_bytes, num_warps, limit);
        if w > limit {
            return None;
        }
        let (r, ri, rn) = wavefronts_with(c, dst, &dst_coords, shape, elem_bytes, num_warps, limit - w);
        if w + r > limit {
            return None;
        }
        best_total.fetch_min(w + r, Ordering::Relaxed);
        // Ties go to fewer address computations (they cost registers: the f32
        // transpose ran 1% faster padded than swizzled, 48 registers against 56),
        // then to fewer reads: a thread waits on its shared loads before it can
        // store, while shared stores retire in the background.
        let cost = |d: &Dist, t: &[Vec<i64>]| {
            address_cost(&plan_with(c, t, d.elems_per_thread(), shape, &access_starts(c, d, shape, elem_bytes)))
        };
        let key = (w + r, cost(src, &src_coords) + cost(dst, &dst_coords), rn, wn + rn, c.bytes(shape, elem_bytes));
        Some((key, i, [w, wi, r, ri]))
    };
    // Every candidate simulates every warp's accesses: a matmul's 128x256 f32 epilogue is
    // a hundred candidates of 32K elements a side, 15 ms on one core, so a conversion that
    // large spreads its candidates over the cores.
    let work = cands.len() * src.elems_per_thread() * 32 * num_warps as usize;
    let workers = if work < 1 << 20 { 1 } else { std::thread::available_parallelism().map_or(1, |n| n.get().min(16)) };
    let found: Vec<_> = if workers == 1 {
        cands.iter().enumerate().filter_map(|(i, c)| eval(i, c)).collect()
    } else {
        std::thread::scope(|sc| {
            let handles: Vec<_> = (0..workers)
                .map(|k| {
                    let (eval, cands) = (&eval, &cands);
                    sc.spawn(move || {
                        (k..cands.len()).step_by(workers).filter_map(|i| eval(i, &cands[i])).collect::<Vec<_>>()
                    })
                })
                .collect();
            handles.into_iter().flat_map(|h| h.join().expect("candidate worker")).collect()
        })
    };
    let (_, i, f) = found.into_iter().min_by_key(|(key, i, _)| (*key, *i)).expect("at least one candidate");
    (cands.swap_remove(i), f)
}

pub fn run(m: &mut Module, _opts: &CompileOptions) -> Result<(), PassError> {
    m.funcs_mut(|values, func| {
        let nw = func.num_warps();
        let mut err = Ok(());
        visit_mut(func, &mut |op| {
            if op.name != opname::LAYOUT_CONVERT {
                return;
            }
            let (st, dt) = (values.ty(op.operands[0]), values.ty(op.results[0]));
            let (Some(src), Some(dst)) = (Dist::of_type(st), Dist::of_type(dt)) else {
                err = Err(PassError::at(
                    &op.loc,
                    format!("layout.convert from {st} to {dt}: only blocked and slice encodings convert"),
                ));
                return;
            };
            // Step 1: same registers, same threads.
            let same = src.elems_per_thread() == dst.elems_per_thread()
                && (0..32 * nw).all(|t| (0..src.elems_per_thread()).all(|j| src.coords(t, j) == dst.coords(t, j)));
            if same {
                op.remove_attr(attrname::LAYOUT_SHARED);
                return;
            }
            let eb = elem_bytes(st);
            let shape = st.shape().to_vec();
            let (s, f) = choose(&src, &dst, &shape, eb, nw);
            op.set_attr(attrname::LAYOUT_SMEM_BYTES, Attr::int(s.bytes(&shape, eb) as i64, "i32"));
            op.set_attr(
                attrname::LAYOUT_WAVEFRONTS,
                Attr(format!("array<i64: {}, {}, {}, {}>", f[0], f[1], f[2], f[3])),
            );
            op.set_attr(attrname::LAYOUT_SHARED, s.to_attr());
        });
        err
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::bank_conflicts::wavefronts;
    use crate::analysis::shared_addresses::{address_plan, tid_bit_masks, Addr};
    use tile_dialects::ir::{Blocked, Encoding};
    use tile_dialects::layout::blocked::{blocked_with_order, transposed};

    #[test]
    fn transpose_64x64_f32_has_no_bank_conflicts() {
        // Lanes 2 x 16 (a warp reads two 256-byte rows): no row swizzle serves both sides
        // (2-way at best); the linear layouts do, with scalar accesses.
        let (src, dst) = transpose_sides();
        let (s, f) = choose(&src, &dst, &[64, 64], 4, 4);
        assert_eq!((f[0], f[2]), (f[1], f[3]), "{s:?} {f:?}");
        assert!(!s.xor.is_empty(), "{s:?}");
        assert_eq!(Shared::parse(&s.to_attr()), Some(s));
    }

    /// The transpose's two sides: lanes 2 x 16 reading rows, 16 x 2 writing columns.
    fn transpose_sides() -> (Dist, Dist) {
        let l = Encoding::Blocked(blocked_with_order(&[64, 64], &[1, 0], 4, 4));
        (Dist::of(&[64, 64], &l).unwrap(), Dist::of(&[64, 64], &transposed(&l).unwrap()).unwrap())
    }

    /// `s` maps a 2-D `shape` onto its offsets one to one, and gives each side's lanes
    /// as many banks as they have words (no conflicts).
    fn assert_conflict_free_permutation(s: &Shared, sides: [&Dist; 2], shape: [i64; 2], num_warps: u32) {
        let mut offs: Vec<i64> =
            (0..shape[0]).flat_map(|r| (0..shape[1]).map(move |c| [r, c])).map(|x| s.offset(&shape, &x)).collect();
        offs.sort();
        assert_eq!(offs, (0..shape[0] * shape[1]).collect::<Vec<_>>(), "{s:?}");
        for d in sides {
            let (w, ideal, _) = wavefronts(s, d, &shape, 4, num_warps);
            assert_eq!(w, ideal, "{shape:?} {s:?}");
        }
    }

    #[test]
    fn linear_layout_is_a_conflict_free_permutation() {
        let (src, dst) = transpose_sides();
        let s = linear_layout(&src, &dst, &[64, 64], &[1, 0]).unwrap();
        assert_conflict_free_permutation(&s, [&src, &dst], [64, 64], 4);
    }

    #[test]
    fn linear_layouts_of_many_pairs_are_conflict_free_permutations() {
        // Every pair of blocked layouts the linear layout accepts (2-D, vectors of 1 to
        // 4 elements, either order, 4 or 8 warps) gives a permutation of the tile, and
        // 32 banks to both sides' 32 lanes.
        let mut built = 0;
        for shape in [[64i64, 64], [32, 128], [128, 32], [16, 256]] {
            for nw in [4u32, 8] {
                let ls: Vec<Dist> = [[1u32, 0], [0, 1]]
                    .iter()
                    .flat_map(|o| [1u32, 2, 4].map(|v| (*o, v)))
                    .map(|(o, v)| Dist::of(&shape, &Encoding::Blocked(blocked_with_order(&shape, &o, v, nw))).unwrap())
                    .collect();
                for (a, b) in ls.iter().flat_map(|a| ls.iter().map(move |b| (a, b))) {
                    let Some(s) = linear_layout(a, b, &shape, &[1, 0]) else { continue };
                    built += 1;
                    assert_conflict_free_permutation(&s, [a, b], shape, nw);
                }
            }
        }
        assert!(built > 50, "{built}");
    }

    #[test]
    fn address_plans_reproduce_every_offset() {
        // Whatever the layout, a plan's bases, XORs and immediates give each thread the
        // offset the layout assigns; the transpose's linear layout needs 16 computed
        // addresses a side where the column-XOR swizzle needs 32 for its writes.
        let (src, dst) = transpose_sides();
        let mut layouts = vec![Shared::plain(1, 1, 1, 1, vec![1, 0]), Shared::plain(4, 1, 8, 0, vec![1, 0])];
        layouts.extend(linear_swizzle(&src, &dst, &[64, 64], 1, &[1, 0]));
        layouts.extend(linear_layout(&src, &dst, &[64, 64], &[1, 0]));
        let mut costs = vec![];
        for s in &layouts {
            for d in [&src, &dst] {
                let starts = access_starts(s, d, &[64, 64], 4);
                let plan = address_plan(s, d, &[64, 64], 4, &starts);
                let off = |t: u32, i: usize| s.offset(&[64, 64], &d.coords(t, starts[i]));
                for (i, a) in plan.iter().enumerate() {
                    for t in 0..128 {
                        let got = match a {
                            Addr::Base { offsets } => offsets[t as usize],
                            Addr::From { base, xor, add } => (off(t, *base) ^ xor) + add,
                        };
                        assert_eq!(got, off(t, i), "{s:?} access {i} thread {t}");
                    }
                }
                costs.push(address_cost(&plan));
            }
        }
        assert_eq!(costs[0..2], [1, 1], "{costs:?}");
        // The linear layout's bases are XORs of %tid.x bits (the lowering computes them
        // so); the padded layout's are not (row * 65 carries).
        let bases = |s: &Shared, d: &Dist| {
            let plan = address_plan(s, d, &[64, 64], 4, &access_starts(s, d, &[64, 64], 4));
            plan.into_iter()
                .filter_map(|a| if let Addr::Base { offsets } = a { Some(offsets) } else { None })
                .collect::<Vec<_>>()
        };
        for d in [&src, &dst] {
            assert!(bases(&layouts[3], d).iter().all(|o| tid_bit_masks(o).is_some()));
            assert!(bases(&layouts[0], d).iter().all(|o| tid_bit_masks(o).is_none()));
        }
        assert_eq!(costs[4..8], [32, 16, 16, 16], "{costs:?}");
        let (s, _) = choose(&src, &dst, &[64, 64], 4, 4);
        assert_eq!(Some(s), linear_layout(&src, &dst, &[64, 64], &[1, 0]));
    }

    #[test]
    fn blocks_move_whole_vectors_both_ways() {
        // 4x4 a thread: the block's transposition is register renaming, so 16-byte writes
        // and reads, conflict-free.
        let b = |tpw: Vec<u32>, wpc: Vec<u32>, order: Vec<u32>| {
            Encoding::Blocked(Blocked { size_per_thread: vec![4, 4], threads_per_warp: tpw, warps_per_cta: wpc, order })
        };
        let src = Dist::of(&[64, 64], &b(vec![2, 16], vec![4, 1], vec![1, 0])).unwrap();
        let dst = Dist::of(&[64, 64], &b(vec![16, 2], vec![1, 4], vec![0, 1])).unwrap();
        let (s, f) = choose(&src, &dst, &[64, 64], 4, 4);
        assert_eq!((f[0], f[2]), (f[1], f[3]), "{s:?} {f:?}");
        assert_eq!((s.access(&src, &[64, 64], 4), s.access(&dst, &[64, 64], 4)), (4, 4), "{s:?}");
    }

    #[test]
    fn transpose_of_line_wide_rows_prefers_padding() {
        // Without blocks (lanes 4x8), a padded layout is conflict-free and wins over an
        // equally conflict-free swizzle: one word a row, cheaper addresses.
        let l = Encoding::Blocked(Blocked {
            size_per_thread: vec![1, 4],
            threads_per_warp: vec![4, 8],
            warps_per_cta: vec![4, 1],
            order: vec![1, 0],
        });
        let src = Dist::of(&[64, 64], &transposed(&l).unwrap()).unwrap();
        let dst = Dist::of(&[64, 64], &l).unwrap();
        let (s, f) = choose(&src, &dst, &[64, 64], 4, 4);
        assert_eq!((f[0], f[2]), (f[1], f[3]), "{s:?} {f:?}");
        assert_eq!((s.max_phase, s.pad), (1, 1), "{s:?}");
    }

    #[test]
    fn transpose_64x64_f16_has_no_bank_conflicts() {
        let l = Encoding::Blocked(blocked_with_order(&[64, 64], &[1, 0], 8, 4));
        let src = Dist::of(&[64, 64], &transposed(&l).unwrap()).unwrap();
        let dst = Dist::of(&[64, 64], &l).unwrap();
        let (s, f) = choose(&src, &dst, &[64, 64], 2, 4);
        assert!(f[0] + f[2] <= f[1] + f[3] + f[3] / 8, "{s:?} {f:?}");
    }
}
