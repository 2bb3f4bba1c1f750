//! Getting the kernel to launch: a `.ptx` with the `OUT.json` tilec wrote beside it, or a
//! `.tile` compiled here, in-process, specialised on the actual arguments.
//!
//! Specialisation is the launch API's rule (`launch::assumption`): an integer argument is
//! compiled as a multiple of the largest power of two dividing it, up to 16 (vectorised
//! loads and 16-byte copies where it is a stride or a bound: an f16 stride of 3000 is a
//! multiple of 8, 16 bytes), and pointers as 16-byte aligned. The front end is run first,
//! alone, to learn the signature (cheap: no MLIR), so the arguments can be matched and
//! specialised before the one real compile.

use crate::bind;
use crate::signature::signature;
use crate::spec::ArgSpec;
use crate::Error;
use std::path::Path;
use std::time::Instant;
use tilec::internals::source::SourceFile;
use tilec::metadata::{KernelMeta, ModuleMeta, ParamMeta};
use tilec::CompileOptions;

/// A kernel ready to load: its PTX and its launch metadata.
#[derive(Clone)]
pub struct Loaded {
    pub ptx: String,
    pub arch: String,
    pub kernel: KernelMeta,
    /// The whole metadata of the module (what `--emit-ptx` writes beside the PTX).
    pub meta: ModuleMeta,
    /// Wall time of the in-process compile, when there was one.
    pub compile_ms: Option<f64>,
    /// Whether that compile was read from the compile cache (`tilec::internals::cache`).
    pub cache_hit: bool,
    /// Divisors the arguments were specialised on because the compiler asked for them
    /// (`ParamMeta::divisibility_hint`), beyond 16.
    pub hinted: Vec<(String, u32)>,
}

impl Loaded {
    /// `, specialised on K, sam a multiple of 8, N_CTX a multiple of 64 (asked by the compiler)`:
    /// the integer arguments compiled for a divisor other than Triton's 16 (multiples of 16 and
    /// ones are the rule every launcher follows, so they go unsaid), or nothing.
    pub fn specialised(&self) -> String {
        let mut below: Vec<(u32, Vec<&str>)> = vec![];
        for p in self.kernel.params.iter().filter(|p| !p.is_pointer()) {
            let d = p.divisibility;
            if d <= 1 || d >= crate::launch::MAX_DIVISOR || self.hinted.iter().any(|(n, _)| *n == p.name) {
                continue;
            }
            match below.iter_mut().find(|(e, _)| *e == d) {
                Some((_, names)) => names.push(&p.name),
                None => below.push((d, vec![&p.name])),
            }
        }
        below.sort_by_key(|b| std::cmp::Reverse(b.0));
        let mut parts: Vec<String> = below.iter().map(|(d, n)| format!("{} a multiple of {d}", n.join(", "))).collect();
        if !self.hinted.is_empty() {
            let list: Vec<String> = self.hinted.iter().map(|(n, d)| format!("{n} a multiple of {d}")).collect();
            parts.push(format!("{} (asked by the compiler)", list.join(", ")));
        }
        if parts.is_empty() {
            return String::new();
        }
        format!(", specialised on {}", parts.join(", "))
    }
}

/// The kernel named `want`, or the only one.
fn pick(kernels: &[&str], want: Option<&str>, what: &str) -> Result<usize, Error> {
    match want {
        Some(w) => kernels
            .iter()
            .position(|k| *k == w)
            .ok_or_else(|| Error::msg(format!("{what} has no kernel `{w}` (it has: {})", kernels.join(", ")))),
        None if kernels.len() == 1 => Ok(0),
        None if kernels.is_empty() => Err(Error::msg(format!("{what} has no kernel"))),
        None => Err(Error::msg(format!(
            "{what} has {} kernels ({}): choose one with --kernel",
            kernels.len(),
            kernels.join(", ")
        ))),
    }
}

/// Reads `FILE.ptx` and `FILE.json`.
pub fn load_ptx(path: &Path, want: Option<&str>) -> Result<Loaded, Error> {
    let ptx = std::fs::read_to_string(path).map_err(|e| Error::msg(format!("cannot read {}: {e}", path.display())))?;
    let json_path = path.with_extension("json");
    let json = std::fs::read_to_string(&json_path).map_err(|e| {
        Error::msg(format!(
            "cannot read {}: {e}: tilerun needs the metadata tilec writes beside the PTX (tilec -o {})",
            json_path.display(),
            path.display()
        ))
    })?;
    let meta: ModuleMeta = serde_json::from_str(&json)
        .map_err(|e| Error::msg(format!("{}: not tilec metadata: {e}", json_path.display())))?;
    let names: Vec<&str> = meta.kernels.iter().map(|k| k.name.as_str()).collect();
    let i = pick(&names, want, &json_path.display().to_string())?;
    Ok(Loaded {
        ptx,
        arch: meta.arch.clone(),
        kernel: meta.kernels[i].clone(),
        meta,
        compile_ms: None,
        cache_hit: false,
        hinted: vec![],
    })
}

/// A `.tile` checked and its kernel chosen, with the compile options its arguments call
/// for (Triton's specialisation unless `no_specialise`; with no arguments and
/// `no_specialise`, for no arguments in particular): what both a GPU compile and the
/// interpreter start from. `base` gives everything but `kernel`, `divisibility` and
/// `equal_to_one`, which are set here (`base.divisibility`, divisors the caller asked
/// for, raise the automatic ones).
struct Front {
    file: SourceFile,
    kernel: tilec::internals::sema::tir::Kernel,
    opts: CompileOptions,
}

fn front(
    path: &Path,
    want: Option<&str>,
    base: &CompileOptions,
    no_specialise: bool,
    args: &[ArgSpec],
) -> Result<Front, Error> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::msg(format!("cannot read {}: {e}", path.display())))?;
    let file = SourceFile::new(path.to_string_lossy(), text);
    // Only the kernel asked for is checked, against the defines (which are its own).
    let program = tilec::internals::driver::check_kernel(&file, &base.defines, want).map_err(compile_error)?;
    let names: Vec<&str> = program.kernels.iter().map(|k| k.name.as_str()).collect();
    let k = program.kernels[pick(&names, want, &path.display().to_string())?].clone();
    let metas: Vec<ParamMeta> = k
        .params
        .iter()
        .map(|p| ParamMeta {
            name: p.name.clone(),
            ty: p.ty.elem.to_string(),
            divisibility: 1,
            equal_to_one: false,
            divisibility_hint: 1,
        })
        .collect();
    let params = signature(&metas)?;
    let (divisibility, equal_to_one) = if no_specialise && args.is_empty() {
        (vec![], vec![])
    } else {
        let ordered = bind::order(&k.name, &params, args)?;
        if no_specialise {
            (vec![], vec![])
        } else {
            bind::specialisation(&params, &ordered)
        }
    };
    let divisibility = with_asked(divisibility, base);
    let opts = CompileOptions { kernel: Some(k.name.clone()), divisibility, equal_to_one, ..base.clone() };
    Ok(Front { file, kernel: k, opts })
}

/// The automatic divisors, raised by those the caller asked for (`--divisibility N=64`);
/// one that is not a power of two stays as given, for the compile's check to refuse (a
/// `max` with the automatic 16 would have hidden `N=0`).
fn with_asked(mut divisibility: Vec<(String, u32)>, base: &CompileOptions) -> Vec<(String, u32)> {
    for (n, d) in &base.divisibility {
        match divisibility.iter_mut().find(|(m, _)| m == n) {
            Some(e) => e.1 = if d.is_power_of_two() { e.1.max(*d) } else { *d },
            None => divisibility.push((n.clone(), *d)),
        }
    }
    divisibility
}

/// The options of a second compile when the first asked for a divisor these arguments
/// have (`ParamMeta::divisibility_hint`), and the divisors that raised, else `None`.
fn hinted(
    meta: &KernelMeta,
    opts: &CompileOptions,
    base: &CompileOptions,
    args: &[ArgSpec],
) -> Option<(CompileOptions, Vec<(String, u32)>)> {
    if meta.params.iter().all(|p| p.divisibility_hint <= 1) {
        return None;
    }
    let params = signature(&meta.params).ok()?;
    let ordered = bind::order(&meta.name, &params, args).ok()?;
    let (divisibility, _) = bind::specialisation(&params, &ordered);
    let divisibility = with_asked(divisibility, base);
    let raised: Vec<(String, u32)> = (divisibility.iter())
        .filter(|(n, d)| *d > opts.divisibility.iter().find(|(m, _)| m == n).map_or(1, |e| e.1))
        .cloned()
        .collect();
    (!raised.is_empty()).then(|| (CompileOptions { divisibility, ..opts.clone() }, raised))
}

/// A kernel for the interpreter: its mirror IR at the tile level and after the passes
/// `which` asks for (`run_stage` is the one a run interprets), its signature, and the
/// source to render its faults against.
pub struct ForInterpreter {
    pub file: SourceFile,
    pub kernel: KernelMeta,
    pub stages: Vec<(String, tile_dialects::ir::Module)>,
    pub compile_ms: f64,
}

impl ForInterpreter {
    /// What a run interprets: the IR after membar (the GPU's barriers and shared-memory
    /// offsets), or the tile level when that is all there is (`--tile-level`) or when
    /// `--check-each-pass` compares every stage against it.
    pub fn run_stage(&self, each_pass: bool) -> (&str, &tile_dialects::ir::Module) {
        let (name, m) = &self.stages[if each_pass { 0 } else { self.stages.len() - 1 }];
        (name, m)
    }
}

pub fn tile_for_interpreter(
    path: &Path,
    want: Option<&str>,
    base: &CompileOptions,
    no_specialise: bool,
    args: &[ArgSpec],
    which: tilec::internals::driver::Stages,
) -> Result<ForInterpreter, Error> {
    let Front { file, kernel: k, opts } = front(path, want, base, no_specialise, args)?;
    let t = Instant::now();
    let stages = tilec::internals::internal::catch(|| tilec::internals::driver::mirror_stages(&file, &opts, which))
        .map_err(|p| Error::Internal(format!("the compiler panicked (a tilec bug): {}", p.message)))?
        .map_err(compile_error)?;
    let kernel = tilec::internals::driver::kernel_meta(&k, &opts, &Default::default());
    Ok(ForInterpreter { file, kernel, stages, compile_ms: t.elapsed().as_secs_f64() * 1e3 })
}

/// Compiles `FILE.tile` under `base` for the given arguments (`front`'s rules).
pub fn compile_tile(
    path: &Path,
    want: Option<&str>,
    base: &CompileOptions,
    no_specialise: bool,
    args: &[ArgSpec],
) -> Result<Loaded, Error> {
    let Front { file, kernel: k, opts } = front(path, want, base, no_specialise, args)?;
    let t = Instant::now();
    let compile = |opts: &CompileOptions| -> Result<(tilec::Compiled, bool, KernelMeta), Error> {
        let cached = tilec::internals::internal::catch(|| tilec::internals::cache::compile(&file, opts))
            .map_err(|p| Error::Internal(format!("the compiler panicked (a tilec bug): {}", p.message)))?
            .map_err(compile_error)?;
        let kernel = (cached.compiled.meta.kernels.iter().find(|m| m.name == k.name).cloned())
            .ok_or_else(|| Error::msg(format!("tilec produced no metadata for kernel `{}`", k.name)))?;
        Ok((cached.compiled, cached.hit, kernel))
    };
    let (mut compiled, mut cache_hit, mut kernel) = compile(&opts)?;
    let mut asked = vec![];
    // The compile asked for a divisor the arguments have: specialise on it too.
    if let Some((again, raised)) = (!no_specialise).then(|| hinted(&kernel, &opts, base, args)).flatten() {
        asked = raised;
        (compiled, cache_hit, kernel) = compile(&again)?;
    }
    let compile_ms = t.elapsed().as_secs_f64() * 1e3;
    Ok(Loaded {
        ptx: compiled.ptx,
        arch: compiled.meta.arch.clone(),
        kernel,
        meta: compiled.meta,
        compile_ms: Some(compile_ms),
        cache_hit,
        hinted: asked,
    })
}

/// Writes the PTX to `path` and its metadata beside it (`path` with `.json`), as `tilec -o`
/// does, so the pair runs again with `tilerun OUT.ptx`.
pub fn write_outputs(path: &Path, loaded: &Loaded) -> Result<(), Error> {
    let write = |p: &Path, text: &str| {
        std::fs::write(p, text).map_err(|e| Error::msg(format!("cannot write {}: {e}", p.display())))
    };
    write(path, &loaded.ptx)?;
    let json = serde_json::to_string_pretty(&loaded.meta).expect("metadata serialises") + "\n";
    write(&path.with_extension("json"), &json)
}

/// A compile error as tilerun reports it: the program's (exit 1) or tilec's (exit 2).
fn compile_error(e: tilec::Diagnostics) -> Error {
    if e.is_internal() {
        Error::Internal(e.render())
    } else {
        Error::Compile(e.render())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_kernels() {
        assert_eq!(pick(&["add"], None, "f").unwrap(), 0);
        assert_eq!(pick(&["a", "b"], Some("b"), "f").unwrap(), 1);
        assert!(pick(&["a", "b"], None, "f").unwrap_err().to_string().contains("choose one with --kernel"));
        assert!(pick(&["a"], Some("c"), "f").unwrap_err().to_string().contains("no kernel `c` (it has: a)"));
    }

    /// The compile line names the integer divisors below 16, grouped, and the ones the
    /// compiler asked for; multiples of 16, pointers and odd values go unsaid.
    #[test]
    fn says_what_is_specialised_below_16() {
        use crate::testing::{kernel, param};
        let params = vec![
            param("a", "*f16", 16),
            param("M", "i32", 8),
            param("N", "i32", 16),
            param("K", "i32", 8),
            param("s", "i32", 4),
            param("odd", "i32", 1),
            param("n_ctx", "i32", 64),
        ];
        let meta = ModuleMeta { tilec_version: "0".into(), arch: "sm_90a".into(), kernels: vec![kernel("k", params)] };
        let mut l = Loaded {
            ptx: String::new(),
            arch: "sm_90a".into(),
            kernel: meta.kernels[0].clone(),
            meta,
            compile_ms: None,
            cache_hit: false,
            hinted: vec![],
        };
        assert_eq!(l.specialised(), ", specialised on M, K a multiple of 8, s a multiple of 4");
        l.hinted = vec![("n_ctx".into(), 64)];
        assert_eq!(
            l.specialised(),
            ", specialised on M, K a multiple of 8, s a multiple of 4, n_ctx a multiple of 64 (asked by the compiler)"
        );
    }

    #[test]
    fn ptx_needs_its_json() {
        let dir = std::env::temp_dir().join(format!("tile-runtime-load-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let ptx = dir.join("k.ptx");
        std::fs::write(&ptx, ".version 8.0\n").unwrap();
        let e = load_ptx(&ptx, None).err().unwrap().to_string();
        assert!(e.contains("k.json") && e.contains("tilec -o"), "{e}");
        let meta = ModuleMeta {
            tilec_version: "0".into(),
            arch: "sm_90".into(),
            kernels: vec![crate::testing::kernel("k", vec![])],
        };
        std::fs::write(dir.join("k.json"), serde_json::to_string(&meta).unwrap()).unwrap();
        let l = load_ptx(&ptx, None).unwrap();
        assert_eq!((l.kernel.name.as_str(), l.arch.as_str()), ("k", "sm_90"));
        // What --emit-ptx writes loads back the same.
        let out = dir.join("again.ptx");
        write_outputs(&out, &l).unwrap();
        let again = load_ptx(&out, Some("k")).unwrap();
        assert_eq!((again.ptx, again.meta), (l.ptx, l.meta));
    }
}
