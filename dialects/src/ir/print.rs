//! Prints the mirror IR as MLIR generic-form text, which MLIR parses back.

use super::{Block, Module, Op, Region, ValueId};
use std::collections::HashMap;
use std::fmt::Write;

struct Printer<'m> {
    m: &'m Module,
    out: String,
    next_block: usize,
    /// Long type texts and their aliases (`!t0`, ...), and the aliases' definitions in
    /// the order they were made, printed above the module.
    aliases: HashMap<String, String>,
    defs: String,
}

/// Types printed longer than this get an alias: a wgmma accumulator is a struct of up to
/// 128 f32, and generic form repeats operand types at every use (each `extractvalue`), so
/// spelled out they were half a matmul's text and of the time MLIR took to parse it.
const ALIAS_OVER: usize = 40;

impl Module {
    /// The whole module in generic form.
    pub fn to_mlir(&self) -> String {
        let mut p =
            Printer { m: self, out: String::new(), next_block: 0, aliases: HashMap::new(), defs: String::new() };
        p.out.push_str("\"builtin.module\"() ({\n");
        // The body is one block even when empty (generic form has no implicit block).
        if self.body.is_empty() {
            p.out.push_str("^bb0:\n");
        }
        for op in &self.body {
            p.op(op, 1, &[]);
        }
        p.out.push_str("})");
        p.attrs(&self.attrs);
        let loc = if self.loc.is_empty() { "loc(unknown)" } else { &self.loc };
        let _ = writeln!(p.out, " : () -> () {loc}");
        p.defs + &p.out
    }
}

impl Printer<'_> {
    fn v(&self, v: ValueId) -> String {
        format!("%v{v}")
    }

    /// The text of `v`'s type, or its alias when long.
    fn ty(&mut self, v: ValueId) -> String {
        let t = self.m.values.ty(v).to_string();
        if t.len() <= ALIAS_OVER {
            return t;
        }
        if let Some(a) = self.aliases.get(&t) {
            return a.clone();
        }
        let a = format!("!t{}", self.aliases.len());
        let _ = writeln!(self.defs, "{a} = {t}");
        self.aliases.insert(t, a.clone());
        a
    }

    fn attrs(&mut self, attrs: &[(String, super::Attr)]) {
        if attrs.is_empty() {
            return;
        }
        let items: Vec<String> = attrs.iter().map(|(n, a)| format!("{} = {}", attr_name(n), a.0)).collect();
        let _ = write!(self.out, " {{{}}}", items.join(", "));
    }

    /// `labels`: the printed names of the blocks of the enclosing region, for successors.
    fn op(&mut self, op: &Op, depth: usize, labels: &[String]) {
        let ind = "  ".repeat(depth);
        self.out.push_str(&ind);
        if !op.results.is_empty() {
            let rs: Vec<String> = op.results.iter().map(|r| self.v(*r)).collect();
            let _ = write!(self.out, "{} = ", rs.join(", "));
        }
        let ops: Vec<String> = op.operands.iter().map(|o| self.v(*o)).collect();
        let _ = write!(self.out, "{:?}({})", op.name, ops.join(", "));
        if !op.successors.is_empty() {
            let ss: Vec<String> = op.successors.iter().map(|s| labels[*s].clone()).collect();
            let _ = write!(self.out, "[{}]", ss.join(", "));
        }
        if !op.regions.is_empty() {
            self.out.push_str(" (");
            for (i, r) in op.regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.region(r, depth);
            }
            self.out.push(')');
        }
        self.attrs(&op.attrs);
        let ins: Vec<String> = op.operands.iter().map(|o| self.ty(*o)).collect();
        let outs: Vec<String> = op.results.iter().map(|r| self.ty(*r)).collect();
        let loc = if op.loc.is_empty() { "loc(unknown)" } else { &op.loc };
        let _ = writeln!(self.out, " : ({}) -> ({}) {}", ins.join(", "), outs.join(", "), loc);
    }

    fn region(&mut self, r: &Region, depth: usize) {
        let labels: Vec<String> = r
            .blocks
            .iter()
            .map(|_| {
                self.next_block += 1;
                format!("^bb{}", self.next_block)
            })
            .collect();
        self.out.push_str("{\n");
        for (b, label) in r.blocks.iter().zip(&labels) {
            self.block(b, label, depth + 1, &labels);
        }
        let _ = write!(self.out, "{}}}", "  ".repeat(depth));
    }

    fn block(&mut self, b: &Block, label: &str, depth: usize, labels: &[String]) {
        let args: Vec<String> = b.args.iter().map(|a| format!("{}: {}", self.v(*a), self.ty(*a))).collect();
        let _ = writeln!(self.out, "{}{}({}):", "  ".repeat(depth - 1), label, args.join(", "));
        for op in &b.ops {
            self.op(op, depth, labels);
        }
    }
}

/// Attribute names that are not bare identifiers need quotes.
fn attr_name(n: &str) -> String {
    if n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$') {
        n.to_string()
    } else {
        format!("{n:?}")
    }
}
