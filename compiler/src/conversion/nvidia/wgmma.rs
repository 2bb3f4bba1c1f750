//! wgmma's shared-memory matrix descriptor and its PTX forms.
//!
//! A descriptor is 64 bits: bits 0-13 the start address >> 4, 16-29 the leading byte
//! offset >> 4, 32-45 the stride byte offset >> 4, 49-51 the base offset (0: buffers are
//! aligned to the 1024-byte swizzle atom), 62-63 the swizzle (1: 128 B, 2: 64 B, 3: 32 B).
//! For a K-major operand (K contiguous) the stride offset steps 8 rows of M (or N) and
//! the leading offset is unused (one instruction's K fits a swizzle row); for an
//! M- or N-major operand the leading offset steps from one swizzle-wide panel to the next
//! along M (or N) and the stride offset 8 rows of K.

use tile_dialects::ir::Shared;

/// The descriptor bits other than the start address, for a tile of `rows_k` rows along K
/// (MN-major) in `s`; `k_major` when K is the contiguous
/// dimension.
pub fn descriptor_fields(s: &Shared, k_major: bool, rows_k: i64) -> u64 {
    let swizzle: u64 = match s.nvmma {
        128 => 1,
        64 => 2,
        _ => 3,
    };
    let sbo = 8 * s.nvmma as u64;
    // A panel is `rows_k` rows of `nvmma` bytes.
    let lbo = if k_major { 0 } else { rows_k as u64 * s.nvmma as u64 };
    encode(0, lbo, sbo, swizzle)
}

/// The 64-bit descriptor of `start` (a shared address), `lbo`, `sbo` (bytes) and a
/// swizzle mode.
pub fn encode(start: u64, lbo: u64, sbo: u64, swizzle: u64) -> u64 {
    ((start >> 4) & 0x3fff) | ((lbo >> 4) & 0x3fff) << 16 | ((sbo >> 4) & 0x3fff) << 32 | swizzle << 62
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tritons_matmul_descriptors() {
        // 128x256x64 f16: A K-major (SBO 1024 B), B N-major with 64-column panels
        // of 64 rows (LBO 8192 B, SBO 1024 B), both with the 128-byte swizzle.
        let a = Shared::nvmma(128, 2, vec![1, 0]);
        assert_eq!(descriptor_fields(&a, true, 64), 0x4000004000000000);
        let b = Shared::nvmma(128, 2, vec![1, 0]);
        assert_eq!(descriptor_fields(&b, false, 64), 0x4000004002000000);
        // A start address moves by 32 bytes a k16 step: 2 in the low field.
        assert_eq!(encode(32, 0, 1024, 1) - encode(0, 0, 1024, 1), 2);
        assert_eq!(encode(0x3_fff0, 0, 0, 0), 0x3fff);
    }

    #[test]
    fn narrower_swizzles() {
        let s = Shared::nvmma(64, 2, vec![1, 0]);
        assert_eq!(descriptor_fields(&s, true, 32), 2 << 62 | (512 >> 4) << 32);
        let s = Shared::nvmma(32, 4, vec![1, 0]);
        assert_eq!(descriptor_fields(&s, true, 8), 3 << 62 | (256 >> 4) << 32);
    }
}
