//! The compile cache: PTX and metadata of earlier compiles, on disk, keyed by what decides
//! them: the source text and name, the frozen `CompileOptions`, and the compiler binary
//! itself (its path, size and modification time, so a rebuilt tilec never reads an older
//! one's output). That binary is the file holding this code: the executable for `tilec`
//! and `tilerun`, the shared library for the Python package (whose executable is python).
//!
//! 1. Hash the key; the entry is `DIR/<hash>.ptx` + `DIR/<hash>.json`.
//! 2. A hit reads both back (a missing or unreadable half is a miss).
//! 3. A miss compiles, then writes both halves through a temporary name and a rename, so a
//!    concurrent reader sees a whole entry or none. Failed compiles are not cached.
//!
//! DIR is `$TILEC_CACHE_DIR`, else `$XDG_CACHE_HOME/tilec`, else `~/.cache/tilec`;
//! `TILEC_CACHE=0` turns the cache off. A cache that cannot be written is skipped silently:
//! it only ever saves time.

use crate::diagnostics::Diagnostics;
use crate::driver::{self, Compiled};
use crate::metadata::ModuleMeta;
use crate::options::CompileOptions;
use crate::source::SourceFile;
use std::hash::{Hash, Hasher};
#[cfg(unix)]
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// A compile, and whether it came from the cache.
pub struct Cached {
    pub compiled: Compiled,
    pub hit: bool,
}

/// `driver::compile`, through the cache when there is one.
pub fn compile(file: &SourceFile, opts: &CompileOptions) -> Result<Cached, Diagnostics> {
    let Some(dir) = cache_dir() else {
        return driver::compile(file, opts).map(|compiled| Cached { compiled, hit: false });
    };
    compile_in(&dir, file, opts)
}

/// `compile` with the cache in `dir`.
pub fn compile_in(dir: &Path, file: &SourceFile, opts: &CompileOptions) -> Result<Cached, Diagnostics> {
    let stem = dir.join(format!("{:016x}", key(file, opts)));
    if let Some(compiled) = read(&stem) {
        return Ok(Cached { compiled, hit: true });
    }
    let compiled = driver::compile(file, opts)?;
    let _ = write(dir, &stem, &compiled);
    Ok(Cached { compiled, hit: false })
}

/// The cache directory, or `None` when `TILEC_CACHE=0` or no home is known.
pub fn cache_dir() -> Option<PathBuf> {
    if std::env::var("TILEC_CACHE").is_ok_and(|v| v == "0") {
        return None;
    }
    if let Some(d) = std::env::var_os("TILEC_CACHE_DIR") {
        return Some(PathBuf::from(d));
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME") {
        return Some(PathBuf::from(d).join("tilec"));
    }
    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache").join("tilec"))
}

fn key(file: &SourceFile, opts: &CompileOptions) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    hash_compiler(&mut h);
    file.name.hash(&mut h);
    file.text.hash(&mut h);
    opts.hash(&mut h);
    h.finish()
}

/// Hashes what identifies the compiler: its version and the file it was loaded from
/// (path, size and modification time), so a rebuilt tilec (or Python extension) never
/// trusts an older one's results.
pub fn hash_compiler(h: &mut impl Hasher) {
    env!("CARGO_PKG_VERSION").hash(h);
    if let Some(m) = compiler_binary().and_then(|p| std::fs::metadata(&p).ok().map(|m| (p, m))) {
        m.0.hash(h);
        m.1.len().hash(h);
        m.1.modified().ok().hash(h);
    }
}

/// The file this code was loaded from: the shared object `dladdr` names when it gives an
/// absolute path, else the executable.
fn compiler_binary() -> Option<PathBuf> {
    #[cfg(unix)]
    {
        // SAFETY: dladdr only reads the loader's tables; `info` is plain data it fills in,
        // and its file name is a NUL-terminated string the loader owns while the object
        // stays loaded (this code is in it).
        let mut info: libc::Dl_info = unsafe { std::mem::zeroed() };
        let here = compiler_binary as *const () as *const libc::c_void;
        if unsafe { libc::dladdr(here, &mut info) } != 0 && !info.dli_fname.is_null() {
            let name = unsafe { std::ffi::CStr::from_ptr(info.dli_fname) };
            let path = PathBuf::from(std::ffi::OsStr::from_bytes(name.to_bytes()));
            if path.is_absolute() && path.is_file() {
                return Some(path);
            }
        }
    }
    std::env::current_exe().ok()
}

fn read(stem: &Path) -> Option<Compiled> {
    let ptx = std::fs::read_to_string(stem.with_extension("ptx")).ok()?;
    let json = std::fs::read_to_string(stem.with_extension("json")).ok()?;
    let meta: ModuleMeta = serde_json::from_str(&json).ok()?;
    Some(Compiled { ptx, meta })
}

fn write(dir: &Path, stem: &Path, c: &Compiled) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let json = serde_json::to_string(&c.meta).map_err(std::io::Error::other)?;
    // The metadata last: `read` needs both, and the PTX is in place by then.
    for (ext, text) in [("ptx", c.ptx.as_str()), ("json", json.as_str())] {
        let tmp = stem.with_extension(format!("{ext}.tmp{}", std::process::id()));
        std::fs::write(&tmp, text)?;
        std::fs::rename(&tmp, stem.with_extension(ext))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn second_compile_hits_and_matches() {
        let dir = std::env::temp_dir().join(format!("tilec-cache-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let src =
            "kernel k(x: *f32, n: i32) { let o = arange(0, 128); store(x + o, load(x + o) * 2.0, mask = o < n); }";
        let file = SourceFile::new("k.tile", src.to_string());
        let opts = CompileOptions::default();
        let first = compile_in(&dir, &file, &opts).unwrap();
        let second = compile_in(&dir, &file, &opts).unwrap();
        assert!(!first.hit && second.hit);
        assert_eq!(first.compiled.ptx, second.compiled.ptx);
        assert_eq!(first.compiled.meta, second.compiled.meta);
        // Another option or another source is another entry.
        let eight = CompileOptions { num_warps: Some(crate::options::NumWarps::new(8).unwrap()), ..opts.clone() };
        assert!(!compile_in(&dir, &file, &eight).unwrap().hit);
        let other = SourceFile::new("k.tile", src.replace("2.0", "3.0"));
        assert!(!compile_in(&dir, &other, &opts).unwrap().hit);
        // A failed compile is an error every time, not an entry.
        let bad = SourceFile::new("k.tile", "kernel k(".to_string());
        assert!(compile_in(&dir, &bad, &opts).is_err());
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 6);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
