//! Parsing: the pest grammar (`grammar.pest`), the AST, and parse errors that say what
//! was expected and where ("expected `;`, found `let`").

pub mod ast;
mod parser;
mod recover;
pub(crate) mod triton;

use pest::error::InputLocation;
use pest::Parser as _;
use pest_derive::Parser;

use crate::diag::Diagnostic;
use crate::source::{SourceFile, Span};

#[derive(Parser)]
#[grammar = "syntax/grammar.pest"]
struct TileParser;

/// Parses a whole file. After a syntax error inside a body, the broken statement is
/// blanked out (or the missing `;` put in) and parsing runs again, so one run reports an
/// error per broken statement; elsewhere parsing resumes at the next item (a line
/// starting with `kernel`, `fn` or `#[`). An error that is not past the previous one is
/// taken for a consequence of the recovery, dropped, and its item skipped.
pub fn parse(file: &SourceFile) -> Result<ast::File, Vec<Diagnostic>> {
    pest::set_error_detail(true);
    if let Some(at) = crate::limits::too_deep(&file.text, false) {
        let n = crate::limits::MAX_NESTING;
        return Err(vec![Diagnostic::error(
            format!("nesting deeper than {n} levels"),
            Span::new(at, at + 1),
            format!("level {} opens here", n + 1),
        )
        .help("split it with `let` bindings or helpers")]);
    }
    let mut text = file.text.clone();
    let mut diags: Vec<Diagnostic> = vec![];
    loop {
        match TileParser::parse(Rule::file, &text) {
            Ok(mut pairs) => {
                if !diags.is_empty() {
                    return Err(diags);
                }
                let mut b = parser::Builder::new();
                let f = b.file(pairs.next().unwrap());
                return if b.diags.is_empty() { Ok(f) } else { Err(b.diags) };
            }
            Err(e) => {
                // Triton's `a // b`: say so, and go on with the `//` read as `/`.
                if let Some((d, divided)) = floor_division(&text, &e, Rule::file) {
                    diags.push(d);
                    text = divided;
                    continue;
                }
                let d = syntax_error(&text, &e);
                let mut at = d.span.start as usize;
                let fresh = diags.last().is_none_or(|p| at > p.span.start as usize);
                let semicolon = d.message.starts_with("expected `;`,");
                if fresh {
                    diags.push(d);
                } else {
                    at = diags.last().unwrap().span.start as usize;
                }
                if diags.len() >= 20 {
                    return Err(diags);
                }
                if let Some(t) = fresh.then(|| recover::statement(&text, at, semicolon)).flatten() {
                    text = t;
                    continue;
                }
                let Some(next) = next_item_start(&text, at) else { return Err(diags) };
                // Blank out everything before the next item, keeping byte offsets and lines.
                text = recover::blank(&text, 0, next);
            }
        }
    }
}

/// The byte offset of the first line after `pos` that starts an item.
fn next_item_start(text: &str, pos: usize) -> Option<usize> {
    let mut off = text[pos..].find('\n')? + pos + 1;
    loop {
        let line = &text[off..];
        if line.starts_with("kernel ") || line.starts_with("fn ") || line.starts_with("#[") {
            return Some(off);
        }
        off += line.find('\n')? + 1;
    }
}

/// Parses one expression (for tests and `-D` values).
pub fn parse_expr(text: &str) -> Result<ast::Expr, Vec<Diagnostic>> {
    pest::set_error_detail(true);
    if let Some(at) = crate::limits::too_deep(text, false) {
        let n = crate::limits::MAX_NESTING;
        return Err(vec![Diagnostic::error(format!("nesting deeper than {n} levels"), Span::new(at, at + 1), "")]);
    }
    let whole = text;
    match TileParser::parse(Rule::expr, whole) {
        Ok(mut pairs) => {
            let p = pairs.next().unwrap();
            if p.as_span().end() != whole.trim_end().len() {
                let at = p.as_span().end();
                return Err(vec![Diagnostic::error(
                    "unexpected text after the expression",
                    Span::new(at, whole.len()),
                    "not part of the expression",
                )]);
            }
            let mut b = parser::Builder::new();
            let e = b.expr(p);
            if b.diags.is_empty() {
                Ok(e)
            } else {
                Err(b.diags)
            }
        }
        Err(e) => match floor_division(whole, &e, Rule::expr) {
            Some((d, _)) => Err(vec![d]),
            None => Err(vec![syntax_error(whole, &e)]),
        },
    }
}

/// The offset of a parse error (pest's furthest attempt, as `syntax_error` reports it).
fn error_pos(e: &pest::error::Error<Rule>) -> usize {
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    e.parse_attempts().map_or(pos, |a| a.max_position.max(pos))
}

/// `triton::floor_division` for an error of parsing `text` as `rule`.
fn floor_division(text: &str, e: &pest::error::Error<Rule>, rule: Rule) -> Option<(Diagnostic, String)> {
    let code = recover::code_only(text);
    let reparse = |t: &str| TileParser::parse(rule, t).err().map(|e| error_pos(&e));
    triton::floor_division(text, &code, error_pos(e), reparse)
}

/// Tokens that can start an expression: when several are expected, we say "an
/// expression" instead of listing them.
const EXPR_START: &[&str] = &["(", "[", "-", "!", "~", "\"", "true", "false", "inf", "nan", "None"];
/// Tokens that merely continue an expression: listing them next to `;` is noise.
const EXPR_CONT: &[&str] =
    &["||", "&&", "|", "^", "&", "==", "!=", "<<", ">>", "<=", "<", ">=", ">", "+", "-", "*", "/", "%", ".", "[", "("];

fn syntax_error(text: &str, e: &pest::error::Error<Rule>) -> Diagnostic {
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let (pos, expected) = match e.parse_attempts() {
        Some(a) if a.max_position >= pos => {
            let toks: Vec<String> = a
                .expected_tokens()
                .iter()
                .map(|t| t.to_string())
                .filter(|t| !t.trim().is_empty() && t != "//" && t != "/*")
                .collect();
            let rules: Vec<Rule> = a.call_stacks().iter().filter_map(|c| c.deepest.get_rule().copied()).collect();
            (a.max_position, describe(&toks, &rules))
        }
        _ => {
            let rules = match &e.variant {
                pest::error::ErrorVariant::ParsingError { positives, .. } => positives.clone(),
                _ => vec![],
            };
            (pos, describe(&[], &rules))
        }
    };
    let line_start = text[..pos].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[line_start..pos];
    if before.matches('"').count() % 2 == 1 {
        let q = line_start + before.rfind('"').unwrap();
        return Diagnostic::error("unterminated string", Span::new(q, q + 1), "this string is not closed on its line")
            .help("add the closing `\"`");
    }
    if let Some(d) = triton_spelling(text, pos) {
        return d;
    }
    let found = found_at(text, pos);
    // A missing closer belongs right after the previous token, not on the next line.
    let closer_only = expected.iter().all(|s| [";", ")", "]", "}", ","].iter().any(|c| s == &format!("`{c}`")));
    // Before a trailing comment too: `let a = 1 // one` lacks its `;` after the `1`.
    let code = recover::code_only(text);
    let before = code[..pos].iter().rposition(|c| !c.is_ascii_whitespace()).map_or(0, |i| i + 1);
    let at = if closer_only && !expected.is_empty() { before } else { pos };
    let sp = if at == pos { Span::new(pos, pos + found.1) } else { Span::new(at, at) };
    let what = if expected.is_empty() { "valid syntax".to_string() } else { join_or(&expected) };
    let label = if at == pos { format!("expected {what}") } else { format!("expected {what} here") };
    let d = Diagnostic::error(format!("expected {what}, found {}", found.0), sp, label);
    // Python spellings a Triton user is likely to type.
    let hint = match found.0.trim_matches('`') {
        "and" => Some("write `&&` (or `&` on tiles of bools)"),
        "or" => Some("write `||` (or `|` on tiles of bools)"),
        "not" => Some("write `!`"),
        "elif" => Some("write `else if`"),
        "def" => Some("write `kernel name(...) { ... }` or `fn name(...) { ... }`"),
        "@" => Some(
            "`@triton.jit def name(...):` is `kernel name(...) { ... }` here (`fn` for a helper); \
             `@triton.autotune(...)` is `#[autotune(...)]`",
        ),
        ":" if at == pos && expected.iter().any(|e| e == "`{`") => Some("blocks are written with braces: `{ ... }`"),
        _ => None,
    };
    match hint {
        Some(h) => d.help(h),
        None => d,
    }
}

/// A syntax error at `pos` that is a Triton spelling: a dotted name such as
/// `tl.constexpr`, `tl.float16` or `tl.math.exp` ending at or running through `pos`, or
/// Python's `**`.
fn triton_spelling(text: &str, pos: usize) -> Option<Diagnostic> {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.';
    // Where the run of `word` characters that ends `s` starts.
    let run_start = |s: &str| s.char_indices().rev().take_while(|&(_, c)| word(c)).last().map_or(s.len(), |(i, _)| i);
    let b = pos.min(text.len());
    if text[..b].ends_with('*') && text[b..].starts_with('*') {
        let before = text[..b - 1].trim_end();
        let base = &before[run_start(before)..];
        let after = text[b + 1..].trim_start();
        let exp = &after[..after.find(|c: char| !word(c)).unwrap_or(after.len())];
        let (base, exp) = ((!base.is_empty()).then_some(base), (!exp.is_empty()).then_some(exp));
        return Some(triton::power(Span::new(b - 1, b + 1), base, exp));
    }
    let start = run_start(&text[..b]);
    let end =
        if text[b..].starts_with('.') { b + text[b..].find(|c: char| !word(c)).unwrap_or(text.len() - b) } else { b };
    let path = &text[start..end];
    if !path.contains('.') {
        return None;
    }
    // `NAME: tl.constexpr`: the parameter's name, for the advice.
    let param = text[..start].trim_end().strip_suffix(':').map(|h| {
        let h = h.trim_end();
        &h[run_start(h)..]
    });
    triton::dotted(
        path,
        Span::new(start, end),
        param.filter(|p| !p.is_empty() && !p.contains('.')),
        &crate::builtin_table::is_builtin,
    )
}

/// Human names for what was expected, deduplicated, in a stable order.
fn describe(tokens: &[String], rules: &[Rule]) -> Vec<String> {
    let mut out: Vec<String> = vec![];
    let push = |s: &str, out: &mut Vec<String>| {
        if !out.iter().any(|o| o == s) {
            out.push(s.to_string());
        }
    };
    // After a complete operand pest also tries every operator and the digits of a
    // longer number: that is noise next to the `;` or `)` that was really missing.
    let after_operand = tokens.iter().any(|t| t == "+" || t == "||");
    let name_tok = |t: &str| ["_", "a..z", "A..Z"].contains(&t);
    let expr_tok = |t: &str| EXPR_START.contains(&t) || ["0..9", "1..9", "0x", "0b"].contains(&t);
    let stmt = tokens.iter().any(|t| t == "let");
    let stmt_kw = |t: &str| stmt && ["let", "if", "for", "while", "return", "break", "continue"].contains(&t);
    // Only an expression can start with `!`, `~` or `"`; digits next to letters are
    // just the rest of a name being typed.
    let has_expr = !after_operand && tokens.iter().any(|t| ["!", "~", "\""].contains(&t.as_str()));
    let name_cont = tokens.iter().any(|t| t == "0..9") && !has_expr;
    let has_name = !after_operand && !name_cont && tokens.iter().any(|t| name_tok(t));
    let is_type = has_name && !has_expr && tokens.iter().any(|t| t == "*");
    for t in tokens {
        let t = t.as_str();
        let noise = (expr_tok(t) && (t != "(" || has_expr || after_operand))
            || name_tok(t)
            || stmt_kw(t)
            // An if-expression may start an operand; but after `else` `if` is a choice.
            || (t == "if" && (has_expr || after_operand))
            || ["e", "E"].contains(&t)
            || (after_operand && (EXPR_CONT.contains(&t) || t == "=" || t.contains("..")))
            || (stmt && t == "}")
            || (is_type && t == "*")
            // An argument may be a pointer type (`p.to(*i32)`): not worth naming.
            || (has_expr && t == "*");
        if !noise {
            push(&format!("`{t}`"), &mut out);
        }
    }
    if stmt {
        push("a statement", &mut out);
        push("`}`", &mut out);
    } else if has_expr {
        push("an expression", &mut out);
    } else if is_type {
        push("a type", &mut out);
    } else if has_name {
        push("a name", &mut out);
    }
    if out.is_empty() {
        for r in rules {
            let name = match r {
                Rule::ident => "a name",
                Rule::expr | Rule::int | Rule::float | Rule::string => "an expression",
                Rule::ty => "a type",
                Rule::kw_kernel | Rule::kw_fn => "`kernel` or `fn`",
                Rule::EOI => "end of file",
                _ => continue,
            };
            push(name, &mut out);
        }
    }
    out.truncate(6);
    out
}

fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [a] => a.clone(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

/// The token at `pos` for "found ...", and its length in bytes.
fn found_at(text: &str, pos: usize) -> (String, usize) {
    let rest = &text[pos.min(text.len())..];
    let Some(c) = rest.chars().next() else {
        return ("end of file".to_string(), 0);
    };
    if c == '\n' || c == '\r' {
        return ("end of line".to_string(), 0);
    }
    if c.is_alphanumeric() || c == '_' {
        let n = rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len());
        return (format!("`{}`", &rest[..n]), n);
    }
    for op in ["<<=", ">>=", "||", "&&", "==", "!=", "<=", ">=", "<<", ">>", "->", "+=", "-=", "*=", "/="] {
        if rest.starts_with(op) {
            return (format!("`{op}`"), op.len());
        }
    }
    (format!("`{c}`"), c.len_utf8())
}

#[cfg(test)]
mod tests;
