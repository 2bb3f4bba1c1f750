//! Run plans (`tilerun --plan plan.toml`): the buffers and the kernel launches of a
//! multi-kernel algorithm (a two-kernel reduction, a three-kernel scan), in one file, so
//! the whole algorithm runs, checks and times in one command.
//!
//! ```toml
//! bench = true                 # top-level keys first (TOML puts later keys in a table)
//! bytes = "8*N"                # per run of the whole plan, for GB/s
//! zero = ["counter"]           # set to 0 before every run of the plan
//!
//! [constants]
//! N = 1000003                  # `tilerun --set N=1<<24` overrides
//! TILE = 4096
//! [buffers]                    # tilerun's ARG specs; sizes may be expressions
//! x = "randint:i32:N:-100:100"
//! sums = "zeros:i32:cdiv(N, TILE)"
//! [[launch]]
//! file = "examples/scan_then_propagate.tile"   # or a .ptx with its .json
//! kernel = "scan_tiles"
//! grid = "cdiv(N, TILE)"       # or [X, Y, Z], each a number or an expression
//! args = ["x", "y", "sums", "N"]               # buffers, constants, expressions, numbers
//! defines = { TILE = "TILE" }
//! [expect]
//! y = "cumsum(x)"              # sum / cumsum / sort of another buffer, on the host
//! [check]
//! y = "ref.npy"
//! [save]
//! y = "y.npy"
//! ```
//!
//! Everything is resolved here, without a GPU; every message names the plan file, the
//! entry and the field. Relative paths are looked up from the working directory, then
//! from the plan's directory.

use crate::plan_ref::{self, HostRef};
use crate::spec::{self, BufferSpec, Scalar, Source};
use crate::Error;
use serde::Deserialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use tilec::internals::int_expr::{self, ExprError};
use tilec::options::NumWarps;
use toml::{Table, Value};

/// The file as written (tables keep their order: `preserve_order`).
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct RawPlan {
    #[serde(default)]
    bench: bool,
    bytes: Option<Value>,
    #[serde(default)]
    zero: Vec<String>,
    rtol: Option<f64>,
    atol: Option<f64>,
    seed: Option<u64>,
    #[serde(default)]
    constants: Table,
    #[serde(default)]
    buffers: Table,
    #[serde(default)]
    launch: Vec<RawLaunch>,
    #[serde(default)]
    expect: Table,
    #[serde(default)]
    check: Table,
    #[serde(default)]
    save: Table,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct RawLaunch {
    file: String,
    kernel: Option<String>,
    grid: Value,
    #[serde(default)]
    args: Vec<Value>,
    #[serde(default)]
    defines: Table,
    num_warps: Option<i64>,
}

/// One buffer of the plan, shared by every launch that names it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanBuffer {
    pub name: String,
    /// With the plan's constants substituted; the type is filled in from the first
    /// launch that uses the buffer when the spec leaves it out.
    pub spec: BufferSpec,
    /// As written in the plan.
    pub text: String,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PlanArg {
    /// Index into `Plan::buffers`.
    Buffer(usize),
    Scalar(Scalar),
}

#[derive(Clone, Debug, PartialEq)]
pub struct PlanLaunch {
    pub file: PathBuf,
    pub kernel: Option<String>,
    pub grid: [u32; 3],
    pub args: Vec<PlanArg>,
    pub defines: Vec<(String, String)>,
    pub num_warps: Option<NumWarps>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub path: PathBuf,
    pub constants: Vec<(String, i128)>,
    pub buffers: Vec<PlanBuffer>,
    pub launches: Vec<PlanLaunch>,
    /// `(buffer, reference)`: computed on the host from the reference's input.
    pub expects: Vec<(usize, HostRef, usize)>,
    pub checks: Vec<(usize, PathBuf)>,
    pub saves: Vec<(usize, PathBuf)>,
    pub zero: Vec<usize>,
    pub bench: bool,
    pub bytes: Option<u64>,
    pub rtol: Option<f64>,
    pub atol: Option<f64>,
    pub seed: Option<u64>,
}

impl Plan {
    /// `launch 2 (`scan_sums`)`, for messages.
    pub fn launch_name(&self, i: usize) -> String {
        match &self.launches[i].kernel {
            Some(k) => format!("launch {} (`{k}`)", i + 1),
            None => format!("launch {}", i + 1),
        }
    }
}

/// Reads and resolves `path`; `overrides` (`--set NAME=VALUE`) replace constants.
pub fn load(path: &Path, overrides: &[(String, String)]) -> Result<Plan, Error> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::msg(format!("cannot read the plan {}: {e}", path.display())))?;
    parse(path, &text, overrides)
}

/// A path of the plan: from the working directory if it is there, else from the plan's.
fn locate(plan: &Path, p: &str) -> PathBuf {
    let given = PathBuf::from(p);
    if given.is_absolute() || given.exists() {
        return given;
    }
    match plan.parent() {
        Some(dir) if dir.join(&given).exists() => dir.join(given),
        _ => given,
    }
}

fn names(buffers: &[PlanBuffer]) -> String {
    let v: Vec<&str> = buffers.iter().map(|b| b.name.as_str()).collect();
    if v.is_empty() {
        "there are none".into()
    } else {
        format!("buffers: {}", v.join(", "))
    }
}

/// Resolves the `[constants]` table in any order (a constant may use another), then
/// applies the overrides.
fn constants(
    t: &Table,
    overrides: &[(String, String)],
    at: &dyn Fn(String) -> Error,
) -> Result<Vec<(String, i128)>, Error> {
    let mut order: Vec<String> = t.keys().cloned().collect();
    let mut text: HashMap<String, String> = HashMap::new();
    for (k, v) in t {
        let s = match v {
            Value::Integer(i) => i.to_string(),
            Value::String(s) => s.clone(),
            other => {
                return Err(at(format!(
                    "constants.{k}: a TOML {} is not an integer nor an expression",
                    other.type_str()
                )))
            }
        };
        text.insert(k.clone(), s);
    }
    for (k, v) in overrides {
        if !text.contains_key(k) {
            let known: Vec<&str> = order.iter().map(|s| s.as_str()).collect();
            return Err(at(format!("--set {k}: the plan has no constant `{k}` (it has: {})", known.join(", "))));
        }
        text.insert(k.clone(), v.clone());
    }
    let mut values: HashMap<String, i128> = HashMap::new();
    let mut pending = order.clone();
    while !pending.is_empty() {
        let before = pending.len();
        let mut last = None;
        pending.retain(|k| match int_expr::eval(&text[k], &values) {
            Ok(v) => {
                values.insert(k.clone(), v);
                false
            }
            Err(e) => {
                last = Some((k.clone(), e));
                true
            }
        });
        if pending.len() == before {
            let (k, e) = last.unwrap();
            let why = match e {
                ExprError::Unknown(n) if text.contains_key(&n) => format!("`{n}` depends on `{k}` (a cycle)"),
                e => e.to_string(),
            };
            return Err(at(format!("constants.{k}: `{}`: {why}", text[&k])));
        }
    }
    order.retain(|k| values.contains_key(k));
    Ok(order
        .into_iter()
        .map(|k| {
            let v = values[&k];
            (k, v)
        })
        .collect())
}

/// A buffer spec with constants substituted into its fields (`zeros:i32:cdiv(N, 4096)`).
fn substitute(spec: &str, consts: &HashMap<String, i128>) -> Result<String, String> {
    if spec.ends_with(".npy") || spec.starts_with("npy:") {
        return Ok(spec.to_string());
    }
    let mut fields: Vec<String> = spec.split(':').map(str::to_string).collect();
    let first = if fields.len() > 1 && crate::dtype::DType::from_name(&fields[1]).is_some() { 2 } else { 1 };
    for (k, f) in fields.iter_mut().enumerate().skip(first) {
        let shape = k == first;
        match int_expr::eval(f, consts) {
            Ok(v) => *f = v.to_string(),
            // A shape may be RxC, each an expression.
            Err(_) if shape && f.contains('x') => {
                let dims: Result<Vec<String>, ExprError> =
                    f.split('x').map(|d| int_expr::eval(d, consts).map(|v| v.to_string())).collect();
                *f = dims.map_err(|e| format!("size `{f}`: {e}"))?.join("x");
            }
            Err(e @ ExprError::Unknown(_)) if shape => return Err(format!("size `{f}`: {e}")),
            // A float (`full:f32:N:0.5`), or left for the spec parser to explain.
            Err(_) => {}
        }
    }
    Ok(fields.join(":"))
}

/// An integer field: a TOML integer or an expression string.
fn int_value(v: &Value, consts: &HashMap<String, i128>) -> Result<i128, String> {
    match v {
        Value::Integer(i) => Ok(*i as i128),
        Value::String(s) => int_expr::eval(s, consts).map_err(|e| format!("`{s}`: {e}")),
        other => Err(format!("a TOML {} is not an integer nor an expression", other.type_str())),
    }
}

fn grid(v: &Value, consts: &HashMap<String, i128>) -> Result<[u32; 3], String> {
    let dims: Vec<&Value> = match v {
        Value::Array(a) => a.iter().collect(),
        v => vec![v],
    };
    if dims.is_empty() || dims.len() > 3 {
        return Err("a grid has 1 to 3 dimensions (X, [X, Y] or [X, Y, Z])".into());
    }
    let mut g = [1u32; 3];
    for (slot, d) in g.iter_mut().zip(dims) {
        let n = int_value(d, consts)?;
        *slot = u32::try_from(n).ok().filter(|&n| n >= 1).ok_or_else(|| format!("{n} is not in 1..2^32"))?;
    }
    Ok(g)
}

/// Parses a plan's text; `path` is for messages and for relative paths.
pub fn parse(path: &Path, text: &str, overrides: &[(String, String)]) -> Result<Plan, Error> {
    let file = path.display().to_string();
    let at = |m: String| Error::msg(format!("{file}: {m}"));
    let raw: RawPlan = toml::from_str(text).map_err(|e| at(e.to_string().trim_end().to_string()))?;
    let constants = constants(&raw.constants, overrides, &at)?;
    let consts: HashMap<String, i128> = constants.iter().cloned().collect();

    let mut buffers = vec![];
    for (name, v) in &raw.buffers {
        let s = v.as_str().ok_or_else(|| at(format!("buffers.{name}: write a spec in quotes (\"zeros:f32:N\")")))?;
        let resolved = substitute(s, &consts).map_err(|e| at(format!("buffers.{name}: `{s}`: {e}")))?;
        let spec = match spec::parse_arg(&resolved).map_err(|e| at(format!("buffers.{name}: {e}")))?.value {
            spec::ArgValue::Buffer(b) => b,
            spec::ArgValue::Scalar(_) => {
                return Err(at(format!("buffers.{name}: `{s}` is a number; put scalars in [constants]")))
            }
        };
        let spec = match spec.source {
            Source::Npy(p) => BufferSpec { source: Source::Npy(locate(path, &p.to_string_lossy())), ..spec },
            _ => spec,
        };
        buffers.push(PlanBuffer { name: name.clone(), spec, text: s.to_string() });
    }
    let find = |name: &str, field: String| {
        buffers
            .iter()
            .position(|b| b.name == name)
            .ok_or_else(|| at(format!("{field}: no buffer `{name}` ({})", names(&buffers))))
    };

    let mut launches = vec![];
    for (i, l) in raw.launch.iter().enumerate() {
        let who = match &l.kernel {
            Some(k) => format!("launch {} (`{k}`)", i + 1),
            None => format!("launch {}", i + 1),
        };
        let g = grid(&l.grid, &consts).map_err(|e| at(format!("{who}: grid: {e}")))?;
        let mut args = vec![];
        for (j, a) in l.args.iter().enumerate() {
            let arg = match a {
                Value::Integer(v) => PlanArg::Scalar(Scalar::Int(*v as i128)),
                Value::Float(v) => PlanArg::Scalar(Scalar::Float(*v)),
                Value::Boolean(v) => PlanArg::Scalar(Scalar::Bool(*v)),
                Value::String(s) => match buffers.iter().position(|b| &b.name == s) {
                    Some(b) => PlanArg::Buffer(b),
                    None => match int_expr::eval(s, &consts) {
                        Ok(v) => PlanArg::Scalar(Scalar::Int(v)),
                        Err(ExprError::Unknown(n)) => {
                            return Err(at(format!(
                                "{who}: args[{j}]: `{n}` is neither a buffer ({}) nor a constant",
                                names(&buffers)
                            )))
                        }
                        Err(e) => return Err(at(format!("{who}: args[{j}]: `{s}`: {e}"))),
                    },
                },
                other => {
                    return Err(at(format!(
                        "{who}: args[{j}]: a TOML {} is not a buffer name nor a number",
                        other.type_str()
                    )))
                }
            };
            args.push(arg);
        }
        let mut defines = vec![];
        for (k, v) in &l.defines {
            let value = match v {
                Value::Float(f) => f.to_string(),
                Value::Boolean(b) => b.to_string(),
                v => int_value(v, &consts).map_err(|e| at(format!("{who}: defines.{k}: {e}")))?.to_string(),
            };
            defines.push((k.clone(), value));
        }
        launches.push(PlanLaunch {
            file: locate(path, &l.file),
            kernel: l.kernel.clone(),
            grid: g,
            args,
            defines,
            num_warps: l.num_warps.map(NumWarps::new).transpose().map_err(|e| at(format!("{who}: {e}")))?,
        });
    }
    if launches.is_empty() {
        return Err(at("the plan has no [[launch]]".into()));
    }

    let paths = |t: &Table, table: &str, from_plan: bool| -> Result<Vec<(usize, PathBuf)>, Error> {
        t.iter()
            .map(|(k, v)| {
                let p = v.as_str().ok_or_else(|| at(format!("{table}.{k}: write a path in quotes")))?;
                let p = if from_plan { locate(path, p) } else { PathBuf::from(p) };
                Ok((find(k, format!("{table}.{k}"))?, p))
            })
            .collect()
    };
    let checks = paths(&raw.check, "check", true)?;
    let saves = paths(&raw.save, "save", false)?;
    let mut expects = vec![];
    for (k, v) in &raw.expect {
        let s = v.as_str().ok_or_else(|| at(format!("expect.{k}: write a reference in quotes (\"cumsum(x)\")")))?;
        let r = plan_ref::parse(s).map_err(|e| at(format!("expect.{k}: {e}")))?;
        let input = find(&r.of, format!("expect.{k}"))?;
        expects.push((find(k, format!("expect.{k}"))?, r, input));
    }
    let zero = raw.zero.iter().map(|z| find(z, "zero".into())).collect::<Result<Vec<_>, _>>()?;
    let bytes = match &raw.bytes {
        None => None,
        Some(v) => {
            let n = int_value(v, &consts).map_err(|e| at(format!("bytes: {e}")))?;
            Some(u64::try_from(n).map_err(|_| at(format!("bytes: {n} is negative")))?)
        }
    };
    Ok(Plan {
        path: path.to_path_buf(),
        constants,
        buffers,
        launches,
        expects,
        checks,
        saves,
        zero,
        bench: raw.bench,
        bytes,
        rtol: raw.rtol,
        atol: raw.atol,
        seed: raw.seed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dtype::DType;
    use crate::plan_ref::RefOp;

    const SCAN: &str = r#"
bench = true
bytes = "8*N"
zero = ["sums"]
rtol = 1e-4

[constants]
TILES = "cdiv(N, TILE)"
N = 1000003
TILE = 4096

[buffers]
x = "randint:i32:N:-100:100"
y = "empty:i32:N"
sums = "zeros:TILES"
m = "zeros:f32:2xTILE"

[[launch]]
file = "examples/scan_then_propagate.tile"
kernel = "scan_tiles"
grid = "TILES"
args = ["x", "y", "sums", "N"]
defines = { TILE = "TILE" }

[[launch]]
file = "scan_sums.tile"
kernel = "scan_sums"
grid = [1, "2*1", 3]
args = ["sums", "TILES", 0.5, true]

[expect]
y = "cumsum(x)"

[check]
sums = "sums.npy"

[save]
y = "y.npy"
"#;

    fn plan(text: &str) -> Result<Plan, String> {
        parse(Path::new("p.toml"), text, &[]).map_err(|e| e.to_string())
    }

    #[test]
    fn parses_a_whole_plan() {
        let p = plan(SCAN).unwrap();
        assert_eq!(p.constants, vec![("TILES".into(), 245), ("N".into(), 1000003), ("TILE".into(), 4096)]);
        let names: Vec<&str> = p.buffers.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(names, vec!["x", "y", "sums", "m"]); // file order: it seeds each buffer
        assert_eq!(p.buffers[0].spec.source, Source::Randint { lo: -100, hi: 100 });
        assert_eq!((p.buffers[0].spec.dtype, p.buffers[0].spec.shape.clone()), (Some(DType::I32), vec![1000003]));
        assert_eq!((p.buffers[2].spec.dtype, p.buffers[2].spec.shape.clone()), (None, vec![245]));
        assert_eq!(p.buffers[3].spec.shape, vec![2, 4096]);
        let l = &p.launches[0];
        assert_eq!((l.grid, l.kernel.as_deref()), ([245, 1, 1], Some("scan_tiles")));
        assert_eq!(
            l.args,
            vec![PlanArg::Buffer(0), PlanArg::Buffer(1), PlanArg::Buffer(2), PlanArg::Scalar(Scalar::Int(1000003))]
        );
        assert_eq!(l.defines, vec![("TILE".into(), "4096".into())]);
        let l = &p.launches[1];
        assert_eq!(l.grid, [1, 2, 3]);
        assert_eq!(l.args[2..], [PlanArg::Scalar(Scalar::Float(0.5)), PlanArg::Scalar(Scalar::Bool(true))]);
        assert_eq!(
            p.expects,
            vec![(1, HostRef { op: RefOp::Cumsum, of: "x".into(), view: None, descending: false }, 0)]
        );
        assert_eq!(p.checks, vec![(2, PathBuf::from("sums.npy"))]);
        assert_eq!(p.saves, vec![(1, PathBuf::from("y.npy"))]);
        assert_eq!((p.zero.clone(), p.bench, p.bytes, p.rtol), (vec![2], true, Some(8000024), Some(1e-4)));
        assert_eq!(p.launch_name(1), "launch 2 (`scan_sums`)");
    }

    #[test]
    fn overrides_change_everything_derived() {
        let p = parse(Path::new("p.toml"), SCAN, &[("N".into(), "1<<24".into())]).unwrap();
        assert_eq!(p.buffers[0].spec.shape, vec![1 << 24]);
        assert_eq!(p.launches[0].grid[0], 4096);
        assert_eq!(p.bytes, Some(8 << 24));
        let e = parse(Path::new("p.toml"), SCAN, &[("M".into(), "3".into())]).unwrap_err().to_string();
        assert!(e.starts_with("p.toml: --set M: the plan has no constant `M`"), "{e}");
    }

    #[test]
    fn errors_name_file_entry_and_field() {
        let swap = |from: &str, to: &str| plan(&SCAN.replacen(from, to, 1)).unwrap_err();
        let e = swap(r#"args = ["x", "y""#, r#"args = ["x", "why""#);
        assert_eq!(e, "p.toml: launch 1 (`scan_tiles`): args[1]: `why` is neither a buffer (buffers: x, y, sums, m) nor a constant");
        assert_eq!(
            swap("y = \"cumsum(x)\"", "y = \"cumsum(z)\""),
            "p.toml: expect.y: no buffer `z` (buffers: x, y, sums, m)"
        );
        assert_eq!(swap("y = \"y.npy\"", "q = \"y.npy\""), "p.toml: save.q: no buffer `q` (buffers: x, y, sums, m)");
        assert!(swap("grid = \"TILES\"", "grid = \"TILES - 245\"")
            .contains("launch 1 (`scan_tiles`): grid: 0 is not in 1..2^32"));
        assert!(swap("grid = \"TILES\"", "grid = [1, 2, 3, 4]").contains("grid: a grid has 1 to 3"));
        assert!(swap("\"zeros:TILES\"", "\"zeros:TILEZ\"")
            .contains("buffers.sums: `zeros:TILEZ`: size `TILEZ`: unknown constant `TILEZ`"));
        assert!(swap("randint:i32:N:-100:100", "randint:i32:N:100:100").contains("buffers.x: argument"));
        assert!(swap("TILE = 4096\n", "TILE = \"TILES\"\n")
            .contains("constants.TILE: `TILES`: `TILES` depends on `TILE` (a cycle)"));
        assert!(swap("defines = { TILE = \"TILE\" }", "defines = { TILE = \"TILE +\" }")
            .contains("launch 1 (`scan_tiles`): defines.TILE:"));
        assert!(swap("zero = [\"sums\"]", "zero = [\"s\"]").contains("p.toml: zero: no buffer `s`"));
        assert!(swap("kernel = \"scan_tiles\"", "kernel = \"scan_tiles\"\nnum_warps = 3")
            .contains("launch 1 (`scan_tiles`): `num_warps` must be 1, 2, 4, 8, 16 or 32, found 3"));
        assert!(swap("kernel = \"scan_tiles\"", "kernal = \"scan_tiles\"").contains("unknown field `kernal`"));
        assert!(swap("[[launch]]", "[[launches]]").starts_with("p.toml: "));
        assert!(plan("[constants]\nN = 1\n").unwrap_err().contains("the plan has no [[launch]]"));
        assert!(plan("[buffers\n").unwrap_err().starts_with("p.toml: "));
        assert!(swap("x = \"randint", "x = 3 #").contains("buffers.x: write a spec in quotes"));
    }

    #[test]
    fn substitutes_constants_in_specs() {
        let c: HashMap<String, i128> = [("N".to_string(), 10), ("T".to_string(), 4)].into_iter().collect();
        assert_eq!(substitute("randint:i32:N:-N:N", &c).unwrap(), "randint:i32:10:-10:10");
        assert_eq!(substitute("zeros:cdiv(N, T)", &c).unwrap(), "zeros:3");
        assert_eq!(substitute("full:f32:N:0.5", &c).unwrap(), "full:f32:10:0.5");
        assert_eq!(substitute("full:f32:N:inf", &c).unwrap(), "full:f32:10:inf");
        assert_eq!(substitute("empty:u64:NxT", &c).unwrap(), "empty:u64:10x4");
        assert_eq!(substitute("x.npy", &c).unwrap(), "x.npy");
        assert!(substitute("zeros:f32:M", &c).unwrap_err().contains("unknown constant `M`"));
    }
}
