//! `--bench`: time many launches the way `triton.testing.do_bench` does, so the numbers
//! compare with the Triton reference.
//!
//! 1. Estimate one launch from 5 (each after an L2 flush).
//! 2. Warm up for ~25 ms of launches.
//! 3. Time ~100 ms of launches, each bracketed by its own pair of CUDA events, each after
//!    a 256 MiB memset that evicts the L2 (Triton's `cache.zero_()`), so a small problem is
//!    not timed out of the cache; the memset is outside the events.
//! 4. Report the median (robust to the odd preempted launch), with min and mean.

use crate::gpu::{DeviceBuffer, Gpu};
use crate::Error;
use serde_json::{json, Map, Value};

/// Triton's `get_empty_cache_for_benchmark`: 256 MiB, larger than any GPU's L2.
pub const FLUSH_BYTES: usize = 256 << 20;

#[derive(Clone, Debug)]
pub struct BenchConfig {
    pub warmup_ms: f64,
    pub rep_ms: f64,
    pub flush_l2: bool,
    /// Launches cycle over this many copies of the buffers.
    pub rotate: usize,
    /// Bytes moved per launch, for GB/s.
    pub bytes: Option<u64>,
    /// Floating-point operations per launch, for TFLOP/s.
    pub flops: Option<u64>,
    /// Shown in the BENCH line, for the harness (`vadd 2^28`).
    pub label: Option<String>,
}

impl Default for BenchConfig {
    fn default() -> Self {
        BenchConfig { warmup_ms: 25.0, rep_ms: 100.0, flush_l2: true, rotate: 1, bytes: None, flops: None, label: None }
    }
}

/// Times of the timed launches, in microseconds, and what they amount to.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchResult {
    pub median_us: f64,
    pub min_us: f64,
    pub mean_us: f64,
    pub launches: usize,
}

impl BenchResult {
    pub fn from_times(mut us: Vec<f64>) -> BenchResult {
        assert!(!us.is_empty());
        us.sort_by(|a, b| a.total_cmp(b));
        let n = us.len();
        let median = if n % 2 == 1 { us[n / 2] } else { (us[n / 2 - 1] + us[n / 2]) / 2.0 };
        BenchResult { median_us: median, min_us: us[0], mean_us: us.iter().sum::<f64>() / n as f64, launches: n }
    }

    /// GB/s at the median (10^9 bytes per second).
    pub fn gbps(&self, bytes: u64) -> f64 {
        bytes as f64 / self.median_us / 1e3
    }

    /// TFLOP/s at the median.
    pub fn tflops(&self, flops: u64) -> f64 {
        flops as f64 / self.median_us / 1e6
    }

    /// The human line: `add: 12.34 us median (min 12.0, mean 12.5 over 4096 launches), 1234.5 GB/s`.
    pub fn summary(&self, kernel: &str, cfg: &BenchConfig) -> String {
        let mut s = format!(
            "{kernel}: {:.2} us median (min {:.2}, mean {:.2} over {} launches{})",
            self.median_us,
            self.min_us,
            self.mean_us,
            self.launches,
            if cfg.flush_l2 { ", L2 flushed" } else { "" }
        );
        if let Some(b) = cfg.bytes {
            s.push_str(&format!(", {:.1} GB/s", self.gbps(b)));
        }
        if let Some(f) = cfg.flops {
            s.push_str(&format!(", {:.2} TFLOP/s", self.tflops(f)));
        }
        s
    }

    /// The machine line: `BENCH {"kernel":"add","us":12.34,"GB/s":1234.5,...}`.
    pub fn bench_line(&self, kernel: &str, grid: [u32; 3], block: [u32; 3], device: &str, cfg: &BenchConfig) -> String {
        let round = |v: f64, digits: i32| {
            let p = 10f64.powi(digits);
            (v * p).round() / p
        };
        let mut m = Map::new();
        m.insert("kernel".into(), json!(kernel));
        if let Some(l) = &cfg.label {
            m.insert("label".into(), json!(l));
        }
        m.insert("us".into(), json!(round(self.median_us, 3)));
        m.insert("min_us".into(), json!(round(self.min_us, 3)));
        m.insert("mean_us".into(), json!(round(self.mean_us, 3)));
        m.insert("launches".into(), json!(self.launches));
        if let Some(b) = cfg.bytes {
            m.insert("bytes".into(), json!(b));
            m.insert("GB/s".into(), json!(round(self.gbps(b), 1)));
        }
        if let Some(f) = cfg.flops {
            m.insert("flops".into(), json!(f));
            m.insert("TFLOP/s".into(), json!(round(self.tflops(f), 2)));
        }
        m.insert("grid".into(), json!(grid));
        m.insert("block".into(), json!(block));
        m.insert("l2_flush".into(), json!(cfg.flush_l2));
        m.insert("rotate".into(), json!(cfg.rotate));
        m.insert("device".into(), json!(device));
        format!("BENCH {}", Value::Object(m))
    }
}

/// How many launches to warm up with and to time, from an estimate of one (ms).
pub fn plan(estimate_ms: f64, cfg: &BenchConfig) -> (usize, usize) {
    let est = estimate_ms.max(1e-4);
    let warmup = ((cfg.warmup_ms / est) as usize).clamp(1, 100_000);
    let reps = ((cfg.rep_ms / est) as usize).clamp(1, 100_000);
    (warmup, reps)
}

/// Times `launch(i)` (launch number `i`: it picks the buffer copy) as described above.
/// A kernel fault during the loop is reported as the kernel's.
pub fn time_launches(
    gpu: &Gpu,
    kernel: &str,
    cfg: &BenchConfig,
    launch: &mut dyn FnMut(usize) -> Result<(), Error>,
) -> Result<BenchResult, Error> {
    let flush: Option<DeviceBuffer> = if cfg.flush_l2 { Some(gpu.alloc(FLUSH_BYTES)?) } else { None };
    let flush_l2 = || -> Result<(), Error> {
        match &flush {
            Some(b) => gpu.zero(b),
            None => Ok(()),
        }
    };
    let wait = |when: &str| gpu.sync().map_err(|e| crate::cuda::fail(format!("kernel `{kernel}` failed {when}"), e));

    let (start, end) = (gpu.event()?, gpu.event()?);
    gpu.record(&start)?;
    for i in 0..5 {
        flush_l2()?;
        launch(i)?;
    }
    gpu.record(&end)?;
    wait("while estimating its time")?;
    let estimate = gpu.elapsed_ms(&start, &end)? as f64 / 5.0;
    let (warmup, reps) = plan(estimate, cfg);

    for i in 0..warmup {
        launch(i)?;
    }
    let events: Vec<_> = (0..reps).map(|_| Ok((gpu.event()?, gpu.event()?))).collect::<Result<_, Error>>()?;
    for (i, (s, e)) in events.iter().enumerate() {
        flush_l2()?;
        gpu.record(s)?;
        launch(i)?;
        gpu.record(e)?;
    }
    wait("during --bench")?;
    let us = events.iter().map(|(s, e)| Ok(gpu.elapsed_ms(s, e)? as f64 * 1e3)).collect::<Result<Vec<f64>, Error>>()?;
    Ok(BenchResult::from_times(us))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_min_mean() {
        let r = BenchResult::from_times(vec![5.0, 1.0, 3.0]);
        assert_eq!((r.median_us, r.min_us, r.mean_us, r.launches), (3.0, 1.0, 3.0, 3));
        assert_eq!(BenchResult::from_times(vec![4.0, 1.0, 2.0, 3.0]).median_us, 2.5);
    }

    #[test]
    fn rates() {
        let r = BenchResult::from_times(vec![1000.0]);
        // 12 bytes * 2^28 in 1 ms = 3221.2 GB/s.
        assert!((r.gbps(12 << 28) - 3221.225472).abs() < 1e-6);
        assert!((r.tflops(2 * 4096u64.pow(3)) - 137.438953472).abs() < 1e-6);
    }

    #[test]
    fn plans_like_do_bench() {
        let cfg = BenchConfig::default();
        assert_eq!(plan(0.1, &cfg), (250, 1000));
        assert_eq!(plan(500.0, &cfg), (1, 1));
        assert_eq!(plan(0.0, &cfg), (100_000, 100_000));
    }

    #[test]
    fn bench_line_is_json() {
        let cfg = BenchConfig { bytes: Some(12 << 20), label: Some("vadd 2^20".into()), ..Default::default() };
        let r = BenchResult::from_times(vec![10.0, 12.0, 11.0]);
        let line = r.bench_line("add", [1024, 1, 1], [128, 1, 1], "H100", &cfg);
        let v: Value = serde_json::from_str(line.strip_prefix("BENCH ").unwrap()).unwrap();
        assert_eq!(v["kernel"], "add");
        assert_eq!(v["us"], 11.0);
        assert_eq!(v["label"], "vadd 2^20");
        assert!((v["GB/s"].as_f64().unwrap() - 1143.9).abs() < 0.1, "{v}");
        assert!(v.get("TFLOP/s").is_none());
        let s = r.summary("add", &cfg);
        assert!(s.starts_with("add: 11.00 us median") && s.contains("GB/s"), "{s}");
    }
}
