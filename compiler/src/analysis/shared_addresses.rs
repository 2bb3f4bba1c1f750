//! Shared addresses of a conversion side: which accesses must compute the layout's
//! offset and which are another's offset XOR a constant plus an immediate. The pass
//! `smem-transpose` ranks layouts by this count and the lowering emits exactly this plan,
//! so the two cannot disagree.
//!
//! 1. Every thread's element offset of every access is known at compile time (the
//!    layout's `offset` of the distribution's coordinates).
//! 2. An access whose offsets differ from a base's by one constant in every thread is
//!    that base plus the constant.
//! 3. One whose offsets are a base's XOR one constant splits it: the bits no thread's
//!    base offset ever sets are added, the rest XORed (one `xor` a distinct constant).
//! 4. Any other access is a new base.

use std::collections::HashMap;
use tile_dialects::layout::{Dist, Shared};

/// The first register of each shared access of `d` through `s`.
pub fn access_starts(s: &Shared, d: &Dist, shape: &[i64], elem_bytes: u32) -> Vec<usize> {
    d.vectors(s.inner(), s.access(d, shape, elem_bytes)).iter().map(|r| r[0]).collect()
}

/// How one access of a conversion side gets its shared address (the lowering's step 3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Addr {
    /// The layout's arithmetic: its element offset in every thread of the program (the
    /// lowering may compute it from `%tid.x` when it is linear in the bits).
    Base { offsets: Vec<i64> },
    /// The offset of access `base` (a `Base`) XOR `xor`, plus `add`: one `xor` shared by
    /// every access with the same pair, and an immediate of the `ld/st.shared`.
    From { base: usize, xor: i64, add: i64 },
}

/// The addresses of the accesses starting at registers `starts`. Every thread's offset
/// of each access is known here, so: an access whose offset differs from a base's by one
/// constant in every thread adds it; one that is a base's XOR one constant (swizzles are
/// XORs) adds the part of it no thread's base offset has bits in, and XORs the rest;
/// any other access is a base.
pub fn address_plan(s: &Shared, d: &Dist, shape: &[i64], num_warps: u32, starts: &[usize]) -> Vec<Addr> {
    plan_with(s, &d.coord_table(num_warps), d.elems_per_thread(), shape, starts)
}

/// `address_plan` over a `coord_table` of `n` registers a thread.
pub fn plan_with(s: &Shared, coords: &[Vec<i64>], n: usize, shape: &[i64], starts: &[usize]) -> Vec<Addr> {
    plan_offsets(starts.iter().map(|&j| coords.iter().skip(j).step_by(n).map(|x| s.offset(shape, x)).collect()))
}

/// The plan of accesses given by every thread's element offset (`offs[tid]`, one vector
/// an access).
pub fn plan_offsets(accesses: impl IntoIterator<Item = Vec<i64>>) -> Vec<Addr> {
    // Bases by how their offset varies over threads (less, and XOR, thread 0's):
    // (access index, thread 0's offset, OR of every thread's).
    let mut by_diff: HashMap<Vec<i64>, (usize, i64)> = HashMap::new();
    let mut by_xor: HashMap<Vec<i64>, (usize, i64, i64)> = HashMap::new();
    let mut plan = vec![];
    for (i, offs) in accesses.into_iter().enumerate() {
        let diff: Vec<i64> = offs.iter().map(|o| o - offs[0]).collect();
        let xor: Vec<i64> = offs.iter().map(|o| o ^ offs[0]).collect();
        if let Some(&(base, first)) = by_diff.get(&diff) {
            plan.push(Addr::From { base, xor: 0, add: offs[0] - first });
        } else if let Some(&(base, first, support)) = by_xor.get(&xor) {
            let c = offs[0] ^ first;
            plan.push(Addr::From { base, xor: c & support, add: c & !support });
        } else {
            by_diff.insert(diff, (i, offs[0]));
            by_xor.insert(xor, (i, offs[0], offs.iter().fold(0, |a, o| a | o)));
            plan.push(Addr::Base { offsets: offs });
        }
    }
    plan
}

/// For offsets given per thread (`offs[tid]`, a power-of-two count), the mask each
/// `%tid.x` bit XORs in, when every thread's offset is `offs[0]` XOR the masks of its set
/// bits (swizzled layouts are often so); `None` otherwise.
pub fn tid_bit_masks(offs: &[i64]) -> Option<Vec<i64>> {
    let bits = offs.len().trailing_zeros();
    let m: Vec<i64> = (0..bits).map(|k| offs[1 << k] ^ offs[0]).collect();
    let linear = (0..offs.len())
        .all(|t| offs[t] == (0..bits).filter(|k| t >> k & 1 == 1).fold(offs[0], |a, k| a ^ m[k as usize]));
    linear.then_some(m)
}

/// The address computations a plan costs: its bases and its distinct XORs.
pub fn address_cost(plan: &[Addr]) -> usize {
    let mut xors: Vec<(usize, i64)> = plan
        .iter()
        .filter_map(|a| if let Addr::From { base, xor, .. } = a { Some((*base, *xor)) } else { None })
        .collect();
    xors.retain(|(_, x)| *x != 0);
    xors.sort();
    xors.dedup();
    plan.iter().filter(|a| matches!(a, Addr::Base { .. })).count() + xors.len()
}
