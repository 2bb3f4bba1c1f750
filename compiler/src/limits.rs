//! How much one compile may be asked to do, checked before any IR is made.
//!
//! Each limit keeps a compile to seconds and its memory bounded, and is an error at the
//! .tile line that exceeds it, with the way out:
//! - nesting: brackets, blocks, expressions and helper calls ([`MAX_NESTING`],
//!   [`MAX_HELPER_DEPTH`]); the compiler's recursion follows the program's nesting;
//! - work: operations a kernel checks after inlining helpers ([`MAX_OPS`]);
//! - tiles: elements per tile ([`MAX_NUMEL`], Triton's limit); elements one thread holds
//!   ([`MAX_PER_THREAD`]: a tile is spread over the program's threads, each holding its
//!   share in registers, spilled past 255; the code is unrolled per element, and ptxas's
//!   time grows about fivefold with each doubling of the share past 512); and those
//!   shares summed over a kernel's tiles ([`MAX_THREAD_WORK`], tilec's own time). Triton
//!   has neither limit: it takes the minutes. Shared-memory round trips of tiles too
//!   large for a block go in rounds (`layout::rounds`).
//!
//! Tile shapes are checked on the checked program (TIR) by `sema::program_limits::check`,
//! every expression once, so a tile made by broadcasting is checked like one made by
//! `arange` or `zeros`. The numbers live here, below the parser that checks nesting.

/// Elements of one tile (Triton's limit; one home, beside the verifier that checks it on IR).
pub use tile_dialects::verify::MAX_NUMEL;
/// Elements of one tile that one thread holds. ptxas's time on examples/add.tile (sm_90,
/// 4 warps) by the share: 2 s at 512, 26 s at 1024, 131 s at 2048, the limit; about ten
/// minutes at 4096.
pub const MAX_PER_THREAD: i64 = 2048;
/// Elements the threads of a kernel hold, summed over every tile value of the kernel: a
/// bound on the code the lowering unrolls.
pub const MAX_THREAD_WORK: i64 = 1 << 18;
/// Nesting of brackets, blocks and expressions in the source.
pub const MAX_NESTING: usize = 128;
/// Helper calls inside helper calls.
pub const MAX_HELPER_DEPTH: usize = 32;
/// Expressions a kernel checks, counting each inlined helper body again.
pub const MAX_OPS: usize = 200_000;
/// Copies of a `static_range` body: each is checked and emitted again.
pub const MAX_UNROLL: i64 = 1024;
/// Operations a helper's argument may have when it is substituted, not bound, into a
/// `while` condition (each use copies it).
pub const MAX_SUBSTITUTED: usize = 256;

/// The byte offset of the first bracket (`(`, `[`, `{`, and `<` when `angles`) that opens
/// a level deeper than [`MAX_NESTING`], outside comments and strings: checked before a
/// parser (pest's or MLIR's, both recursive) sees the text.
pub fn too_deep(text: &str, angles: bool) -> Option<usize> {
    let b = text.as_bytes();
    let (mut i, mut depth) = (0, 0usize);
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = text[i..].find('\n').map_or(b.len(), |n| i + n);
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..].find("*/").map_or(b.len(), |n| i + 2 + n + 2);
                continue;
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'(' | b'[' | b'{' => depth += 1,
            b'<' if angles => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b'>' if angles => depth = depth.saturating_sub(1),
            _ => {}
        }
        if depth > MAX_NESTING {
            return Some(i);
        }
        i += 1;
    }
    None
}
