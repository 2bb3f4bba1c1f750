//! Bank conflicts of moving a distributed tile through a shared layout: every warp
//! instruction of one side simulated, split into the phases the hardware serves (32 lanes
//! for 4-byte accesses, 16 for 8, 8 for 16), the wavefronts of each phase being the most
//! distinct 4-byte words any bank holds. `smem-transpose` ranks layouts by it and
//! `--explain-layouts` reports it.

use crate::analysis::shared_addresses::access_starts;
use tile_dialects::layout::{Dist, Shared};

/// Wavefronts of moving `d`'s registers through `s` (all warps), and the conflict-free count.
pub fn wavefronts(s: &Shared, d: &Dist, shape: &[i64], elem_bytes: u32, num_warps: u32) -> (u64, u64, u64) {
    wavefronts_with(s, d, &d.coord_table(num_warps), shape, elem_bytes, num_warps, u64::MAX)
}

/// [`wavefronts`] over a precomputed [`Dist::coord_table`]; stops as soon as the total passes
/// `limit` (the returned total is then some value above it): a candidate layout already
/// worse than the best so far costs a fraction of a full simulation.
pub fn wavefronts_with(
    s: &Shared,
    d: &Dist,
    coords: &[Vec<i64>],
    shape: &[i64],
    elem_bytes: u32,
    num_warps: u32,
    limit: u64,
) -> (u64, u64, u64) {
    let v = s.access(d, shape, elem_bytes);
    let bytes = v as i64 * elem_bytes as i64;
    let lanes_per_phase = if bytes <= 4 { 32 } else { (128 / bytes) as u32 };
    let (mut total, mut ideal, mut instrs) = (0u64, 0u64, 0u64);
    let n = d.elems_per_thread();
    let starts = access_starts(s, d, shape, elem_bytes);
    // Distinct words per bank in one phase: at most 32 lanes x 4 words land in a bank.
    // Fixed arrays, not vectors: this loop runs for every candidate layout.
    let mut words = [[0i64; 128]; 32];
    let mut counts: [usize; 32];
    for w in 0..num_warps {
        for &j in &starts {
            instrs += 1;
            for phase in 0..32 / lanes_per_phase {
                counts = [0; 32];
                for l in 0..lanes_per_phase {
                    let tid = w * 32 + phase * lanes_per_phase + l;
                    let start = s.offset(shape, &coords[tid as usize * n + j]) * elem_bytes as i64;
                    let mut word = start / 4;
                    while word * 4 < start + bytes {
                        let b = (word % 32) as usize;
                        if !words[b][..counts[b]].contains(&word) {
                            words[b][counts[b]] = word;
                            counts[b] += 1;
                        }
                        word += 1;
                    }
                }
                total += counts.iter().copied().max().unwrap_or(1).max(1) as u64;
                ideal += 1;
            }
            if total > limit {
                return (total, ideal, instrs);
            }
        }
    }
    (total, ideal, instrs)
}
