//! Which tensor-core form a `dot` takes, and the encodings that form gives its
//! accumulator and operands (Triton's AccelerateMatmul choices).
//!
//! - wgmma (`#layout.mma` version 3), on sm_90a: a warp group (4 warps) computes m64nN
//!   a instruction with B read from shared memory in an `#layout.nvmma` layout through a
//!   matrix descriptor, and A the same way, or from registers (`#layout.dot_op`) where A
//!   is a 16-bit value the program computed in an accumulator encoding of its M warps
//!   (attention's `p`: the accumulator's registers are already A's fragment). Needs M a
//!   multiple of 64 per warp group, N a multiple of 8, K a multiple of the instruction's
//!   K, and a multiple of 4 warps.
//! - mma.sync (version 2), on sm_80 and later: each warp computes m16n8 instructions
//!   from operands in registers (`#layout.dot_op`), loaded from shared memory by
//!   `ldmatrix` where the layout allows, or converted from registers where the program
//!   computed them. Any M and N: rows and columns past a small tile's end are copies (the
//!   padding is free). K must be a multiple of the instruction's K.
//! - otherwise CUDA cores (`tile.dot` on blocked encodings), with the reason kept for
//!   `--explain-layouts`.

use crate::attrs::InputPrecision;
use crate::ir::{Encoding, Mma, Shared, Type};

/// How a dot runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DotPlan {
    /// wgmma: accumulator encoding and the operands (B always `Operand::Shared`).
    Wgmma { acc: Encoding, a: Operand, b: Operand },
    /// mma.sync: accumulator encoding and the operands (`Staged` or `Regs`).
    MmaSync { acc: Encoding, a: Operand, b: Operand },
    /// CUDA cores, and why no tensor-core form applies.
    Fma { why: String },
}

/// Where a tensor-core instruction reads an operand from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operand {
    /// A shared buffer in this layout, read by wgmma through a descriptor.
    Shared(Shared),
    /// Staged through a shared buffer in this layout (where software pipelining can fill
    /// it by asynchronous copies), then loaded into registers in this encoding.
    Staged(Shared, Encoding),
    /// Already in registers (computed, not loaded): converted to this encoding, which
    /// costs nothing where the value's encoding holds the same elements in the same
    /// threads.
    Regs(Encoding),
    /// Converted at the dot from the encoding it arrives in to this one (a batched dot's
    /// operands: neither staged for `ldmatrix` nor demanded in this encoding upstream,
    /// where a `trans` or a load could not take it).
    Converted(Encoding),
}

impl DotPlan {
    /// The accumulator's encoding of a tensor-core plan.
    pub fn acc(&self) -> Option<&Encoding> {
        match self {
            DotPlan::Wgmma { acc, .. } | DotPlan::MmaSync { acc, .. } => Some(acc),
            DotPlan::Fma { .. } => None,
        }
    }

    /// The operands of a tensor-core plan.
    pub fn operands(&self) -> Option<[&Operand; 2]> {
        match self {
            DotPlan::Wgmma { a, b, .. } | DotPlan::MmaSync { a, b, .. } => Some([a, b]),
            DotPlan::Fma { .. } => None,
        }
    }
}

/// Where a dot's operand comes from, as the plan needs to know it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Loaded from memory (staged through shared memory, so it can be copied ahead).
    Loaded,
    /// Computed by the program, held in registers in this encoding.
    Computed(Encoding),
}

/// The tensor-core element kind of a dot: PTX's name, the instruction's K, and the
/// elements a 32-bit register holds (k_width).
fn kind(a: &Type, b: &Type, acc: &Type, precision: InputPrecision) -> Result<(&'static str, u32, u32), String> {
    match (a, b, acc) {
        (Type::F16, Type::F16, Type::F32) => Ok(("f16", 16, 2)),
        (Type::BF16, Type::BF16, Type::F32) => Ok(("bf16", 16, 2)),
        (Type::F32, Type::F32, Type::F32) if precision != InputPrecision::Ieee => Ok(("tf32", 8, 1)),
        (Type::F32, Type::F32, Type::F32) => Err("input_precision = \"ieee\" keeps exact f32 products".into()),
        (Type::Int(8), Type::Int(8), Type::Int(32)) => Ok(("s8", 32, 4)),
        // fp8 tensor cores add each product into about 14 mantissa bits: exact f32 sums,
        // when asked for, are the CUDA cores' (a 0.35 relative error on a cancelling sum
        // of Triton's test_dot on an H200).
        (Type::F8E4M3 | Type::F8E5M2, _, Type::F32) if precision == InputPrecision::Ieee => {
            Err("input_precision = \"ieee\" keeps exact f32 sums (fp8 tensor cores add into about 14 mantissa bits)"
                .into())
        }
        (Type::F8E4M3, Type::F8E4M3, Type::F32) => Ok(("e4m3", 32, 4)),
        (Type::F8E5M2, Type::F8E5M2, Type::F32) => Ok(("e5m2", 32, 4)),
        _ => Err(format!("no tensor-core instruction multiplies {a} x {b} into {acc}")),
    }
}

/// The PTX element name of a dot's operands (`f16`, `bf16`, `tf32`, `s8`).
pub fn ptx_kind(a: &Type, b: &Type, acc: &Type, precision: InputPrecision) -> Option<&'static str> {
    kind(a, b, acc, precision).ok().map(|k| k.0)
}

/// Warps along M and N for mma.sync: split the dimension with more instructions left
/// per warp first (Triton's warpsPerTileV2).
fn warps_v2(m: i64, n: i64, num_warps: u32) -> (u32, u32) {
    let (mut wm, mut wn) = (1u32, 1u32);
    while wm * wn < num_warps {
        if m / (16 * wm as i64) >= n / (8 * wn as i64) && (16 * wm as i64) < m {
            wm *= 2;
        } else if (8 * wn as i64) < n {
            wn *= 2;
        } else {
            wm *= 2;
        }
    }
    (wm, wn)
}

/// The shared layout an operand is staged in: its source's contiguous dimension stays
/// contiguous (so global loads and asynchronous copies move whole 16-byte vectors), with
/// the widest swizzle its rows allow; rows under 32 bytes (a tile narrower than the
/// tensor cores' swizzle) are stored plainly, which only mma.sync can read.
fn staging(shape: &[i64], order: &[u32], elem_bytes: u32) -> Shared {
    let inner = order[0] as usize;
    match Shared::nvmma_swizzle_for(shape[inner] * elem_bytes as i64) {
        0 => Shared::plain(1, 1, 1, 0, order.to_vec()),
        sw => Shared::nvmma(sw, elem_bytes, order.to_vec()),
    }
}

/// Whether a computed A in encoding `src` already holds wgmma's A fragment for the
/// accumulator `acc`: an accumulator encoding with the same warps along M (A's registers
/// are the accumulator's, pairs of columns being pairs of K), and no warps along N
/// (which would each need all of A).
fn a_fragment_in_place(src: &Encoding, acc: &Mma) -> bool {
    matches!(src, Encoding::Mma(s) if s.version == 3
        && s.warps_per_cta.first() == acc.warps_per_cta.first()
        && s.warps_per_cta.get(1) == Some(&1)
        && acc.warps_per_cta.get(1) == Some(&1))
}

/// The plan for `acc + a @ b` with A `[m, k]`, B `[k, n]` (their registers' dimension
/// orders `a_order`, `b_order`, fastest first; where each comes from), with `num_warps`
/// warps, on a target that has wgmma (sm_90a) or not.
pub fn plan(
    (m, n, k): (i64, i64, i64),
    (a, b, acc): (&Type, &Type, &Type),
    precision: InputPrecision,
    (a_order, b_order): (&[u32], &[u32]),
    (a_src, b_src): (&Source, &Source),
    wgmma: bool,
    num_warps: u32,
) -> DotPlan {
    let (ptx, ik, kw) = match kind(a, b, acc, precision) {
        Ok(x) => x,
        Err(why) => return DotPlan::Fma { why },
    };
    let eb = a.bits() / 8;
    if a.is_fp8() && !wgmma {
        // mma.sync's fp8 shapes (sm_89) are not lowered: CUDA cores, exactly.
        return DotPlan::Fma { why: "fp8 tensor cores are used through wgmma only (sm_90a)".into() };
    }
    if k % ik as i64 != 0 {
        return DotPlan::Fma { why: format!("K = {k} is not a multiple of the {ptx} instruction's K = {ik}") };
    }
    // Only 16-bit types may be read from shared memory with M or N contiguous (wgmma
    // transposes them); others are staged K-contiguous.
    let a_order: Vec<u32> = if eb == 2 { a_order.to_vec() } else { vec![1, 0] };
    let b_order: Vec<u32> = if eb == 2 { b_order.to_vec() } else { vec![0, 1] };
    let (sa, sb) = (staging(&[m, k], &a_order, eb), staging(&[k, n], &b_order, eb));
    let dot_op =
        |idx, parent: &Mma| Encoding::DotOp { idx, parent: Box::new(Encoding::Mma(parent.clone())), k_width: kw };
    let a_regs = |acc: &Mma| match a_src {
        Source::Computed(e) if eb == 2 && a_fragment_in_place(e, acc) => Some(Operand::Regs(dot_op(0, acc))),
        _ => None,
    };
    let a_ok = sa.nvmma > 0 || matches!(a_src, Source::Computed(_));
    if wgmma && a_ok && sb.nvmma > 0 && num_warps.is_multiple_of(4) && m % 64 == 0 && n % 8 == 0 {
        let groups = num_warps / 4;
        let gm = (groups as i64).min(m / 64) as u32;
        let gn = groups / gm;
        let per_n = n / gn as i64;
        if per_n % 8 == 0 {
            let instr_n = (1..=per_n.min(256) / 8).rev().map(|x| x * 8).find(|x| per_n % x == 0).unwrap_or(8);
            let mma = Mma { version: 3, warps_per_cta: vec![4 * gm, gn], instr_shape: vec![64, instr_n as u32, ik] };
            if let Some(a) = a_regs(&mma).or_else(|| (sa.nvmma > 0).then(|| Operand::Shared(sa.clone()))) {
                return DotPlan::Wgmma { acc: Encoding::Mma(mma), a, b: Operand::Shared(sb) };
            }
        }
    }
    let (wm, wn) = warps_v2(m, n, num_warps);
    let mma = Mma { version: 2, warps_per_cta: vec![wm, wn], instr_shape: vec![16, 8, ik] };
    let operand = |idx, src: &Source, s: Shared| match src {
        Source::Computed(_) => Operand::Regs(dot_op(idx, &mma)),
        Source::Loaded => Operand::Staged(s, dot_op(idx, &mma)),
    };
    DotPlan::MmaSync { acc: Encoding::Mma(mma.clone()), a: operand(0, a_src, sa), b: operand(1, b_src, sb) }
}

/// The plan for a batched dot, `acc[z] + a[z] @ b[z]` with A `[batch, m, k]`, B
/// `[batch, k, n]`: mma.sync on every target, as Triton's (wgmma's instructions have no
/// batch dimension), its warps along the batch first (up to one a batch), the rest split
/// over M and N as a 2-D dot's. The operands are converted at the dot from the encoding
/// they arrive in (no staging: `ldmatrix` and asynchronous copies are for 2-D tiles).
pub fn plan_batched(
    (batch, m, n, k): (i64, i64, i64, i64),
    (a, b, acc): (&Type, &Type, &Type),
    precision: InputPrecision,
    num_warps: u32,
) -> DotPlan {
    let (ptx, ik, kw) = match kind(a, b, acc, precision) {
        Ok(x) => x,
        Err(why) => return DotPlan::Fma { why },
    };
    if a.is_fp8() {
        return DotPlan::Fma { why: "fp8 tensor cores are used through wgmma only, which has no batched form".into() };
    }
    if k % ik as i64 != 0 {
        return DotPlan::Fma { why: format!("K = {k} is not a multiple of the {ptx} instruction's K = {ik}") };
    }
    let wb = (batch.max(1) as u32).min(num_warps);
    let (wm, wn) = warps_v2(m, n, num_warps / wb);
    let mma = Mma { version: 2, warps_per_cta: vec![wb, wm, wn], instr_shape: vec![16, 8, ik] };
    let operand =
        |idx| Operand::Converted(Encoding::DotOp { idx, parent: Box::new(Encoding::Mma(mma.clone())), k_width: kw });
    DotPlan::MmaSync { acc: Encoding::Mma(mma.clone()), a: operand(0), b: operand(1) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matmul_tile_on_hopper_is_wgmma() {
        let p = plan((128, 256, 64), F16, InputPrecision::Tf32, ROW, LOADED, true, 8);
        let DotPlan::Wgmma { acc, a: Operand::Shared(a), b: Operand::Shared(b) } = p else { panic!("{p:?}") };
        assert_eq!(acc.to_string(), "#layout.mma<3 : i32, array<i32: 8, 1>, array<i32: 64, 256, 16>>");
        assert_eq!((a.nvmma, b.nvmma), (128, 128));
        assert_eq!(b.order, vec![1, 0]);
    }

    #[test]
    fn fp8_is_wgmma_k32_or_cuda_cores() {
        let e4 = (&Type::F8E4M3, &Type::F8E4M3, &Type::F32);
        let p = plan((128, 128, 64), e4, InputPrecision::Tf32, ROW, LOADED, true, 4);
        let DotPlan::Wgmma { acc, a: Operand::Shared(a), .. } = &p else { panic!("{p:?}") };
        assert_eq!(acc.to_string(), "#layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 128, 32>>");
        assert_eq!(a.order, vec![1, 0]); // K-contiguous, as for i8
        assert!(matches!(plan((128, 128, 64), e4, InputPrecision::Tf32, ROW, LOADED, false, 4), DotPlan::Fma { .. }));
        assert!(matches!(plan((64, 64, 16), e4, InputPrecision::Tf32, ROW, LOADED, true, 4), DotPlan::Fma { .. }));
    }

    const F16: (&Type, &Type, &Type) = (&Type::F16, &Type::F16, &Type::F32);
    const ROW: (&[u32], &[u32]) = (&[1, 0], &[1, 0]);
    const LOADED: (&Source, &Source) = (&Source::Loaded, &Source::Loaded);

    #[test]
    fn attention_p_is_read_from_registers() {
        // p = softmax(q @ k^T) in the first product's accumulator, then p @ v.
        let first = Mma { version: 3, warps_per_cta: vec![4, 1], instr_shape: vec![64, 64, 16] };
        let p_src = Source::Computed(Encoding::Mma(first));
        let p = plan((64, 128, 64), F16, InputPrecision::Tf32, ROW, (&p_src, &Source::Loaded), true, 4);
        let DotPlan::Wgmma { a: Operand::Regs(a), b: Operand::Shared(_), .. } = &p else { panic!("{p:?}") };
        assert_eq!(
            a.to_string(),
            "#layout.dot_op<0 : i32, #layout.mma<3 : i32, array<i32: 4, 1>, array<i32: 64, 128, 16>>, 2 : i32>"
        );
        // On mma.sync the computed operand is converted, not staged.
        let p = plan((64, 128, 64), F16, InputPrecision::Tf32, ROW, (&p_src, &Source::Loaded), false, 4);
        let DotPlan::MmaSync { a: Operand::Regs(_), b: Operand::Staged(..), .. } = &p else { panic!("{p:?}") };
        // Warps split along N would each need all of A: staged through shared memory.
        let p = plan((64, 256, 64), F16, InputPrecision::Tf32, ROW, (&p_src, &Source::Loaded), true, 8);
        let DotPlan::Wgmma { a: Operand::Shared(_), .. } = &p else { panic!("{p:?}") };
    }

    #[test]
    fn other_targets_and_shapes_use_mma_sync() {
        let p = plan((128, 256, 64), F16, InputPrecision::Tf32, ROW, LOADED, false, 8);
        assert!(matches!(p, DotPlan::MmaSync { a: Operand::Staged(..), b: Operand::Staged(..), .. }), "{p:?}");
        let p = plan((16, 16, 32), (&Type::BF16, &Type::BF16, &Type::F32), InputPrecision::Tf32, ROW, LOADED, true, 4);
        let DotPlan::MmaSync { acc, .. } = p else { panic!("{p:?}") };
        // One instruction row and two columns of them: the other two warps hold copies.
        assert_eq!(acc.to_string(), "#layout.mma<2 : i32, array<i32: 2, 2>, array<i32: 16, 8, 16>>");
    }

    #[test]
    fn cuda_cores_say_why() {
        let p = plan((64, 64, 64), (&Type::F32, &Type::F32, &Type::F32), InputPrecision::Ieee, ROW, LOADED, true, 4);
        assert!(matches!(p, DotPlan::Fma { ref why } if why.contains("ieee")), "{p:?}");
        let p = plan((64, 64, 8), F16, InputPrecision::Tf32, ROW, LOADED, true, 4);
        assert!(matches!(p, DotPlan::Fma { ref why } if why.contains("multiple")), "{p:?}");
    }
}
