//! What a failed compile hands back: [`Diagnostics`], a list of [`Diagnostic`]s with
//! their file, line and column resolved, and [`Diagnostics::render`], the text `tilec`
//! prints.
//!
//! The front end builds its diagnostics on byte spans (`diag::Diagnostic`, before any
//! line is known); the driver resolves them here against the source, once, so a caller
//! can read the fields (an editor, the Python package's `CompileError`) or print the
//! rendering. The rendering is the compiler's one text for errors (snapshot-tested): an
//! excerpt with a caret where the diagnostic points into the source, one line where it
//! does not.

use std::fmt;

use crate::diag;
use crate::source::{SourceFile, Span};

pub use crate::diag::Severity;

/// One error, warning or note.
///
/// `line` and `column` are 1-based and both present or both absent (a diagnostic about
/// the file as a whole, or about no file at all when `file` is `None` too).
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// The source file's name as it was compiled (its path, or the name given to text).
    pub file: Option<String>,
    pub line: Option<u32>,
    pub column: Option<u32>,
    pub message: String,
    /// The text shown beside the caret (may be empty).
    pub label: String,
    /// Further lines, each starting `help: ` or `note: `.
    pub notes: Vec<String>,
    /// Where the excerpt's caret goes, when the diagnostic points into `Diagnostics`'
    /// source.
    span: Option<Span>,
    /// Other places shown in the excerpt.
    secondary: Vec<(Span, String)>,
}

impl Diagnostic {
    /// A diagnostic at `file:line:col` (or the whole file, or nowhere), shown in one line.
    pub(crate) fn at(
        severity: Severity,
        file: Option<&str>,
        line_col: Option<(u32, u32)>,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic {
            severity,
            file: file.map(str::to_string),
            line: line_col.map(|p| p.0),
            column: line_col.map(|p| p.1),
            message: message.into(),
            label: String::new(),
            notes: vec![],
            span: None,
            secondary: vec![],
        }
    }

    /// A front-end diagnostic resolved against `file`; rendered with an excerpt.
    pub(crate) fn resolve(file: &SourceFile, d: &diag::Diagnostic) -> Diagnostic {
        let (line, column) = file.line_col(d.span.start);
        Diagnostic {
            severity: d.severity,
            file: Some(file.name.clone()),
            line: Some(line),
            column: Some(column),
            message: d.message.clone(),
            label: d.label.clone(),
            notes: d.notes.clone(),
            span: Some(d.span),
            secondary: d.secondary.clone(),
        }
    }

    #[cfg(test)]
    fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// `file:line:col: error: message`, `file: error: message` or `error: message`.
    pub fn header(&self) -> String {
        let sev = self.severity.as_str();
        match (&self.file, self.line, self.column) {
            (Some(f), Some(l), Some(c)) => format!("{f}:{l}:{c}: {sev}: {}", self.message),
            (Some(f), _, _) => format!("{f}: {sev}: {}", self.message),
            (None, _, _) => format!("{sev}: {}", self.message),
        }
    }
}

/// The diagnostics of a compile that failed (the error of [`crate::compile`]).
///
/// ```
/// let err = tilec::compile("kernel k(x: *f32) { store(x, y); }", &tilec::CompileOptions::default())
///     .unwrap_err();
/// let d = err.first();
/// assert_eq!((d.line, d.column), (Some(1), Some(30)));
/// assert!(d.message.contains("`y`"));
/// assert!(err.render().starts_with("<source>:1:30: error: "));
/// assert!(!err.is_internal());
/// ```
#[derive(Clone, Debug)]
pub struct Diagnostics {
    items: Vec<Diagnostic>,
    /// The source the excerpts are cut from.
    source: Option<SourceFile>,
    internal: bool,
}

impl Diagnostics {
    /// Diagnostics from items, with `source` for the excerpts of those that point into it.
    pub(crate) fn new(items: Vec<Diagnostic>, source: Option<&SourceFile>, internal: bool) -> Diagnostics {
        assert!(!items.is_empty(), "a failed compile says why");
        Diagnostics { items, source: source.cloned(), internal }
    }

    /// The front end's diagnostics against `file`.
    pub(crate) fn from_front_end(file: &SourceFile, ds: &[diag::Diagnostic], internal: bool) -> Diagnostics {
        Diagnostics::new(ds.iter().map(|d| Diagnostic::resolve(file, d)).collect(), Some(file), internal)
    }

    /// One error about `file` as a whole.
    pub(crate) fn about_file(file: &SourceFile, message: impl Into<String>, internal: bool) -> Diagnostics {
        Diagnostics::new(vec![Diagnostic::at(Severity::Error, Some(&file.name), None, message)], None, internal)
    }

    /// Appends a diagnostic.
    pub(crate) fn push(&mut self, d: Diagnostic) {
        self.items.push(d);
    }

    /// Every diagnostic, in the order they are rendered.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.items.iter()
    }

    /// The first diagnostic: the error that stopped the compile.
    pub fn first(&self) -> &Diagnostic {
        &self.items[0]
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// A bug of tilec's (a panic, a pass that broke the IR), not of the program: `tilec`
    /// exits with status 2 for these, 1 for the others.
    pub fn is_internal(&self) -> bool {
        self.internal
    }

    /// The text `tilec` prints: for each diagnostic, a clang-style first line
    /// (`file:line:col: error: message`), then an excerpt of the source with a caret and
    /// the notes; a blank line between two excerpts. ASCII, no colour.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let mut after_excerpt = false;
        for d in &self.items {
            match (d.span, &self.source) {
                (Some(span), Some(file)) if d.file.as_deref() == Some(file.name.as_str()) => {
                    if after_excerpt {
                        out.push('\n');
                    }
                    let front = diag::Diagnostic {
                        severity: d.severity,
                        message: d.message.clone(),
                        span,
                        label: d.label.clone(),
                        secondary: d.secondary.clone(),
                        notes: d.notes.clone(),
                    };
                    out.push_str(&diag::render(file, std::slice::from_ref(&front)));
                    after_excerpt = true;
                }
                _ => {
                    out.push_str(&d.header());
                    out.push('\n');
                    for n in &d.notes {
                        out.push_str(n);
                        out.push('\n');
                    }
                    after_excerpt = false;
                }
            }
        }
        out
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

/// The rendering ([`Diagnostics::render`]).
impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}

impl std::error::Error for Diagnostics {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_excerpts_lines_and_notes_in_order() {
        let src = "kernel k() {\n    let y = offz + 1;\n}\n";
        let f = SourceFile::new("k.tile", src);
        let at = src.find("offz").unwrap();
        let front = diag::Diagnostic::error("unknown name `offz`", Span::new(at, at + 4), "not found");
        let mut d = Diagnostics::from_front_end(&f, &[front.clone(), front], false);
        d.push(Diagnostic::at(Severity::Error, Some("k.tile"), None, "more (in pass `p`)"));
        d.push(Diagnostic::at(Severity::Note, None, None, "report it"));
        let one =
            "k.tile:2:13: error: unknown name `offz`\n  |\n2 |     let y = offz + 1;\n  |             ^^^^ not found\n";
        assert_eq!(d.render(), format!("{one}\n{one}k.tile: error: more (in pass `p`)\nnote: report it\n"));
        let first = d.first();
        assert_eq!((first.file.as_deref(), first.line, first.column), (Some("k.tile"), Some(2), Some(13)));
        assert_eq!(d.len(), 4);
        assert_eq!(d.iter().filter(|d| d.is_error()).count(), 3);
    }

    #[test]
    fn a_diagnostic_without_excerpt_prints_its_notes_as_lines() {
        let d = Diagnostic::at(Severity::Error, Some("k.mlir"), Some((3, 5)), "bad op").with_note("note: see here");
        let ds = Diagnostics::new(vec![d], None, true);
        assert_eq!(ds.render(), "k.mlir:3:5: error: bad op\nnote: see here\n");
        assert!(ds.is_internal());
    }
}
