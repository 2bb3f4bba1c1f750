//! Tiles moved between registers and shared memory by whole 8x8 matrices
//! (`layout::matrix`): `ldmatrix` for a `local_load` into a dot operand, `stmatrix`
//! (sm_90) for a tensor-core accumulator written to shared memory (the epilogue's
//! conversion). One instruction moves four matrices: 16 bytes a thread, where plain
//! shared stores of a fragment move its 4-byte pairs one by one.
//!
//! The rows each lane addresses are a distribution of their own
//! (`matrix::row_addresses`), so their offsets come from the same address plan as any
//! shared access (`convert::addresses`: bases from `%tid.x`'s bits or the thread's
//! coordinates, the other instructions immediates or XORs of them).
//!
//! Anything else goes through the generic path (`read_tile` / `write_tile`).

use super::convert::addresses;
use super::{elements_of, vector_of, Lowerer};
use crate::options::Arch;
use tile_dialects::ir::{Attr, Builder, Type, ValueId};
use tile_dialects::layout::matrix::{fragment, row_addresses, Fragment};
use tile_dialects::layout::{Dist, Shared};

/// Whether the lowering writes `d` (elements of `elem_bits`) into `s` with `stmatrix`
/// (also what `--explain-layouts` reports).
pub fn stmatrix_applies(arch: Arch, d: &Dist, s: &Shared, elem_bits: u32) -> Option<Fragment> {
    (arch != Arch::Sm80).then(|| fragment(d, s, elem_bits)).flatten()
}

/// The matrix attributes `nvvm.ldmatrix` and `nvvm.stmatrix` share.
fn matrix_attrs(f: &Fragment) -> Vec<(&'static str, Attr)> {
    vec![
        ("layout", Attr(format!("#nvvm.mma_layout<{}>", if f.trans { "col" } else { "row" }))),
        ("shape", Attr("#nvvm.ld_st_matrix_shape<m = 8, n = 8>".into())),
        ("eltType", Attr("#nvvm.ld_st_matrix_elt_type<b16>".into())),
    ]
}

impl Lowerer<'_> {
    /// The address of each instruction's rows: one pointer per `f.regs` registers of `d`.
    fn matrix_rows(
        &mut self,
        b: &mut Builder,
        base: ValueId,
        s: &Shared,
        d: &Dist,
        f: &Fragment,
        ety: &Type,
    ) -> Vec<ValueId> {
        let rows = row_addresses(d, f);
        let parts = self.thread_parts(b, &rows);
        let each: Vec<Vec<usize>> = (0..rows.elems_per_thread()).map(|i| vec![i]).collect();
        addresses(b, base, s, &rows, &d.shape, (self.tid, &parts), &each, self.num_warps, ety)
    }

    /// `local_load` of `d` from `s` at `base` by ldmatrix, or `None` where it does not apply.
    pub(super) fn ldmatrix(
        &mut self,
        b: &mut Builder,
        base: ValueId,
        s: &Shared,
        d: &Dist,
        ety: &Type,
    ) -> Option<Vec<ValueId>> {
        let f = fragment(d, s, ety.bits())?;
        let ptrs = self.matrix_rows(b, base, s, d, &f, ety);
        let mats = f.matrices();
        let rt = Type::Other(format!("!llvm.struct<({})>", vec!["i32"; mats].join(", ")));
        let vt = Type::Other(format!("vector<2x{ety}>"));
        let mut attrs = matrix_attrs(&f);
        attrs.push(("num", Attr::int(mats as i64, "i32")));
        let mut vals = vec![0; d.elems_per_thread()];
        for (i, p) in ptrs.into_iter().enumerate() {
            let st = b.op1("nvvm.ldmatrix", &[p], rt.clone(), &attrs);
            for m in 0..mats {
                let w =
                    b.op1("llvm.extractvalue", &[st], Type::Int(32), &[("position", Attr(format!("array<i64: {m}>")))]);
                let v2 = b.op1("llvm.bitcast", &[w], vt.clone(), &[]);
                let at = i * f.regs + 2 * m;
                vals[at..at + 2].copy_from_slice(&elements_of(b, v2, 2, ety));
            }
        }
        Some(vals)
    }

    /// Writes the registers `vals` of `d` into `s` at `base` by stmatrix; `false` (nothing
    /// emitted) where it does not apply.
    pub(super) fn stmatrix(
        &mut self,
        b: &mut Builder,
        base: ValueId,
        s: &Shared,
        d: &Dist,
        vals: &[ValueId],
        ety: &Type,
    ) -> bool {
        let Some(f) = stmatrix_applies(self.arch, d, s, ety.bits()) else { return false };
        let ptrs = self.matrix_rows(b, base, s, d, &f, ety);
        let attrs = matrix_attrs(&f);
        for (i, p) in ptrs.into_iter().enumerate() {
            let mut ops = vec![p];
            for m in 0..f.matrices() {
                let at = i * f.regs + 2 * m;
                let v2 = vector_of(b, &vals[at..at + 2], ety);
                ops.push(b.op1("llvm.bitcast", &[v2], Type::Int(32), &[]));
            }
            b.op("nvvm.stmatrix", &ops, &[], &attrs);
        }
        true
    }
}
