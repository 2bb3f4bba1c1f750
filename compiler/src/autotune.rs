//! `#[autotune(key = [M, N, K], configs = [{BM = 128, num_warps = 8}, ...])]`: a
//! kernel's configurations as compile options (`tilec --list-configs`, `--config N`), the
//! reasons a configuration is skipped, and the on-disk cache of tilerun's choice.
//!
//! A configuration sets const parameters (as `-D` would), `num_warps`, `num_stages` and
//! `maxnreg`.
//! tilerun compiles every configuration, skips those that do not compile or need more
//! shared memory than the device has, times the rest and caches the fastest under a key
//! of the source, the compile options, the device and the values of the `key`
//! arguments, so the next run with those values tunes nothing (Triton's autotuner keys
//! on the same things).

use crate::cache;
use crate::diagnostics::Diagnostics;
use crate::options::{CompileOptions, NumWarps};
use crate::sema::tir::ConstVal;
use crate::source::SourceFile;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

/// One configuration of a kernel.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Config {
    /// Its position in `configs = [...]`, from 0: what `--config N` names.
    pub index: usize,
    /// Const parameters it sets, as `-D NAME=VALUE`.
    pub defines: Vec<(String, String)>,
    pub num_warps: Option<NumWarps>,
    pub num_stages: Option<u32>,
    pub maxnreg: Option<u32>,
}

impl Config {
    /// `BM=128, BN=64, num_warps=4`: as written in the source.
    pub fn label(&self) -> String {
        let mut parts: Vec<String> = self.defines.iter().map(|(n, v)| format!("{n}={v}")).collect();
        parts.extend(self.num_warps.map(|w| format!("num_warps={}", w.get())));
        parts.extend(self.num_stages.map(|s| format!("num_stages={s}")));
        parts.extend(self.maxnreg.map(|r| format!("maxnreg={r}")));
        parts.join(", ")
    }

    /// `base` with this configuration applied. A `-D` of a name the configuration sets
    /// is refused: which one would win is not obvious (Triton refuses it too).
    pub fn apply(&self, base: &CompileOptions) -> Result<CompileOptions, String> {
        if let Some((n, _)) = base.defines.iter().find(|(n, _)| self.defines.iter().any(|(m, _)| m == n)) {
            return Err(format!(
                "`-D {n}` sets a const parameter that the autotune configurations set: leave it out, or pick a configuration with --config"
            ));
        }
        let mut o = base.clone();
        o.defines.extend(self.defines.iter().cloned());
        if self.num_warps.is_some() && base.num_warps.is_none() {
            o.num_warps = self.num_warps;
        }
        if self.num_stages.is_some() {
            o.num_stages = self.num_stages;
        }
        if self.maxnreg.is_some() {
            o.maxnreg = self.maxnreg;
        }
        Ok(o)
    }
}

/// A kernel's autotune attribute: its configurations and the parameters that key the
/// choice.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuning {
    pub kernel: String,
    /// The kernel's run-time parameters, in order (how arguments are matched to `key`).
    pub params: Vec<String>,
    pub key: Vec<String>,
    pub configs: Vec<Config>,
}

impl Tuning {
    /// `--config N`: the configuration, or why there is none.
    pub fn config(&self, n: usize) -> Result<&Config, String> {
        self.configs.get(n).ok_or_else(|| {
            format!(
                "--config {n}: kernel `{}` has {} autotune configuration{} (0 to {})",
                self.kernel,
                self.configs.len(),
                if self.configs.len() == 1 { "" } else { "s" },
                self.configs.len().saturating_sub(1)
            )
        })
    }

    /// What `tilec --list-configs` prints for this kernel.
    pub fn listing(&self) -> String {
        let mut s = format!(
            "kernel `{}`: {} configuration{}, keyed on {}\n",
            self.kernel,
            self.configs.len(),
            if self.configs.len() == 1 { "" } else { "s" },
            if self.key.is_empty() { "nothing".to_string() } else { self.key.join(", ") }
        );
        for c in &self.configs {
            s += &format!("  {}: {}\n", c.index, c.label());
        }
        s
    }
}

/// The autotune attributes of the kernels `opts` selects (those without one are left
/// out), read from the checked program: the file must check with `opts.defines`.
pub fn tunings(file: &SourceFile, opts: &CompileOptions) -> Result<Vec<Tuning>, Diagnostics> {
    let program = crate::driver::check_kernel(file, &opts.defines, opts.kernel.as_deref())?;
    Ok(opts
        .selected(&program)
        .filter(|k| !k.autotune.is_empty())
        .map(|k| Tuning {
            kernel: k.name.clone(),
            params: k.params.iter().map(|p| p.name.clone()).collect(),
            key: k.autotune_key.clone(),
            configs: k.autotune.iter().enumerate().map(|(index, c)| config(index, c)).collect(),
        })
        .collect())
}

fn config(index: usize, sets: &[(String, ConstVal)]) -> Config {
    let mut c = Config { index, ..Config::default() };
    for (n, v) in sets {
        match (n.as_str(), v) {
            // Sema checked both (a power of two up to 32; at least 1).
            ("num_warps", ConstVal::Int(w)) => c.num_warps = NumWarps::new(*w).ok(),
            ("num_stages", ConstVal::Int(s)) => c.num_stages = u32::try_from(*s).ok(),
            ("maxnreg", ConstVal::Int(r)) => c.maxnreg = u32::try_from(*r).ok(),
            _ => c.defines.push((n.clone(), spelling(v))),
        }
    }
    c
}

/// A constant as `-D` takes it.
fn spelling(v: &ConstVal) -> String {
    match v {
        ConstVal::Int(i) => i.to_string(),
        ConstVal::Float(f) => format!("{f:?}"),
        ConstVal::Bool(b) => b.to_string(),
    }
}

/// Why a compiled configuration cannot run on a device whose blocks may have at most
/// `limit` bytes of shared memory; `None` when it can.
pub fn shared_memory_skip(needs: u32, limit: u32) -> Option<String> {
    (needs > limit).then(|| format!("needs {needs} bytes of shared memory, the device has {limit} a block"))
}

/// The largest dynamic shared memory a block may have on `arch` (opt-in), for when no
/// device says: A100 (sm_80) 163 KB, H100 (sm_90) 227 KB.
pub fn shared_memory_limit(arch: crate::options::Arch) -> u32 {
    match arch {
        crate::options::Arch::Sm80 => 166_912,
        _ => 232_448,
    }
}

/// The cache key of a tuning: the source (name and text), the compile options (target
/// included), the device, the key arguments' values, and the compiler (as the compile
/// cache's key).
pub fn choice_key(
    file: &SourceFile,
    kernel: &str,
    opts: &CompileOptions,
    device: &str,
    key: &[(String, String)],
) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    cache::hash_compiler(&mut h);
    file.name.hash(&mut h);
    file.text.hash(&mut h);
    kernel.hash(&mut h);
    opts.hash(&mut h);
    device.hash(&mut h);
    key.hash(&mut h);
    h.finish()
}

/// A cached choice: the configuration and what it measured.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Choice {
    pub config: usize,
    pub label: String,
    pub us: f64,
}

/// Where choices are kept: `autotune/` in the compile cache's directory (`None` when
/// `TILEC_CACHE=0`).
pub fn choice_dir() -> Option<PathBuf> {
    cache::cache_dir().map(|d| d.join("autotune"))
}

pub fn read_choice(dir: &Path, key: u64) -> Option<Choice> {
    let text = std::fs::read_to_string(dir.join(format!("{key:016x}.json"))).ok()?;
    serde_json::from_str(&text).ok()
}

/// Writes a choice through a temporary name and a rename (a concurrent reader sees all
/// or nothing); a cache that cannot be written only costs the next run a tuning.
pub fn write_choice(dir: &Path, key: u64, c: &Choice) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join(format!("{key:016x}.json"));
    let tmp = path.with_extension(format!("json.tmp{}", std::process::id()));
    std::fs::write(&tmp, serde_json::to_string(c).map_err(std::io::Error::other)?)?;
    std::fs::rename(&tmp, &path)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str =
        "#[autotune(key = [n], configs = [{TILE = 128, num_warps = 2}, {TILE = 256, num_stages = 2, maxnreg = 64}, {TILE = 1024}])]
kernel k(x: *f32, n: i32, const TILE: i32 = 64) { let o = arange(0, TILE); store(x + o, 1.0, mask = o < n); }
kernel plain(x: *f32) { store(x, 1.0); }";

    fn tuning() -> Tuning {
        let f = SourceFile::new("k.tile", SRC);
        let mut t = tunings(&f, &CompileOptions::default()).unwrap();
        assert_eq!(t.len(), 1, "kernels without configurations are left out");
        t.remove(0)
    }

    #[test]
    fn configurations_are_enumerated_and_applied() {
        let t = tuning();
        assert_eq!((t.kernel.as_str(), t.key.clone()), ("k", vec!["n".to_string()]));
        let labels: Vec<String> = t.configs.iter().map(Config::label).collect();
        assert_eq!(labels, ["TILE=128, num_warps=2", "TILE=256, num_stages=2, maxnreg=64", "TILE=1024"]);
        assert_eq!(
            t.listing(),
            "kernel `k`: 3 configurations, keyed on n\n  0: TILE=128, num_warps=2\n  1: TILE=256, num_stages=2, maxnreg=64\n  2: TILE=1024\n"
        );
        let o = t.config(0).unwrap().apply(&CompileOptions::default()).unwrap();
        assert_eq!((o.defines.clone(), o.num_warps.map(NumWarps::get)), (vec![("TILE".into(), "128".into())], Some(2)));
        let one = t.config(1).unwrap().apply(&CompileOptions::default()).unwrap();
        assert_eq!((one.num_stages, one.maxnreg), (Some(2), Some(64)));
        // --num-warps wins over a configuration's; -D of a tuned name is refused.
        let eight = CompileOptions { num_warps: NumWarps::new(8).ok(), ..CompileOptions::default() };
        assert_eq!(t.config(0).unwrap().apply(&eight).unwrap().num_warps, NumWarps::new(8).ok());
        let d = CompileOptions { defines: vec![("TILE".into(), "32".into())], ..CompileOptions::default() };
        assert!(t.config(2).unwrap().apply(&d).unwrap_err().contains("`-D TILE`"));
        assert_eq!(t.config(3).unwrap_err(), "--config 3: kernel `k` has 3 autotune configurations (0 to 2)");
        // Each compiles with its values.
        let f = SourceFile::new("k.tile", SRC);
        for c in &t.configs {
            let o = CompileOptions { kernel: Some("k".into()), ..c.apply(&CompileOptions::default()).unwrap() };
            let compiled = crate::driver::compile(&f, &o).unwrap();
            // A configuration's register cap is the kernel's `.maxnreg`.
            assert_eq!(compiled.ptx.contains(".maxnreg 64"), c.maxnreg == Some(64), "{}", c.label());
            let m = compiled.meta;
            assert_eq!(m.kernels[0].consts[0].value, c.defines[0].1);
            assert_eq!(m.kernels[0].num_warps, c.num_warps.map_or(4, NumWarps::get));
            assert_eq!(m.kernels[0].num_stages, c.num_stages.unwrap_or(3));
        }
    }

    #[test]
    fn skips_and_cache_keys() {
        assert_eq!(shared_memory_skip(100, 232_448), None);
        assert_eq!(
            shared_memory_skip(262_144, 232_448).unwrap(),
            "needs 262144 bytes of shared memory, the device has 232448 a block"
        );
        let f = SourceFile::new("k.tile", SRC);
        let o = CompileOptions::default();
        let key = |f: &SourceFile, o: &CompileOptions, dev: &str, n: &str| {
            choice_key(f, "k", o, dev, &[("n".to_string(), n.to_string())])
        };
        let k = key(&f, &o, "H100", "4096");
        assert_eq!(k, key(&f, &o, "H100", "4096"));
        assert_ne!(k, key(&f, &o, "H100", "8192"), "another key value");
        assert_ne!(k, key(&f, &o, "A100", "4096"), "another device");
        let sm80 = CompileOptions { arch: crate::options::Arch::Sm80, ..o.clone() };
        assert_ne!(k, key(&f, &sm80, "H100", "4096"), "other compile options");
        assert_ne!(k, key(&SourceFile::new("k.tile", SRC.replace("1.0", "2.0")), &o, "H100", "4096"), "another source");
        let dir = std::env::temp_dir().join(format!("tilec-autotune-test-{}", std::process::id()));
        let c = Choice { config: 2, label: "TILE=1024".into(), us: 12.5 };
        assert_eq!(read_choice(&dir, k), None);
        write_choice(&dir, k, &c).unwrap();
        assert_eq!(read_choice(&dir, k), Some(c));
        assert_eq!(read_choice(&dir, k ^ 1), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
