//! The options of one compile, and the one place each is checked.
//!
//! tilec's and tilerun's flags, the source attributes (`#[num_warps]`, autotune configs)
//! and the Rust API all build a [`CompileOptions`]; the values that are valid on their own
//! are typed so that nothing else can be written ([`Arch`], [`NumWarps`]), and the ones
//! that depend on the program (the names in `--divisibility`, `--assume`, `--kernel`) are
//! checked against it once, by `sema::kernel_options::check_names`, before any IR is made.
//! Passes read the same frozen struct; a kernel's warp count they read from the module
//! (`tile.num_warps`, written once when the module is made: `Op::num_warps`).
//!
//! This module imports nothing else of the compiler: everything (sema, tilegen, the
//! passes, the lowering, the pipeline) reads these options, so they sit below it all.
//! What needs the checked program lives in `sema/kernel_options.rs`.

use std::fmt;
use std::str::FromStr;

/// A target GPU architecture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Arch {
    /// Ampere (A100).
    Sm80,
    /// Hopper (H100), the portable subset that also runs on newer devices.
    #[default]
    Sm90,
    /// Hopper with its architecture-specific instructions (wgmma); runs on 9.0 only.
    Sm90a,
}

impl Arch {
    pub const ALL: [Arch; 3] = [Arch::Sm80, Arch::Sm90, Arch::Sm90a];

    /// The spelling of the flags, the metadata and the NVVM target's chip.
    pub fn as_str(self) -> &'static str {
        match self {
            Arch::Sm80 => "sm_80",
            Arch::Sm90 => "sm_90",
            Arch::Sm90a => "sm_90a",
        }
    }

    /// The compute capability as one number (80, 90).
    pub fn capability(self) -> u32 {
        match self {
            Arch::Sm80 => 80,
            Arch::Sm90 | Arch::Sm90a => 90,
        }
    }

    /// Whether warpgroup MMA (`wgmma`, sm_90a only) may be used.
    pub fn has_wgmma(self) -> bool {
        self == Arch::Sm90a
    }

    /// Shared memory a block may use: 227 KB on sm_90, 163 KB on sm_80.
    pub fn smem_limit(self) -> u32 {
        if self == Arch::Sm80 {
            163 * 1024
        } else {
            227 * 1024
        }
    }

    /// Whether PTX has `atom.add.noftz.bf16` on this target (sm_90 and newer).
    pub fn has_bf16_atomic_add(self) -> bool {
        self.capability() >= 90
    }

    /// The target tilec compiles for on a device of compute capability `cc`: sm_90a (wgmma)
    /// on Hopper, sm_90 on newer devices (PTX for sm_90 runs there; sm_90a's does not), sm_80
    /// below. Here, with the targets, so that every launcher (the launch API, tilerun, the
    /// Python package) picks the same one.
    pub fn for_capability(cc: (i32, i32)) -> Arch {
        match cc {
            (9, 0) => Arch::Sm90a,
            (major, _) if major >= 9 => Arch::Sm90,
            _ => Arch::Sm80,
        }
    }
}

impl fmt::Display for Arch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Arch {
    type Err = String;
    fn from_str(s: &str) -> Result<Arch, String> {
        Arch::ALL.into_iter().find(|a| a.as_str() == s).ok_or_else(|| {
            let names: Vec<&str> = Arch::ALL.iter().map(|a| a.as_str()).collect();
            format!("unknown target `{s}` (tilec compiles for {})", names.join(", "))
        })
    }
}

/// Warps per program: a power of two from 1 to 32 (a block of at most 1,024 threads, the
/// CUDA limit; the layouts split tiles over warps by powers of two).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NumWarps(u32);

impl NumWarps {
    pub const MAX: u32 = tile_dialects::verify::MAX_WARPS;

    /// The one check of a warp count (`tile_dialects::verify::warp_count`, which the IR's
    /// `tile.num_warps` is checked by too).
    pub fn new(n: i64) -> Result<NumWarps, String> {
        tile_dialects::verify::warp_count(n).map(NumWarps)
    }

    pub fn get(self) -> u32 {
        self.0
    }
}

impl Default for NumWarps {
    fn default() -> Self {
        NumWarps(4)
    }
}

impl FromStr for NumWarps {
    type Err = String;
    fn from_str(s: &str) -> Result<NumWarps, String> {
        let n: i64 = s.trim().parse().map_err(|_| format!("`num_warps` must be 1, 2, 4, 8, 16 or 32, found `{s}`"))?;
        NumWarps::new(n)
    }
}

/// Options of one compile: frozen once built, the compile cache's key, and what every pass
/// reads.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CompileOptions {
    pub arch: Arch,
    /// Overrides every kernel's `#[num_warps]` when set.
    pub num_warps: Option<NumWarps>,
    /// Overrides every kernel's `#[num_stages]` when set (an autotune configuration's).
    pub num_stages: Option<u32>,
    /// Overrides every kernel's `#[maxnreg]` when set (an autotune configuration's).
    pub maxnreg: Option<u32>,
    /// 32 or 64: the width of address offsets (checked by [`CompileOptions::check`]).
    pub index_bits: u32,
    /// Emit `.loc` line info.
    pub lineinfo: bool,
    /// `-D NAME=VALUE` overrides of const parameters (checked by sema, which knows the
    /// parameters' types).
    pub defines: Vec<(String, String)>,
    /// Compile only this kernel (all kernels when `None`).
    pub kernel: Option<String>,
    /// Argument specialisation: `(param, divisor)`; for pointers, the byte alignment.
    pub divisibility: Vec<(String, u32)>,
    /// Integer parameters assumed equal to 1 (`--assume NAME=1`): compiled as the constant,
    /// like Triton's specialisation of 1, so `x * stride` is contiguous when stride is 1.
    pub equal_to_one: Vec<String>,
    /// Float multiplies and adds may contract into FMAs (`--no-fp-fusion` turns it off),
    /// as Triton's `enable_fp_fusion`, on by default there too: one rounding instead of
    /// two, and half the instructions of `x * scale - m`.
    pub fp_fusion: bool,
}

impl Default for CompileOptions {
    /// sm_90, 32-bit offsets, each kernel's own warp count, every kernel, no assumptions.
    fn default() -> Self {
        CompileOptions {
            arch: Arch::default(),
            num_warps: None,
            num_stages: None,
            maxnreg: None,
            index_bits: 32,
            lineinfo: false,
            defines: vec![],
            kernel: None,
            divisibility: vec![],
            equal_to_one: vec![],
            fp_fusion: true,
        }
    }
}

impl CompileOptions {
    /// What can be checked without the program: the offset width and the divisors.
    pub fn check(&self) -> Result<(), String> {
        if self.index_bits != 32 && self.index_bits != 64 {
            return Err(format!("--index-bits must be 32 or 64, not {}", self.index_bits));
        }
        for (n, k) in &self.divisibility {
            if !k.is_power_of_two() {
                return Err(format!("--divisibility {n}={k}: the divisor must be a power of two"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arch_spellings() {
        for a in Arch::ALL {
            assert_eq!(a.as_str().parse::<Arch>().unwrap(), a);
        }
        assert!(Arch::Sm90a.has_wgmma() && !Arch::Sm90.has_wgmma() && !Arch::Sm80.has_wgmma());
        assert_eq!(
            "sm_70".parse::<Arch>().unwrap_err(),
            "unknown target `sm_70` (tilec compiles for sm_80, sm_90, sm_90a)"
        );
        assert_eq!(CompileOptions::default().arch, Arch::Sm90);
    }

    #[test]
    fn arch_for_capability() {
        assert_eq!(Arch::for_capability((9, 0)), Arch::Sm90a);
        assert_eq!(Arch::for_capability((10, 0)), Arch::Sm90);
        assert_eq!(Arch::for_capability((8, 6)), Arch::Sm80);
    }

    #[test]
    fn num_warps_rule() {
        for n in [1, 2, 4, 8, 16, 32] {
            assert_eq!(NumWarps::new(n).unwrap().get(), n as u32);
        }
        for n in [0, 3, 64, 1024, -4] {
            assert_eq!(NumWarps::new(n).unwrap_err(), format!("`num_warps` must be 1, 2, 4, 8, 16 or 32, found {n}"));
        }
        assert!("x".parse::<NumWarps>().is_err());
    }

    #[test]
    fn index_bits_and_divisors() {
        assert!(CompileOptions { index_bits: 16, ..CompileOptions::default() }
            .check()
            .unwrap_err()
            .contains("32 or 64"));
        let o = CompileOptions { divisibility: vec![("n".into(), 12)], ..CompileOptions::default() };
        assert_eq!(o.check().unwrap_err(), "--divisibility n=12: the divisor must be a power of two");
    }
}
