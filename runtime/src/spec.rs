//! The command line's small languages: argument specs (`randn:f32:1048576`,
//! `n=1000`, `x.npy`), grids (`1024,4`) and byte or flop counts (`12*268435456`, `1<<28`).
//!
//! Parsing here knows nothing of the kernel: a spec is matched against the kernel's
//! signature later (`bind`), so every message here is about the spelling only.

use crate::dtype::DType;
use crate::Error;
use std::path::PathBuf;

/// One ARG of the command line, before the kernel's signature is known.
#[derive(Clone, Debug, PartialEq)]
pub struct ArgSpec {
    /// Set when written `name=spec`; positional otherwise.
    pub name: Option<String>,
    pub value: ArgValue,
    /// The spec as written, for messages.
    pub text: String,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ArgValue {
    Scalar(Scalar),
    Buffer(BufferSpec),
}

/// A scalar literal; its type comes from the parameter it is bound to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    Int(i128),
    Float(f64),
    Bool(bool),
}

/// A buffer to make (or read) for a pointer parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct BufferSpec {
    pub source: Source,
    /// `None` when the spec leaves it out (`zeros:1024`): the pointer's element type.
    /// Always `None` for `.npy` (the file says).
    pub dtype: Option<DType>,
    /// Dimensions (`1024` or `64x32`); empty for `.npy` (the file says).
    pub shape: Vec<usize>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// Standard normal.
    Randn,
    /// Uniform in [0, 1).
    Rand,
    /// Uniform integers in [lo, hi), as numpy's `randint`.
    Randint {
        lo: i128,
        hi: i128,
    },
    /// 0, 1, 2, ...
    Arange,
    Zeros,
    Full(Scalar),
    /// Contents undefined: poisoned (all bytes 0xFF: NaN for floats, -1 or MAX for
    /// integers) unless `--no-poison`, so a kernel that fails to write an element shows.
    Empty,
    Npy(PathBuf),
}

impl BufferSpec {
    /// Elements of a generated buffer (`None` for `.npy`, whose header says).
    pub fn elements(&self) -> Option<u64> {
        match self.source {
            Source::Npy(_) => None,
            _ => Some(self.shape.iter().map(|&d| d as u64).product()),
        }
    }
}

fn is_ident(s: &str) -> bool {
    let mut c = s.chars();
    c.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_') && c.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Parses one ARG: `[name=]spec`.
pub fn parse_arg(text: &str) -> Result<ArgSpec, Error> {
    let (name, spec) = match text.split_once('=') {
        Some((n, s)) if is_ident(n) => (Some(n.to_string()), s),
        _ => (None, text),
    };
    let value = parse_value(spec).map_err(|e| Error::msg(format!("argument `{text}`: {e}")))?;
    Ok(ArgSpec { name, value, text: text.to_string() })
}

fn parse_value(spec: &str) -> Result<ArgValue, String> {
    if spec.is_empty() {
        return Err("empty argument".into());
    }
    if let Some(s) = parse_scalar(spec) {
        return Ok(ArgValue::Scalar(s));
    }
    // An integer expression of numbers (`1<<20`, `4096*4096`), as sizes take.
    if !spec.contains(':') {
        if let Ok(v) = tilec::internals::int_expr::eval_number(spec) {
            return Ok(ArgValue::Scalar(Scalar::Int(v)));
        }
    }
    if let Some(path) = spec.strip_prefix("npy:") {
        return Ok(ArgValue::Buffer(BufferSpec { source: Source::Npy(path.into()), dtype: None, shape: vec![] }));
    }
    if spec.ends_with(".npy") {
        return Ok(ArgValue::Buffer(BufferSpec { source: Source::Npy(spec.into()), dtype: None, shape: vec![] }));
    }
    parse_generated(spec).map(ArgValue::Buffer)
}

/// `KIND[:TYPE]:SHAPE[:PARAMS]`.
fn parse_generated(spec: &str) -> Result<BufferSpec, String> {
    let mut fields: Vec<&str> = spec.split(':').collect();
    let kind = fields.remove(0);
    let dtype = match fields.first().map(|f| DType::from_name(f)) {
        Some(Some(d)) => {
            fields.remove(0);
            Some(d)
        }
        _ => None,
    };
    let usage = |k: &str| match k {
        "randint" => "randint:TYPE:N:LO:HI".to_string(),
        "full" => "full:TYPE:N:VALUE".to_string(),
        k => format!("{k}:TYPE:N"),
    };
    let shape_text = fields.first().copied().ok_or_else(|| format!("`{spec}` has no size (write {})", usage(kind)))?;
    let shape = parse_shape(shape_text)?;
    let params = &fields[1..];
    let want = match kind {
        "randint" => 2,
        "full" => 1,
        "randn" | "rand" | "arange" | "zeros" | "empty" => 0,
        _ => {
            return Err(format!(
                "`{spec}` is not a number, a .npy file nor a buffer spec \
                 (randn, rand, randint, arange, zeros, full, empty, npy:PATH)"
            ))
        }
    };
    if params.len() != want {
        return Err(format!("`{spec}`: write {}", usage(kind)));
    }
    let source = match kind {
        "randn" => Source::Randn,
        "rand" => Source::Rand,
        "arange" => Source::Arange,
        "zeros" => Source::Zeros,
        "empty" => Source::Empty,
        "full" => Source::Full(parse_scalar(params[0]).ok_or_else(|| format!("`{}` is not a number", params[0]))?),
        _ => {
            let int = |s: &str| match parse_scalar(s) {
                Some(Scalar::Int(i)) => Ok(i),
                _ => Err(format!("`{s}` is not an integer (in `{spec}`)")),
            };
            let (lo, hi) = (int(params[0])?, int(params[1])?);
            if lo >= hi {
                return Err(format!("`{spec}`: the range [{lo}, {hi}) is empty"));
            }
            Source::Randint { lo, hi }
        }
    };
    Ok(BufferSpec { source, dtype, shape })
}

/// `1048576`, `4096x4096`, `2x3x4`: the product must fit in 64 bits.
pub fn parse_shape(s: &str) -> Result<Vec<usize>, String> {
    let dims: Vec<usize> = s
        .split('x')
        .map(|d| parse_count(d).and_then(|v| usize::try_from(v).map_err(|_| format!("`{d}` is too large"))))
        .collect::<Result<_, _>>()
        .map_err(|e| format!("bad size `{s}`: {e}"))?;
    dims.iter().try_fold(1u64, |acc, &d| acc.checked_mul(d as u64)).ok_or_else(|| format!("size `{s}` overflows"))?;
    Ok(dims)
}

/// A scalar literal: `42`, `-3`, `0xFF`, `1_000`, `0.5`, `1e-3`, `inf`, `nan`, `true`.
pub fn parse_scalar(s: &str) -> Option<Scalar> {
    match s {
        "true" => return Some(Scalar::Bool(true)),
        "false" => return Some(Scalar::Bool(false)),
        _ => {}
    }
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let clean = body.replace('_', "");
    let int = if let Some(hex) = clean.strip_prefix("0x").or_else(|| clean.strip_prefix("0X")) {
        u128::from_str_radix(hex, 16).ok()
    } else if !clean.is_empty() && clean.bytes().all(|b| b.is_ascii_digit()) {
        clean.parse::<u128>().ok()
    } else {
        None
    };
    if let Some(v) = int {
        let v = i128::try_from(v).ok()?;
        return Some(Scalar::Int(if neg { -v } else { v }));
    }
    let lower = clean.to_ascii_lowercase();
    let looks_float = lower == "inf"
        || lower == "nan"
        || (lower.bytes().next().is_some_and(|b| b.is_ascii_digit() || b == b'.')
            && lower.bytes().all(|b| b.is_ascii_digit() || b"+-.e".contains(&b)));
    if !looks_float {
        return None;
    }
    let v: f64 = lower.parse().ok()?;
    Some(Scalar::Float(if neg { -v } else { v }))
}

/// A non-negative count, an expression of numbers (`tilec::internals::int_expr`): `4096`,
/// `1<<28`, `2^20`, `1_000`, `12*268435456`, `cdiv(1000, 3)`.
pub fn parse_count(s: &str) -> Result<u64, String> {
    let v = tilec::internals::int_expr::eval_number(s.trim()).map_err(|e| format!("`{}`: {e}", s.trim()))?;
    u64::try_from(v).map_err(|_| format!("`{}` is {v}, not a non-negative integer", s.trim()))
}

/// `NAME=VALUE` pairs of `-D`, `--save`, `--check`.
pub fn parse_pair(s: &str, flag: &str) -> Result<(String, String), Error> {
    match s.split_once('=') {
        Some((n, v)) if is_ident(n.trim()) && !v.trim().is_empty() => Ok((n.trim().into(), v.trim().into())),
        _ => Err(Error::msg(format!("{flag} `{s}`: write NAME=VALUE"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn buf(s: &str) -> BufferSpec {
        match parse_arg(s).unwrap().value {
            ArgValue::Buffer(b) => b,
            v => panic!("{s}: {v:?}"),
        }
    }

    #[test]
    fn scalars() {
        assert_eq!(parse_scalar("1048576"), Some(Scalar::Int(1048576)));
        assert_eq!(parse_scalar("-3"), Some(Scalar::Int(-3)));
        assert_eq!(parse_scalar("0xFFFF_FFFF"), Some(Scalar::Int(0xFFFF_FFFF)));
        assert_eq!(parse_scalar("0.5"), Some(Scalar::Float(0.5)));
        assert_eq!(parse_scalar("-1e-3"), Some(Scalar::Float(-1e-3)));
        assert_eq!(parse_scalar("inf"), Some(Scalar::Float(f64::INFINITY)));
        assert!(matches!(parse_scalar("nan"), Some(Scalar::Float(v)) if v.is_nan()));
        assert_eq!(parse_scalar("true"), Some(Scalar::Bool(true)));
        assert_eq!(parse_scalar("x.npy"), None);
        assert_eq!(parse_scalar("zeros:f32:4"), None);
        assert_eq!(parse_scalar("e5"), None);
    }

    #[test]
    fn named_and_positional() {
        let a = parse_arg("n=1000").unwrap();
        assert_eq!(a.name.as_deref(), Some("n"));
        assert_eq!(a.value, ArgValue::Scalar(Scalar::Int(1000)));
        let a = parse_arg("-7").unwrap();
        assert_eq!(a.name, None);
        let a = parse_arg("out=zeros:f32:16").unwrap();
        assert_eq!(a.name.as_deref(), Some("out"));
        // Integer scalars may be expressions, as sizes are.
        assert_eq!(parse_arg("n=1<<20").unwrap().value, ArgValue::Scalar(Scalar::Int(1 << 20)));
        assert_eq!(parse_arg("64*64").unwrap().value, ArgValue::Scalar(Scalar::Int(4096)));
    }

    #[test]
    fn generated_buffers() {
        let b = buf("randn:f32:1048576");
        assert_eq!((b.source.clone(), b.dtype, b.shape.clone()), (Source::Randn, Some(DType::F32), vec![1048576]));
        assert_eq!(buf("rand:f16:8").source, Source::Rand);
        assert_eq!(buf("randint:i32:10:-5:5").source, Source::Randint { lo: -5, hi: 5 });
        assert_eq!(buf("arange:i32:7").elements(), Some(7));
        assert_eq!(buf("full:f32:4:0.25").source, Source::Full(Scalar::Float(0.25)));
        assert_eq!(buf("empty:u8:3").source, Source::Empty);
        // The type may be left to the pointer's; shapes may have several dimensions.
        let b = buf("zeros:64x32");
        assert_eq!((b.dtype, b.shape.clone(), b.elements()), (None, vec![64, 32], Some(2048)));
        assert_eq!(buf("zeros:f32:1<<20").elements(), Some(1 << 20));
        assert_eq!(buf("zeros:f32:3000000000").elements(), Some(3_000_000_000));
    }

    #[test]
    fn npy_buffers() {
        assert_eq!(buf("x.npy").source, Source::Npy("x.npy".into()));
        assert_eq!(buf("npy:data/x").source, Source::Npy("data/x".into()));
        let a = parse_arg("x=in/a.npy").unwrap();
        assert_eq!(a.name.as_deref(), Some("x"));
    }

    #[test]
    fn bad_specs_say_why() {
        let e = |s: &str| parse_arg(s).unwrap_err().to_string();
        assert!(e("randn:f32").contains("has no size"), "{}", e("randn:f32"));
        assert!(e("randint:i32:10:5").contains("randint:TYPE:N:LO:HI"));
        assert!(e("randint:i32:10:5:5").contains("empty"));
        assert!(e("full:f32:10").contains("full:TYPE:N:VALUE"));
        assert!(e("ones:f32:10").contains("not a number, a .npy file nor a buffer spec"));
        assert!(e("zeros:f32:abc").contains("bad size"));
        assert!(e("zeros:f32:99999999999x99999999999").contains("overflows"));
    }

    #[test]
    fn grids_and_counts() {
        assert_eq!(parse_count("12*268435456").unwrap(), 12 * 268435456);
        assert_eq!(parse_count("12*1<<28").unwrap(), 12 << 28);
        assert_eq!(parse_count("2^30*4").unwrap(), 4 << 30);
        assert!(parse_count("1<<64").is_err());
        assert!(parse_count("ten").is_err());
    }

    #[test]
    fn pairs() {
        assert_eq!(parse_pair("out=o.npy", "--save").unwrap(), ("out".into(), "o.npy".into()));
        assert!(parse_pair("o.npy", "--save").is_err());
    }
}
