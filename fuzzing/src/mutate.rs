//! Mutations of program text (.tile or .mlir) and of tilec's flags: what a user's typo,
//! a truncated file or a hand-edited IR dump looks like to the compiler.

use arbitrary::{Result, Unstructured};

/// Tokens worth inserting: keywords, builtins, punctuation, types, edge-case numbers.
const TOKENS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ";",
    ":",
    "=",
    "==",
    "+",
    "-",
    "*",
    "/",
    "%",
    "<<",
    ">>",
    "&&",
    "||",
    "!",
    "~",
    ".",
    "->",
    "\"",
    "//",
    "/*",
    "let ",
    "if ",
    "else ",
    "for ",
    "while ",
    "return",
    "break;",
    "continue;",
    "kernel ",
    "fn ",
    "const ",
    "in ",
    "range(0, 4)",
    "None",
    ":",
    "true",
    "inf",
    "nan",
    "0",
    "1",
    "-1",
    "3",
    "16",
    "1024",
    "65536",
    "1048576",
    "2147483648",
    "0xFFFFFFFFFFFFFFFF",
    "1e308",
    "0.5",
    "i1",
    "i8",
    "u8",
    "i64",
    "u64",
    "f16",
    "bf16",
    "f64",
    "*f32",
    "arange(0, 1024)",
    "zeros((64, 64), f32)",
    "load(",
    "store(",
    "sum(",
    "cumsum(",
    "sort(",
    "histogram(",
    "dot(",
    "trans(",
    "reshape(",
    "atomic_add(",
    "atomic_or(",
    "atomic_cas(",
    "where(",
    ".to(f16)",
    ".to(u32, bitcast = true)",
    "[:, None]",
    "[None, :]",
    "[None]",
    "program_id(0)",
    "num_programs(1)",
    "mask = ",
    "other = ",
    "sem = \"relaxed\"",
    "scope = \"cta\"",
    "cache_modifier = \".cg\"",
    "eviction_policy = \"evict_last\"",
    "volatile = true",
    "#[num_warps(8)]",
    "#[num_stages(0)]",
    "debug_barrier()",
    "device_print(\"x\", ",
    "static_assert(false)",
    "\0",
    "\u{7f}",
    "é",
    "tensor<64xf32>",
    "tensor<1x1x1xi32>",
    "!tile.ptr<f16>",
    "\"tile.reduce\"",
    "axis = 3 : i32",
    "i0",
    "?x",
];

/// Numbers a mutation puts in place of a number.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "7",
    "16",
    "31",
    "32",
    "64",
    "1023",
    "4096",
    "65536",
    "1048576",
    "-1",
    "-2147483648",
    "4294967296",
];

/// Applies one to four mutations to `text`.
pub fn text(u: &mut Unstructured, text: &str) -> Result<String> {
    let mut b: Vec<u8> = text.as_bytes().to_vec();
    for _ in 0..u.int_in_range(1..=4)? {
        let len = b.len();
        let at = if len == 0 { 0 } else { u.int_in_range(0..=len - 1)? };
        let span = u.int_in_range(1..=16)?.min(len.saturating_sub(at));
        match u.int_in_range(0..=7)? {
            0 => {
                b.drain(at..at + span);
            }
            1 => {
                let piece: Vec<u8> = b[at..at + span].to_vec();
                let times = u.int_in_range(1..=40)?;
                for _ in 0..times {
                    b.splice(at..at, piece.iter().copied());
                }
            }
            2 | 3 => {
                let t = u.choose(TOKENS)?;
                b.splice(at..at, t.bytes());
            }
            4 => replace_number(u, &mut b)?,
            5 => b.truncate(at),
            6 => swap_lines(u, &mut b)?,
            _ => {
                let n = u.int_in_range(1..=4)?;
                let bytes: Vec<u8> = (0..n).map(|_| u.arbitrary::<u8>()).collect::<Result<_>>()?;
                b.splice(at..at, bytes);
            }
        }
    }
    Ok(String::from_utf8_lossy(&b).into_owned())
}

fn replace_number(u: &mut Unstructured, b: &mut Vec<u8>) -> Result<()> {
    let starts: Vec<usize> =
        (0..b.len()).filter(|&i| b[i].is_ascii_digit() && (i == 0 || !b[i - 1].is_ascii_alphanumeric())).collect();
    if starts.is_empty() {
        return Ok(());
    }
    let s = *u.choose(&starts)?;
    let e = (s..b.len()).find(|&i| !b[i].is_ascii_digit()).unwrap_or(b.len());
    let n = u.choose(NUMBERS)?;
    b.splice(s..e, n.bytes());
    Ok(())
}

fn swap_lines(u: &mut Unstructured, b: &mut Vec<u8>) -> Result<()> {
    let text = String::from_utf8_lossy(b).into_owned();
    let mut lines: Vec<&str> = text.lines().collect();
    if lines.len() < 2 {
        return Ok(());
    }
    let i = u.int_in_range(0..=lines.len() - 1)?;
    let j = u.int_in_range(0..=lines.len() - 1)?;
    lines.swap(i, j);
    *b = (lines.join("\n") + "\n").into_bytes();
    Ok(())
}

/// tilec flags, valid and not: a user's command line.
pub fn flags(u: &mut Unstructured, names: &[String]) -> Result<Vec<String>> {
    let mut f = vec![];
    for _ in 0..u.int_in_range(0..=3)? {
        let name = if names.is_empty() || u.ratio(1, 4)? { "nope".to_string() } else { u.choose(names)?.clone() };
        match u.int_in_range(0..=7)? {
            0 => {
                f.extend(["--num-warps".into(), u.choose(&["0", "1", "2", "3", "8", "32", "64", "1024"])?.to_string()])
            }
            1 => f.extend(["--arch".into(), u.choose(&["sm_80", "sm_90", "sm_90a", "sm_70"])?.to_string()]),
            2 => f.extend(["--index-bits".into(), u.choose(&["32", "64", "16"])?.to_string()]),
            3 => f.extend(["-D".into(), format!("{name}={}", u.choose(NUMBERS)?)]),
            4 => f.extend(["--divisibility".into(), format!("{name}={}", u.choose(&["1", "3", "16", "128", "4096"])?)]),
            5 => f.extend(["--assume".into(), format!("{name}={}", u.choose(&["1", "2"])?)]),
            6 => f.push("--lineinfo".into()),
            _ => f.extend(["--kernel".into(), name]),
        }
    }
    Ok(f)
}

/// The identifiers of `text` (parameter names worth naming in flags).
pub fn names(text: &str) -> Vec<String> {
    let mut out: Vec<String> = text
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| w.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) && w.len() <= 12)
        .map(str::to_string)
        .collect();
    out.sort();
    out.dedup();
    out
}
