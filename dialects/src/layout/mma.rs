//! Which tensor-core form a `dot` takes, and the encodings that form gives its
//! accumulator and operands (Triton's AccelerateMatmul choices).
//!
//! - wgmma (`#layout.mma` version 3), on sm_90a: a warp group (4 warps) computes m64nN
//!   a instruction with both operands read from shared memory in `#layout.nvmma`
//!   layouts through matrix descriptors. Needs M a multiple of 64 per warp group, N a
//!   multiple of 8, K a multiple of the instruction's K, and a multiple of 4 warps.
//! - mma.sync (version 2), on sm_80 and later: each warp computes m16n8 instructions
//!   from operands in registers (`#layout.dot_op`), loaded from shared memory by
//!   `ldmatrix` where the layout allows. Any M and N: rows and columns past a small
//!   tile's end are copies (the padding is free). K must be a multiple of the
//!   instruction's K.
//! - otherwise CUDA cores (`tile.dot` on blocked encodings), with the reason kept for
//!   `--explain-layouts`.

use crate::ir::{Encoding, Mma, Shared, Type};

/// How a dot runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DotPlan {
    /// wgmma: accumulator encoding, and the shared layouts of A and B.
    Wgmma { acc: Encoding, a: Shared, b: Shared },
    /// mma.sync: accumulator encoding, the operands' register encodings, and the shared
    /// layouts they are staged through.
    MmaSync { acc: Encoding, a: (Encoding, Shared), b: (Encoding, Shared) },
    /// CUDA cores, and why no tensor-core form applies.
    Fma { why: String },
}

impl DotPlan {
    /// The accumulator's encoding of a tensor-core plan.
    pub fn acc(&self) -> Option<&Encoding> {
        match self {
            DotPlan::Wgmma { acc, .. } | DotPlan::MmaSync { acc, .. } => Some(acc),
            DotPlan::Fma { .. } => None,
        }
    }
}

/// The tensor-core element kind of a dot: PTX's name, the instruction's K, and the
/// elements a 32-bit register holds (k_width).
fn kind(a: &Type, b: &Type, acc: &Type, precision: &str) -> Result<(&'static str, u32, u32), String> {
    match (a, b, acc) {
        (Type::F16, Type::F16, Type::F32) => Ok(("f16", 16, 2)),
        (Type::BF16, Type::BF16, Type::F32) => Ok(("bf16", 16, 2)),
        (Type::F32, Type::F32, Type::F32) if precision != "ieee" => Ok(("tf32", 8, 1)),
        (Type::F32, Type::F32, Type::F32) => Err("input_precision = \"ieee\" keeps exact f32 products".into()),
        (Type::Int(8), Type::Int(8), Type::Int(32)) => Ok(("s8", 32, 4)),
        _ => Err(format!("no tensor-core instruction multiplies {a} x {b} into {acc}")),
    }
}

/// The PTX element name of a dot's operands (`f16`, `bf16`, `tf32`, `s8`).
pub fn ptx_kind(a: &Type, b: &Type, acc: &Type, precision: &str) -> Option<&'static str> {
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

/// The plan for `acc + a @ b` with A `[m, k]`, B `[k, n]` (their registers' dimension
/// orders `a_order`, `b_order`, fastest first), with `num_warps` warps, on a target that
/// has wgmma (sm_90a) or not.
pub fn plan(
    (m, n, k): (i64, i64, i64),
    (a, b, acc): (&Type, &Type, &Type),
    precision: &str,
    (a_order, b_order): (&[u32], &[u32]),
    wgmma: bool,
    num_warps: u32,
) -> DotPlan {
    let (ptx, ik, kw) = match kind(a, b, acc, precision) {
        Ok(x) => x,
        Err(why) => return DotPlan::Fma { why },
    };
    let eb = a.bits() / 8;
    if k % ik as i64 != 0 {
        return DotPlan::Fma { why: format!("K = {k} is not a multiple of the {ptx} instruction's K = {ik}") };
    }
    // Only 16-bit types may be read from shared memory with M or N contiguous (wgmma
    // transposes them); others are staged K-contiguous.
    let a_order: Vec<u32> = if eb == 2 { a_order.to_vec() } else { vec![1, 0] };
    let b_order: Vec<u32> = if eb == 2 { b_order.to_vec() } else { vec![0, 1] };
    let (sa, sb) = (staging(&[m, k], &a_order, eb), staging(&[k, n], &b_order, eb));
    let swizzled = sa.nvmma > 0 && sb.nvmma > 0;
    if wgmma && swizzled && num_warps.is_multiple_of(4) && m % 64 == 0 && n % 8 == 0 {
        let groups = num_warps / 4;
        let gm = (groups as i64).min(m / 64) as u32;
        let gn = groups / gm;
        let per_n = n / gn as i64;
        if per_n % 8 == 0 {
            let instr_n = (1..=per_n.min(256) / 8).rev().map(|x| x * 8).find(|x| per_n % x == 0).unwrap_or(8);
            let mma = Mma { version: 3, warps_per_cta: vec![4 * gm, gn], instr_shape: vec![64, instr_n as u32, ik] };
            return DotPlan::Wgmma { acc: Encoding::Mma(mma), a: sa, b: sb };
        }
    }
    let (wm, wn) = warps_v2(m, n, num_warps);
    let mma = Encoding::Mma(Mma { version: 2, warps_per_cta: vec![wm, wn], instr_shape: vec![16, 8, ik] });
    let op = |idx| Encoding::DotOp { idx, parent: Box::new(mma.clone()), k_width: kw };
    DotPlan::MmaSync { acc: mma.clone(), a: (op(0), sa), b: (op(1), sb) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matmul_tile_on_hopper_is_wgmma() {
        let p = plan((128, 256, 64), (&Type::F16, &Type::F16, &Type::F32), "tf32", (&[1, 0], &[1, 0]), true, 8);
        let DotPlan::Wgmma { acc, a, b } = p else { panic!("{p:?}") };
        assert_eq!(acc.to_string(), "#layout.mma<3 : i32, array<i32: 8, 1>, array<i32: 64, 256, 16>>");
        assert_eq!((a.nvmma, b.nvmma), (128, 128));
        assert_eq!(b.order, vec![1, 0]);
    }

    #[test]
    fn other_targets_and_shapes_use_mma_sync() {
        let p = plan((128, 256, 64), (&Type::F16, &Type::F16, &Type::F32), "tf32", (&[1, 0], &[1, 0]), false, 8);
        assert!(matches!(p, DotPlan::MmaSync { .. }), "{p:?}");
        let p = plan((16, 16, 32), (&Type::BF16, &Type::BF16, &Type::F32), "tf32", (&[1, 0], &[1, 0]), true, 4);
        let DotPlan::MmaSync { acc, .. } = p else { panic!("{p:?}") };
        // One instruction row and two columns of them: the other two warps hold copies.
        assert_eq!(acc.to_string(), "#layout.mma<2 : i32, array<i32: 2, 2>, array<i32: 16, 8, 16>>");
    }

    #[test]
    fn cuda_cores_say_why() {
        let p = plan((64, 64, 64), (&Type::F32, &Type::F32, &Type::F32), "ieee", (&[1, 0], &[1, 0]), true, 4);
        assert!(matches!(p, DotPlan::Fma { ref why } if why.contains("ieee")), "{p:?}");
        let p = plan((64, 64, 8), (&Type::F16, &Type::F16, &Type::F32), "tf32", (&[1, 0], &[1, 0]), true, 4);
        assert!(matches!(p, DotPlan::Fma { ref why } if why.contains("multiple")), "{p:?}");
    }
}
