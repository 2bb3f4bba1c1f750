//! Triton spellings that a person porting a `@triton.jit` kernel types, and what to write
//! here instead. The one home of that advice: the parser's errors use it where Triton's
//! spelling is not our syntax (`BLOCK: tl.constexpr`, `x.to(tl.float16)`, `x ** 2`,
//! `tl.math.exp(x)`), the checker's where it parses but names nothing (`tl.arange(...)`,
//! `libdevice.rsqrt_rn(x)`, a type `float16`).

use crate::diag::Diagnostic;
use crate::source::Span;

/// Triton's element type names (`tl.float16`, or bare in a type position) and ours.
const DTYPES: &[(&str, &str)] = &[
    ("int1", "i1"),
    ("int8", "i8"),
    ("int16", "i16"),
    ("int32", "i32"),
    ("int64", "i64"),
    ("uint8", "u8"),
    ("uint16", "u16"),
    ("uint32", "u32"),
    ("uint64", "u64"),
    ("float16", "f16"),
    ("bfloat16", "bf16"),
    ("float32", "f32"),
    ("float64", "f64"),
    ("float8e4nv", "f8e4m3"),
    ("float8e5", "f8e5m2"),
];

/// Our name for a Triton element type name (`float16` -> `f16`).
pub fn dtype(name: &str) -> Option<&'static str> {
    DTYPES.iter().find(|d| d.0 == name).map(|d| d.1)
}

/// Prefixes under which Triton keeps its language and its libdevice functions.
const LANGUAGE: &[&str] = &["triton.language.", "tl."];
const MATH: &[&str] = &[
    "triton.language.extra.cuda.libdevice.",
    "triton.language.extra.libdevice.",
    "triton.language.math.",
    "tl.extra.cuda.libdevice.",
    "tl.extra.libdevice.",
    "tl.math.",
    "libdevice.",
];

/// libdevice functions that are not builtins (yet), as builtins compose them.
const COMPOSED: &[(&str, &str)] =
    &[("rsqrt_rn", "1.0 / sqrt(x)"), ("fmax", "max(x, y)"), ("fmin", "min(x, y)"), ("fabs", "abs(x)")];

/// Whether a dotted name is Triton's (`tl.x`, `triton.language.x`, `libdevice.x`).
pub fn is_triton_path(path: &str) -> bool {
    LANGUAGE.iter().chain(MATH).any(|p| path.starts_with(p)) || path == "tl" || path.starts_with("triton.")
}

/// The error for Triton's dotted name `path` at `at`. `param` is the parameter whose type
/// it is written as (`BLOCK: tl.constexpr`); `is_builtin` says which names are ours.
pub fn dotted(path: &str, at: Span, param: Option<&str>, is_builtin: &dyn Fn(&str) -> bool) -> Option<Diagnostic> {
    if !is_triton_path(path) {
        return None;
    }
    let (name, math) = match MATH.iter().find(|p| path.starts_with(*p)) {
        Some(p) => (&path[p.len()..], true),
        None => match LANGUAGE.iter().find(|p| path.starts_with(*p)) {
            Some(p) => (&path[p.len()..], false),
            None => (path, false),
        },
    };
    let d = |msg: String, help: String| Some(Diagnostic::error(msg, at, "Triton's spelling").help(help));
    if name == "constexpr" {
        let p = param.unwrap_or("NAME");
        return d(
            format!("`{path}` is Triton's compile-time parameter"),
            format!("write `const {p}: i32` (with `= 1024` for a default; `-D {p}=...` overrides it)"),
        );
    }
    if name == "static_range" {
        return d(
            format!("`{path}` is Triton's unrolled loop range"),
            "write `for i in static_range(start, end)` (`static_range(start, end, step)`)".to_string(),
        );
    }
    if name == "range" {
        return d(
            format!("`{path}` is Triton's loop range"),
            "write `for i in range(start, end)` (`range(start, end, step, num_stages = N)`)".to_string(),
        );
    }
    if let Some(t) = dtype(name) {
        return d(format!("`{path}` is Triton's name for the type `{t}`"), format!("write `{t}`"));
    }
    if !name.is_empty() && !name.contains('.') && is_builtin(name) {
        let what = if math { "math functions" } else { "builtins" };
        return d(
            format!("{what} have no `{}` prefix here", &path[..path.len() - name.len()]),
            format!("write `{name}(...)`"),
        );
    }
    let last = name.rsplit('.').next().unwrap_or(name);
    if math && !is_builtin(last) {
        let help = match COMPOSED.iter().find(|c| c.0 == last) {
            Some((_, with)) => format!("write `{with}`"),
            None => format!("math functions are builtins without a prefix here, and `{last}` is not one yet (docs/language.md lists them)"),
        };
        return d(format!("`{path}` is not available in tilec"), help);
    }
    d(
        format!("`{path}` is not part of tilec's language"),
        if is_builtin(last) {
            format!("builtins are Triton's names without a prefix: write `{last}(...)`")
        } else {
            format!(
                "builtins are Triton's names without the `tl.` prefix, and `{last}` is not one of them (docs/language.md lists them)"
            )
        },
    )
}

/// The error for Python's power operator `**` at `at`; `base` and `exp` are the operands'
/// text where they are simple (a name, a number).
pub fn power(at: Span, base: Option<&str>, exp: Option<&str>) -> Diagnostic {
    let b = base.unwrap_or("x");
    let help = match exp {
        Some("2") => format!("write `{b} * {b}`"),
        Some("3") => format!("write `{b} * {b} * {b}`"),
        Some("0.5") => format!("write `sqrt({b})`"),
        Some(e) => format!("write `pow({b}, {e})`, or multiply"),
        None => format!("multiply (`{b} * {b}`), or write `pow({b}, y)`"),
    };
    Diagnostic::error("tilec has no power operator `**`", at, "Python's power").help(help)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msg(path: &str, param: Option<&str>) -> (String, String) {
        let d = dotted(path, Span::new(0, 1), param, &|n| ["arange", "exp", "zeros"].contains(&n)).unwrap();
        (d.message.clone(), d.notes.join(" | ").replace("help: ", ""))
    }

    #[test]
    fn every_spelling_gets_its_advice() {
        assert_eq!(
            msg("tl.constexpr", Some("BLOCK")).1,
            "write `const BLOCK: i32` (with `= 1024` for a default; `-D BLOCK=...` overrides it)"
        );
        assert_eq!(
            msg("tl.float16", None),
            ("`tl.float16` is Triton's name for the type `f16`".into(), "write `f16`".into())
        );
        assert_eq!(msg("triton.language.bfloat16", None).1, "write `bf16`");
        assert_eq!(msg("tl.arange", None), ("builtins have no `tl.` prefix here".into(), "write `arange(...)`".into()));
        assert_eq!(msg("tl.math.exp", None).0, "math functions have no `tl.math.` prefix here");
        assert_eq!(msg("libdevice.exp", None).1, "write `exp(...)`");
        assert_eq!(msg("libdevice.rsqrt_rn", None).1, "write `1.0 / sqrt(x)`");
        assert!(msg("tl.math.erfcx", None).1.contains("`erfcx` is not one yet"));
        assert!(msg("tl.static_range", None).1.starts_with("write `for i in static_range(start, end)`"));
        assert!(msg("tl.assume", None).0.contains("not part of tilec's language"));
        assert!(dotted("math.exp", Span::new(0, 1), None, &|_| true).is_none());
        assert_eq!(dtype("uint8"), Some("u8"));
    }
}

/// What a Triton user who writes `a // b` (Python's integer division) is told: here `//`
/// starts a comment, which swallowed the rest of the expression.
pub const FLOOR_DIVISION: &str = "`//` starts a comment; integer division is `/` (it truncates like Triton's `//`); \
     Triton's `/` on integers is `a.to(f32) / b`";

/// A syntax error at `pos` that is Triton's `a // b`: the last thing before `pos` is a
/// `//` comment that follows an operand on its line and starts like one, and the text
/// parses past `pos` once that `//` reads `/` (`reparse` gives the new error's offset,
/// `None` when the text parses). The error at the `//`, and the text with it read as `/`
/// (a division, the same byte offsets) to go on parsing.
pub(super) fn floor_division(
    text: &str,
    code: &[u8],
    pos: usize,
    reparse: impl Fn(&str) -> Option<usize>,
) -> Option<(Diagnostic, String)> {
    let pos = pos.min(text.len());
    // The end of the last token before `pos` (comments count as blanks in `code`).
    let last = code[..pos].iter().rposition(|c| !c.is_ascii_whitespace())? + 1;
    let gap = &text[last..pos];
    let at = last + gap.find("//")?;
    // On the operand's line, right after it: `n // 4`, `f(x) // 2`, `a[:, None] // b`.
    let operand_end = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b')' || c == b']';
    if text[last..at].contains('\n') || !operand_end(text.as_bytes()[last - 1]) {
        return None;
    }
    let rest = text[at + 2..].trim_start_matches([' ', '\t']);
    if !rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '(') {
        return None;
    }
    let divided = format!("{}/ {}", &text[..at], &text[at + 2..]);
    if reparse(&divided).is_some_and(|p| p <= pos) {
        return None; // the `//` was a comment after all; the error is another one
    }
    let d = Diagnostic::error(FLOOR_DIVISION, Span::new(at, at + 2), "the rest of the line is a comment");
    Some((d, divided))
}
