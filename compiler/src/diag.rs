//! Diagnostics and their rendering: a clang-style first line (`file:line:col: error: msg`)
//! that editors and CI parsers pick up, then codespan's source excerpt with carets.
//!
//! These are the front end's, on byte spans; a failed compile hands them out resolved to
//! lines and columns (`diagnostics::Diagnostics`, the API's error type).
//!
//! The rendered text is pinned by snapshot tests, so its shape must stay stable: ASCII
//! only, no colour, one blank line between diagnostics.

use codespan_reporting::diagnostic::{Diagnostic as CsDiag, Label, Severity as CsSeverity};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, Chars, Config};

use crate::source::{SourceFile, Span};

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    Error,
    Warning,
    Note,
}

impl Severity {
    /// `error`, `warning`, `note`: the word the rendering prints.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub message: String,
    /// Where the caret goes, and the text under it.
    pub span: Span,
    pub label: String,
    /// Other places worth showing (underlined with `-`).
    pub secondary: Vec<(Span, String)>,
    /// Lines after the excerpt, each already prefixed (`help: ...`, `note: ...`).
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn error(message: impl Into<String>, span: Span, label: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span,
            label: label.into(),
            secondary: vec![],
            notes: vec![],
        }
    }
    pub fn with_secondary(mut self, span: Span, label: impl Into<String>) -> Diagnostic {
        self.secondary.push((span, label.into()));
        self
    }
    pub fn help(mut self, text: impl Into<String>) -> Diagnostic {
        self.notes.push(format!("help: {}", text.into()));
        self
    }
    pub fn note(mut self, text: impl Into<String>) -> Diagnostic {
        self.notes.push(format!("note: {}", text.into()));
        self
    }
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Renders diagnostics against their source file: each one starts with
/// `file:line:col: error: message`, then the excerpt with a caret and label, then notes.
pub fn render(file: &SourceFile, diags: &[Diagnostic]) -> String {
    let cs_file = SimpleFile::new(file.name.as_str(), file.text.as_str());
    let config = Config { chars: Chars::ascii(), ..Config::default() };
    let len = file.text.len();
    let clamp = |s: Span| {
        let start = (s.start as usize).min(len);
        let end = (s.end as usize).clamp(start, len);
        start..end
    };
    let mut out = String::new();
    for (i, d) in diags.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let (line, col) = file.line_col(d.span.start);
        out.push_str(&format!("{}:{}:{}: {}: {}\n", file.name, line, col, d.severity.as_str(), d.message));
        let sev = match d.severity {
            Severity::Error => CsSeverity::Error,
            Severity::Warning => CsSeverity::Warning,
            Severity::Note => CsSeverity::Note,
        };
        let mut labels = vec![Label::primary((), clamp(d.span)).with_message(&d.label)];
        for (s, l) in &d.secondary {
            labels.push(Label::secondary((), clamp(*s)).with_message(l));
        }
        let cs = CsDiag::new(sev).with_message(&d.message).with_labels(labels).with_notes(d.notes.clone());
        let text = match term::emit_into_string(&config, &cs_file, &cs) {
            Ok(t) => t,
            Err(e) => format!("  (could not render the excerpt: {e})\n"),
        };
        // codespan opens with `error: msg` (every line of a multi-line message) and
        // `  --> file:l:c`; the clang-style line above replaces both.
        let mut lines = text.lines().peekable();
        if lines.peek().is_some_and(|l| l.starts_with(d.severity.as_str())) {
            for _ in 0..d.message.lines().count().max(1) {
                lines.next();
            }
        }
        if lines.peek().is_some_and(|l| l.trim_start().starts_with("-->")) {
            lines.next();
        }
        // Trailing blanks vary with label layout; strip them so snapshots stay clean.
        let body: Vec<&str> = lines.map(|l| l.trim_end()).collect();
        let mut body = body.join("\n");
        while body.ends_with('\n') || body.ends_with(' ') {
            body.pop();
        }
        out.push_str(&body);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clang_style_header_and_caret() {
        let src = "kernel k() {\n    let offs = 1;\n    let y = offz + 1;\n}\n";
        let f = SourceFile::new("k.tile", src);
        let start = src.find("offz").unwrap();
        let d = Diagnostic::error("unknown name `offz`", Span::new(start, start + 4), "not found in this scope")
            .help("did you mean `offs`?");
        let want = "k.tile:3:13: error: unknown name `offz`\n  |\n3 |     let y = offz + 1;\n  |             ^^^^ not found in this scope\n  |\n  = help: did you mean `offs`?\n";
        assert_eq!(render(&f, &[d]), want);
    }

    #[test]
    fn multi_line_messages_are_printed_once() {
        let f = SourceFile::new("k.tile", "let x = 1;\n");
        let d = Diagnostic::error("too big:\n  one buffer\n  another", Span::new(4, 5), "here");
        let want = "k.tile:1:5: error: too big:\n  one buffer\n  another\n  |\n1 | let x = 1;\n  |     ^ here\n";
        assert_eq!(render(&f, &[d]), want);
    }
}
