//! One `tilerun` invocation, start to end.
//!
//! Everything that can be refused is refused before the GPU is touched: the kernel is
//! loaded (or compiled), the arguments are bound to its signature, the `--save`/`--check`
//! names are resolved. Then: open the device, JIT the PTX, make and upload buffers,
//! launch once, save and check, and only then (`--bench`) time.

use crate::bench::{self, BenchConfig};
use crate::bind::{self, Bound, BUFFER_ALIGN};
use crate::buffers::HostBuffer;
use crate::check::{self, Tolerance};
use crate::cuda::{self, DeviceBuffer, Gpu};
use crate::load::{self, Loaded};
use crate::spec::ArgSpec;
use crate::{npy, Error};
use std::ffi::c_void;
use std::path::PathBuf;
use tilec::options::{Arch, CompileOptions};

/// `--bytes`: a count, or the sum of every buffer's size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bytes {
    Auto,
    Count(u64),
}

#[derive(Clone, Debug)]
pub struct Options {
    /// A `.tile` (compiled here) or a `.ptx` (with its `.json` beside it).
    pub file: PathBuf,
    pub kernel: Option<String>,
    /// `--grid`; required to launch, and, with `--compile-only`, to check arguments.
    pub grid: Option<[u32; 3]>,
    pub args: Vec<ArgSpec>,
    pub compile: CompileOptions,
    /// Turn off the Triton-style specialisation on argument values.
    pub no_specialise: bool,
    /// Whether `--arch` was given (else a .tile compiles for the device's).
    pub arch_given: bool,
    pub seed: u64,
    pub poison: bool,
    pub saves: Vec<(String, PathBuf)>,
    pub checks: Vec<(String, PathBuf)>,
    pub rtol: Option<f64>,
    pub atol: Option<f64>,
    pub bench: Option<BenchConfig>,
    pub bytes: Option<Bytes>,
    pub device: usize,
    pub verbose: bool,
    /// Write the PTX that was launched here, and its metadata beside it.
    pub emit_ptx: Option<PathBuf>,
    /// Stop after compiling (or loading): no GPU needed.
    pub compile_only: bool,
    /// Buffers set to zero before every launch (inside the timed region, like the
    /// Triton reference's `out.zero_()`): accumulators and look-back state.
    pub zero: Vec<String>,
}

/// Numeric part of `sm_90`.
fn arch_number(arch: &str) -> Option<i32> {
    arch.strip_prefix("sm_")?.trim_end_matches(|c: char| c.is_ascii_alphabetic()).parse().ok()
}

fn is_tile(o: &Options) -> bool {
    o.file.extension().is_some_and(|e| e == "tile")
}

fn load_kernel(o: &Options, arch: Arch) -> Result<Loaded, Error> {
    if !is_tile(o) {
        return load::load_ptx(&o.file, o.kernel.as_deref());
    }
    let opts = CompileOptions { arch, ..o.compile.clone() };
    // Compiling alone, with no arguments: nothing to specialise on.
    let no_specialise = o.no_specialise || (o.compile_only && o.args.is_empty());
    load::compile_tile(&o.file, o.kernel.as_deref(), &opts, no_specialise, &o.args)
}

/// The index of the buffer parameter `name`, for `--save`/`--check`.
fn buffer_param(loaded: &Loaded, name: &str, flag: &str) -> Result<usize, Error> {
    let params = &loaded.kernel.params;
    match params.iter().position(|p| p.name == name) {
        Some(i) if params[i].is_pointer() => Ok(i),
        Some(_) => Err(Error::msg(format!("{flag} {name}: `{name}` is a scalar, not a buffer"))),
        None => {
            let bufs: Vec<&str> = params.iter().filter(|p| p.is_pointer()).map(|p| p.name.as_str()).collect();
            Err(Error::msg(format!(
                "{flag} {name}: kernel `{}` has no buffer `{name}` (it has: {})",
                loaded.kernel.name,
                bufs.join(", ")
            )))
        }
    }
}

/// Runs it all; `Ok` means the kernel ran and every check passed.
pub fn run(o: &Options) -> Result<(), Error> {
    // Refuse what can be refused without a GPU: compile errors, arguments that do not fit
    // the signature, unknown --save/--check names, missing files.
    let mut loaded = load_kernel(o, o.compile.arch)?;
    // `--compile-only` alone compiles for no arguments in particular; given arguments or a
    // grid, it checks them exactly as the launch would, then stops before the GPU.
    if o.compile_only && o.args.is_empty() && o.grid.is_none() {
        return compiled(o, &loaded, "");
    }
    let grid = o.grid.ok_or_else(|| {
        Error::msg(
            "--grid is required: the launch's programs (with --compile-only: to check the arguments as a launch would)",
        )
    })?;
    let mut bound = bind::bind(&loaded.kernel, &o.args)?;
    let saves =
        o.saves.iter().map(|(n, p)| Ok((buffer_param(&loaded, n, "--save")?, p))).collect::<Result<Vec<_>, Error>>()?;
    let checks = o
        .checks
        .iter()
        .map(|(n, p)| Ok((buffer_param(&loaded, n, "--check")?, p)))
        .collect::<Result<Vec<_>, Error>>()?;
    for (_, path) in &checks {
        crate::npy::NpyIn::open(path)?;
    }
    let zero = o.zero.iter().map(|n| buffer_param(&loaded, n, "--zero")).collect::<Result<Vec<_>, Error>>()?;
    if o.compile_only {
        return compiled(o, &loaded, &format!("; arguments checked for grid {grid:?}"));
    }
    if let Some(p) = &o.emit_ptx {
        load::write_outputs(p, &loaded)?;
    }
    let gpu = Gpu::open(o.device)?;
    if is_tile(o) && !o.arch_given && gpu.cc.0 < 9 {
        // tilec targets sm_80 and sm_90 (sm_90 PTX also runs on newer devices): an older
        // device gets its own compile unless --arch said otherwise.
        loaded = load_kernel(o, Arch::Sm80)?;
        bound = bind::bind(&loaded.kernel, &o.args)?;
        if let Some(p) = &o.emit_ptx {
            load::write_outputs(p, &loaded)?;
        }
    }
    let k = &loaded.kernel;
    if let Some(ms) = loaded.compile_ms {
        if o.verbose {
            println!("compiled `{}` for {} in {ms:.1} ms", k.name, loaded.arch);
        }
    }

    let (dev, want) = (gpu.cc.0 * 10 + gpu.cc.1, arch_number(&loaded.arch).unwrap_or(0));
    // `sm_90a` PTX uses instructions only compute capability 9.0 has (no later device).
    let specific = loaded.arch.ends_with('a');
    if dev < want || (specific && dev != want) {
        let advice = if specific {
            "an sm_90a kernel runs on compute capability 9.0 only: compile with --arch sm_90".to_string()
        } else {
            format!("compile with --arch sm_{}0 or lower", gpu.cc.0)
        };
        return Err(Error::msg(format!(
            "kernel `{}` was compiled for {}, but {} is {} ({advice})",
            k.name,
            loaded.arch,
            gpu.name,
            gpu.arch()
        )));
    }
    let module = gpu.load_module(&loaded.ptx).map_err(|e| Error::msg(format!("kernel `{}`: {e}", k.name)))?;
    let func = module.function(&k.name, &loaded.ptx)?;
    let info = func.info()?;
    let threads = k.block.iter().product::<u32>();
    if threads as i32 > info.max_threads_per_block {
        return Err(Error::msg(format!(
            "kernel `{}`: a block of {threads} threads is more than the {} it can have with {} registers per thread \
             (use fewer warps)",
            k.name, info.max_threads_per_block, info.num_regs
        )));
    }
    if o.verbose {
        println!(
            "kernel `{}` on {} ({}): block {:?}, {} registers/thread, {} B static shared, {} B local",
            k.name,
            gpu.name,
            gpu.arch(),
            k.block,
            info.num_regs,
            info.static_shared_bytes,
            info.local_bytes
        );
    }

    // Buffers: made on the host, uploaded once; `host[i]` is `None` for scalars.
    let rotate = o.bench.as_ref().map_or(1, |b| b.rotate.max(1));
    let mut host: Vec<Option<HostBuffer>> = vec![];
    let mut sets: Vec<Vec<Option<DeviceBuffer>>> = (0..rotate).map(|_| vec![]).collect();
    let mut scalars: Vec<u64> = vec![];
    for (i, (b, p)) in bound.into_iter().zip(&k.params).enumerate() {
        match b {
            Bound::Scalar { bits } => {
                scalars.push(bits);
                host.push(None);
                sets.iter_mut().for_each(|s| s.push(None));
            }
            Bound::Buffer { elem, plan } => {
                scalars.push(0);
                let h = plan.materialize(elem, o.seed, i as u64, o.poison)?;
                for set in sets.iter_mut() {
                    let d = gpu.alloc(h.data.len())?;
                    let align = p.divisibility.max(1) as u64;
                    if d.ptr % align != 0 || d.ptr % BUFFER_ALIGN as u64 != 0 {
                        return Err(Error::msg(format!(
                            "argument `{}`: the driver gave a pointer not aligned to {align} bytes",
                            p.name
                        )));
                    }
                    gpu.upload(&d, &h.data)?;
                    set.push(Some(d));
                }
                host.push(Some(h));
            }
        }
    }
    let total_bytes: u64 = host.iter().flatten().map(|h| h.data.len() as u64).sum();
    // One parameter array per buffer set: values, and the pointers cuLaunchKernel reads.
    let mut values: Vec<Vec<u64>> = sets
        .iter()
        .map(|set| scalars.iter().zip(set).map(|(&s, d)| d.as_ref().map_or(s, |d| d.ptr)).collect())
        .collect();
    let mut launch = |i: usize| -> Result<(), Error> {
        for &z in &zero {
            gpu.memset(sets[i % rotate][z].as_ref().unwrap(), 0)?;
        }
        let vals = &mut values[i % rotate];
        let mut ptrs: Vec<*mut c_void> = vals.iter_mut().map(|v| (v as *mut u64).cast()).collect();
        gpu.launch(&func, grid, k.block, 0, &mut ptrs)
    };

    launch(0)?;
    gpu.sync().map_err(|e| cuda::fail(format!("kernel `{}` failed", k.name), e))?;
    println!("kernel `{}`: ran grid {:?} x block {:?}", k.name, grid, k.block);

    let mut failed = vec![];
    let mut fetched: Vec<Option<HostBuffer>> = vec![None; host.len()];
    for &(i, _) in saves.iter().chain(&checks) {
        if fetched[i].is_none() {
            let h = host[i].as_ref().unwrap();
            let mut out = HostBuffer { dtype: h.dtype, shape: h.shape.clone(), data: vec![0; h.data.len()] };
            gpu.download(sets[0][i].as_ref().unwrap(), &mut out.data)?;
            fetched[i] = Some(out);
        }
    }
    for (i, path) in &saves {
        npy::write(path, fetched[*i].as_ref().unwrap())?;
        println!("saved `{}` to {}", k.params[*i].name, path.display());
    }
    for (i, path) in &checks {
        let name = &k.params[*i].name;
        let out = fetched[*i].as_ref().unwrap();
        let reference = npy::read(path)?;
        let report = check::compare(name, out, &reference, Tolerance::for_dtype(out.dtype, o.rtol, o.atol));
        println!("{report}");
        if !report.passed() {
            failed.push(name.clone());
        }
    }

    if let Some(cfg) = &o.bench {
        let mut cfg = cfg.clone();
        cfg.bytes = match o.bytes {
            Some(Bytes::Auto) => Some(total_bytes),
            Some(Bytes::Count(n)) => Some(n),
            None => None,
        };
        let r = bench::time_launches(&gpu, &k.name, &cfg, &mut launch)?;
        println!("{}", r.summary(&k.name, &cfg));
        println!("{}", r.bench_line(&k.name, grid, k.block, &gpu.name, &cfg));
    }
    if !failed.is_empty() {
        let names: Vec<String> = failed.iter().map(|n| format!("`{n}`")).collect();
        return Err(Error::msg(format!("kernel `{}`: check failed for {}", k.name, names.join(", "))));
    }
    Ok(())
}

/// `--compile-only`: writes `--emit-ptx` and says what was compiled (`checked`: what else).
fn compiled(o: &Options, loaded: &Loaded, checked: &str) -> Result<(), Error> {
    if let Some(p) = &o.emit_ptx {
        load::write_outputs(p, loaded)?;
    }
    let ms = loaded.compile_ms.map_or(String::new(), |ms| format!(" in {ms:.1} ms"));
    let ms = if loaded.cache_hit { format!("{ms} (from the compile cache)") } else { ms };
    let into = o.emit_ptx.as_ref().map_or(String::new(), |p| format!(" into {}", p.display()));
    println!("compiled `{}` for {}{ms}{into}{checked}", loaded.kernel.name, loaded.arch);
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn arch_numbers() {
        assert_eq!(super::arch_number("sm_90"), Some(90));
        assert_eq!(super::arch_number("sm_90a"), Some(90));
        assert_eq!(super::arch_number("sm_80"), Some(80));
        assert_eq!(super::arch_number("gfx90a"), None);
    }
}
