//! What counts as a finding: tilec run on one input, its answer judged.
//!
//! Acceptable answers: PTX that ptxas accepts (for the target compiled for), or an error
//! at a location of the input (`file:line:col: error:`) with exit status 1 (flag errors:
//! one `tilec: error:` line). Findings: an internal error (exit 2), a panic, a crash (a
//! signal: abort, stack overflow), no answer in the time limit, an error without a
//! location, MLIR op text in an error about a `.tile` file, or PTX ptxas rejects, unless
//! the line ptxas rejects is the program's own `inline_asm_elementwise` text (passed
//! through as written, as Triton does: ptxas is what checks a user's PTX).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How one run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// PTX (checked by ptxas when one is known), or IR printed.
    Compiled,
    /// A clear error at the input's line.
    Refused,
    /// Something the issue says must never happen.
    Finding(String),
}

/// Runs tilec (a subprocess: crashes and hangs are observed, not suffered) and ptxas.
#[derive(Clone, Debug)]
pub struct Oracle {
    pub tilec: PathBuf,
    pub ptxas: Option<PathBuf>,
    pub timeout: Duration,
    /// Scratch files go here.
    pub dir: PathBuf,
}

/// Judges a refusal's text: `Some(why)` when it is not an acceptable error.
pub fn judge_error(stderr: &str, file: &str, tile: bool) -> Option<String> {
    if stderr.contains("panicked") {
        return Some("a panic".into());
    }
    let located = stderr.lines().any(|l| {
        l.strip_prefix(file)
            .and_then(|r| r.strip_prefix(':'))
            .is_some_and(|r| r.split(':').take(2).all(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit())))
            && l.contains(": error: ")
    });
    let flag_error = stderr.starts_with("tilec: error: ") && stderr.lines().count() <= 8;
    if !located && !flag_error {
        return Some("an error without a location in the input".into());
    }
    if tile && leaks_mlir(stderr) {
        return Some("MLIR op text in an error about a .tile file".into());
    }
    None
}

/// Whether an error shows MLIR's own op text (which only `.mlir` input may see).
pub fn leaks_mlir(s: &str) -> bool {
    s.contains("see current operation") || s.contains("' op ") || s.contains("\"builtin.module\"") || s.contains("%0 =")
}

impl Oracle {
    /// The tools next to this executable (`target/<profile>/`), ptxas from `$PTXAS` or
    /// the PyPI package scripts/setup.sh installs.
    pub fn find(dir: PathBuf) -> Oracle {
        let exe = std::env::current_exe().expect("own path");
        let mut tilec = exe.with_file_name("tilec");
        if !tilec.exists() {
            // Test binaries live one level down, in target/<profile>/deps/.
            tilec = exe.parent().and_then(Path::parent).map(|p| p.join("tilec")).unwrap_or(tilec);
        }
        Oracle { tilec, ptxas: find_ptxas(), timeout: Duration::from_secs(20), dir }
    }

    /// Compiles a `.tile` text with `flags` and judges the answer.
    pub fn tile(&self, text: &str, flags: &[String]) -> Outcome {
        let src = self.dir.join("case.tile");
        let ptx = self.dir.join("case.ptx");
        let _ = std::fs::remove_file(&ptx);
        std::fs::write(&src, text).expect("scratch file");
        let mut args: Vec<String> = vec![src.display().to_string(), "-o".into(), ptx.display().to_string()];
        args.extend(flags.iter().cloned());
        let arch = flags.windows(2).find(|w| w[0] == "--arch").map_or("sm_90", |w| w[1].as_str()).to_string();
        match self.judge(&args, &src.display().to_string(), true, Some((&ptx, &arch))) {
            Outcome::Finding(why) if why.starts_with("ptxas rejects") && rejects_user_asm(&why, &ptx, text) => {
                Outcome::Compiled
            }
            o => o,
        }
    }

    /// Runs `passes` (all when empty) over a `.mlir` text and judges the answer.
    pub fn mlir(&self, text: &str, passes: &[&str]) -> Outcome {
        let src = self.dir.join("case.mlir");
        let ptx = self.dir.join("case-mlir.ptx");
        let _ = std::fs::remove_file(&ptx);
        std::fs::write(&src, text).expect("scratch file");
        let mut args = vec![src.display().to_string(), "-o".into(), ptx.display().to_string()];
        if !passes.is_empty() {
            args.push("--passes".into());
            args.push(passes.join(","));
        }
        self.judge(&args, &src.display().to_string(), false, Some((&ptx, "sm_90")))
    }

    /// tilec's IR of a `.tile` text at `stage` (`tile`, `layout`, `memsem`), if it compiles.
    pub fn emit(&self, text: &str, stage: &str) -> Option<String> {
        let src = self.dir.join("seed.tile");
        std::fs::write(&src, text).ok()?;
        let out =
            Command::new(&self.tilec).args([src.to_str()?, "--emit", stage]).env("TILEC_CACHE", "0").output().ok()?;
        out.status.success().then(|| String::from_utf8_lossy(&out.stdout).into_owned())
    }

    fn judge(&self, args: &[String], file: &str, tile: bool, ptx: Option<(&Path, &str)>) -> Outcome {
        let err_path = self.dir.join("stderr.txt");
        let out_path = self.dir.join("stdout.txt");
        let (Ok(err), Ok(out)) = (std::fs::File::create(&err_path), std::fs::File::create(&out_path)) else {
            return Outcome::Finding("cannot write scratch files".into());
        };
        let child = Command::new(&self.tilec)
            .args(args)
            .env("TILEC_CACHE", "0")
            .env("RUST_BACKTRACE", "0")
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn();
        let Ok(mut child) = child else { return Outcome::Finding(format!("cannot run {}", self.tilec.display())) };
        let start = Instant::now();
        let status = loop {
            match child.try_wait() {
                Ok(Some(s)) => break s,
                // The limit is on the CPU time tilec uses (a busy machine slows the wall
                // clock, not the answer), with a wall-clock backstop.
                Ok(None) if start.elapsed() > self.timeout && over_cpu(child.id(), self.timeout, start.elapsed()) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Outcome::Finding(format!("no answer in {} s of CPU time", self.timeout.as_secs()));
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(5)),
                Err(e) => return Outcome::Finding(format!("wait failed: {e}")),
            }
        };
        let stderr = std::fs::read_to_string(&err_path).unwrap_or_default();
        match status.code() {
            Some(0) => match (ptx, &self.ptxas) {
                (Some((p, arch)), Some(ptxas)) if p.exists() => self.ptxas(ptxas, p, arch),
                _ => Outcome::Compiled,
            },
            Some(1) => match judge_error(&stderr, file, tile) {
                None => Outcome::Refused,
                Some(why) => Outcome::Finding(format!("{why}:\n{}", head(&stderr))),
            },
            Some(c) => Outcome::Finding(format!("exit status {c}:\n{}", head(&stderr))),
            None => Outcome::Finding(format!("killed by a signal ({status}):\n{}", head(&stderr))),
        }
    }

    fn ptxas(&self, ptxas: &Path, ptx: &Path, arch: &str) -> Outcome {
        let arch = if arch.starts_with("sm_") { arch } else { "sm_90" };
        let cubin = self.dir.join("case.cubin");
        match Command::new(ptxas).args(["--gpu-name", arch]).arg(ptx).arg("-o").arg(&cubin).output() {
            Ok(o) if o.status.success() => Outcome::Compiled,
            Ok(o) => Outcome::Finding(format!(
                "ptxas rejects the PTX ({}):\n{}",
                o.status,
                head(&String::from_utf8_lossy(&o.stderr))
            )),
            Err(e) => Outcome::Finding(format!("cannot run ptxas: {e}")),
        }
    }
}

/// Whether process `pid` has used more than `limit` of CPU time (Linux: /proc), or the
/// wall clock has run ten times the limit.
fn over_cpu(pid: u32, limit: Duration, wall: Duration) -> bool {
    if wall > limit * 10 {
        return true;
    }
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return true };
    // The fields after the command (which may hold spaces, so it ends at the last `)`)
    // start with the state (field 3); utime and stime are fields 14 and 15, in clock
    // ticks (100 a second on Linux).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let tick = |i: usize| f.get(i).and_then(|x| x.parse::<u64>().ok()).unwrap_or(0);
    let ticks = tick(11) + tick(12);
    Duration::from_millis(ticks * 10) > limit
}

/// Whether the PTX line ptxas's message `why` names (`..., line N; ...`) is one of the
/// program's own inline asm strings, operands aside (`$1` in the source, `%r7` in the PTX).
fn rejects_user_asm(why: &str, ptx: &Path, source: &str) -> bool {
    let Some(n) = why.split("line ").nth(1).and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next()) else {
        return false;
    };
    let Ok(n) = n.parse::<usize>() else { return false };
    let Some(line) =
        std::fs::read_to_string(ptx).ok().and_then(|t| t.lines().nth(n.wrapping_sub(1)).map(str::to_string))
    else {
        return false;
    };
    let shape = |t: &str| -> String {
        let mut out = String::new();
        let mut chars = t.trim().chars().peekable();
        while let Some(c) = chars.next() {
            if c == '$' || c == '%' {
                while chars.peek().is_some_and(|d| d.is_ascii_alphanumeric() || *d == '_') {
                    chars.next();
                }
                out.push('#');
            } else if !c.is_whitespace() {
                out.push(c);
            }
        }
        out
    };
    let rejected = shape(&line);
    !rejected.is_empty()
        && source.split("inline_asm_elementwise(").skip(1).any(|call| {
            let asm = call.trim_start().strip_prefix('"').and_then(|r| r.split('"').next()).unwrap_or("");
            // A block (`{ ...; ...; }`) is one PTX line: the whole line is the program's.
            // An asm with no `;` after its last instruction (which ptxas reads on into the
            // next line, and rejects there) is the program's too.
            rejected == shape(asm)
                || asm.split(';').map(shape).filter(|i| !i.is_empty()).any(|i| {
                    let full = i.clone() + ";";
                    rejected == full || rejected.ends_with(&full) || (!asm.trim_end().ends_with(';') && rejected == i)
                })
        })
}

fn head(s: &str) -> String {
    s.lines().take(12).collect::<Vec<_>>().join("\n")
}

/// ptxas: `$PTXAS`, else the `nvidia-cuda-nvcc` wheel's, else `ptxas` on the PATH.
pub fn find_ptxas() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("PTXAS") {
        return Some(PathBuf::from(p));
    }
    let out = Command::new("python3")
        .args(["-c", "import nvidia, os; print(os.path.join(list(nvidia.__path__)[0], 'cu13', 'bin', 'ptxas'))"])
        .output()
        .ok()?;
    let p = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    if p.exists() {
        return Some(p);
    }
    let which = Command::new("which").arg("ptxas").output().ok()?;
    which.status.success().then(|| PathBuf::from(String::from_utf8_lossy(&which.stdout).trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_time_of_a_busy_process() {
        let me = std::process::id();
        let t = Instant::now();
        // Spin until 100 ms of CPU time show (on a loaded machine 300 ms of wall time
        // gave less than 100 ms of CPU and the test failed), at most 60 s.
        while !over_cpu(me, Duration::from_millis(100), Duration::from_secs(1)) && t.elapsed() < Duration::from_secs(60)
        {
            for _ in 0..100_000 {
                std::hint::black_box(0);
            }
        }
        assert!(over_cpu(me, Duration::from_millis(100), Duration::from_secs(1)));
        assert!(!over_cpu(me, Duration::from_secs(100), Duration::from_secs(101)));
    }

    #[test]
    fn a_rejected_line_of_the_programs_own_asm_is_not_a_finding() {
        let dir = std::env::temp_dir().join(format!("tilec-oracle-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let ptx = dir.join("case.ptx");
        std::fs::write(&ptx, "\t// begin inline asm\n\txor.b32 %r5,: %r4, 7;\n\tadd.s32 %r6, %r5, 1;\n").unwrap();
        let src = r#"let k = inline_asm_elementwise("xor.b32 $0,: $1, 7;", "=r,r", v, i32, false, 1);"#;
        let why = "ptxas rejects the PTX (exit status: 255):\nptxas case.ptx, line 2; fatal   : Parsing error";
        assert!(rejects_user_asm(why, &ptx, src));
        // A line tilec wrote is a finding, as is a message without a line.
        assert!(!rejects_user_asm(&why.replace("line 2", "line 3"), &ptx, src));
        assert!(!rejects_user_asm("ptxas rejects the PTX: fatal", &ptx, src));
        assert!(!rejects_user_asm(why, &ptx, "let k = v + 1;"));
        // An asm cut short (no `;`): ptxas fails on the next copy's line, its own text.
        std::fs::write(&ptx, "\t// begin inline asm\n\tfma.rn.f32 %r4, %r1,\n\tfma.rn.f32 %r5, %r3,\n").unwrap();
        let cut = r#"store(y, inline_asm_elementwise("fma.rn.f32 $0, $1,", "=f,f,f", (v, s), f32, true, 1));"#;
        assert!(rejects_user_asm(&why.replace("line 2", "line 3"), &ptx, cut));
        assert!(!rejects_user_asm(&why.replace("line 2", "line 3"), &ptx, &cut.replace("$1,\"", "$1, 1;\"")));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn errors_need_a_location_and_no_op_text() {
        assert_eq!(judge_error("a.tile:3:5: error: unknown name `x`\n", "a.tile", true), None);
        assert_eq!(judge_error("tilec: error: --index-bits must be 32 or 64, not 16\n", "a.tile", true), None);
        assert!(judge_error("a.tile: error: pass failed\n", "a.tile", true).is_some());
        assert!(judge_error("a.tile:1:1: error: 'tile.expand_dims' op failed\n", "a.tile", true).is_some());
        assert_eq!(judge_error("a.mlir:1:1: error: 'tile.expand_dims' op failed\n", "a.mlir", false), None);
        assert!(judge_error("thread 'main' panicked at x.rs:1:1\n", "a.tile", true).is_some());
    }

    #[test]
    fn a_rejected_block_of_the_programs_own_asm_is_not_a_finding() {
        // A `{ ...; ...; }` asm is one PTX line (tilec-fuzz: `if` inserted into the
        // block of Triton's test_inline_asm_packed_multiple_outputs).
        let dir = tempfile::tempdir().unwrap();
        let ptx = dir.path().join("k.ptx");
        std::fs::write(
            &ptx,
            "\t// begin inline asm\n\t{ .reg .b8 t<4>; mov.b32 {t0, t1}, %r2; if max.f32 %r22, %r22, %r5; }\n",
        )
        .unwrap();
        let why = "ptxas rejects the PTX (exit status: 255):\nptxas k.ptx, line 2; error   : Unknown field '.f32'";
        let src = r#"let (c, d) = inline_asm_elementwise(
            "{ .reg .b8 t<4>; mov.b32 {t0, t1}, $8; if max.f32 $6, $6, $11; }", "=r,r", (x, y), (i32, f32), true, 4);"#;
        assert!(rejects_user_asm(why, &ptx, src));
        assert!(!rejects_user_asm(
            why,
            &ptx,
            r#"inline_asm_elementwise("{ mov.b32 {t0, t1}, $8; }", "=r,r", x, i32, true, 1)"#
        ));
    }
}
