//! `#[autotune]` at launch, as Triton's `@triton.autotune`: the first launch of a tuned
//! kernel for a device, a specialisation and values of the `key` arguments compiles every
//! configuration (in parallel, the GIL released), times each on the launch's own
//! arguments on torch's current stream (the bench method, `tile_runtime::tune`), and
//! keeps the fastest: in memory, and on disk beside tilerun's choices (the same key: a
//! later process, or tilerun, tunes nothing). Configurations that do not compile, need
//! more shared memory than the device has, or fail to run are skipped.
//!
//! As with Triton's autotuner, the timing launches run the kernel on the caller's tensors:
//! a kernel that accumulates into its output (`atomic_add`) sees several runs' worth.
//! `TILEC_PRINT_AUTOTUNING=1` prints each configuration's time and the choice.

use std::collections::HashMap;
use std::sync::Mutex;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use tile_runtime::launch::{Arg, Device};
use tile_runtime::signature::Param;
use tile_runtime::spec::Scalar;
use tilec::internals::autotune::{self, Choice, Config, Tuning};
use tilec::internals::source::SourceFile;
use tilec::CompileOptions;

/// A kernel's `#[autotune]` attribute and the choices made for it.
pub struct Tuner {
    pub tuning: Tuning,
    file: SourceFile,
    /// Launch key (device, specialisation, key values) to the chosen configuration.
    choices: Mutex<HashMap<Vec<u8>, usize>>,
    /// The latest choice, for `Kernel.best_config`.
    pub latest: Mutex<Option<usize>>,
}

impl Tuner {
    /// The tuning of the kernel `base` selects, if it has `#[autotune]` configurations.
    pub fn new(source: &tilec::Source, base: &CompileOptions) -> Result<Option<Tuner>, tilec::Diagnostics> {
        let file = match source {
            tilec::Source::Text { name, text } => SourceFile::new(name.clone(), text.clone()),
            tilec::Source::File(p) => {
                SourceFile::new(p.display().to_string(), std::fs::read_to_string(p).unwrap_or_default())
            }
        };
        let tuning = autotune::tunings(&file, base)?.into_iter().next();
        Ok(tuning.map(|tuning| Tuner { tuning, file, choices: Mutex::default(), latest: Mutex::default() }))
    }

    pub fn config(&self, i: usize) -> &Config {
        &self.tuning.configs[i]
    }

    /// The `key` arguments' values as text (a tensor's element type and length).
    pub fn key_values(&self, params: &[Param], args: &[Arg]) -> Vec<(String, String)> {
        let text = |a: &Arg| match a {
            Arg::Scalar(Scalar::Int(i)) => i.to_string(),
            Arg::Scalar(Scalar::Float(f)) => format!("{f:?}"),
            Arg::Scalar(Scalar::Bool(b)) => b.to_string(),
            Arg::Ptr { elem, len, .. } => format!("*{elem}[{len}]"),
        };
        let at = |k: &str| params.iter().position(|p| p.name == k).map(|i| text(&args[i]));
        self.tuning.key.iter().map(|k| (k.clone(), at(k).unwrap_or_default())).collect()
    }

    /// A `const` override of a name a configuration sets: which would win is not obvious
    /// (tilerun refuses `-D` of one the same way).
    pub fn refuse_override(&self, name: &str) -> PyResult<()> {
        if self.tuning.configs.iter().any(|c| c.defines.iter().any(|(n, _)| n == name)) {
            return Err(PyValueError::new_err(format!(
                "`{name}` is set by the kernel's #[autotune] configurations: a launch cannot override it"
            )));
        }
        Ok(())
    }

    /// The choice made earlier in this process for `key`; it becomes the latest, as
    /// Triton's `best_config` is the configuration of the most recent launch.
    pub fn recall(&self, key: &[u8]) -> Option<usize> {
        let c = self.choices.lock().unwrap().get(key).copied();
        if c.is_some() {
            *self.latest.lock().unwrap() = c;
        }
        c
    }

    fn keep(&self, key: Vec<u8>, config: usize) {
        self.choices.lock().unwrap().insert(key, config);
        *self.latest.lock().unwrap() = Some(config);
    }

    /// The choice for a launch whose key `recall` does not know: cached on disk, or tuned
    /// now (then remembered under `key`). `spec`: the compile options of this launch's
    /// specialisation (no configuration applied); `candidate(config, compiled)` loads one
    /// and gives its grid; `time` times it.
    #[allow(clippy::too_many_arguments)]
    pub fn choose<L>(
        &self,
        py: Python<'_>,
        key: Vec<u8>,
        spec: &CompileOptions,
        source: &tilec::Source,
        dev: &Device,
        key_values: &[(String, String)],
        candidate: &mut dyn FnMut(&Config, tilec::Compiled) -> PyResult<L>,
        time: &mut dyn FnMut(&L) -> Result<f64, tile_runtime::Error>,
    ) -> PyResult<(usize, Option<L>)> {
        let show = std::env::var("TILEC_PRINT_AUTOTUNING").is_ok_and(|v| v == "1");
        let name = &self.tuning.kernel;
        let disk = autotune::choice_key(&self.file, name, spec, &dev.name(), key_values);
        if let Some(c) = tile_runtime::tune::cached(disk).filter(|c| c.config < self.tuning.configs.len()) {
            if show {
                println!("autotune: kernel `{name}`: config {} ({}) from the tuning cache", c.config, c.label);
            }
            self.keep(key, c.config);
            return Ok((c.config, None));
        }
        let limit = dev.max_shared().map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        let configs = &self.tuning.configs;
        let compiled: Vec<Result<tilec::Compiled, String>> = py.detach(|| {
            std::thread::scope(|s| {
                let jobs: Vec<_> = configs
                    .iter()
                    .map(|c| {
                        s.spawn(move || {
                            let opts = c.apply(spec)?;
                            let out = tilec::compile(source.clone(), &opts)
                                .map_err(|d| format!("does not compile: {}", first_line(&d.render())))?;
                            let bytes = out.kernel(name).map_or(0, |k| k.shared_bytes);
                            match autotune::shared_memory_skip(bytes, limit) {
                                Some(why) => Err(why),
                                None => Ok(out),
                            }
                        })
                    })
                    .collect();
                jobs.into_iter().map(|j| j.join().unwrap_or_else(|_| Err("the compile panicked".into()))).collect()
            })
        });
        let mut cands: Vec<(Config, L)> = vec![];
        // Why the first configuration was skipped: the error when none is left (every
        // one refused the launch's buffers, say), which would otherwise name nothing.
        let mut first_skip: Option<PyErr> = None;
        for (c, r) in configs.iter().zip(compiled) {
            match r.map_err(PyRuntimeError::new_err).and_then(|out| candidate(c, out)) {
                Ok(l) => cands.push((c.clone(), l)),
                Err(e) => {
                    if show {
                        println!("autotune: config {} ({}) skipped: {e}", c.index, c.label());
                    }
                    first_skip.get_or_insert(e);
                }
            }
        }
        if let (true, Some(e)) = (cands.is_empty(), first_skip) {
            return Err(e);
        }
        let (best, us) = tile_runtime::tune::choose(&cands, show, time)
            .map_err(|e| PyRuntimeError::new_err(format!("kernel `{name}`: {e}")))?;
        let (c, l) = cands.into_iter().nth(best).expect("the chosen candidate");
        if show {
            println!("autotune: kernel `{name}`: chose config {} ({}): {us:.2} us", c.index, c.label());
        }
        tile_runtime::tune::remember(disk, &Choice { config: c.index, label: c.label(), us });
        self.keep(key, c.index);
        Ok((c.index, Some(l)))
    }
}

fn first_line(rendered: &str) -> String {
    rendered.lines().find(|l| l.contains("error")).unwrap_or("").trim().to_string()
}

/// The launch key's part for the key arguments.
pub fn extend_key(key: &mut Vec<u8>, values: &[(String, String)]) {
    for (n, v) in values {
        key.push(0xfe);
        key.extend_from_slice(n.as_bytes());
        key.push(b'=');
        key.extend_from_slice(v.as_bytes());
    }
}
