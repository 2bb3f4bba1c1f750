//! What a pass asks of an op with regions: the values it and its nested ops read, and a
//! copy of it with fresh results reading replacements (software pipelining copies loop
//! bodies, an `scf.if` inside them included).

use std::collections::HashMap;

use super::{Op, ValueId, Values};

impl Op {
    /// Whether this op (or an op nested in it) reads `v`.
    pub fn uses(&self, v: ValueId) -> bool {
        self.operands.contains(&v) || self.nested_operands().contains(&v)
    }

    /// Every read of `from` in `ops` (nested regions included) reads `to` instead.
    pub fn replace_uses(ops: &mut [Op], from: ValueId, to: ValueId) {
        for o in ops {
            for v in o.operands.iter_mut().filter(|v| **v == from) {
                *v = to;
            }
            for b in o.regions.iter_mut().flat_map(|g| &mut g.blocks) {
                Op::replace_uses(&mut b.ops, from, to);
            }
        }
    }

    /// Every op nested in this one's regions, at any depth, depth first, in order (not
    /// this op itself).
    pub fn walk_nested<'a>(&'a self, f: &mut impl FnMut(&'a Op)) {
        for o in self.regions.iter().flat_map(|r| &r.blocks).flat_map(|b| &b.ops) {
            f(o);
            o.walk_nested(f);
        }
    }

    /// The operands of every op nested in this one's regions, at any depth.
    pub fn nested_operands(&self) -> Vec<ValueId> {
        let mut out = vec![];
        for r in &self.regions {
            for b in &r.blocks {
                for o in &b.ops {
                    out.extend(o.operands.iter().copied());
                    out.extend(o.nested_operands());
                }
            }
        }
        out
    }
}

impl Values {
    /// A copy of `op` reading `map`'s replacements, with fresh results (added to `map`);
    /// nested regions are copied the same way, block arguments included, so an op in a
    /// copied region reads the copy's values.
    pub fn clone_op(&mut self, op: &Op, map: &mut HashMap<ValueId, ValueId>) -> Op {
        let mut c = op.clone();
        for v in &mut c.operands {
            if let Some(n) = map.get(v) {
                *v = *n;
            }
        }
        for r in &mut c.results {
            let n = self.new_value(self.ty(*r).clone());
            map.insert(*r, n);
            *r = n;
        }
        for region in &mut c.regions {
            for block in &mut region.blocks {
                for a in &mut block.args {
                    let n = self.new_value(self.ty(*a).clone());
                    map.insert(*a, n);
                    *a = n;
                }
                block.ops = block.ops.iter().map(|o| self.clone_op(o, map)).collect();
            }
        }
        c
    }
}
