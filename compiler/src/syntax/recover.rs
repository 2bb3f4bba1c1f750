//! Recovery after a syntax error inside a kernel's or helper's body: the statement around
//! the error is blanked out (or the `;` that was missing put in), keeping every byte
//! offset and line, so the next parse goes on to the following statement and reports its
//! errors against the same file.

/// The text with `text[from..to]` replaced by spaces (newlines kept).
pub(super) fn blank(text: &str, from: usize, to: usize) -> String {
    let mid: String =
        text[from..to].chars().map(|c| if c == '\n' { "\n".to_string() } else { " ".repeat(c.len_utf8()) }).collect();
    format!("{}{mid}{}", &text[..from], &text[to..])
}

/// The text with the statement around the error at `at` blanked out, or with a `;` at
/// `at` when a missing `;` is the error and `at` is whitespace; `None` when `at` is not
/// inside a body (an item's header, attributes, between items) or the statement does not
/// end before the body does.
pub(super) fn statement(text: &str, at: usize, missing_semicolon: bool) -> Option<String> {
    let code = code_only(text);
    let body = body_open(&code, at)?;
    if missing_semicolon && code.get(at).is_some_and(|c| c.is_ascii_whitespace()) {
        return Some(format!("{};{}", &text[..at], &text[at + 1..]));
    }
    // Back to the end of the previous statement or the block's `{`, over brackets.
    let mut depth = 0;
    let mut start = body + 1;
    for i in (body + 1..at).rev() {
        match code[i] {
            b')' | b']' => depth += 1,
            b'(' | b'[' if depth > 0 => depth -= 1,
            b';' | b'{' | b'}' if depth == 0 => {
                start = i + 1;
                break;
            }
            _ => {}
        }
    }
    // On to its `;`, or the end of its last block (an `else` continues it), stopping
    // before the `}` of the block around it.
    let mut depth = 0i32;
    let mut i = at;
    let end = loop {
        let c = *code.get(i)?;
        match c {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' => depth -= 1,
            b';' if depth <= 0 => break i + 1,
            b'}' if depth <= 0 => break i,
            b'}' => {
                depth -= 1;
                let rest = std::str::from_utf8(&code[i + 1..]).unwrap_or("").trim_start();
                if depth == 0 && !rest.starts_with("else") {
                    break i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    };
    (end > start).then(|| blank(text, start, end))
}

/// The offset of the `{` opening the body of the item around `at`, when `at` is inside
/// that body.
fn body_open(code: &[u8], at: usize) -> Option<usize> {
    if code.is_empty() {
        return None;
    }
    let at_line_start = |i: usize| i == 0 || code[i - 1] == b'\n';
    let starts = |i: usize, w: &str| code[i..].starts_with(w.as_bytes());
    let head =
        (0..=at.min(code.len() - 1)).rev().find(|&i| at_line_start(i) && (starts(i, "kernel ") || starts(i, "fn ")))?;
    let mut parens = 0;
    let open = (head..at).find(|&i| {
        match code[i] {
            b'(' => parens += 1,
            b')' => parens -= 1,
            _ => {}
        }
        code[i] == b'{' && parens == 0
    })?;
    let mut braces = 0;
    for &c in &code[open..at] {
        match c {
            b'{' => braces += 1,
            b'}' => braces -= 1,
            _ => {}
        }
        if braces == 0 {
            return None;
        }
    }
    Some(open)
}

/// The bytes of `text` with comments and string contents replaced by spaces, so that
/// brackets and `;` in them are not counted.
pub(super) fn code_only(text: &str) -> Vec<u8> {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    while i < b.len() {
        let end = if b[i..].starts_with(b"//") {
            b[i..].iter().position(|&c| c == b'\n').map_or(b.len(), |n| i + n)
        } else if b[i..].starts_with(b"/*") {
            b[i + 2..].windows(2).position(|w| w == b"*/").map_or(b.len(), |n| i + n + 4)
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' && b[j] != b'\n' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            (j + 1).min(b.len())
        } else {
            i += 1;
            continue;
        };
        for c in &mut out[i..end] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
        i = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_statement_is_blanked_to_its_end() {
        let t = "kernel k(x: *f32) {\n    let a = f(1;\n    store(x, 0.0);\n}\n";
        let at = t.find("1;").unwrap() + 1;
        let r = statement(t, at, false).unwrap();
        assert_eq!(r, "kernel k(x: *f32) {\n                \n    store(x, 0.0);\n}\n");
        // A block statement is blanked through its blocks, `else` included.
        let t = "fn f(x) {\n    if x and y { a(); } else { b(); }\n    return x;\n}\n";
        let r = statement(t, t.find("and").unwrap(), false).unwrap();
        assert_eq!(r.lines().nth(1).unwrap().trim(), "");
        assert!(r.contains("return x;"));
        // A missing `;` is put in; strings and comments do not end statements.
        let t = "kernel k() {\n    f(\";\") // ;\n}\n";
        let at = t.find(") //").unwrap() + 1;
        assert_eq!(statement(t, at, true).unwrap(), "kernel k() {\n    f(\";\");// ;\n}\n");
        let r = statement(t, t.find("\";").unwrap(), false).unwrap();
        assert_eq!(r, format!("kernel k() {{\n{}\n}}\n", " ".repeat(15)));
        // Not in a body: the header.
        assert!(statement("kernel k(a: tl.x) {\n}\n", 12, false).is_none());
    }
}
