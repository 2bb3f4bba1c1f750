//! `tilec.Kernel`: one compiled kernel, and `k[grid](*args, **consts)`, its launch.
//!
//! A launch converts its arguments (`args::convert`), checks and packs them against the
//! kernel's signature (`tile_runtime::launch::check`), and looks up the module compiled
//! for its device and specialisation (each argument's `launch::Assume`: an integer's
//! largest power-of-two divisor up to 16, or the divisor the kernel's first compile asked
//! for, `divisibility_hint`, where it has it; a pointer's alignment; and the `const`
//! overrides): a miss compiles (through tilec's disk cache) and loads, sharing the module
//! of an earlier specialisation that compiled to the same code; a hit goes straight
//! to `cuLaunchKernel` on torch's current stream. Everything that depends only on the
//! kernel (its parameters, constants, their order) is worked out once, when it is compiled.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, Weak};

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PySequence, PyTuple};
use tile_runtime::launch::{self, Arg, Device};
use tile_runtime::signature::Param;
use tilec::internals::autotune::Config;
use tilec::metadata::KernelMeta;
use tilec::CompileOptions;

use crate::args;
use crate::tune::{self, Tuner};

/// A kernel compiled by `tilec.compile`; launched with `k[grid](*args, **consts)`.
#[pyclass(frozen, module = "tilec")]
pub struct Kernel {
    name: String,
    /// The source as compiled (a file's text read once: a later edit is a new compile).
    source: tilec::Source,
    base: CompileOptions,
    /// `arch=` given: every device gets that target, else each its own.
    arch_given: bool,
    ptx: String,
    meta: KernelMeta,
    params: Vec<Param>,
    /// `const` parameters: name, and the value compiled in by default, as Python values.
    consts: Vec<(String, Py<PyAny>)>,
    cache: Mutex<HashMap<Vec<u8>, Arc<Loaded>>>,
    /// The modules alive, by device and code: specialisations that compile to the same
    /// kernel (a divisor of `M` that only a mask reads) share one. Weak: what `cache` does
    /// not keep (an autotuning's losing configurations) is unloaded.
    modules: Mutex<HashMap<ModuleKey, Weak<Loaded>>>,
    /// `#[autotune]` configurations, when the kernel has them.
    tuner: Option<Tuner>,
}

/// A specialisation loaded on a device.
struct Loaded {
    device: Arc<Device>,
    kernel: launch::Kernel,
}

/// A loaded module's identity: the device, and the code with what its launch reads of the
/// metadata (block, shared memory).
type ModuleKey = (i32, String, [u32; 3], u32);

/// A launch's arguments, bound and checked (`Kernel::prepare`).
struct Prepared<'py> {
    objs: Vec<Bound<'py, PyAny>>,
    overrides: Vec<(usize, Bound<'py, PyAny>)>,
    args: Vec<Arg>,
    packed: launch::Packed,
    device: i32,
}

impl Kernel {
    pub fn new(
        py: Python<'_>,
        source: tilec::Source,
        base: CompileOptions,
        arch_given: bool,
        compiled: tilec::Compiled,
        name: String,
    ) -> PyResult<Kernel> {
        let meta = compiled.kernel(&name).expect("the compile named this kernel").clone();
        let mut params =
            tile_runtime::signature::signature(&meta.params).map_err(|e| PyTypeError::new_err(e.to_string()))?;
        // The launch checks run before specialising: a pointer's 16 here is the compiler's
        // default assumption, not a requirement, since each launch compiles for its
        // arguments' real alignment (a view 4 bytes into an allocation included).
        for p in &mut params {
            if matches!(p.kind, tile_runtime::signature::ParamKind::Ptr(_)) {
                p.divisibility = 1;
            }
        }
        let consts =
            meta.consts.iter().map(|c| Ok((c.name.clone(), const_value(py, &c.value)?))).collect::<PyResult<_>>()?;
        let tuner = Tuner::new(&source, &base).map_err(|d| crate::compile_error(py, &d))?;
        Ok(Kernel {
            name,
            source,
            base,
            arch_given,
            ptx: compiled.ptx,
            meta,
            params,
            consts,
            cache: Mutex::new(HashMap::new()),
            modules: Mutex::new(HashMap::new()),
            tuner,
        })
    }
}

/// A const's value as the metadata spells it (`1024`, `0.5`, `true`), as a Python value.
fn const_value(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    Ok(if let Ok(i) = text.parse::<i64>() {
        i.into_pyobject(py)?.into_any().unbind()
    } else if let Ok(f) = text.parse::<f64>() {
        f.into_pyobject(py)?.into_any().unbind()
    } else if text == "true" || text == "false" {
        pyo3::types::PyBool::new(py, text == "true").to_owned().into_any().unbind()
    } else {
        text.into_pyobject(py)?.into_any().unbind()
    })
}

#[pymethods]
impl Kernel {
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The PTX of the compile `tilec.compile` made (no argument specialisation).
    #[getter]
    fn ptx(&self) -> &str {
        &self.ptx
    }

    /// The kernel's launch metadata (as `tilec -o` writes in OUT.json), as a dict.
    #[getter]
    fn metadata<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let json = serde_json::to_string(&self.meta).expect("metadata serialises");
        py.import("json")?.call_method1("loads", (json,))
    }

    /// The run-time parameters in order: `{"a": "*f32", "n": "i32"}`.
    #[getter]
    fn signature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for p in &self.meta.params {
            d.set_item(&p.name, &p.ty)?;
        }
        Ok(d)
    }

    /// The `const` parameters and the values compiled in unless a launch overrides them.
    #[getter]
    fn constants<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (n, v) in &self.consts {
            d.set_item(n, v.bind(py))?;
        }
        Ok(d)
    }

    /// How many specialisations are loaded (on all devices).
    fn cache_size(&self) -> usize {
        self.cache.lock().unwrap().len()
    }

    /// How many distinct modules are loaded (tests).
    fn _module_count(&self) -> usize {
        self.modules.lock().unwrap().values().filter(|w| w.strong_count() > 0).count()
    }

    /// What a launch with these arguments is compiled for, as compile options (tilec's
    /// `--divisibility NAME=K` and `--assume NAME=1`): `{"divisibility": {"a": 16, "K": 8},
    /// "equal_to_one": ["sak"]}` (`tile_runtime::launch::assumption`, the launchers' one
    /// rule). The arguments are checked as a launch checks them; no GPU is needed.
    #[pyo3(signature = (*args, **kwargs))]
    fn specialisation<'py>(
        &self,
        py: Python<'py>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let p = self.prepare(py, args, kwargs)?;
        let (divisibility, equal_to_one) = launch::specialisation(&self.params, &p.args);
        let d = PyDict::new(py);
        let div = PyDict::new(py);
        for (n, k) in divisibility {
            div.set_item(n, k)?;
        }
        d.set_item("divisibility", div)?;
        d.set_item("equal_to_one", equal_to_one)?;
        Ok(d)
    }

    /// The key a launch with these arguments looks its compiled module up by (tests).
    #[pyo3(signature = (*args, **kwargs))]
    fn _cache_key<'py>(
        &self,
        py: Python<'py>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Vec<u8>> {
        let p = self.prepare(py, args, kwargs)?;
        Ok(self.key(p.device, &p.args, &p.overrides))
    }

    /// The `#[autotune]` configuration the latest tuned launch chose (Triton's
    /// `best_config`): `{"index": 2, "label": "BM=128, num_warps=8", "BM": 128, ...}`;
    /// `None` before one, or without configurations.
    #[getter]
    fn best_config<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(t) = &self.tuner else { return Ok(None) };
        let Some(i) = *t.latest.lock().unwrap() else { return Ok(None) };
        let c = t.config(i);
        let d = PyDict::new(py);
        d.set_item("index", c.index)?;
        d.set_item("label", c.label())?;
        for (n, v) in &c.defines {
            d.set_item(n, const_value(py, v)?)?;
        }
        if let Some(w) = c.num_warps {
            d.set_item("num_warps", w.get())?;
        }
        if let Some(s) = c.num_stages {
            d.set_item("num_stages", s)?;
        }
        Ok(Some(d))
    }

    fn __getitem__(slf: Py<Self>, grid: Py<PyAny>) -> Launcher {
        Launcher { kernel: slf, grid }
    }

    fn __repr__(&self) -> String {
        let list: Vec<String> = self.meta.params.iter().map(|p| format!("{}: {}", p.name, p.ty)).collect();
        format!("<tilec.Kernel {}({})>", self.name, list.join(", "))
    }
}

/// `k[grid]`: a launch waiting for its arguments.
#[pyclass(frozen, module = "tilec")]
pub struct Launcher {
    kernel: Py<Kernel>,
    grid: Py<PyAny>,
}

#[pymethods]
impl Launcher {
    #[pyo3(signature = (*args, **kwargs))]
    fn __call__(&self, py: Python<'_>, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
        self.kernel.get().launch(py, self.grid.bind(py), args, kwargs)
    }
}

impl Kernel {
    fn launch(
        &self,
        py: Python<'_>,
        grid: &Bound<'_, PyAny>,
        args: &Bound<'_, PyTuple>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<()> {
        let Prepared { objs, overrides, args: launch_args, mut packed, device } = self.prepare(py, args, kwargs)?;
        let torch = args::torch(py)?;
        let raw = match torch {
            Some(t) => t.stream(py, device)?,
            None => 0, // the legacy default stream
        };
        let mut key = self.key(device, &launch_args, &overrides);
        let (config, tuned) = match &self.tuner {
            None => (None, None),
            Some(t) => {
                let (c, l) =
                    self.tuned(py, t, device, raw, &mut key, &launch_args, &objs, &overrides, grid, &packed)?;
                (Some(c), l)
            }
        };
        let grid = self.grid(py, grid, &objs, &overrides, config)?;
        let hit = self.cache.lock().unwrap().get(&key).cloned();
        let loaded = match (hit, tuned) {
            (Some(l), _) => l,
            (None, Some(l)) => l,
            (None, None) => {
                let l = self.load(py, device, &launch_args, &overrides, config)?;
                self.cache.lock().unwrap().insert(key, l.clone());
                l
            }
        };
        // SAFETY: the handle is torch's current stream of this device (or the null stream),
        // which torch keeps alive; the buffers are the caller's tensors, alive during this
        // call, and work on them is ordered by that stream, as for any torch kernel.
        let stream = unsafe { loaded.device.context().wrap_borrowed_stream(raw as _) };
        self.meets_requires(&loaded, &launch_args, grid)?;
        unsafe { loaded.kernel.launch_packed(&stream, grid, &mut packed) }.map_err(runtime_error)
    }

    /// Refuses a launch that breaks the kernel's `#[requires]` (as compiled for `loaded`'s
    /// configuration) with a ValueError naming the condition and its line.
    fn meets_requires(&self, loaded: &Loaded, args: &[Arg], grid: [u32; 3]) -> PyResult<()> {
        tile_runtime::requires::check(loaded.kernel.meta(), || Ok(launch::launch_values(args)), grid)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// A launch's arguments in parameter order, converted and checked against the
    /// signature (`launch::check`), and the device their buffers are on (else torch's
    /// current one, else 0).
    fn prepare<'py>(
        &self,
        py: Python<'py>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Prepared<'py>> {
        let (objs, overrides) = self.bind_arguments(args, kwargs)?;
        let torch = args::torch(py)?;
        let mut launch_args = Vec::with_capacity(objs.len());
        let mut device: Option<i32> = None;
        for (p, obj) in self.params.iter().zip(&objs) {
            let (a, dev) = args::convert(py, &p.name, obj, torch)?;
            if let (Some(d), Some(first)) = (dev, device) {
                if d != first {
                    return Err(PyValueError::new_err(format!(
                        "argument `{}` is on cuda:{d}, but an earlier one is on cuda:{first}",
                        p.name
                    )));
                }
            }
            device = device.or(dev);
            launch_args.push(a);
        }
        let packed =
            launch::check(&self.meta, &self.params, &launch_args).map_err(|e| PyTypeError::new_err(e.to_string()))?;
        let device = match (device, torch) {
            (Some(d), _) => d,
            (None, Some(t)) => t.current_device(py),
            (None, None) => 0,
        };
        Ok(Prepared { objs, overrides, args: launch_args, packed, device })
    }

    /// A tuned kernel's configuration for this launch (`tune::Tuner::choose`), and the
    /// candidate tuning just loaded for it (already in the cache under `key`, which gets
    /// the key arguments' values and the configuration).
    #[allow(clippy::too_many_arguments)]
    fn tuned(
        &self,
        py: Python<'_>,
        t: &Tuner,
        device: i32,
        raw_stream: usize,
        key: &mut Vec<u8>,
        args: &[Arg],
        objs: &[Bound<'_, PyAny>],
        overrides: &[(usize, Bound<'_, PyAny>)],
        grid: &Bound<'_, PyAny>,
        packed: &launch::Packed,
    ) -> PyResult<(usize, Option<Arc<Loaded>>)> {
        for (i, _) in overrides {
            t.refuse_override(&self.consts[*i].0)?;
        }
        let values = t.key_values(&self.params, args);
        tune::extend_key(key, &values);
        let choice_key = key.clone();
        if let Some(c) = t.recall(&choice_key) {
            key.extend_from_slice(&(c as u32).to_le_bytes());
            return Ok((c, None));
        }
        let dev = open_device(device)?;
        let spec = self.options(&dev, args, overrides, None)?;
        // SAFETY: as for the launch itself (torch keeps its current stream alive).
        let stream = unsafe { dev.context().wrap_borrowed_stream(raw_stream as _) };
        let gpu = tile_runtime::gpu::Gpu::with_stream((*dev).clone(), stream.clone()).map_err(runtime_error)?;
        let mut candidate = |c: &Config, compiled: tilec::Compiled| -> PyResult<(Arc<Loaded>, [u32; 3])> {
            let l = self.module(device, &dev, &compiled)?;
            let g = self.grid(py, grid, objs, overrides, Some(c.index))?;
            // A configuration is timed on the caller's buffers: they must be long enough.
            self.meets_requires(&l, args, g)?;
            Ok((l, g))
        };
        let mut time = |(l, g): &(Arc<Loaded>, [u32; 3])| {
            let mut p = packed.clone();
            let cfg = tile_runtime::tune::bench_config();
            // SAFETY: the caller's arguments, checked for this kernel, alive during the call.
            let mut launch = |_| unsafe { l.kernel.launch_packed(&stream, *g, &mut p) };
            Ok(tile_runtime::bench::time_launches(&gpu, &self.name, &cfg, &mut launch)?.median_us)
        };
        let (c, l) = t.choose(py, choice_key, &spec, &self.source, &dev, &values, &mut candidate, &mut time)?;
        key.extend_from_slice(&(c as u32).to_le_bytes());
        let l = l.map(|(l, _)| l);
        if let Some(l) = &l {
            self.cache.lock().unwrap().insert(key.clone(), l.clone());
        }
        Ok((c, l))
    }

    /// Puts positional and keyword arguments in parameter order; keywords naming a `const`
    /// parameter are its overrides (`(const index, source text)`).
    #[allow(clippy::type_complexity)]
    fn bind_arguments<'py>(
        &self,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<(Vec<Bound<'py, PyAny>>, Vec<(usize, Bound<'py, PyAny>)>)> {
        let n = self.params.len();
        if args.len() > n {
            return Err(PyTypeError::new_err(format!("{}, but {} were given", self.describe(), args.len())));
        }
        let mut slots: Vec<Option<Bound<'py, PyAny>>> = args.iter().map(Some).collect();
        slots.resize(n, None);
        let mut overrides = vec![];
        if let Some(kw) = kwargs {
            for (k, v) in kw.iter() {
                let name: String = k.extract()?;
                if let Some(i) = self.params.iter().position(|p| p.name == name) {
                    if slots[i].is_some() {
                        return Err(PyTypeError::new_err(format!("argument `{name}` is given twice")));
                    }
                    slots[i] = Some(v);
                } else if let Some(i) = self.consts.iter().position(|(c, _)| *c == name) {
                    overrides.push((i, v));
                } else {
                    let mut names: Vec<&str> = self.params.iter().map(|p| p.name.as_str()).collect();
                    names.extend(self.consts.iter().map(|(c, _)| c.as_str()));
                    return Err(PyTypeError::new_err(format!(
                        "kernel `{}` has no parameter `{name}` (it has {})",
                        self.name,
                        names.join(", ")
                    )));
                }
            }
        }
        let missing: Vec<String> =
            self.params.iter().zip(&slots).filter(|(_, s)| s.is_none()).map(|(p, _)| format!("`{}`", p.name)).collect();
        if !missing.is_empty() {
            return Err(PyTypeError::new_err(format!("{}; missing: {}", self.describe(), missing.join(", "))));
        }
        overrides.sort_by_key(|(i, _)| *i);
        Ok((slots.into_iter().map(Option::unwrap).collect(), overrides))
    }

    fn describe(&self) -> String {
        let list: Vec<String> = self.params.iter().map(|p| format!("{}: {}", p.name, p.spelling())).collect();
        format!("kernel `{}` takes {} arguments ({})", self.name, self.params.len(), list.join(", "))
    }

    /// The grid: an int, a tuple of 1 to 3 ints, or a callable of the launch's arguments
    /// and constants by name (Triton's `lambda meta: (cdiv(n, meta["TILE"]),)`), those of
    /// `config` (an `#[autotune]` configuration's index) included.
    fn grid(
        &self,
        py: Python<'_>,
        grid: &Bound<'_, PyAny>,
        objs: &[Bound<'_, PyAny>],
        overrides: &[(usize, Bound<'_, PyAny>)],
        config: Option<usize>,
    ) -> PyResult<[u32; 3]> {
        let value;
        let grid = if grid.is_callable() {
            let meta = PyDict::new(py);
            for (p, o) in self.params.iter().zip(objs) {
                meta.set_item(&p.name, o)?;
            }
            let tuned = config.and_then(|c| Some(self.tuner.as_ref()?.config(c)));
            for (i, (name, v)) in self.consts.iter().enumerate() {
                let set = tuned.and_then(|c| c.defines.iter().find(|(n, _)| n == name));
                match (overrides.iter().find(|(j, _)| *j == i), set) {
                    (Some((_, o)), _) => meta.set_item(name, o)?,
                    (None, Some((_, text))) => meta.set_item(name, const_value(py, text)?)?,
                    (None, None) => meta.set_item(name, v.bind(py))?,
                }
            }
            value = grid.call1((meta,))?;
            &value
        } else {
            grid
        };
        let bad = || PyTypeError::new_err(format!("a grid is an int or a tuple of 1 to 3 ints, not {grid}"));
        let dims: Vec<i64> = if grid.is_instance_of::<PyInt>() {
            vec![grid.extract()?]
        } else {
            let seq = grid.cast::<PySequence>().map_err(|_| bad())?;
            seq.try_iter()?.map(|d| d?.extract::<i64>().map_err(|_| bad())).collect::<PyResult<_>>()?
        };
        if dims.is_empty() || dims.len() > 3 {
            return Err(bad());
        }
        let mut out = [1u32; 3];
        for (o, d) in out.iter_mut().zip(&dims) {
            *o = u32::try_from(*d)
                .map_err(|_| PyValueError::new_err(format!("grid {dims:?}: each dimension is from 0 to 2^32-1")))?;
        }
        Ok(out)
    }

    /// The cache key: the device, each argument's assumption, the overrides' values.
    fn key(&self, device: i32, args: &[Arg], overrides: &[(usize, Bound<'_, PyAny>)]) -> Vec<u8> {
        let mut key = Vec::with_capacity(8 + args.len() + 16 * overrides.len());
        key.extend_from_slice(&device.to_le_bytes());
        key.extend(self.params.iter().zip(args).map(|(p, a)| launch::assumption(p, a).code()));
        for (i, v) in overrides {
            key.push(0xff);
            key.push(*i as u8);
            key.extend_from_slice(const_text(v).as_bytes());
        }
        key
    }

    /// A miss: compile this specialisation (through the disk cache) and load it.
    fn load(
        &self,
        py: Python<'_>,
        device: i32,
        args: &[Arg],
        overrides: &[(usize, Bound<'_, PyAny>)],
        config: Option<usize>,
    ) -> PyResult<Arc<Loaded>> {
        let dev = open_device(device)?;
        let opts = self.options(&dev, args, overrides, config)?;
        let source = self.source.clone();
        let compiled = py.detach(|| tilec::compile(source, &opts)).map_err(|d| crate::compile_error(py, &d))?;
        self.module(device, &dev, &compiled)
    }

    /// `compiled` loaded on `dev`, or the module an earlier specialisation loaded from the
    /// same code. Each distinct specialisation compiles (the divisors a kernel's code
    /// depends on are known only by compiling it; the disk cache serves later processes),
    /// but only distinct code is loaded: the driver's JIT of a matmul costs as much as its
    /// compile, and a size that changes nothing (M = 3000 or 3001) adds no module.
    fn module(&self, device: i32, dev: &Arc<Device>, compiled: &tilec::Compiled) -> PyResult<Arc<Loaded>> {
        let meta = compiled
            .kernel(&self.name)
            .ok_or_else(|| PyRuntimeError::new_err(format!("tilec produced no metadata for kernel `{}`", self.name)))?;
        let key: ModuleKey = (device, compiled.ptx.clone(), meta.block, meta.shared_bytes);
        if let Some(l) = self.modules.lock().unwrap().get(&key).and_then(Weak::upgrade) {
            return Ok(l);
        }
        let kernel = dev.load(compiled, &self.name).map_err(runtime_error)?;
        let l = Arc::new(Loaded { device: dev.clone(), kernel });
        let mut modules = self.modules.lock().unwrap();
        modules.retain(|_, w| w.strong_count() > 0);
        modules.insert(key, Arc::downgrade(&l));
        Ok(l)
    }

    /// The compile options of a launch: the device's target (unless `arch=` was given),
    /// the arguments' specialisation, the `const` overrides, and the configuration.
    fn options(
        &self,
        dev: &Device,
        args: &[Arg],
        overrides: &[(usize, Bound<'_, PyAny>)],
        config: Option<usize>,
    ) -> PyResult<CompileOptions> {
        let arch = if self.arch_given { self.base.arch } else { dev.arch().map_err(runtime_error)? };
        let (divisibility, equal_to_one) = launch::specialisation(&self.params, args);
        let set: Vec<(String, String)> =
            overrides.iter().map(|(i, v)| (self.consts[*i].0.clone(), const_text(v))).collect();
        let mut defines: Vec<(String, String)> =
            self.base.defines.iter().filter(|(n, _)| !set.iter().any(|(m, _)| m == n)).cloned().collect();
        defines.extend(set);
        let opts = CompileOptions { arch, defines, divisibility, equal_to_one, ..self.base.clone() };
        match (config, &self.tuner) {
            (Some(c), Some(t)) => t.config(c).apply(&opts).map_err(PyValueError::new_err),
            _ => Ok(opts),
        }
    }
}

/// A const override as the source would spell it.
fn const_text(v: &Bound<'_, PyAny>) -> String {
    if let Ok(b) = v.cast::<pyo3::types::PyBool>() {
        return if b.is_true() { "true" } else { "false" }.into();
    }
    v.str().map(|s| s.to_string()).unwrap_or_default()
}

/// Devices are opened once and kept (their primary contexts are torch's too).
fn open_device(ordinal: i32) -> PyResult<Arc<Device>> {
    static DEVICES: OnceLock<Mutex<HashMap<i32, Arc<Device>>>> = OnceLock::new();
    let mut map = DEVICES.get_or_init(Default::default).lock().unwrap();
    if let Some(d) = map.get(&ordinal) {
        return Ok(d.clone());
    }
    let d = Arc::new(Device::open(ordinal as usize).map_err(runtime_error)?);
    map.insert(ordinal, d.clone());
    Ok(d)
}

fn runtime_error(e: tile_runtime::Error) -> PyErr {
    match e {
        tile_runtime::Error::NoDriver => PyRuntimeError::new_err(
            "no CUDA driver found (libcuda.so): launching a kernel needs an NVIDIA GPU \
             (tilec.compile works without one)",
        ),
        e => PyRuntimeError::new_err(e.to_string()),
    }
}
