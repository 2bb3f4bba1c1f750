//! Source files and byte spans; every diagnostic and every MLIR location starts here.

/// A half-open byte range into the one source file being compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span { start: start as u32, end: end as u32 }
    }
    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }
}

/// A named source text with a line index.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
    line_starts: Vec<usize>,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceFile {
        let text = text.into();
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        SourceFile { name: name.into(), text, line_starts }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let offset = (offset as usize).min(self.text.len());
        let line = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let col = self.text[self.line_starts[line]..offset].chars().count();
        (line as u32 + 1, col as u32 + 1)
    }

    /// The byte offset of a 1-based line and column, if inside the file.
    pub fn offset(&self, line: u32, col: u32) -> Option<u32> {
        let start = *self.line_starts.get(line.checked_sub(1)? as usize)?;
        let rest = &self.text[start..];
        let byte = rest.char_indices().nth(col.saturating_sub(1) as usize).map(|(i, _)| i).unwrap_or(rest.len());
        Some((start + byte) as u32)
    }

    /// The span an MLIR location (`loc("k.tile":3:5)`, possibly fused or nested) points at
    /// in this file: its first `"name":line:col` with this file's name.
    pub fn span_of_loc(&self, loc: &str) -> Option<Span> {
        let needle = format!("{:?}:", self.name);
        let at = loc.find(&needle)? + needle.len();
        let mut nums = loc[at..].split(|c: char| !c.is_ascii_digit()).filter(|s| !s.is_empty());
        let line: u32 = nums.next()?.parse().ok()?;
        let col: u32 = nums.next()?.parse().ok()?;
        let off = self.offset(line, col)?;
        let end = self.text[off as usize..]
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .map(|n| off as usize + n.max(1))
            .unwrap_or(self.text.len());
        Some(Span::new(off as usize, end))
    }

    /// The MLIR location of a span's start: `loc("file.tile":3:5)`.
    pub fn mlir_loc(&self, span: Span) -> String {
        let (l, c) = self.line_col(span.start);
        format!("loc({:?}:{}:{})", self.name, l, c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_from_one() {
        let f = SourceFile::new("a.tile", "ab\ncd\n");
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(1), (1, 2));
        assert_eq!(f.line_col(3), (2, 1));
        assert_eq!(f.line_col(4), (2, 2));
        assert_eq!(f.mlir_loc(Span::new(4, 5)), "loc(\"a.tile\":2:2)");
        assert_eq!(f.span_of_loc("loc(\"a.tile\":2:1)"), Some(Span::new(3, 5)));
    }
}
