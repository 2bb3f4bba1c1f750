//! tilerun's autotuning of a `.tile` kernel with `#[autotune]` configurations
//! (`tilec::internals::autotune`): every configuration compiled at once (a thread each), those
//! that do not compile or need more shared memory than the device has skipped with the
//! reason, the rest timed with the bench method on the run's own buffers (a progress
//! bar shows the best so far), and the choice cached on disk, so the next run with the
//! same source, options, device and key arguments tunes nothing.

use crate::load::{self, Loaded};
use crate::spec::ArgSpec;
use crate::Error;
use std::path::Path;
use tilec::internals::autotune::{self, Choice, Config, Tuning};
use tilec::internals::source::SourceFile;
use tilec::CompileOptions;

/// A configuration and its compiled kernel, or why it is skipped.
pub struct Candidate {
    pub config: Config,
    pub loaded: Result<Loaded, String>,
}

/// The autotune attribute of the kernel this run launches, if it has one.
pub fn tuning(path: &Path, kernel: Option<&str>, base: &CompileOptions) -> Result<Option<Tuning>, Error> {
    let file = source(path)?;
    let opts = CompileOptions { kernel: kernel.map(str::to_string), ..base.clone() };
    let all = autotune::tunings(&file, &opts).map_err(|e| Error::Compile(e.render()))?;
    Ok(match (kernel, all.len()) {
        (_, 0) => None,
        (Some(_), _) | (None, 1) => all.into_iter().next(),
        // Several kernels: `load` asks for --kernel.
        (None, _) => None,
    })
}

pub fn source(path: &Path) -> Result<SourceFile, Error> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::msg(format!("cannot read {}: {e}", path.display())))?;
    Ok(SourceFile::new(path.to_string_lossy(), text))
}

/// Compiles every configuration, in parallel, for `args` (specialised as a launch
/// would be); `shared_limit` bytes a block is what the device allows.
pub fn compile_all(
    path: &Path,
    tuning: &Tuning,
    base: &CompileOptions,
    no_specialise: bool,
    args: &[ArgSpec],
    shared_limit: u32,
) -> Vec<Candidate> {
    std::thread::scope(|s| {
        let handles: Vec<_> = tuning
            .configs
            .iter()
            .map(|c| {
                s.spawn(move || {
                    let loaded = c.apply(base).and_then(|opts| {
                        load::compile_tile(path, Some(&tuning.kernel), &opts, no_specialise, args).map_err(reason)
                    });
                    let loaded =
                        loaded.and_then(|l| match autotune::shared_memory_skip(l.kernel.shared_bytes, shared_limit) {
                            Some(why) => Err(why),
                            None => Ok(l),
                        });
                    Candidate { config: c.clone(), loaded }
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a compile thread panicked outside the compiler")).collect()
    })
}

/// A compile error in one line: the first line of the rendered diagnostic.
fn reason(e: Error) -> String {
    match e {
        Error::Compile(r) | Error::Internal(r) => {
            let first = r.lines().find(|l| l.contains("error")).unwrap_or(r.lines().next().unwrap_or("")).trim();
            format!("does not compile: {first}")
        }
        e => e.to_string(),
    }
}

/// Prints one line per skipped configuration; the candidates that can run.
pub fn report_skips(c: Vec<Candidate>) -> Vec<(Config, Loaded)> {
    c.into_iter()
        .filter_map(|c| match c.loaded {
            Ok(l) => Some((c.config, l)),
            Err(why) => {
                println!("autotune: config {} ({}) skipped: {why}", c.config.index, c.config.label());
                None
            }
        })
        .collect()
}

/// The key arguments' values, by name, as given (their spec text): positional
/// arguments in parameter order, then `NAME=SPEC` ones.
pub fn key_values(tuning: &Tuning, args: &[ArgSpec]) -> Vec<(String, String)> {
    let value = |a: &ArgSpec| {
        a.text.strip_prefix(&format!("{}=", a.name.as_deref().unwrap_or(""))).unwrap_or(&a.text).to_string()
    };
    let positional: Vec<&ArgSpec> = args.iter().filter(|a| a.name.is_none()).collect();
    tuning
        .key
        .iter()
        .map(|k| {
            let named = args.iter().find(|a| a.name.as_deref() == Some(k.as_str()));
            let at = tuning.params.iter().position(|p| p == k).and_then(|i| positional.get(i).copied());
            (k.clone(), named.or(at).map_or_else(String::new, value))
        })
        .collect()
}

/// The cached choice for this tuning, if any.
pub fn cached(key: u64) -> Option<Choice> {
    autotune::read_choice(&autotune::choice_dir()?, key)
}

pub fn remember(key: u64, c: &Choice) {
    if let Some(dir) = autotune::choice_dir() {
        let _ = autotune::write_choice(&dir, key, c);
    }
}

/// How a configuration is timed while tuning: the bench method with a shorter budget (5
/// ms of warm-up, 25 ms of launches).
pub fn bench_config() -> crate::bench::BenchConfig {
    crate::bench::BenchConfig { warmup_ms: 5.0, rep_ms: 25.0, ..Default::default() }
}

/// Times each candidate with `time` (microseconds, or why it could not run), showing a
/// progress bar with the best so far (`show`: else silently); the index (into `cands`)
/// of the fastest and its time. A candidate that fails to run is skipped with the reason.
pub fn choose<T>(
    cands: &[(Config, T)],
    show: bool,
    time: &mut dyn FnMut(&T) -> Result<f64, Error>,
) -> Result<(usize, f64), Error> {
    let bar = if show { indicatif::ProgressBar::new(cands.len() as u64) } else { indicatif::ProgressBar::hidden() };
    bar.set_style(
        indicatif::ProgressStyle::with_template("autotune [{bar:24}] {pos}/{len} {msg}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    let mut best: Option<(usize, f64)> = None;
    let mut first_skip: Option<String> = None;
    for (i, (c, l)) in cands.iter().enumerate() {
        bar.set_message(format!("config {} ({})", c.index, c.label()));
        match time(l) {
            Ok(us) => {
                if best.is_none_or(|(_, b)| us < b) {
                    best = Some((i, us));
                }
                if show {
                    bar.suspend(|| println!("autotune: config {} ({}): {us:.2} us", c.index, c.label()));
                }
            }
            Err(e) => {
                // `suspend`, not `println`: that prints nothing where the bar is hidden (a pipe).
                if show {
                    bar.suspend(|| println!("autotune: config {} ({}) skipped: {e}", c.index, c.label()));
                }
                first_skip.get_or_insert_with(|| format!("config {} ({}): {e}", c.index, c.label()));
            }
        }
        if let Some((b, us)) = best {
            bar.set_message(format!("best: config {} {us:.2} us", cands[b].0.index));
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    best.ok_or_else(|| {
        let why = first_skip.map_or(String::new(), |w| format!(" (the first: {w})"));
        Error::msg(format!("autotune: no configuration could run{why}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_values_follow_parameter_order_and_names() {
        let t = Tuning {
            kernel: "k".into(),
            params: vec!["x".into(), "M".into(), "N".into()],
            key: vec!["N".into(), "M".into()],
            configs: vec![],
        };
        let args: Vec<ArgSpec> =
            ["zeros:f32:4", "4096", "N=1<<10"].iter().map(|a| crate::spec::parse_arg(a).unwrap()).collect();
        assert_eq!(
            key_values(&t, &args),
            [("N".to_string(), "1<<10".to_string()), ("M".to_string(), "4096".to_string())]
        );
        // Another value of a key argument is another key.
        let other: Vec<ArgSpec> =
            ["zeros:f32:4", "4096", "N=2048"].iter().map(|a| crate::spec::parse_arg(a).unwrap()).collect();
        assert_ne!(key_values(&t, &args), key_values(&t, &other));
    }

    fn candidate(index: usize) -> (Config, Loaded) {
        let kernel = crate::testing::kernel("k", vec![]);
        let meta = tilec::metadata::ModuleMeta { tilec_version: "0".into(), arch: "sm_90".into(), kernels: vec![] };
        let config = Config { index, defines: vec![("T".into(), index.to_string())], ..Config::default() };
        let ptx = format!("config {index}");
        (config, Loaded { ptx, arch: "sm_90".into(), kernel, meta, compile_ms: None, cache_hit: false, hinted: vec![] })
    }

    #[test]
    fn the_fastest_that_runs_is_chosen() {
        let cands: Vec<(Config, Loaded)> = [0, 2, 3, 5].into_iter().map(candidate).collect();
        // Config 3 fails to run; config 5 is the fastest.
        let times = |l: &Loaded| match l.ptx.as_str() {
            "config 0" => Ok(30.0),
            "config 2" => Ok(20.0),
            "config 3" => Err(Error::msg("launch failed")),
            _ => Ok(10.0),
        };
        assert_eq!(choose(&cands, true, &mut |l| times(l)).unwrap(), (3, 10.0));
        let none = choose(&cands[2..3], false, &mut |l| times(l)).unwrap_err().to_string();
        // Why, even where nothing was printed: the first configuration's reason.
        assert_eq!(none, "autotune: no configuration could run (the first: config 3 (T=3): launch failed)");
    }

    #[test]
    fn compile_errors_become_one_line_reasons() {
        let r = reason(Error::Compile("k.tile:3:5: error: tile size 100 is not a power of two\n  |\n3 | ...\n".into()));
        assert_eq!(r, "does not compile: k.tile:3:5: error: tile size 100 is not a power of two");
    }
}
