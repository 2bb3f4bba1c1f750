//! A generator of well-typed tile programs, driven by `arbitrary`'s byte stream (random
//! bytes from a seed, or libFuzzer's input): the programs reach the whole pipeline, so
//! what they find is in the passes, the lowering and the PTX, not the front end.
//!
//! The generator keeps an environment of variables whose type it knows exactly: every
//! value whose type the language decides (a reduction of i8 accumulates in i32, `argmax`
//! gives i32) is converted with `.to(T)` to a type of the generator's choice. Shapes are
//! 1-D `[N]` or 2-D `[M, N]` with power-of-two dimensions, small enough to compile fast.

use arbitrary::{Result, Unstructured};
use std::fmt::Write;

/// Element types a generated value may have (bools come from comparisons).
const DTYPES: &[&str] = &["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f16", "bf16", "f32", "f64"];
const ARCHES: &[&str] = &["sm_80", "sm_90", "sm_90a"];

/// A generated program and the tilec flags to compile it with.
#[derive(Clone, Debug)]
pub struct Case {
    pub text: String,
    pub flags: Vec<String>,
}

#[derive(Clone, Debug, PartialEq)]
struct Var {
    name: String,
    dtype: &'static str,
    shape: Vec<i64>,
}

fn is_float(d: &str) -> bool {
    d.starts_with('f') || d == "bf16"
}

fn is_int(d: &str) -> bool {
    d.starts_with('i') || d.starts_with('u')
}

fn bits(d: &str) -> u32 {
    d.trim_start_matches(|c: char| c.is_ascii_alphabetic()).parse().unwrap_or(1)
}

struct Gen<'u, 'b> {
    u: &'u mut Unstructured<'b>,
    body: String,
    vars: Vec<Var>,
    /// Pointer parameters: name and pointee.
    ptrs: Vec<(String, &'static str)>,
    helpers: String,
    next: usize,
}

/// Generates one case from the byte stream.
pub fn case(u: &mut Unstructured) -> Result<Case> {
    let warps = *u.choose(&[1i64, 2, 4, 4, 4, 8, 16, 32])?;
    let mut g = Gen { u, body: String::new(), vars: vec![], ptrs: vec![], helpers: String::new(), next: 0 };
    g.stmts(0)?;
    let params: Vec<String> = g.ptrs.iter().map(|(n, d)| format!("{n}: *{d}")).collect();
    let attr = if warps != 4 { format!("#[num_warps({warps})]\n") } else { String::new() };
    let text = format!("{}{attr}kernel k({}, n: i32, s: i32) {{\n{}}}\n", g.helpers, params.join(", "), g.body);
    let mut flags = vec!["--arch".to_string(), g.u.choose(ARCHES)?.to_string()];
    if g.u.ratio(1, 8)? {
        flags.push("--index-bits".into());
        flags.push("64".into());
    }
    if g.u.ratio(1, 8)? {
        flags.push("--lineinfo".into());
    }
    if g.u.ratio(1, 6)? {
        flags.extend(["--divisibility".into(), "n=16".into()]);
    }
    if g.u.ratio(1, 8)? {
        flags.extend(["--assume".into(), "s=1".into()]);
    }
    Ok(Case { text, flags })
}

impl Gen<'_, '_> {
    fn fresh(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("{prefix}{}", self.next)
    }

    fn line(&mut self, depth: usize, s: &str) {
        let _ = writeln!(self.body, "{}{s}", "    ".repeat(depth + 1));
    }

    /// A pointer parameter to `dtype` (a new one now and then, so loads and stores vary).
    fn ptr(&mut self, dtype: &'static str) -> Result<String> {
        if let Some((n, _)) = self.ptrs.iter().find(|(_, d)| *d == dtype) {
            if self.u.ratio(3, 4)? {
                return Ok(n.clone());
            }
        }
        let n = format!("p{}", self.ptrs.len());
        self.ptrs.push((n.clone(), dtype));
        Ok(n)
    }

    fn shape(&mut self) -> Result<Vec<i64>> {
        let pow = |u: &mut Unstructured, lo: u32, hi: u32| -> Result<i64> { Ok(1i64 << u.int_in_range(lo..=hi)?) };
        // At most 4096 elements (32 a thread with 4 warps): fast to compile.
        Ok(if self.u.ratio(1, 2)? {
            vec![pow(self.u, 0, 12)?]
        } else {
            let m = pow(self.u, 0, 6)?;
            let n = pow(self.u, 0, 12 - m.trailing_zeros().min(6))?;
            vec![m, n.min(64)]
        })
    }

    /// Offsets of a tile of `shape` into a buffer, and the mask of the in-range ones.
    fn offsets(&mut self, shape: &[i64]) -> (String, String) {
        match shape {
            [n] => {
                (format!("program_id(0) * {n} + arange(0, {n})"), format!("program_id(0) * {n} + arange(0, {n}) < n"))
            }
            [m, n] => (
                format!("(arange(0, {m})[:, None] * {n} + arange(0, {n})[None, :])"),
                format!("(arange(0, {m})[:, None] * {n} + arange(0, {n})[None, :]) < n"),
            ),
            _ => ("0".into(), "n > 0".into()),
        }
    }

    fn dtype(&mut self) -> Result<&'static str> {
        Ok(*self.u.choose(DTYPES)?)
    }

    /// A variable of any type, or a fresh load when there is none (or now and then).
    fn var(&mut self, depth: usize) -> Result<Var> {
        if self.vars.is_empty() || self.u.ratio(1, 5)? {
            let (d, s) = (self.dtype()?, self.shape()?);
            return self.load(depth, d, s);
        }
        Ok(self.u.choose(&self.vars)?.clone())
    }

    fn bind(&mut self, depth: usize, dtype: &'static str, shape: Vec<i64>, expr: &str) -> Var {
        let name = self.fresh("v");
        self.line(depth, &format!("let {name} = {expr};"));
        let v = Var { name, dtype, shape };
        self.vars.push(v.clone());
        v
    }

    fn load(&mut self, depth: usize, dtype: &'static str, shape: Vec<i64>) -> Result<Var> {
        let p = self.ptr(dtype)?;
        let (o, m) = self.offsets(&shape);
        let other = if is_float(dtype) { "0.0" } else { "0" };
        let extra = match self.u.int_in_range(0..=7)? {
            0 => ", cache_modifier = \".cg\"",
            1 => ", eviction_policy = \"evict_last\"",
            2 => ", volatile = true",
            _ => "",
        };
        Ok(self.bind(depth, dtype, shape, &format!("load({p} + {o}, mask = {m}, other = {other}{extra})")))
    }

    /// `v` converted to `dtype` (as an expression).
    fn conv(v: &Var, dtype: &str) -> String {
        if v.dtype == dtype {
            v.name.clone()
        } else {
            format!("{}.to({dtype})", v.name)
        }
    }

    fn stmts(&mut self, depth: usize) -> Result<()> {
        let n = self.u.int_in_range(1..=if depth == 0 { 12 } else { 4 })?;
        for _ in 0..n {
            if self.u.is_empty() {
                break;
            }
            self.stmt(depth)?;
        }
        if depth == 0 {
            // Every value ends up stored, so nothing is dead code.
            let vars = self.vars.clone();
            for v in vars.iter().filter(|v| !v.shape.is_empty()).take(6) {
                self.store(depth, v)?;
            }
        }
        Ok(())
    }

    fn stmt(&mut self, depth: usize) -> Result<()> {
        match self.u.int_in_range(0..=15)? {
            0 | 1 => {
                let (d, s) = (self.dtype()?, self.shape()?);
                self.load(depth, d, s)?;
            }
            2..=4 => self.binary(depth)?,
            5 => self.unary(depth)?,
            6 => self.reduce(depth)?,
            7 => self.shape_op(depth)?,
            8 => self.dot(depth)?,
            9 => self.atomic(depth)?,
            10 if depth < 2 => self.control(depth)?,
            11 => self.helper(depth)?,
            12 => {
                let v = self.var(depth)?;
                self.store(depth, &v)?;
            }
            13 => self.effect(depth)?,
            _ => self.binary(depth)?,
        }
        Ok(())
    }

    fn store(&mut self, depth: usize, v: &Var) -> Result<()> {
        if v.shape.is_empty() {
            return Ok(());
        }
        let p = self.ptr(v.dtype)?;
        let (o, m) = self.offsets(&v.shape.clone());
        let extra = match self.u.int_in_range(0..=7)? {
            0 => ", cache_modifier = \".cs\"",
            1 => ", eviction_policy = \"evict_first\"",
            _ => "",
        };
        self.line(depth, &format!("store({p} + {o}, {}, mask = {m}{extra});", v.name));
        Ok(())
    }

    /// Two values brought to one type, their shapes broadcast.
    fn binary(&mut self, depth: usize) -> Result<()> {
        let a = self.var(depth)?;
        let mut b = self.var(depth)?;
        if !compatible(&a.shape, &b.shape) {
            b = self.load(depth, a.dtype, a.shape.clone())?;
        }
        let shape =
            if a.shape.len() >= b.shape.len() && a.shape.iter().product::<i64>() >= b.shape.iter().product::<i64>() {
                a.shape.clone()
            } else {
                b.shape.clone()
            };
        let shape = broadcast(&a.shape, &b.shape).unwrap_or(shape);
        if shape.iter().product::<i64>() > 4096 {
            return Ok(());
        }
        let d = a.dtype;
        let (x, y) = (a.name.clone(), Self::conv(&b, d));
        let arith = ["+", "-", "*", "/", "%"];
        let bitwise = ["&", "|", "^"];
        let expr = match self.u.int_in_range(0..=5)? {
            0..=2 => format!("{x} {} {y}", self.u.choose(&arith)?),
            3 if is_int(d) => format!("{x} {} {y}", self.u.choose(&bitwise)?),
            3 => format!("maximum({x}, {y})"),
            4 => {
                let c = format!("{x} {} {y}", self.u.choose(&["<", "<=", "==", "!=", ">", ">="])?);
                format!("where({c}, {x}, {y})")
            }
            _ if is_int(d) => format!("{x} << ({y} & 3)"),
            _ => format!("minimum({x}, {y})"),
        };
        self.bind(depth, d, shape, &expr);
        Ok(())
    }

    fn unary(&mut self, depth: usize) -> Result<()> {
        let v = self.var(depth)?;
        let d = v.dtype;
        let x = &v.name;
        let (dtype, expr): (&'static str, String) = match self.u.int_in_range(0..=4)? {
            0 if is_float(d) => (
                d,
                format!("{}({x})", self.u.choose(&["exp", "log", "sqrt", "abs", "floor", "sin", "sigmoid", "erf"])?),
            ),
            0 => (d, format!("~{x}")),
            1 => (d, format!("-{x}")),
            2 => {
                let t = self.dtype()?;
                (t, format!("{x}.to({t})"))
            }
            3 if bits(d) >= 16 => {
                let t = *self.u.choose(&DTYPES.iter().copied().filter(|t| bits(t) == bits(d)).collect::<Vec<_>>())?;
                (t, format!("{x}.to({t}, bitcast = true)"))
            }
            _ => (d, format!("clamp({x}, {x}, {x})")),
        };
        self.bind(depth, dtype, v.shape.clone(), &expr);
        Ok(())
    }

    fn reduce(&mut self, depth: usize) -> Result<()> {
        let v = self.var(depth)?;
        if v.shape.is_empty() {
            return Ok(());
        }
        let x = &v.name;
        let d = v.dtype;
        let rank = v.shape.len();
        let axis = self.u.int_in_range(0..=rank - 1)?;
        let mut reduced = v.shape.clone();
        reduced.remove(axis);
        match self.u.int_in_range(0..=5)? {
            0 | 1 => {
                let f = *self.u.choose(&["sum", "max", "min", "argmax", "argmin"])?;
                self.bind(depth, d, reduced, &format!("{f}({x}, {axis}).to({d})"));
            }
            2 => {
                let f = *self.u.choose(&["cumsum", "cumprod"])?;
                self.bind(depth, d, v.shape.clone(), &format!("{f}({x}, {axis}).to({d})"));
            }
            3 if self.u.arbitrary::<bool>()? => {
                let desc = self.u.arbitrary::<bool>()?;
                self.bind(depth, d, v.shape.clone(), &format!("sort({x}, {axis}, descending = {desc})"));
            }
            3 => {
                // Triton's `topk`: k a power of two up to the axis's size.
                let k = 1i64 << self.u.int_in_range(0..=v.shape[axis].trailing_zeros())?;
                let desc = self.u.arbitrary::<bool>()?;
                let mut shape = v.shape.clone();
                shape[axis] = k;
                self.bind(depth, d, shape, &format!("topk({x}, {k}, {axis}, descending = {desc})"));
            }
            4 if is_int(d) && rank == 1 => {
                // Up to 1024 bins: more than a byte has values (a u8 histogram of 1024
                // bins once failed inside the lowering).
                let bins = 1i64 << self.u.int_in_range(0..=10)?;
                self.bind(depth, "i32", vec![bins], &format!("histogram({x}, {bins})"));
            }
            _ => {
                self.bind(depth, d, vec![], &format!("sum({x}).to({d})"));
            }
        }
        Ok(())
    }

    fn shape_op(&mut self, depth: usize) -> Result<()> {
        let v = self.var(depth)?;
        let x = v.name.clone();
        match v.shape.as_slice() {
            [m, n] => match self.u.int_in_range(0..=2)? {
                0 => {
                    self.bind(depth, v.dtype, vec![*n, *m], &format!("trans({x})"));
                }
                1 => {
                    self.bind(depth, v.dtype, vec![m * n], &format!("reshape({x}, ({},))", m * n));
                }
                _ => {
                    let d = v.dtype;
                    self.bind(
                        depth,
                        d,
                        vec![*m, *n],
                        &format!("broadcast_to(sum({x}, 1).to({d})[:, None], ({m}, {n}))"),
                    );
                }
            },
            [n] if *n <= 64 => {
                let k = 1i64 << self.u.int_in_range(0..=6)?;
                self.bind(depth, v.dtype, vec![*n, k], &format!("broadcast_to({x}[:, None], ({n}, {k}))"));
            }
            [n] => {
                self.bind(depth, v.dtype, vec![n / 2, 2], &format!("reshape({x}, ({}, 2))", n / 2));
            }
            _ => {
                self.bind(depth, v.dtype, vec![1], &format!("{x}[None]"));
            }
        }
        Ok(())
    }

    fn dot(&mut self, depth: usize) -> Result<()> {
        let (m, k, n) = (self.dim16()?, self.dim16()?, self.dim16()?);
        if m * n > 64 * 64 || m * k > 64 * 64 || k * n > 64 * 64 {
            return Ok(());
        }
        let d = *self.u.choose(&["f16", "bf16", "f32"])?;
        let a = self.load(depth, d, vec![m, k])?;
        let b = self.load(depth, d, vec![k, n])?;
        let acc = self.bind(depth, "f32", vec![m, n], &format!("zeros(({m}, {n}), f32)"));
        self.bind(depth, "f32", vec![m, n], &format!("dot({}, {}, {})", a.name, b.name, acc.name));
        Ok(())
    }

    fn dim16(&mut self) -> Result<i64> {
        Ok(16 << self.u.int_in_range(0..=2)?)
    }

    fn atomic(&mut self, depth: usize) -> Result<()> {
        let v = self.var(depth)?;
        let d = v.dtype;
        let (ops, ok): (&[&str], bool) = match (is_float(d), bits(d)) {
            (true, 16) => (&["atomic_add"], true),
            (true, _) => (&["atomic_add", "atomic_max", "atomic_min", "atomic_xchg"], true),
            (false, 32 | 64) => (
                &["atomic_add", "atomic_max", "atomic_min", "atomic_and", "atomic_or", "atomic_xor", "atomic_xchg"],
                true,
            ),
            _ => (&[], false),
        };
        if !ok {
            return Ok(());
        }
        let f = *self.u.choose(ops)?;
        let p = self.ptr(d)?;
        let sem = *self.u.choose(&["relaxed", "acq_rel", "acquire", "release"])?;
        let scope = *self.u.choose(&["gpu", "cta", "sys"])?;
        // One address for every element (warp pre-reduction), or one per element.
        let (o, m) = if v.shape.is_empty() || self.u.ratio(1, 3)? {
            ("0".to_string(), "n > 0".to_string())
        } else {
            self.offsets(&v.shape.clone())
        };
        let target = if o == "0" && !v.shape.is_empty() {
            format!("{p} + zeros({}, i32)", tuple(&v.shape))
        } else {
            format!("{p} + {o}")
        };
        let mask = if v.shape.is_empty() || o != "0" { m } else { format!("zeros({}, i32) < n", tuple(&v.shape)) };
        if self.u.ratio(1, 2)? {
            self.line(
                depth,
                &format!("{f}({target}, {}, mask = {mask}, sem = \"{sem}\", scope = \"{scope}\");", v.name),
            );
        } else {
            self.bind(
                depth,
                d,
                v.shape.clone(),
                &format!("{f}({target}, {}, mask = {mask}, sem = \"{sem}\", scope = \"{scope}\")", v.name),
            );
        }
        Ok(())
    }

    /// Statements for their effect: ordered memory, cas, barriers, printing, early exit.
    fn effect(&mut self, depth: usize) -> Result<()> {
        let v = self.var(depth)?;
        match self.u.int_in_range(0..=5)? {
            0 if !v.shape.is_empty() => {
                let p = self.ptr(v.dtype)?;
                let (o, m) = self.offsets(&v.shape.clone());
                self.line(
                    depth,
                    &format!("store({p} + {o}, {}, mask = {m}, sem = \"release\", scope = \"gpu\");", v.name),
                );
            }
            1 => {
                let p = self.ptr("i32")?;
                self.bind(depth, "i32", vec![], &format!("load({p}, sem = \"acquire\", scope = \"sys\")"));
            }
            2 if bits(v.dtype) >= 16 && !is_float(v.dtype) => {
                let p = self.ptr(v.dtype)?;
                let d = v.dtype;
                self.bind(depth, d, vec![], &format!("atomic_cas({p}, 0.to({d}), 1.to({d}))"));
            }
            3 => self.line(depth, "debug_barrier();"),
            4 if v.shape.iter().product::<i64>() <= 16 => {
                self.line(depth, &format!("device_print(\"v = \", {});", v.name));
            }
            _ if depth == 0 => self.line(depth, "if s > 5 {\n        return;\n    }"),
            _ => {}
        }
        Ok(())
    }

    fn control(&mut self, depth: usize) -> Result<()> {
        // A variable rebound in the body keeps its type (the language requires it).
        let v = self.var(depth)?;
        let one = if is_float(v.dtype) { "1.0" } else { "1" };
        match self.u.int_in_range(0..=2)? {
            0 => {
                self.line(depth, "if s > 0 {");
                let saved = self.vars.len();
                self.stmts(depth + 1)?;
                self.vars.truncate(saved);
                self.line(depth + 1, &format!("{} = {} + {one};", v.name, v.name));
                self.line(depth, "} else {");
                self.line(depth + 1, &format!("{} = {} - {one};", v.name, v.name));
                self.line(depth, "}");
            }
            1 => {
                let i = self.fresh("i");
                let hi = self.u.int_in_range(0..=4)?;
                self.line(depth, &format!("for {i} in range(0, {hi}) {{"));
                let saved = self.vars.len();
                self.stmts(depth + 1)?;
                self.vars.truncate(saved);
                self.line(depth + 1, &format!("{} = {} * {one};", v.name, v.name));
                self.line(depth, "}");
            }
            _ => {
                let c = self.fresh("c");
                self.line(depth, &format!("let {c} = 0;"));
                self.line(depth, &format!("while {c} < s && {c} < 3 {{"));
                let saved = self.vars.len();
                self.stmts(depth + 1)?;
                self.vars.truncate(saved);
                self.line(depth + 1, &format!("{c} += 1;"));
                self.line(depth, "}");
            }
        }
        Ok(())
    }

    fn helper(&mut self, depth: usize) -> Result<()> {
        let a = self.var(depth)?;
        let name = self.fresh("h");
        let body = match self.u.int_in_range(0..=2)? {
            0 => "return x * y + x;",
            1 => "let t = x - y;\n    return t * t;",
            _ => "return maximum(x, y);",
        };
        let _ = write!(self.helpers, "fn {name}(x, y) {{\n    {body}\n}}\n\n");
        let y = Self::conv(&a, a.dtype);
        self.bind(depth, a.dtype, a.shape.clone(), &format!("{name}({}, {y})", a.name));
        Ok(())
    }
}

fn tuple(shape: &[i64]) -> String {
    match shape {
        [n] => format!("({n},)"),
        s => format!("({})", s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")),
    }
}

/// numpy broadcasting of two shapes.
fn broadcast(a: &[i64], b: &[i64]) -> Option<Vec<i64>> {
    let n = a.len().max(b.len());
    (0..n)
        .map(|i| {
            let da = if i + a.len() >= n { a[i + a.len() - n] } else { 1 };
            let db = if i + b.len() >= n { b[i + b.len() - n] } else { 1 };
            match (da, db) {
                (x, y) if x == y => Some(x),
                (1, y) => Some(y),
                (x, 1) => Some(x),
                _ => None,
            }
        })
        .collect()
}

fn compatible(a: &[i64], b: &[i64]) -> bool {
    broadcast(a, b).is_some()
}

#[cfg(test)]
mod tests {
    #[test]
    fn broadcasting() {
        assert_eq!(super::broadcast(&[4, 1], &[8]), Some(vec![4, 8]));
        assert_eq!(super::broadcast(&[4], &[8]), None);
        assert_eq!(super::broadcast(&[], &[2, 2]), Some(vec![2, 2]));
    }
}
