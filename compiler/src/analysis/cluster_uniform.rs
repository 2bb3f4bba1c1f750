//! Which values are the same in every program of a cluster (`#[cluster_dims(n)]`: the n
//! programs whose axis-0 ids are k n .. k n + n - 1, for some k). A copy whose block is
//! such a value in each program reads the same bytes in all of them, so the cluster may
//! copy it once and multicast it (`software-pipeline`).
//!
//! Optimistic, to a fixpoint: every value is assumed uniform until an op shows otherwise,
//! so loop-carried values (a persistent kernel's tile index) stay uniform when every
//! update of them is. What is not:
//! - `program_id(0)`, except divided (or shifted right) by a multiple of n: the cluster's
//!   index, the same in its n programs;
//! - the result of any op with memory effects or unknown semantics (loads, atomics,
//!   inline assembly, shared memory): two programs may read different bytes or times;
//! - a loop's induction variable or carried value whose bounds, initial value or update
//!   are not uniform, and an `if`'s results whose condition or yields are not; a `while`'s
//!   values (its trip count is the condition's).

use std::collections::{HashMap, HashSet};
use tile_dialects::ir::{Op, ValueId};
use tile_dialects::opname;

/// The non-uniform values of a function (everything else is uniform).
pub struct ClusterUniform {
    varying: HashSet<ValueId>,
    /// Results of `cluster_index` ops: uniform whatever their operands.
    index: HashSet<ValueId>,
}

impl ClusterUniform {
    /// The analysis of kernel `func` launched in clusters of `n` programs along axis 0.
    pub fn of(func: &Op, n: i64) -> ClusterUniform {
        let n = n.max(1);
        let mut defs = HashMap::new();
        func.walk_nested(&mut |o| defs.extend(o.results.iter().map(|&r| (r, o))));
        let mut index = HashSet::new();
        func.walk_nested(&mut |o| {
            if cluster_index(o, &defs, n) {
                index.extend(o.results.iter().copied());
            }
        });
        let mut a = ClusterUniform { varying: HashSet::new(), index };
        // Each round only adds varying values; a value is added at most once.
        loop {
            let before = a.varying.len();
            for r in &func.regions {
                for b in &r.blocks {
                    a.block(&b.ops);
                }
            }
            if a.varying.len() == before {
                return a;
            }
        }
    }

    /// Whether `v` is the same in every program of a cluster.
    pub fn is(&self, v: ValueId) -> bool {
        !self.varying.contains(&v)
    }

    fn all(&self, vs: &[ValueId]) -> bool {
        vs.iter().all(|&v| self.is(v))
    }

    fn vary(&mut self, vs: &[ValueId]) {
        self.varying.extend(vs.iter().copied());
    }

    fn block(&mut self, ops: &[Op]) {
        for op in ops {
            self.op(op);
        }
    }

    fn op(&mut self, op: &Op) {
        for r in &op.regions {
            for b in &r.blocks {
                self.block(&b.ops);
            }
        }
        let name = op.name.as_str();
        match name {
            "scf.for" => {
                let body = &op.regions[0].blocks[0];
                let yields = &body.ops.last().expect("a yield").operands;
                if !self.all(&op.operands[..3]) {
                    self.vary(&body.args);
                    self.vary(&op.results);
                    return;
                }
                for (k, &init) in op.operands[3..].iter().enumerate() {
                    if !(self.is(init) && self.is(yields[k])) {
                        self.vary(&[body.args[k + 1], op.results[k]]);
                    }
                }
            }
            "scf.if" => {
                let cond = self.is(op.operands[0]);
                for (k, &r) in op.results.iter().enumerate() {
                    let same = op
                        .regions
                        .iter()
                        .flat_map(|g| &g.blocks)
                        .all(|b| b.ops.last().and_then(|y| y.operands.get(k)).is_some_and(|&v| self.is(v)));
                    if !(cond && same) {
                        self.vary(&[r]);
                    }
                }
            }
            "scf.yield" | "scf.condition" => {}
            opname::TILE_PROGRAM_ID if op.int_attr("axis") == Some(0) => self.vary(&op.results),
            _ if op.results.first().is_some_and(|r| self.index.contains(r)) => {}
            _ if pure(name) => {
                if !self.all(&op.operands) {
                    self.vary(&op.results);
                }
            }
            _ => {
                self.vary(&op.results);
                for b in op.regions.iter().flat_map(|r| &r.blocks) {
                    self.vary(&b.args);
                }
            }
        }
    }
}

/// Ops whose results are a function of their operands alone.
fn pure(name: &str) -> bool {
    name.starts_with("arith.")
        || name.starts_with("math.")
        || [
            opname::TILE_PROGRAM_ID, // axes 1 and 2: a cluster spans axis 0 only
            opname::TILE_NUM_PROGRAMS,
            opname::TILE_SPLAT,
            opname::TILE_ARANGE,
            opname::TILE_BROADCAST,
            opname::TILE_EXPAND_DIMS,
            opname::TILE_ADDPTR,
        ]
        .contains(&name)
}

/// `program_id(0) / c` or `program_id(0) >> s` with c (2^s) a positive multiple of `n`:
/// the cluster's index, the same in its programs (ids are never negative).
fn cluster_index(op: &Op, defs: &HashMap<ValueId, &Op>, n: i64) -> bool {
    let [x, d] = op.operands[..] else { return false };
    let defined = |v: ValueId| defs.get(&v).copied();
    let is_pid0 = defined(x).is_some_and(|o| o.name == opname::TILE_PROGRAM_ID && o.int_attr("axis") == Some(0));
    let Some(c) = defined(d).filter(|o| o.name == "arith.constant").and_then(|o| o.int_attr("value")) else {
        return false;
    };
    let divisor = match op.name.as_str() {
        "arith.divsi" | "arith.divui" | "arith.floordivsi" => Some(c),
        "arith.shrsi" | "arith.shrui" => (0..31).contains(&c).then(|| 1i64 << c),
        _ => None,
    };
    is_pid0 && divisor.is_some_and(|c| c > 0 && c % n == 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tile_dialects::ir::Module;

    fn analyse(src: &str, n: i64) -> (Module, ClusterUniform) {
        let ctx = tile_dialects::context::create_context();
        let parsed = melior::ir::Module::parse(&ctx, src).unwrap_or_else(|| panic!("parses:\n{src}"));
        let m = tile_dialects::ir::import_module(parsed.as_operation());
        let f = m.body.iter().find(|o| o.name == "func.func").expect("a func").clone();
        let a = ClusterUniform::of(&f, n);
        (m, a)
    }

    /// The values printed as `%name` in `src`, found by the op that defines them.
    fn result_of<'m>(m: &'m Module, op: &str, nth: usize) -> ValueId {
        let mut found = vec![];
        m.walk(&mut |o| {
            if o.name == op {
                found.push(o.results[0]);
            }
        });
        found[nth]
    }

    const PIDS: &str = r#"
func.func @k(%n: i32) {
  %p = "tile.program_id"() {axis = 0 : i32} : () -> i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %q = arith.divsi %p, %c2 : i32
  %r = arith.remsi %p, %c2 : i32
  %t = arith.divsi %p, %c3 : i32
  %u = arith.muli %q, %n : i32
  %y = "tile.program_id"() {axis = 1 : i32} : () -> i32
  return
}
"#;

    #[test]
    fn the_cluster_index_is_uniform_and_the_rank_is_not() {
        let (m, a) = analyse(PIDS, 2);
        let div = |k| result_of(&m, "arith.divsi", k);
        assert!(a.is(div(0)), "pid / 2");
        assert!(!a.is(result_of(&m, "arith.remsi", 0)), "pid % 2");
        assert!(!a.is(div(1)), "pid / 3 spans clusters");
        assert!(a.is(result_of(&m, "arith.muli", 0)), "(pid / 2) * n");
        assert!(!a.is(result_of(&m, "tile.program_id", 0)));
        assert!(a.is(result_of(&m, "tile.program_id", 1)), "axis 1");
        // Clusters of 4: pid / 2 spans two of a cluster's halves.
        let (m, a) = analyse(PIDS, 4);
        assert!(!a.is(result_of(&m, "arith.divsi", 0)));
    }

    #[test]
    fn loop_carried_values_are_uniform_only_when_every_update_is() {
        let src = r#"
func.func @k(%n: i32, %x: !tile.ptr<i32>) {
  %p = "tile.program_id"() {axis = 0 : i32} : () -> i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %q = arith.divsi %p, %c2 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %q, %b = %q) -> (i32, i32) : i32 {
    %a2 = arith.addi %a, %c1 : i32
    %b2 = arith.addi %b, %p : i32
    scf.yield %a2, %b2 : i32, i32
  }
  %v = "tile.load"(%x) {cache = "", evict = "", volatile = false, operandSegmentSizes = array<i32: 1, 0, 0>} : (!tile.ptr<i32>) -> i32
  %e = scf.for %j = %c0 to %v step %c1 iter_args(%s = %c0) -> (i32) : i32 {
    %s2 = arith.addi %s, %c1 : i32
    scf.yield %s2 : i32
  }
  return
}
"#;
        let (m, a) = analyse(src, 2);
        let fors: Vec<&Op> = {
            let mut v = vec![];
            m.walk(&mut |o| {
                if o.name == "scf.for" {
                    v.push(o)
                }
            });
            v
        };
        assert!(a.is(fors[0].results[0]), "a += 1 from the cluster index");
        assert!(!a.is(fors[0].results[1]), "b += pid");
        assert!(a.is(fors[0].regions[0].blocks[0].args[0]), "the induction variable");
        assert!(!a.is(fors[1].regions[0].blocks[0].args[0]), "bounded by a load");
        assert!(!a.is(fors[1].results[0]));
    }
}
