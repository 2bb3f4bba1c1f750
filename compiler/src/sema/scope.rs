//! Name resolution: the frame stack, lookups that stop at function boundaries, and
//! "did you mean" suggestions.

use std::collections::{HashMap, HashSet};

use super::{Binding, Checker, Frame, FrameKind};
use crate::source::Span;
use crate::syntax::ast;

impl<'a> Checker<'a> {
    pub fn push_frame(&mut self, kind: FrameKind, span: Span) {
        self.frames.push(Frame { kind, names: HashMap::new(), span });
    }

    pub fn pop_frame(&mut self) {
        if let Some(f) = self.frames.pop() {
            if f.kind != FrameKind::Function {
                for (n, (_, sp)) in f.names {
                    self.ended.insert(n, sp);
                }
            }
        }
    }

    pub fn declare(&mut self, name: &str, b: Binding, span: Span) {
        if let Some(f) = self.frames.last_mut() {
            f.names.insert(name.to_string(), (b, span));
        }
    }

    /// The binding of `name` and the index of the frame that holds it.
    pub fn lookup(&self, name: &str) -> Option<(Binding, usize, Span)> {
        for (i, f) in self.frames.iter().enumerate().rev() {
            if let Some((b, s)) = f.names.get(name) {
                return Some((b.clone(), i, *s));
            }
            if f.kind == FrameKind::Function {
                break;
            }
        }
        None
    }

    /// Replaces the binding of `name` in frame `idx` (a rebind that changes type).
    pub fn rebind_in(&mut self, idx: usize, name: &str, b: Binding, span: Span) {
        self.frames[idx].names.insert(name.to_string(), (b, span));
    }

    /// The innermost loop or branch frame above frame `idx`, if any.
    pub fn control_between(&self, idx: usize) -> Option<&Frame> {
        self.frames[idx + 1..].iter().rev().find(|f| matches!(f.kind, FrameKind::Loop | FrameKind::Branch))
    }

    /// Every name visible here (for suggestions).
    pub fn visible_names(&self) -> Vec<String> {
        let mut out = vec![];
        for f in self.frames.iter().rev() {
            out.extend(f.names.keys().cloned());
            if f.kind == FrameKind::Function {
                break;
            }
        }
        out
    }

    /// Whether a name is assigned (`=` or `op=`) somewhere in the current function.
    pub fn is_assigned(&self, name: &str) -> bool {
        self.assigned.last().is_some_and(|s| s.contains(name))
    }
}

/// Names that appear as assignment targets anywhere in a block.
pub(crate) fn assigned_names(block: &ast::Block) -> HashSet<String> {
    fn walk(b: &ast::Block, out: &mut HashSet<String>) {
        for s in &b.stmts {
            match &s.kind {
                ast::StmtKind::Assign { target, .. } => {
                    out.insert(target.name.clone());
                }
                ast::StmtKind::If { then_block, else_block, .. } => {
                    walk(then_block, out);
                    if let Some(e) = else_block {
                        walk(e, out);
                    }
                }
                ast::StmtKind::For { body, .. } | ast::StmtKind::While { body, .. } => walk(body, out),
                _ => {}
            }
        }
    }
    let mut out = HashSet::new();
    walk(block, &mut out);
    out
}

/// Edit distance counting a swap of neighbours as one edit (`f23` is one from `f32`).
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
}

/// The closest candidate, if it is close enough to be a plausible typo.
pub(crate) fn suggest<'s>(name: &str, candidates: impl IntoIterator<Item = &'s str>) -> Option<String> {
    let limit = (name.chars().count() / 3).max(1);
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        if c == name {
            continue;
        }
        let d = distance(name, c);
        if d <= limit && best.is_none_or(|(bd, bc)| d < bd || (d == bd && c < bc)) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        assert_eq!(suggest("offz", ["offs", "mask"]), Some("offs".into()));
        assert_eq!(suggest("lod", ["load", "store"]), Some("load".into()));
        assert_eq!(suggest("xyz", ["load", "store"]), None);
        assert_eq!(suggest("f23", ["f32", "f16"]), Some("f32".into()));
    }
}
