//! One `tilerun` invocation, start to end.
//!
//! Everything that can be refused is refused before the GPU is touched: the kernel is
//! loaded (or compiled), the arguments are bound to its signature, the `--save`/`--check`
//! names are resolved. Then: open the device, JIT the PTX, make and upload buffers,
//! launch once, save and check, and only then (`--bench`) time.

use crate::bench;
use crate::bind::{self, Bound, BufferPlan, BUFFER_ALIGN};
use crate::buffers::HostBuffer;
use crate::check::{self, Tolerance};
use crate::cuda;
use crate::gpu::{DeviceBuffer, Gpu};
use crate::grid::Grid;
use crate::interpret::{self, InterpOptions};
use crate::load::{self, Loaded};
use crate::settings::RunSettings;
use crate::signature::{signature, ParamKind};
use crate::spec::ArgSpec;
use crate::tune;
use crate::{npy, Error};
use std::path::PathBuf;
use tile_interp::{Arg, Memory};
use tilec::internals::autotune::{self, Tuning};
use tilec::metadata::KernelMeta;
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
    pub grid: Option<Grid>,
    pub args: Vec<ArgSpec>,
    /// What a plan run takes too: compile, inputs, timing, tolerances, device, interpreter.
    pub settings: RunSettings,
    pub saves: Vec<(String, PathBuf)>,
    pub checks: Vec<(String, PathBuf)>,
    pub bytes: Option<Bytes>,
    /// Write the PTX that was launched here, and its metadata beside it.
    pub emit_ptx: Option<PathBuf>,
    /// Buffers set to zero before every launch (inside the timed region, like the
    /// Triton reference's `out.zero_()`): accumulators and look-back state.
    pub zero: Vec<String>,
    /// `--config N`: run this `#[autotune]` configuration instead of tuning.
    pub config: Option<usize>,
}

impl Options {
    /// A run of `file` in the interpreter with everything else at its default: what
    /// `tilec --check-each-pass` asks of the runtime.
    pub fn interpreted(
        file: PathBuf,
        kernel: Option<String>,
        grid: Grid,
        args: Vec<ArgSpec>,
        compile: CompileOptions,
    ) -> Options {
        Options {
            file,
            kernel,
            grid: Some(grid),
            args,
            settings: RunSettings {
                compile,
                interp: InterpOptions { check_each_pass: true, ..Default::default() },
                ..RunSettings::default()
            },
            saves: vec![],
            checks: vec![],
            bytes: None,
            emit_ptx: None,
            zero: vec![],
            config: None,
        }
    }
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
    let opts = CompileOptions { arch, ..o.settings.compile.clone() };
    // Compiling alone, with no arguments: nothing to specialise on.
    let no_specialise = o.settings.no_specialise || (o.settings.compile_only && o.args.is_empty());
    load::compile_tile(&o.file, o.kernel.as_deref(), &opts, no_specialise, &o.args)
}

/// `--grid`, which every launch (and every argument check) needs, evaluated for `kernel`
/// and the arguments, once they and it meet the kernel's `#[requires]`.
fn required_grid(o: &Options, kernel: &KernelMeta) -> Result<[u32; 3], Error> {
    let grid = o.grid.as_ref().ok_or_else(missing_grid)?.resolve(kernel, &o.args)?;
    crate::requires::check(kernel, || bind::launch_values(kernel, &bind::bind(kernel, &o.args)?), grid)?;
    Ok(grid)
}

fn missing_grid() -> Error {
    Error::msg(
        "--grid is required: the launch's programs (with --compile-only: to check the arguments as a launch would)",
    )
}

/// The index of the buffer parameter `name`, for `--save`/`--check`.
fn buffer_param(kernel: &KernelMeta, name: &str, flag: &str) -> Result<usize, Error> {
    let params = &kernel.params;
    match params.iter().position(|p| p.name == name) {
        Some(i) if params[i].is_pointer() => Ok(i),
        Some(_) => Err(Error::msg(format!("{flag} {name}: `{name}` is a scalar, not a buffer"))),
        None => {
            let bufs: Vec<&str> = params.iter().filter(|p| p.is_pointer()).map(|p| p.name.as_str()).collect();
            Err(Error::msg(format!(
                "{flag} {name}: kernel `{}` has no buffer `{name}` (it has: {})",
                kernel.name,
                bufs.join(", ")
            )))
        }
    }
}

/// Runs it all; `Ok` means the kernel ran and every check passed.
pub fn run(o: &Options) -> Result<(), Error> {
    let i = &o.settings.interp;
    let forced = i.force || i.races || i.uninit || i.check_each_pass;
    let interpreted = !o.settings.compile_only && (forced || (is_tile(o) && !cuda::has_gpu()));
    if interpreted {
        interpret::announce(forced);
    }
    let (o, tuning) = &configured(o, interpreted)?;
    if interpreted {
        return run_interpreted(o);
    }
    // Refuse what can be refused without a GPU: compile errors, arguments that do not fit
    // the signature, unknown --save/--check names, missing files. The device (when there
    // is one, and the run will use it) picks the target first, so the kernel is compiled
    // once; without one, argument errors still come first.
    let gpu = (!o.settings.compile_only).then(|| Gpu::open(o.settings.device));
    let arch = match &gpu {
        Some(Ok(g)) if is_tile(o) && !o.settings.arch_given => Arch::for_capability(g.cc),
        _ => o.settings.compile.arch,
    };
    let device = match &gpu {
        Some(Ok(g)) => Some((g.name.clone(), g.max_shared)),
        _ => None,
    };
    let (mut loaded, mut pending) = match tuning {
        None => (load_kernel(o, arch)?, None),
        Some(t) => tune_or_recall(o, t, arch, device)?,
    };
    // `--compile-only` alone compiles for no arguments in particular; given arguments or a
    // grid, it checks them exactly as the launch would, then stops before the GPU.
    if o.settings.compile_only && o.args.is_empty() && o.grid.is_none() {
        return compiled(o, &loaded, "");
    }
    if o.grid.is_none() {
        return Err(missing_grid());
    }
    let bound = bind::bind(&loaded.kernel, &o.args)?;
    let grid = required_grid(o, &loaded.kernel)?;
    let saves = o
        .saves
        .iter()
        .map(|(n, p)| Ok((buffer_param(&loaded.kernel, n, "--save")?, p)))
        .collect::<Result<Vec<_>, Error>>()?;
    let checks = o
        .checks
        .iter()
        .map(|(n, p)| Ok((buffer_param(&loaded.kernel, n, "--check")?, p)))
        .collect::<Result<Vec<_>, Error>>()?;
    for (_, path) in &checks {
        crate::npy::NpyIn::open(path)?;
    }
    let zero = o.zero.iter().map(|n| buffer_param(&loaded.kernel, n, "--zero")).collect::<Result<Vec<_>, Error>>()?;
    if o.settings.compile_only {
        return compiled(o, &loaded, &format!("; arguments checked for grid {grid:?}"));
    }
    let gpu = match gpu {
        Some(g) => g?,
        None => Gpu::open(o.settings.device)?,
    };
    if let Some(ms) = loaded.compile_ms {
        if o.settings.verbose {
            println!("compiled `{}` for {} in {ms:.1} ms{}", loaded.kernel.name, loaded.arch, loaded.specialised());
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
            loaded.kernel.name,
            loaded.arch,
            gpu.name,
            gpu.arch()
        )));
    }

    // Buffers: made on the host, uploaded once; `host[i]` is `None` for scalars. (Every
    // autotune configuration has the same parameters.)
    let rotate = o.settings.bench.as_ref().map_or(1, |b| b.rotate.max(1));
    let mut host: Vec<Option<HostBuffer>> = vec![];
    let mut sets: Vec<Vec<Option<DeviceBuffer>>> = (0..rotate).map(|_| vec![]).collect();
    let mut scalars: Vec<u64> = vec![];
    for (i, (b, p)) in bound.into_iter().zip(&loaded.kernel.params).enumerate() {
        match b {
            Bound::Scalar { bits } => {
                scalars.push(bits);
                host.push(None);
                sets.iter_mut().for_each(|s| s.push(None));
            }
            Bound::Buffer { elem, plan } => {
                scalars.push(0);
                let h = plan.materialize(elem, o.settings.seed, i as u64, o.settings.poison)?;
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

    if let Some((cands, key)) = pending.take() {
        let zero_set: Vec<&DeviceBuffer> = zero.iter().map(|&z| sets[0][z].as_ref().unwrap()).collect();
        let mut time = |l: &Loaded| time_config(&gpu, o, l, &values[0], &zero_set);
        let (best, us) = tune::choose(&cands, true, &mut time)?;
        let (c, l) = cands.into_iter().nth(best).expect("the chosen candidate");
        println!("autotune: chose config {} ({}): {us:.2} us", c.index, c.label());
        tune::remember(key, &autotune::Choice { config: c.index, label: c.label(), us });
        loaded = l;
        // The tuning launches wrote the buffers: the run starts from the inputs again.
        for set in &sets {
            for (d, h) in set.iter().zip(&host) {
                if let (Some(d), Some(h)) = (d, h) {
                    gpu.upload(d, &h.data)?;
                }
            }
        }
    }
    if let Some(p) = &o.emit_ptx {
        load::write_outputs(p, &loaded)?;
    }
    let k = &loaded.kernel;
    let grid = if tuning.is_some() { required_grid(o, k)? } else { grid };
    let func = gpu.load(&loaded.ptx, k).map_err(|e| Error::msg(format!("kernel `{}`: {e}", k.name)))?;
    if o.settings.verbose {
        let info = func.info()?;
        println!(
            "kernel `{}` on {} ({}): block {:?}, {} registers/thread, {} B shared, {} B local",
            k.name,
            gpu.name,
            gpu.arch(),
            k.block,
            info.num_regs,
            k.shared_bytes.max(info.static_shared_bytes as u32),
            info.local_bytes
        );
    }
    let mut launch = |i: usize| -> Result<(), Error> {
        for &z in &zero {
            gpu.zero(sets[i % rotate][z].as_ref().unwrap())?;
        }
        // SAFETY: `bind` checked the arguments against the signature, and the buffers
        // (sized by it) live in `sets` until the end of the run.
        unsafe { gpu.launch(&func, grid, &mut values[i % rotate]) }
    };

    launch(0)?;
    gpu.sync().map_err(|e| cuda::fail(format!("kernel `{}` failed", k.name), e))?;
    println!("kernel `{}`: ran grid {:?} x block {:?}", k.name, grid, k.block);

    let mut fetched: Vec<Option<HostBuffer>> = vec![None; host.len()];
    for &(i, _) in saves.iter().chain(&checks) {
        if fetched[i].is_none() {
            let h = host[i].as_ref().unwrap();
            let mut out = HostBuffer { dtype: h.dtype, shape: h.shape.clone(), data: vec![0; h.data.len()] };
            gpu.download(sets[0][i].as_ref().unwrap(), &mut out.data)?;
            fetched[i] = Some(out);
        }
    }
    let failed = save_and_check(k, &saves, &checks, &fetched, o)?;

    if let Some(cfg) = &o.settings.bench {
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

/// The options this run compiles with, and the tuning it still has to do. A kernel with
/// `#[autotune]` configurations runs the one `--config N` names; without it, the
/// interpreter (which cannot time) runs configuration 0, and a GPU run (or
/// `--compile-only`, which compiles them all) tunes.
fn configured(o: &Options, interpreted: bool) -> Result<(Options, Option<Tuning>), Error> {
    if !is_tile(o) {
        if o.config.is_some() {
            return Err(Error::msg("--config picks an #[autotune] configuration of a .tile kernel"));
        }
        return Ok((o.clone(), None));
    }
    let t = tune::tuning(&o.file, o.kernel.as_deref(), &o.settings.compile)?;
    let pick = |t: &Tuning, n: usize| -> Result<Options, Error> {
        let compile = t.config(n).and_then(|c| c.apply(&o.settings.compile)).map_err(Error::msg)?;
        Ok(Options {
            settings: RunSettings { compile, ..o.settings.clone() },
            kernel: Some(t.kernel.clone()),
            ..o.clone()
        })
    };
    match (t, o.config) {
        (None, Some(n)) => Err(Error::msg(format!("--config {n}: the kernel has no #[autotune] configurations"))),
        (None, None) => Ok((o.clone(), None)),
        (Some(t), Some(n)) => Ok((pick(&t, n)?, None)),
        (Some(t), None) if interpreted => {
            println!(
                "autotune: the interpreter cannot time configurations: running config 0 ({}); --config N picks another",
                t.configs[0].label()
            );
            Ok((pick(&t, 0)?, None))
        }
        (Some(t), None) => Ok((o.clone(), Some(t))),
    }
}

/// A tuned kernel's configuration: the cached choice for this device and these key
/// arguments (compiled alone), or every configuration compiled at once, the first that
/// compiled standing in until the timing (returned with the candidates and the cache
/// key). `device`: the GPU's name and shared memory a block (`None` with
/// `--compile-only`: nothing is timed).
#[allow(clippy::type_complexity)]
fn tune_or_recall(
    o: &Options,
    t: &Tuning,
    arch: Arch,
    device: Option<(String, u32)>,
) -> Result<(Loaded, Option<(Vec<(autotune::Config, Loaded)>, u64)>), Error> {
    let base = CompileOptions { arch, ..o.settings.compile.clone() };
    let no_specialise = o.settings.no_specialise || (o.settings.compile_only && o.args.is_empty());
    let name = device.as_ref().map_or("", |d| d.0.as_str());
    let key = autotune::choice_key(&tune::source(&o.file)?, &t.kernel, &base, name, &tune::key_values(t, &o.args));
    if let (false, Some(choice)) = (o.settings.compile_only, tune::cached(key).filter(|c| c.config < t.configs.len())) {
        println!(
            "autotune: config {} ({}) from the tuning cache ({:.2} us when tuned)",
            choice.config, choice.label, choice.us
        );
        let compile = t.configs[choice.config].apply(&base).map_err(Error::msg)?;
        let loaded = load::compile_tile(&o.file, Some(&t.kernel), &compile, no_specialise, &o.args)?;
        return Ok((loaded, None));
    }
    let limit = device.as_ref().map_or(autotune::shared_memory_limit(arch), |d| d.1);
    let start = std::time::Instant::now();
    let all = tune::compile_all(&o.file, t, &base, no_specialise, &o.args, limit);
    let cands = tune::report_skips(all);
    println!(
        "autotune: kernel `{}`: {} of {} configurations compiled in {:.2} s",
        t.kernel,
        cands.len(),
        t.configs.len(),
        start.elapsed().as_secs_f64()
    );
    let first = cands.first().map(|c| c.1.clone()).ok_or_else(|| {
        Error::msg(format!("autotune: no configuration of kernel `{}` compiles for this device (see above)", t.kernel))
    })?;
    Ok((first, (!o.settings.compile_only).then_some((cands, key))))
}

/// One configuration's time (median, microseconds) on the run's buffers
/// (`tune::bench_config`).
fn time_config(gpu: &Gpu, o: &Options, l: &Loaded, values: &[u64], zero: &[&DeviceBuffer]) -> Result<f64, Error> {
    let k = &l.kernel;
    let grid = required_grid(o, k)?;
    let func = gpu.load(&l.ptx, k).map_err(|e| Error::msg(format!("kernel `{}`: {e}", k.name)))?;
    let mut vals = values.to_vec();
    let mut launch = |_: usize| -> Result<(), Error> {
        for z in zero {
            gpu.zero(z)?;
        }
        // SAFETY: as the run's own launches: the same checked arguments and buffers.
        unsafe { gpu.launch(&func, grid, &mut vals) }
    };
    Ok(bench::time_launches(gpu, &k.name, &tune::bench_config(), &mut launch)?.median_us)
}

/// `--compile-only`: writes `--emit-ptx` and says what was compiled (`checked`: what else).
fn compiled(o: &Options, loaded: &Loaded, checked: &str) -> Result<(), Error> {
    if let Some(p) = &o.emit_ptx {
        load::write_outputs(p, loaded)?;
    }
    let ms = loaded.compile_ms.map_or(String::new(), |ms| format!(" in {ms:.1} ms"));
    let ms = if loaded.cache_hit { format!("{ms} (from the compile cache)") } else { ms };
    let into = o.emit_ptx.as_ref().map_or(String::new(), |p| format!(" into {}", p.display()));
    println!("compiled `{}` for {}{ms}{into}{}{checked}", loaded.kernel.name, loaded.arch, loaded.specialised());
    Ok(())
}

/// `--save` then `--check` of the buffers fetched after the run; the names that failed.
fn save_and_check(
    k: &KernelMeta,
    saves: &[(usize, &PathBuf)],
    checks: &[(usize, &PathBuf)],
    fetched: &[Option<HostBuffer>],
    o: &Options,
) -> Result<Vec<String>, Error> {
    let get = |i: usize| fetched[i].as_ref().ok_or_else(|| Error::msg("internal: a buffer was not fetched"));
    for (i, path) in saves {
        npy::write(path, get(*i)?)?;
        println!("saved `{}` to {}", k.params[*i].name, path.display());
    }
    let mut failed = vec![];
    for (i, path) in checks {
        let name = &k.params[*i].name;
        let out = get(*i)?;
        let reference = npy::read(path)?;
        let report =
            check::compare(name, out, &reference, Tolerance::for_dtype(out.dtype, o.settings.rtol, o.settings.atol));
        println!("{report}");
        if !report.passed() {
            failed.push(name.clone());
        }
    }
    Ok(failed)
}

/// The run in the interpreter: the same arguments, checks and saves as on the GPU.
fn run_interpreted(o: &Options) -> Result<(), Error> {
    if !is_tile(o) {
        return Err(Error::msg(format!(
            "{}: the interpreter runs .tile files (a .ptx has no IR to interpret: run it on a GPU)",
            o.file.display()
        )));
    }
    if o.settings.bench.is_some() {
        return Err(interpret::refuse_bench());
    }
    if o.emit_ptx.is_some() {
        return Err(Error::msg("--emit-ptx writes what runs on a GPU: give --compile-only with it here"));
    }
    let each = o.settings.interp.check_each_pass;
    if o.grid.is_none() {
        return Err(missing_grid());
    }
    let fi = load::tile_for_interpreter(
        &o.file,
        o.kernel.as_deref(),
        &o.settings.compile,
        o.settings.no_specialise,
        &o.args,
        o.settings.interp.stages(),
    )?;
    let k = &fi.kernel;
    let bound = bind::bind(k, &o.args)?;
    let grid = required_grid(o, k)?;
    let find = |n: &String, flag| buffer_param(k, n, flag);
    let saves = o.saves.iter().map(|(n, p)| Ok((find(n, "--save")?, p))).collect::<Result<Vec<_>, Error>>()?;
    let checks = o.checks.iter().map(|(n, p)| Ok((find(n, "--check")?, p))).collect::<Result<Vec<_>, Error>>()?;
    for n in &o.zero {
        find(n, "--zero")?;
    }
    let params = signature(&k.params)?;
    let (mut mem, mut args, mut hosts) = (Memory::default(), vec![], vec![]);
    for (i, (b, p)) in bound.into_iter().zip(&params).enumerate() {
        match (b, p.kind) {
            (b @ Bound::Scalar { .. }, ParamKind::Scalar(d)) => args.push(interpret::arg(&b, d, None)),
            (Bound::Buffer { elem, plan }, _) => {
                let source = match &plan {
                    BufferPlan::Generate { source, .. } => Some(source.clone()),
                    BufferPlan::Npy(_) => None,
                };
                let h = plan.materialize(elem, o.settings.seed, i as u64, o.settings.poison)?;
                let at = interpret::add_buffer(&mut mem, &p.name, &h, source.as_ref());
                args.push(Arg::Buffer(at));
                hosts.push((i, at, h));
            }
            (Bound::Scalar { .. }, ParamKind::Ptr(_)) => unreachable!("bind refuses a number for a pointer"),
        }
    }
    let initial = each.then(|| mem.clone());
    let (stage, ir) = fi.run_stage(each);
    let kernel = interpret::prepare(&fi.file, ir, &k.name)?;
    let who = format!("kernel `{}`", k.name);
    let races = interpret::launch(&fi.file, &kernel, stage, grid, &args, &mut mem, &o.settings.interp, &who)?;
    let mut fetched: Vec<Option<HostBuffer>> = vec![None; params.len()];
    for (pi, at, h) in &hosts {
        fetched[*pi] = Some(interpret::fetch(&mem, *at, h));
    }
    let mut failed = save_and_check(k, &saves, &checks, &fetched, o)?;
    if let Some(initial) = initial {
        let bufs: Vec<(usize, HostBuffer)> = hosts.iter().map(|(_, at, h)| (*at, h.clone())).collect();
        let tol = (o.settings.rtol, o.settings.atol);
        if let Some(d) =
            interpret::check_each_pass(&fi.file, &k.name, &fi.stages, grid, &args, &initial, &mem, &bufs, tol)?
        {
            println!("check-each-pass: FIRST DIFFERENCE {d}");
            failed.push("--check-each-pass".into());
        }
    }
    if races > 0 {
        failed.push(format!("--races ({races} found)"));
    }
    if !failed.is_empty() {
        return Err(Error::msg(format!("{who}: check failed for {}", failed.join(", "))));
    }
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
