//! The compile flags `tilec` and `tilerun` share: one definition, so both tools spell,
//! document and check them alike, and one place turns them into `CompileOptions`. The
//! target (`--arch`) stays with each tool: tilec compiles for sm_90 unless told, tilerun
//! for the device it finds.

use tile_runtime::spec::parse_pair;
use tilec::options::{Arch, CompileOptions, NumWarps};

#[derive(clap::Args, Debug, Clone)]
pub struct CompileFlags {
    /// Override a const parameter: -D BLOCK=512.
    #[arg(short = 'D', value_name = "NAME=VALUE")]
    pub defines: Vec<String>,
    /// Warps per program, 1 to 32, a power of two (overrides #[num_warps]).
    #[arg(long)]
    pub num_warps: Option<NumWarps>,
    /// Width of address offsets: 32 where they fit (the default), or 64.
    #[arg(long, default_value_t = 32)]
    pub index_bits: u32,
    /// Specialise on an argument: an integer divisible by K, or a pointer aligned to K
    /// bytes (repeatable; tilerun refuses a launch whose argument does not fit).
    #[arg(long, value_name = "NAME=K")]
    pub divisibility: Vec<String>,
    /// Emit .loc line info that points into the .tile file.
    #[arg(long)]
    pub lineinfo: bool,
    /// Keep every float multiply and add rounded on its own (no FMA contraction; Triton's
    /// `enable_fp_fusion=False`).
    #[arg(long)]
    pub no_fp_fusion: bool,
}

impl CompileFlags {
    /// The options these flags ask for on `arch` (everything else at its default),
    /// checked: a message for `TOOL: error: ...` when a flag is wrong.
    pub fn options(&self, arch: Arch) -> Result<CompileOptions, String> {
        let pair = |s: &String, flag: &str| parse_pair(s, flag).map_err(|e| e.to_string());
        let defines = self.defines.iter().map(|s| pair(s, "-D")).collect::<Result<Vec<_>, _>>()?;
        let divisibility = self
            .divisibility
            .iter()
            .map(|s| {
                let (n, k) = pair(s, "--divisibility")?;
                let k = k.parse::<u32>().map_err(|_| format!("--divisibility {n}={k}: not a number"))?;
                Ok((n, k))
            })
            .collect::<Result<Vec<_>, String>>()?;
        let options = CompileOptions {
            arch,
            num_warps: self.num_warps,
            index_bits: self.index_bits,
            defines,
            divisibility,
            lineinfo: self.lineinfo,
            fp_fusion: !self.no_fp_fusion,
            ..CompileOptions::default()
        };
        options.check()?;
        Ok(options)
    }
}
