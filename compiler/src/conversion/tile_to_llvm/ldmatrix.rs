//! `local_load` into a dot operand by `ldmatrix`: one instruction gives each lane a
//! 32-bit pair from each of up to four 8x8 matrices of 16-bit elements, which is exactly
//! how mma.sync's operand fragments are spread.
//!
//! 1. Applies when the destination's linear layout has the fragment's shape: register
//!    bit 0 is the pair (one step along K), lanes 0-1 step K by 2 and 4, lanes 2-4 step
//!    the other dimension by 1, 2, 4; and the shared layout keeps 8 elements (16 bytes)
//!    contiguous along K (plain) or along the other dimension (`.trans`).
//! 2. Registers come in groups of 8 (x4), 4 (x2) or 2 (x1): register bits 1-2 pick the
//!    group's matrices. Lane `l` gives the address of row `l % 8` of matrix `l / 8`: the
//!    coordinates of that row's first element are linear in the lane and warp bits, so
//!    every thread's offset is known here and becomes an address plan (bases from
//!    `%tid.x`'s bits, the other groups immediates or XORs of them).
//!
//! Anything else reads through the generic path (`read_tile`).

use super::convert::emit_plan;
use super::Lowerer;
use crate::analysis::shared_addresses::{plan_offsets, tid_bit_masks, Addr};
use crate::passes::PassError;
use tile_dialects::ir::{Attr, Builder, Type, ValueId};
use tile_dialects::layout::{Dist, HwDim, LinearLayout, Shared};

/// Step 1: (K dimension, other dimension, transposed) when ldmatrix applies.
fn fragment_dims(d: &Dist, s: &Shared, ety: &Type) -> Option<(usize, usize, bool)> {
    if ety.bits() != 16 || d.rank() != 2 || d.ll.reg.is_empty() || d.ll.lane.len() != 5 {
        return None;
    }
    let unit = |v: &Vec<i64>| {
        let nz: Vec<usize> = (0..v.len()).filter(|&i| v[i] != 0).collect();
        (nz.len() == 1).then(|| (nz[0], v[nz[0]]))
    };
    let (kd, one) = unit(&d.ll.reg[0])?;
    let od = 1 - kd;
    let want = [(kd, 2), (kd, 4), (od, 1), (od, 2), (od, 4)];
    if one != 1 || d.ll.lane.iter().map(unit).collect::<Option<Vec<_>>>()? != want {
        return None;
    }
    // Rows of 8 contiguous, 16-byte aligned elements along the shared layout's inner
    // dimension (swizzles move whole 16-byte chunks).
    let inner = s.inner();
    let chunks_whole = s.pad == 0 && s.xor.is_empty() && (s.max_phase <= 1 || s.vec >= 8);
    (chunks_whole && d.shape[inner] >= 8).then_some((kd, od, inner == od))
}

impl Lowerer<'_> {
    /// `local_load` of `d` from `s` at `base` by ldmatrix, or `None` where it does not apply.
    pub(super) fn ldmatrix(
        &mut self,
        b: &mut Builder,
        base: ValueId,
        s: &Shared,
        d: &Dist,
        ety: &Type,
    ) -> Result<Option<Vec<ValueId>>, PassError> {
        let Some((kd, od, trans)) = fragment_dims(d, s, ety) else { return Ok(None) };
        let row_dim = if trans { kd } else { od };
        let nregs = d.elems_per_thread();
        let per = nregs.min(8); // registers an instruction fills: 8 (x4), 4 (x2), 2 (x1)
        let mats = per / 2;
        // Step 2: the address layout of one instruction: lane bits 0-2 walk a matrix's
        // rows, lane bits 3-4 pick the matrix (register bits 1-2), warps as the operand's.
        let mut addr = LinearLayout::empty(&d.shape);
        addr.push_run(HwDim::Lane, row_dim, 1, 3);
        for k in 0..2 {
            let basis = if 1 << (k + 1) < per { d.ll.reg[k + 1].clone() } else { vec![0; 2] };
            addr.lane.push(basis);
        }
        addr.warp = d.ll.warp.clone();
        let threads = 32 * self.num_warps;
        let groups: Vec<usize> = (0..nregs).step_by(per).collect();
        let offsets: Vec<Vec<i64>> = groups
            .iter()
            .map(|&g| {
                let origin = d.reg_offsets(g);
                (0..threads)
                    .map(|t| {
                        let c = addr.coords(0, t % 32, t / 32);
                        let x: Vec<i64> = (0..2).map(|i| (c[i] + origin[i]) & (d.shape[i] - 1)).collect();
                        s.offset(&d.shape, &x)
                    })
                    .collect()
            })
            .collect();
        let plan = plan_offsets(offsets);
        let linear = plan.iter().all(|a| match a {
            Addr::Base { offsets } => tid_bit_masks(offsets).is_some(),
            Addr::From { .. } => true,
        });
        if !linear {
            return Ok(None);
        }
        let ptrs = emit_plan(b, base, &plan, Some(self.tid), ety, |b, _| b.const_int(0, 32));
        let layout = if trans { "col" } else { "row" };
        let rt = Type::Other(format!("!llvm.struct<({})>", vec!["i32"; mats].join(", ")));
        let vt = Type::Other(format!("vector<2x{ety}>"));
        let mut vals = vec![0; nregs];
        for (&g, p) in groups.iter().zip(ptrs) {
            let st = b.op1(
                "nvvm.ldmatrix",
                &[p],
                rt.clone(),
                &[
                    ("num", Attr::int(mats as i64, "i32")),
                    ("layout", Attr(format!("#nvvm.mma_layout<{layout}>"))),
                    ("shape", Attr("#nvvm.ld_st_matrix_shape<m = 8, n = 8>".into())),
                    ("eltType", Attr("#nvvm.ld_st_matrix_elt_type<b16>".into())),
                ],
            );
            for m in 0..mats {
                let w =
                    b.op1("llvm.extractvalue", &[st], Type::Int(32), &[("position", Attr(format!("array<i64: {m}>")))]);
                let v2 = b.op1("llvm.bitcast", &[w], vt.clone(), &[]);
                for h in 0..2 {
                    let i = b.const_int(h as i64, 32);
                    vals[g + 2 * m + h] = b.op1("llvm.extractelement", &[v2, i], ety.clone(), &[]);
                }
            }
        }
        Ok(Some(vals))
    }
}
