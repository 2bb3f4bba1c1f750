//! Running a plan (`tilerun --plan`): every launch compiled (or loaded) and bound to its
//! buffers before the GPU is touched, then the buffers made once and shared, the
//! launches run in order, the outputs checked, and, with `bench`, the whole plan timed
//! as one unit.
//!
//! The first run synchronises after each launch, so a fault names the launch that made
//! it; timed runs do not (the launches queue back to back on the stream, as an
//! application would issue them), and each timed run starts by zeroing the plan's
//! `zero` buffers, inside the timed region, as `--zero` does for one kernel.

use crate::bench::{self, BenchConfig, BenchResult};
use crate::bind::{self, Bound};
use crate::buffers::HostBuffer;
use crate::check::{self, Tolerance};
use crate::cuda;
use crate::dtype::DType;
use crate::gpu::{DeviceBuffer, Gpu};
use crate::interpret;
use crate::load::{self, ForInterpreter, Loaded};
use crate::npy::{self, NpyIn};
use crate::plan::{Plan, PlanArg};
use crate::plan_ref;
use crate::settings::RunSettings;
use crate::signature::{signature, ParamKind};
use crate::spec::{ArgSpec, ArgValue, Source};
use crate::Error;
use serde_json::{json, Map, Value};
use tilec::options::{Arch, CompileOptions};

/// One launch, ready: the kernel and each parameter's value (`None`: a buffer's pointer,
/// filled in once the buffers exist).
struct Ready {
    loaded: Loaded,
    scalars: Vec<Option<u64>>,
    /// For the interpreter: the kernel's IR and source (then `loaded.ptx` is empty).
    interp: Option<ForInterpreter>,
}

fn is_tile(p: &std::path::Path) -> bool {
    p.extension().is_some_and(|e| e == "tile")
}

/// The launch's arguments as tilerun's ARGs, for specialisation and binding; `dtypes`
/// holds each buffer's element type once a launch has fixed it.
fn arg_specs(plan: &Plan, i: usize, dtypes: &[Option<DType>]) -> Vec<ArgSpec> {
    plan.launches[i]
        .args
        .iter()
        .map(|a| match a {
            PlanArg::Buffer(b) => {
                let pb = &plan.buffers[*b];
                let mut spec = pb.spec.clone();
                if !matches!(spec.source, Source::Npy(_)) {
                    spec.dtype = spec.dtype.or(dtypes[*b]);
                }
                ArgSpec { name: None, value: ArgValue::Buffer(spec), text: format!("{} = \"{}\"", pb.name, pb.text) }
            }
            PlanArg::Scalar(s) => ArgSpec { name: None, value: ArgValue::Scalar(*s), text: format!("{s:?}") },
        })
        .collect()
}

/// Compiles or loads every launch for `arch` and binds its arguments; fixes the type of
/// buffers whose spec leaves it out (from the first launch that uses them).
fn prepare(plan: &Plan, o: &RunSettings, arch: Arch, interpreted: bool) -> Result<(Vec<Ready>, Vec<DType>), Error> {
    let file = plan.path.display().to_string();
    let mut dtypes: Vec<Option<DType>> = plan.buffers.iter().map(|b| b.spec.dtype).collect();
    let mut ready = vec![];
    for (i, l) in plan.launches.iter().enumerate() {
        let who = format!("{file}: {}", plan.launch_name(i));
        let ctx = |e: Error| match e {
            Error::Compile(r) => Error::Compile(format!("{r}\n{who}: {} does not compile", l.file.display())),
            Error::Internal(r) => Error::Internal(format!("{r}\n{who}: compiling {}", l.file.display())),
            e => Error::msg(format!("{who}: {e}")),
        };
        let specs = arg_specs(plan, i, &dtypes);
        let mut interp = None;
        let loaded = if is_tile(&l.file) {
            let mut s = CompileOptions { arch, ..o.compile.clone() };
            s.defines.extend(l.defines.iter().cloned());
            s.num_warps = l.num_warps.or(s.num_warps);
            if interpreted {
                let fi = load::tile_for_interpreter(
                    &l.file,
                    l.kernel.as_deref(),
                    &s,
                    o.no_specialise,
                    &specs,
                    o.interp.stages(),
                )
                .map_err(ctx)?;
                let loaded = Loaded {
                    ptx: String::new(),
                    arch: s.arch.to_string(),
                    kernel: fi.kernel.clone(),
                    meta: tilec::metadata::ModuleMeta {
                        tilec_version: String::new(),
                        arch: s.arch.to_string(),
                        kernels: vec![],
                    },
                    compile_ms: Some(fi.compile_ms),
                    cache_hit: false,
                    hinted: vec![],
                };
                interp = Some(fi);
                loaded
            } else {
                load::compile_tile(&l.file, l.kernel.as_deref(), &s, o.no_specialise, &specs).map_err(ctx)?
            }
        } else if interpreted {
            return Err(ctx(Error::msg("the interpreter runs .tile files (a .ptx has no IR to interpret)")));
        } else {
            if !l.defines.is_empty() || l.num_warps.is_some() {
                return Err(ctx(Error::msg("defines and num_warps need a .tile (a .ptx is already compiled)")));
            }
            load::load_ptx(&l.file, l.kernel.as_deref()).map_err(ctx)?
        };
        let who = format!("{file}: launch {} (`{}`)", i + 1, loaded.kernel.name);
        let bound = bind::bind(&loaded.kernel, &specs).map_err(|e| Error::msg(format!("{who}: {e}")))?;
        crate::requires::check(&loaded.kernel, || bind::launch_values(&loaded.kernel, &bound), l.grid)
            .map_err(|e| Error::msg(format!("{who}: {e}")))?;
        let mut scalars = vec![];
        for (a, b) in l.args.iter().zip(bound) {
            match (a, b) {
                (PlanArg::Buffer(k), Bound::Buffer { elem, .. }) => {
                    dtypes[*k].get_or_insert(elem);
                    scalars.push(None);
                }
                (_, Bound::Scalar { bits }) => scalars.push(Some(bits)),
                (PlanArg::Scalar(_), Bound::Buffer { .. }) => unreachable!("bind refuses a number for a pointer"),
            }
        }
        ready.push(Ready { loaded, scalars, interp });
    }
    let dtypes = plan
        .buffers
        .iter()
        .zip(dtypes)
        .map(|(b, d)| {
            d.ok_or_else(|| {
                Error::msg(format!("{file}: buffers.{}: no launch uses it, so give its type (zeros:f32:N)", b.name))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    // An order's view must be the buffer's width: refused before anything runs.
    for (b, r, input) in &plan.expects {
        r.fits(dtypes[*input]).map_err(|e| Error::msg(format!("{file}: expect.{}: {e}", plan.buffers[*b].name)))?;
    }
    Ok((ready, dtypes))
}

/// Runs the plan; `Ok` means every launch ran and every check passed.
pub fn run(plan: &Plan, o: &RunSettings) -> Result<(), Error> {
    let file = plan.path.display().to_string();
    let i = &o.interp;
    let forced = i.force || i.races || i.uninit || i.check_each_pass;
    let all_tile = plan.launches.iter().all(|l| is_tile(&l.file));
    if !o.compile_only && (forced || (all_tile && !cuda::has_gpu())) {
        interpret::announce(forced);
        return run_interpreted(plan, o);
    }
    let (mut ready, mut dtypes) = prepare(plan, o, o.compile.arch, false)?;
    if o.compile_only {
        for (i, r) in ready.iter().enumerate() {
            let ms = r.loaded.compile_ms.map_or(" (PTX)".to_string(), |ms| format!(" in {ms:.1} ms"));
            println!("launch {}: `{}` for {}{ms}", i + 1, r.loaded.kernel.name, r.loaded.arch);
        }
        let plural = |n: usize, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
        println!("{file}: {}, {}: ready", plural(ready.len(), "launch"), plural(plan.buffers.len(), "buffer"));
        return Ok(());
    }
    let gpu = Gpu::open(o.device)?;
    let any_tile = plan.launches.iter().any(|l| is_tile(&l.file));
    let arch = Arch::for_capability(gpu.cc);
    if any_tile && !o.arch_given && arch != o.compile.arch {
        (ready, dtypes) = prepare(plan, o, arch, false)?;
    }

    let mut funcs = vec![];
    for (i, r) in ready.iter().enumerate() {
        let k = &r.loaded.kernel;
        let who = format!("{file}: launch {} (`{}`)", i + 1, k.name);
        if o.verbose {
            let ms = r.loaded.compile_ms.map_or(String::new(), |ms| format!(", compiled in {ms:.1} ms"));
            println!("launch {}: `{}` for {}, block {:?}{ms}", i + 1, k.name, r.loaded.arch, k.block);
        }
        funcs.push(gpu.load(&r.loaded.ptx, k).map_err(|e| Error::msg(format!("{who}: {e}")))?);
    }

    // Buffers: made once, in the plan's order (each its own random stream).
    let seed = plan.seed.unwrap_or(o.seed);
    let keep: Vec<bool> = (0..plan.buffers.len()).map(|b| plan.expects.iter().any(|e| e.2 == b)).collect();
    let mut initial: Vec<Option<HostBuffer>> = vec![];
    let mut shapes = vec![];
    let mut dev: Vec<DeviceBuffer> = vec![];
    for (b, pb) in plan.buffers.iter().enumerate() {
        let at = |e: Error| Error::msg(format!("{file}: buffers.{}: {e}", pb.name));
        let h = match &pb.spec.source {
            Source::Npy(p) => NpyIn::open(p).and_then(|f| f.read(dtypes[b])).map_err(at)?,
            s => HostBuffer::generate(s, dtypes[b], &pb.spec.shape, seed, b as u64, o.poison).map_err(at)?,
        };
        let d = gpu.alloc(h.data.len())?;
        gpu.upload(&d, &h.data)?;
        dev.push(d);
        shapes.push((h.dtype, h.shape.clone(), h.data.len()));
        initial.push(keep[b].then_some(h));
    }
    let mut values: Vec<Vec<u64>> = ready
        .iter()
        .zip(&plan.launches)
        .map(|(r, l)| {
            r.scalars
                .iter()
                .zip(&l.args)
                .map(|(s, a)| match (s, a) {
                    (Some(bits), _) => *bits,
                    (None, PlanArg::Buffer(b)) => dev[*b].ptr,
                    (None, PlanArg::Scalar(_)) => unreachable!(),
                })
                .collect()
        })
        .collect();
    let mut run_all = |sync_each: bool| -> Result<(), Error> {
        for &z in &plan.zero {
            gpu.zero(&dev[z])?;
        }
        for (i, r) in ready.iter().enumerate() {
            // SAFETY: the plan's arguments were bound against each kernel's signature, and
            // the buffers in `dev` live until the plan is done.
            unsafe { gpu.launch(&funcs[i], plan.launches[i].grid, &mut values[i])? };
            if sync_each {
                let who = format!("{file}: launch {} (`{}`) failed", i + 1, r.loaded.kernel.name);
                gpu.sync().map_err(|e| cuda::fail(who, e))?;
            }
        }
        Ok(())
    };
    run_all(true)?;
    for (i, r) in ready.iter().enumerate() {
        let k = &r.loaded.kernel;
        println!("launch {}: `{}` ran grid {:?} x block {:?}", i + 1, k.name, plan.launches[i].grid, k.block);
    }

    // Outputs: fetched once each, then saved and compared.
    let mut fetched: Vec<Option<HostBuffer>> = vec![None; dev.len()];
    let wanted =
        plan.saves.iter().map(|s| s.0).chain(plan.checks.iter().map(|c| c.0)).chain(plan.expects.iter().map(|e| e.0));
    for b in wanted {
        if fetched[b].is_none() {
            let (dtype, shape, bytes) = shapes[b].clone();
            let mut out = HostBuffer { dtype, shape, data: vec![0; bytes] };
            gpu.download(&dev[b], &mut out.data)?;
            fetched[b] = Some(out);
        }
    }
    let failed = report(plan, o, &fetched, &initial, &shapes)?;

    if let Some(cfg) = &o.bench {
        let name = plan.path.file_stem().map_or("plan".into(), |s| s.to_string_lossy().into_owned());
        let mut cfg = cfg.clone();
        cfg.bytes = cfg.bytes.or(plan.bytes);
        let r = bench::time_launches(&gpu, &name, &cfg, &mut |_| run_all(false))?;
        println!("{} ({} launches per run)", r.summary(&name, &cfg), ready.len());
        println!("{}", bench_line(&r, &name, plan, &gpu.name, &cfg));
    }
    drop(dev);
    drop(funcs);
    if !failed.is_empty() {
        return Err(Error::msg(format!("{file}: check failed for {}", failed.join(", "))));
    }
    Ok(())
}

/// `[save]`, `[check]` and `[expect]` of the buffers fetched after a run; the names of
/// the buffers whose check failed.
fn report(
    plan: &Plan,
    o: &RunSettings,
    fetched: &[Option<HostBuffer>],
    initial: &[Option<HostBuffer>],
    shapes: &[(DType, Vec<usize>, usize)],
) -> Result<Vec<String>, Error> {
    let file = plan.path.display().to_string();
    let get = |b: usize| fetched[b].as_ref().ok_or_else(|| Error::msg("internal: a buffer was not fetched"));
    for (b, path) in &plan.saves {
        npy::write(path, get(*b)?)?;
        println!("saved `{}` to {}", plan.buffers[*b].name, path.display());
    }
    let (rtol, atol) = (o.rtol.or(plan.rtol), o.atol.or(plan.atol));
    let mut failed = vec![];
    let mut report = |b: usize, what: String, reference: &HostBuffer| -> Result<(), Error> {
        let out = get(b)?;
        let r = check::compare(&plan.buffers[b].name, out, reference, Tolerance::for_dtype(out.dtype, rtol, atol));
        println!("{r} [{what}]");
        if !r.passed() {
            failed.push(format!("`{}`", plan.buffers[b].name));
        }
        Ok(())
    };
    for (b, path) in &plan.checks {
        let reference =
            npy::read(path).map_err(|e| Error::msg(format!("{file}: check.{}: {e}", plan.buffers[*b].name)))?;
        report(*b, path.display().to_string(), &reference)?;
    }
    for (b, r, input) in &plan.expects {
        let before = initial[*input].as_ref().ok_or_else(|| Error::msg("internal: an input was not kept"))?;
        let reference = plan_ref::compute(r, before, shapes[*b].0);
        report(*b, r.to_string(), &reference)?;
    }
    Ok(failed)
}

/// The plan in the interpreter: the same buffers, launches in order, checks and saves.
fn run_interpreted(plan: &Plan, o: &RunSettings) -> Result<(), Error> {
    let file = plan.path.display().to_string();
    if o.bench.is_some() {
        return Err(interpret::refuse_bench());
    }
    if o.interp.check_each_pass {
        return Err(Error::msg("--check-each-pass checks one kernel: run it on a launch's .tile, not on a plan"));
    }
    let (ready, dtypes) = prepare(plan, o, o.compile.arch, true)?;
    let seed = plan.seed.unwrap_or(o.seed);
    let keep: Vec<bool> = (0..plan.buffers.len()).map(|b| plan.expects.iter().any(|e| e.2 == b)).collect();
    let mut mem = tile_interp::Memory::default();
    let (mut initial, mut shapes, mut likes) = (vec![], vec![], vec![]);
    for (b, pb) in plan.buffers.iter().enumerate() {
        let at = |e: Error| Error::msg(format!("{file}: buffers.{}: {e}", pb.name));
        let h = match &pb.spec.source {
            Source::Npy(p) => NpyIn::open(p).and_then(|f| f.read(dtypes[b])).map_err(at)?,
            s => HostBuffer::generate(s, dtypes[b], &pb.spec.shape, seed, b as u64, o.poison).map_err(at)?,
        };
        interpret::add_buffer(&mut mem, &pb.name, &h, Some(&pb.spec.source));
        shapes.push((h.dtype, h.shape.clone(), h.data.len()));
        initial.push(keep[b].then(|| h.clone()));
        likes.push(HostBuffer { data: vec![], ..h });
    }
    let mut races = 0;
    for (i, r) in ready.iter().enumerate() {
        let fi =
            r.interp.as_ref().ok_or_else(|| Error::msg("internal: a launch was not prepared for the interpreter"))?;
        let k = &r.loaded.kernel;
        let params = signature(&k.params)?;
        let args: Vec<tile_interp::Arg> = r
            .scalars
            .iter()
            .zip(&plan.launches[i].args)
            .zip(&params)
            .map(|((s, a), p)| match (s, a, p.kind) {
                (Some(bits), _, ParamKind::Scalar(d)) => interpret::arg(&Bound::Scalar { bits: *bits }, d, None),
                (_, PlanArg::Buffer(b), _) => tile_interp::Arg::Buffer(*b),
                _ => tile_interp::Arg::Int(0),
            })
            .collect();
        for &z in plan.zero.iter().filter(|_| i == 0) {
            mem.buffers[z].bytes.fill(0);
        }
        let (stage, ir) = fi.run_stage(false);
        let kernel = interpret::prepare(&fi.file, ir, &k.name)?;
        let who = format!("launch {} (`{}`)", i + 1, k.name);
        races += interpret::launch(&fi.file, &kernel, stage, plan.launches[i].grid, &args, &mut mem, &o.interp, &who)
            .map_err(|e| match e {
            Error::Interp { rendered, who } => Error::Interp { rendered, who: format!("{file}: {who}") },
            e => e,
        })?;
    }
    let fetched: Vec<Option<HostBuffer>> =
        likes.iter().enumerate().map(|(b, like)| Some(interpret::fetch(&mem, b, like))).collect();
    let mut failed = report(plan, o, &fetched, &initial, &shapes)?;
    if races > 0 {
        failed.push(format!("--races ({races} found)"));
    }
    if !failed.is_empty() {
        return Err(Error::msg(format!("{file}: check failed for {}", failed.join(", "))));
    }
    Ok(())
}

/// `BENCH {...}` for the harness: one timed unit is one run of the whole plan.
fn bench_line(r: &BenchResult, name: &str, plan: &Plan, device: &str, cfg: &BenchConfig) -> String {
    let round = |v: f64, d: i32| (v * 10f64.powi(d)).round() / 10f64.powi(d);
    let mut m = Map::new();
    m.insert("plan".into(), json!(name));
    if let Some(l) = &cfg.label {
        m.insert("label".into(), json!(l));
    }
    m.insert("launches_per_run".into(), json!(plan.launches.len()));
    m.insert("us".into(), json!(round(r.median_us, 3)));
    m.insert("min_us".into(), json!(round(r.min_us, 3)));
    m.insert("mean_us".into(), json!(round(r.mean_us, 3)));
    m.insert("runs".into(), json!(r.launches));
    if let Some(b) = cfg.bytes {
        m.insert("bytes".into(), json!(b));
        m.insert("GB/s".into(), json!(round(r.gbps(b), 1)));
    }
    m.insert("l2_flush".into(), json!(cfg.flush_l2));
    m.insert("device".into(), json!(device));
    format!("BENCH {}", Value::Object(m))
}
