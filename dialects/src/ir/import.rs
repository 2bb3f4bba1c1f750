//! Reads an MLIR module (through melior) into the mirror IR.

use super::{Attr, Block, Module, Op, Region, Type, ValueId, Values};
use melior::ir::attribute::AttributeLike;
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::r#type::TypeLike;
use melior::ir::{BlockRef, OperationRef, RegionLike, ValueLike};
use std::collections::HashMap;

struct Importer {
    values: Values,
    ids: HashMap<usize, ValueId>,
    /// Printed attributes, types and locations by their uniqued storage's address: MLIR
    /// builds a printer state for every one it prints, and a module repeats few of them
    /// many times.
    printed: HashMap<usize, String>,
}

/// Mirrors `module_op` (a `builtin.module`).
pub fn import_module(module_op: OperationRef) -> Module {
    let mut imp = Importer { values: Values::default(), ids: HashMap::new(), printed: HashMap::new() };
    let attrs = imp.attrs(&module_op);
    let region = module_op.region(0).expect("module has a body");
    let body = match region.first_block() {
        Some(b) => imp.block(b),
        None => Block::default(),
    };
    Module { values: imp.values, attrs, body: body.ops, loc: module_op.location().to_string() }
}

impl Importer {
    fn id<'c>(&mut self, v: impl ValueLike<'c>) -> ValueId {
        let key = v.to_raw().ptr as usize;
        if let Some(id) = self.ids.get(&key) {
            return *id;
        }
        let t = v.r#type();
        let text = self.print(t.to_raw().ptr as usize, || t.to_string());
        let id = self.values.new_value(Type::parse(&text));
        self.ids.insert(key, id);
        id
    }

    fn attrs(&mut self, op: &OperationRef) -> Vec<(String, Attr)> {
        op.attributes()
            .map(|(n, a)| {
                (
                    n.as_string_ref().as_str().unwrap_or("").to_string(),
                    Attr(self.print(a.to_raw().ptr as usize, || a.to_string())),
                )
            })
            .collect()
    }

    /// `print()`, or what it gave for the same storage before.
    fn print(&mut self, key: usize, print: impl FnOnce() -> String) -> String {
        self.printed.entry(key).or_insert_with(print).clone()
    }

    fn block(&mut self, b: BlockRef) -> Block {
        let args = (0..b.argument_count()).map(|i| self.id(b.argument(i).expect("arg"))).collect();
        let mut ops = vec![];
        let mut cur = b.first_operation();
        while let Some(op) = cur {
            ops.push(self.op(op));
            cur = op.next_in_block();
        }
        Block { args, ops }
    }

    fn op(&mut self, op: OperationRef) -> Op {
        // Results first: uses inside nested regions may refer to them (graph regions).
        let results = op.results().map(|r| self.id(r)).collect();
        let regions = op
            .regions()
            .map(|r| {
                let mut blocks = vec![];
                let mut cur = r.first_block();
                let mut raws = vec![];
                while let Some(b) = cur {
                    raws.push(b);
                    cur = b.next_in_region();
                }
                // Block arguments get ids before any op of the region refers to them.
                for b in &raws {
                    for i in 0..b.argument_count() {
                        self.id(b.argument(i).expect("arg"));
                    }
                }
                for b in raws {
                    blocks.push(self.block(b));
                }
                Region { blocks }
            })
            .collect();
        let operands = op.operands().map(|v| self.id(v)).collect();
        let successors = op
            .successors()
            .map(|s| {
                let parent = s.parent_region().expect("successor in a region");
                let mut idx = 0;
                let mut cur = parent.first_block();
                while let Some(b) = cur {
                    if b == s {
                        break;
                    }
                    idx += 1;
                    cur = b.next_in_region();
                }
                idx
            })
            .collect();
        Op {
            name: op.name().as_string_ref().as_str().unwrap_or("").to_string(),
            operands,
            results,
            attrs: self.attrs(&op),
            regions,
            successors,
            loc: {
                let l = op.location();
                self.print(l.to_raw().ptr as usize, || l.to_string())
            },
        }
    }
}
