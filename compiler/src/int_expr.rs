//! Integer expressions outside a .tile file: `cdiv(M, BM) * cdiv(N, BN)`, `4*N + 8`,
//! `1<<28`. The one syntax of every number the tools take: `-D` values, tilerun's
//! `--grid`, buffer sizes, `--bytes` and `--flops`, and run plans' constants, sizes and
//! grids (so one `--set N=...` changes a whole algorithm consistently). Names are
//! whatever the caller binds: a plan's constants, a kernel's `const` parameters and
//! integer arguments.
//!
//! Precedence as in C, except `^`, which is a power (`--bytes 2^30`):
//! `<< >>` lowest, then `+ -`, then `* / %` (truncating, as in C and the tile language),
//! then `^` (right-associative), then unary `-`. Numbers: `4096`, `1_000`, `0x10`,
//! `0b101`. Functions: `cdiv`, `min`, `max`.

use std::collections::HashMap;

/// Why an expression has no value.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprError {
    /// A name that is not a constant: the caller may try another reading of the text
    /// (a buffer's name, a float).
    Unknown(String),
    Syntax(String),
    /// Well formed, but no value: an overflow, a division by zero, `cdiv(a, 0)`.
    Arith(String),
}

impl std::fmt::Display for ExprError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExprError::Unknown(n) => write!(f, "unknown constant `{n}`"),
            ExprError::Syntax(s) | ExprError::Arith(s) => f.write_str(s),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Num(i128),
    Name(String),
    Op(&'static str),
}

fn lex(s: &str) -> Result<Vec<Tok>, ExprError> {
    let b = s.as_bytes();
    let mut out = vec![];
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let text = s[start..i].replace('_', "");
            let v = if let Some(h) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
                i128::from_str_radix(h, 16)
            } else if let Some(b) = text.strip_prefix("0b") {
                i128::from_str_radix(b, 2)
            } else {
                text.parse::<i128>()
            }
            .map_err(|_| ExprError::Syntax(format!("`{}` is not an integer", &s[start..i])))?;
            out.push(Tok::Num(v));
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Tok::Name(s[start..i].to_string()));
        } else {
            let two = s.get(i..i + 2).unwrap_or("");
            let op: &'static str = match (two, c) {
                ("<<", _) => "<<",
                (">>", _) => ">>",
                (_, b'+') => "+",
                (_, b'-') => "-",
                (_, b'*') => "*",
                (_, b'/') => "/",
                (_, b'%') => "%",
                (_, b'^') => "^",
                (_, b'(') => "(",
                (_, b')') => ")",
                (_, b',') => ",",
                _ => {
                    // The whole character (a full-width digit is three bytes).
                    let ch = s[i..].chars().next().unwrap_or('?');
                    return Err(ExprError::Syntax(format!("unexpected `{ch}` in `{s}`")));
                }
            };
            i += op.len();
            out.push(Tok::Op(op));
        }
    }
    Ok(out)
}

struct Parser<'a> {
    toks: Vec<Tok>,
    pos: usize,
    /// `None`: only checking the syntax (every name is 1).
    consts: Option<&'a HashMap<String, i128>>,
    text: &'a str,
}

impl Parser<'_> {
    fn peek_op(&self) -> Option<&'static str> {
        match self.toks.get(self.pos) {
            Some(Tok::Op(o)) => Some(o),
            _ => None,
        }
    }

    fn expect(&mut self, op: &str) -> Result<(), ExprError> {
        if self.peek_op() == Some(op) {
            self.pos += 1;
            Ok(())
        } else {
            Err(ExprError::Syntax(format!("expected `{op}` in `{}`", self.text)))
        }
    }

    fn overflow(&self) -> ExprError {
        ExprError::Arith(format!("`{}` overflows", self.text))
    }

    fn binary(&mut self, level: usize) -> Result<i128, ExprError> {
        const LEVELS: [&[&str]; 3] = [&["<<", ">>"], &["+", "-"], &["*", "/", "%"]];
        if level == LEVELS.len() {
            return self.power();
        }
        let mut v = self.binary(level + 1)?;
        while let Some(op) = self.peek_op().filter(|o| LEVELS[level].contains(o)) {
            self.pos += 1;
            let r = self.binary(level + 1)?;
            v = match op {
                "+" => v.checked_add(r),
                "-" => v.checked_sub(r),
                "*" => v.checked_mul(r),
                "/" | "%" if r == 0 => return Err(ExprError::Arith(format!("division by zero in `{}`", self.text))),
                "/" => v.checked_div(r),
                "%" => v.checked_rem(r),
                "<<" => u32::try_from(r).ok().and_then(|r| v.checked_shl(r)).filter(|x| x >> r == v),
                _ => u32::try_from(r).ok().and_then(|r| v.checked_shr(r)),
            }
            .ok_or_else(|| self.overflow())?;
        }
        Ok(v)
    }

    fn power(&mut self) -> Result<i128, ExprError> {
        let base = self.unary()?;
        if self.peek_op() == Some("^") {
            self.pos += 1;
            let e = self.power()?;
            let e = u32::try_from(e).map_err(|_| self.overflow())?;
            return base.checked_pow(e).ok_or_else(|| self.overflow());
        }
        Ok(base)
    }

    fn unary(&mut self) -> Result<i128, ExprError> {
        if self.peek_op() == Some("-") {
            self.pos += 1;
            return self.unary()?.checked_neg().ok_or_else(|| self.overflow());
        }
        self.primary()
    }

    fn primary(&mut self) -> Result<i128, ExprError> {
        let tok = self.toks.get(self.pos).cloned();
        self.pos += 1;
        match tok {
            Some(Tok::Num(v)) => Ok(v),
            Some(Tok::Op("(")) => {
                let v = self.binary(0)?;
                self.expect(")")?;
                Ok(v)
            }
            Some(Tok::Name(n)) if self.peek_op() == Some("(") => {
                self.pos += 1;
                let mut args = vec![self.binary(0)?];
                while self.peek_op() == Some(",") {
                    self.pos += 1;
                    args.push(self.binary(0)?);
                }
                self.expect(")")?;
                call(&n, &args)
            }
            Some(Tok::Name(n)) => match self.consts {
                Some(c) => c.get(&n).copied().ok_or(ExprError::Unknown(n)),
                None => Ok(1),
            },
            _ => Err(ExprError::Syntax(format!("`{}` is not an expression", self.text))),
        }
    }
}

fn call(name: &str, args: &[i128]) -> Result<i128, ExprError> {
    match (name, args) {
        ("cdiv", [a, b]) if *b > 0 => Ok((a + b - 1).div_euclid(*b)),
        ("cdiv", [_, _]) => Err(ExprError::Arith("cdiv(a, b) needs b > 0".into())),
        ("min", [a, rest @ ..]) => Ok(rest.iter().fold(*a, |m, &v| m.min(v))),
        ("max", [a, rest @ ..]) => Ok(rest.iter().fold(*a, |m, &v| m.max(v))),
        ("cdiv" | "min" | "max", _) => Err(ExprError::Syntax(format!(
            "`{name}` takes {}",
            if name == "cdiv" { "2 arguments" } else { "1 or more" }
        ))),
        _ => Err(ExprError::Syntax(format!("unknown function `{name}` (there are cdiv, min, max)"))),
    }
}

/// The value of `text` given `consts`.
pub fn eval(text: &str, consts: &HashMap<String, i128>) -> Result<i128, ExprError> {
    run(text, Some(consts))
}

/// Whether `text` is a well-formed expression, whatever its names turn out to be.
pub fn check_syntax(text: &str) -> Result<(), ExprError> {
    match run(text, None) {
        Err(e @ ExprError::Syntax(_)) => Err(e),
        _ => Ok(()),
    }
}

fn run(text: &str, consts: Option<&HashMap<String, i128>>) -> Result<i128, ExprError> {
    let toks = lex(text)?;
    if toks.is_empty() {
        return Err(ExprError::Syntax("empty expression".into()));
    }
    let mut p = Parser { toks, pos: 0, consts, text };
    let v = p.binary(0)?;
    if p.pos != p.toks.len() {
        return Err(ExprError::Syntax(format!("`{text}` has something left over after the expression")));
    }
    Ok(v)
}

/// The value of `text`, which names nothing.
pub fn eval_number(text: &str) -> Result<i128, ExprError> {
    eval(text, &HashMap::new())
}

/// `text` split at the `sep` characters outside parentheses (`cdiv(M, BM), N` at `,`).
pub fn split_top(text: &str, sep: char) -> Vec<&str> {
    let (mut out, mut depth, mut from) = (vec![], 0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            c if c == sep && depth == 0 => {
                out.push(&text[from..i]);
                from = i + c.len_utf8();
            }
            _ => {}
        }
    }
    out.push(&text[from..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn consts() -> HashMap<String, i128> {
        [("N".to_string(), 1000003), ("TILE".to_string(), 4096)].into_iter().collect()
    }

    #[test]
    fn arithmetic_and_functions() {
        let c = consts();
        assert_eq!(eval("cdiv(N, TILE)", &c), Ok(245));
        assert_eq!(eval("4*N + 8", &c), Ok(4000020));
        assert_eq!(eval("1<<28", &c), Ok(1 << 28));
        assert_eq!(eval("1 << 2 + 1", &c), Ok(8)); // shifts bind loosest, as in C
        assert_eq!(eval("2^30*4", &c), Ok(4 << 30));
        assert_eq!(eval("2^3^2", &c), Ok(512));
        assert_eq!(eval("-7 / 2", &c), Ok(-3));
        assert_eq!(eval("min(N, 5, TILE)", &c), Ok(5));
        assert_eq!(eval("max(1, 0x10)", &c), Ok(16));
        assert_eq!(eval("1_000", &c), Ok(1000));
        assert_eq!(eval("(N - 3) % 1000", &c), Ok(0));
        assert_eq!(eval("0b101 + 0x10", &c), Ok(21));
        assert_eq!(eval_number("cdiv(1 << 11, 128) * 2"), Ok(32));
        assert_eq!(check_syntax("cdiv(M, BM) * N / (K - 1)"), Ok(()));
        assert!(check_syntax("cdiv(M,").is_err() && check_syntax("M +").is_err() && check_syntax("f(M)").is_err());
        // A character of several bytes is named whole (slicing it by byte panicked).
        assert_eq!(eval_number("１２"), Err(ExprError::Syntax("unexpected `１` in `１２`".into())));
        assert!(eval_number("12é").is_err());
    }

    #[test]
    fn top_level_split() {
        assert_eq!(split_top("cdiv(M, BM), N,1", ','), ["cdiv(M, BM)", " N", "1"]);
        assert_eq!(split_top("64", ','), ["64"]);
    }

    #[test]
    fn errors() {
        let c = consts();
        assert_eq!(eval("M + 1", &c), Err(ExprError::Unknown("M".into())));
        assert!(matches!(eval("1 +", &c), Err(ExprError::Syntax(_))));
        assert!(matches!(eval("(1", &c), Err(ExprError::Syntax(_))));
        assert!(matches!(eval("1 2", &c), Err(ExprError::Syntax(_))));
        assert!(matches!(eval("0.5", &c), Err(ExprError::Syntax(_))));
        assert!(eval("N / 0", &c).unwrap_err().to_string().contains("division by zero"));
        assert!(eval("1 << 200", &c).unwrap_err().to_string().contains("overflows"));
        assert!(eval("floor(3)", &c).unwrap_err().to_string().contains("unknown function"));
        assert!(eval("cdiv(3)", &c).unwrap_err().to_string().contains("2 arguments"));
        assert!(matches!(eval("cdiv(3, 0)", &c), Err(ExprError::Arith(_))));
    }
}
