//! Axis info: for every integer and pointer value, per dimension, how many consecutive
//! elements are contiguous (`contiguity`), the largest power of two dividing the first
//! element of each such run (`divisibility`, bytes for pointers), and how many consecutive
//! elements are equal (`constancy`). Triton's AxisInfo, over the mirror IR.
//!
//! 1. Seeds: `arange`, constants, `splat`, kernel arguments (`tile.divisibility`).
//! 2. Transfer through add/sub/mul, addptr, comparisons, and/or, broadcasts, selects, casts.
//! 3. `scf.for` induction variables are divisible by gcd(lower bound, step); a
//!    loop-carried value is what its initial value and its yield have in common, found by
//!    walking the body until that stops changing (a pointer tile advanced by a constant
//!    stride keeps its runs, so loads in a K loop stay vectorised, as in Triton).
//! 4. An `scf.if` result is what its branches' yields have in common.
//! 5. Anything else (loads) is unknown: runs of one.

use std::collections::HashMap;
use tile_dialects::ir::{Module, Op, Type, ValueId};
use tile_dialects::opname;

/// No power of two above this is tracked (also the divisibility of zero).
pub const MAX_DIV: i64 = 1 << 30;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AxisInfo {
    pub contiguity: Vec<i64>,
    pub divisibility: Vec<i64>,
    pub constancy: Vec<i64>,
    /// The value, when it is one known constant everywhere.
    pub constant: Option<i64>,
}

impl AxisInfo {
    pub fn unknown(rank: usize) -> AxisInfo {
        let r = rank.max(1);
        AxisInfo { contiguity: vec![1; r], divisibility: vec![1; r], constancy: vec![1; r], constant: None }
    }
    pub fn constant(v: i64, shape: &[i64]) -> AxisInfo {
        let r = shape.len().max(1);
        let constancy = if shape.is_empty() { vec![1] } else { shape.to_vec() };
        AxisInfo { contiguity: vec![1; r], divisibility: vec![pow2_div(v); r], constancy, constant: Some(v) }
    }
}

/// The largest power of two dividing `v` (zero: `MAX_DIV`).
pub fn pow2_div(v: i64) -> i64 {
    if v == 0 {
        MAX_DIV
    } else {
        (1i64 << v.trailing_zeros().min(30)).min(MAX_DIV)
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// Axis info of every value in a module.
#[derive(Default)]
pub struct AxisAnalysis {
    pub info: HashMap<ValueId, AxisInfo>,
}

impl AxisAnalysis {
    pub fn run(m: &Module) -> AxisAnalysis {
        AxisAnalysis::run_seeded(m, &HashMap::new())
    }

    /// As [`AxisAnalysis::run`], with the kernel arguments in `seeds` taken as given there
    /// instead of their `tile.divisibility`: a what-if (`--explain-layouts` asks which
    /// divisors of which arguments would widen an access).
    pub fn run_seeded(m: &Module, seeds: &HashMap<ValueId, AxisInfo>) -> AxisAnalysis {
        let mut a = AxisAnalysis::default();
        for op in &m.body {
            if op.name == "func.func" {
                a.seed_args(m, op);
                a.info.extend(seeds.iter().map(|(v, i)| (*v, i.clone())));
            }
            a.ops(m, &op.regions.iter().flat_map(|r| r.blocks.iter().flat_map(|b| b.ops.iter())).collect::<Vec<_>>());
        }
        a
    }

    pub fn get(&self, m: &Module, v: ValueId) -> AxisInfo {
        self.info.get(&v).cloned().unwrap_or_else(|| AxisInfo::unknown(m.values.ty(v).shape().len()))
    }

    fn seed_args(&mut self, m: &Module, f: &Op) {
        let attrs = f.attr("arg_attrs").map(|a| a.0.clone()).unwrap_or_default();
        let per_arg: Vec<&str> = split_dicts(&attrs);
        if let Some(entry) = f.regions.first().and_then(|r| r.blocks.first()) {
            for (i, a) in entry.args.iter().enumerate() {
                let d = per_arg
                    .get(i)
                    .and_then(|s| s.split("tile.divisibility = ").nth(1))
                    .and_then(|s| s.split(':').next())
                    .and_then(|s| s.trim().parse::<i64>().ok())
                    .unwrap_or(1);
                let mut info = AxisInfo::unknown(m.values.ty(*a).shape().len());
                info.divisibility = vec![d];
                self.info.insert(*a, info);
            }
        }
    }

    fn ops(&mut self, m: &Module, ops: &[&Op]) {
        for op in ops {
            if op.name == "scf.for" {
                // The induction variable is lb + k * step: divisible by both.
                let (lb, step) = (self.get(m, op.operands[0]), self.get(m, op.operands[2]));
                if let Some(iv) = op.regions.first().and_then(|r| r.blocks.first()).and_then(|b| b.args.first()) {
                    let mut info = AxisInfo::unknown(0);
                    info.divisibility = vec![gcd(lb.divisibility[0], step.divisibility[0]).max(1)];
                    self.info.insert(*iv, info);
                }
            }
            if op.name == "scf.for" {
                self.loop_carried(m, op);
                continue;
            }
            for r in &op.regions {
                for b in &r.blocks {
                    let inner: Vec<&Op> = b.ops.iter().collect();
                    self.ops(m, &inner);
                }
            }
            if op.name == "scf.if" {
                self.if_results(m, op);
                continue;
            }
            if op.results.len() == 1 {
                if let Some(info) = self.transfer(m, op) {
                    self.info.insert(op.results[0], info);
                }
            }
        }
    }

    /// Step 3 for an `scf.for`'s iter args and results: start from the initial values,
    /// meet with the yields, repeat until nothing changes (the meet only shrinks runs).
    fn loop_carried(&mut self, m: &Module, op: &Op) {
        let Some(body) = op.regions.first().and_then(|r| r.blocks.first()) else { return };
        let inits: Vec<AxisInfo> = op.operands[3..].iter().map(|v| self.get(m, *v)).collect();
        for (a, i) in body.args[1..].iter().zip(&inits) {
            self.info.insert(*a, i.clone());
        }
        let inner: Vec<&Op> = body.ops.iter().collect();
        for _ in 0..8 {
            self.ops(m, &inner);
            let Some(y) = body.ops.last() else { break };
            let mut changed = false;
            for (k, a) in body.args[1..].iter().enumerate() {
                let (cur, next) = (self.get(m, *a), self.get(m, y.operands[k]));
                let met = meet(&cur, &next);
                changed |= met != cur;
                self.info.insert(*a, met);
            }
            if !changed {
                break;
            }
        }
        for (r, a) in op.results.iter().zip(&body.args[1..]) {
            let info = self.get(m, *a);
            self.info.insert(*r, info);
        }
    }

    /// An `scf.if` result is what every branch's yield of it has in common (a persistent
    /// matmul's pointer tiles, remade when a tile starts, stay vectorised).
    fn if_results(&mut self, m: &Module, op: &Op) {
        for (k, r) in op.results.iter().enumerate() {
            let met = op
                .regions
                .iter()
                .flat_map(|g| &g.blocks)
                .filter_map(|b| b.ops.last().filter(|y| y.name == "scf.yield").map(|y| self.get(m, y.operands[k])))
                .reduce(|a, b| meet(&a, &b));
            if let Some(info) = met {
                self.info.insert(*r, info);
            }
        }
    }

    fn transfer(&self, m: &Module, op: &Op) -> Option<AxisInfo> {
        let ty = m.values.ty(op.results[0]);
        let shape = ty.shape().to_vec();
        let rank = shape.len().max(1);
        let arg = |i: usize| self.get(m, op.operands[i]);
        Some(match op.name.as_str() {
            "arith.constant" => AxisInfo::constant(op.int_attr("value")?, &shape),
            opname::TILE_SPLAT => {
                let x = arg(0);
                AxisInfo {
                    contiguity: vec![1; rank],
                    divisibility: vec![x.divisibility[0]; rank],
                    constancy: shape.clone(),
                    constant: x.constant,
                }
            }
            opname::TILE_ARANGE => {
                let start = op.int_attr("start")?;
                AxisInfo {
                    contiguity: shape.clone(),
                    divisibility: vec![pow2_div(start)],
                    constancy: vec![1],
                    constant: None,
                }
            }
            "arith.addi" | opname::TILE_ADDPTR | "arith.subi" => {
                let (l, r) = (arg(0), arg(1));
                let scale = match ty.elem() {
                    Type::TilePtr(e) if op.name == opname::TILE_ADDPTR => e.bits().div_ceil(8) as i64,
                    _ => 1,
                };
                let sub = op.name == "arith.subi";
                let mut out = AxisInfo::unknown(rank);
                for d in 0..rank {
                    let c1 = gcd(l.contiguity[d], r.constancy[d]);
                    let c2 = if sub { 1 } else { gcd(l.constancy[d], r.contiguity[d]) };
                    out.contiguity[d] = c1.max(c2);
                    out.divisibility[d] = gcd(l.divisibility[d], (r.divisibility[d] * scale).min(MAX_DIV));
                    out.constancy[d] = gcd(l.constancy[d], r.constancy[d]);
                }
                out.constant = match (l.constant, r.constant) {
                    (Some(a), Some(b)) if op.name != opname::TILE_ADDPTR => Some(if sub { a - b } else { a + b }),
                    _ => None,
                };
                out
            }
            "arith.muli" => {
                let (l, r) = (arg(0), arg(1));
                let mut out = AxisInfo::unknown(rank);
                for d in 0..rank {
                    out.contiguity[d] = match (l.constant, r.constant) {
                        (_, Some(1)) => l.contiguity[d],
                        (Some(1), _) => r.contiguity[d],
                        _ => 1,
                    };
                    out.divisibility[d] = (l.divisibility[d] * r.divisibility[d]).min(MAX_DIV);
                    out.constancy[d] = gcd(l.constancy[d], r.constancy[d]);
                }
                out.constant = l.constant.zip(r.constant).map(|(a, b)| a.wrapping_mul(b));
                out
            }
            "arith.remsi" | "arith.remui" => {
                // A run starting at a multiple of g = gcd(divisibilities) crosses no
                // multiple of the divisor before its g-th element (Triton's rule, for the
                // non-negative indices `(pid * B + arange(0, B)) % N` wraps).
                let (l, r) = (arg(0), arg(1));
                let mut out = AxisInfo::unknown(rank);
                for d in 0..rank {
                    let g = gcd(l.divisibility[d], r.divisibility[d]).max(1);
                    out.contiguity[d] = if r.constancy[d] >= l.contiguity[d] { gcd(l.contiguity[d], g) } else { 1 };
                    out.divisibility[d] = g;
                    out.constancy[d] = gcd(l.constancy[d], r.constancy[d]);
                }
                out
            }
            "arith.cmpi" => {
                let (l, r) = (arg(0), arg(1));
                let pred = op.int_attr("predicate").unwrap_or(-1);
                let mut out = AxisInfo::unknown(rank);
                for d in 0..rank {
                    out.constancy[d] = cmp_constancy(pred, &l, &r, d);
                }
                out
            }
            "arith.andi" | "arith.ori" | "arith.xori" | "arith.select" => {
                let xs: Vec<AxisInfo> = (0..op.operands.len()).map(arg).collect();
                let mut out = AxisInfo::unknown(rank);
                for d in 0..rank {
                    out.constancy[d] = xs.iter().map(|x| x.constancy[d]).fold(0, gcd);
                    out.divisibility[d] = xs
                        .iter()
                        .skip((op.name == "arith.select") as usize)
                        .map(|x| x.divisibility[d])
                        .fold(0, gcd)
                        .max(1);
                }
                out
            }
            "arith.extsi" | "arith.extui" | "arith.trunci" => arg(0),
            opname::TILE_BROADCAST => {
                let x = arg(0);
                let xs = m.values.ty(op.operands[0]).shape().to_vec();
                let mut out = x.clone();
                for d in 0..shape.len() {
                    if xs.get(d) == Some(&1) && shape[d] != 1 {
                        out.constancy[d] = shape[d];
                        out.contiguity[d] = 1;
                    }
                }
                out
            }
            opname::TILE_TRANS => {
                // Result axis i is operand axis order[i].
                let x = arg(0);
                let order = op.trans_order()?;
                let pick = |v: &Vec<i64>| order.iter().map(|&d| v[d]).collect();
                AxisInfo {
                    contiguity: pick(&x.contiguity),
                    divisibility: pick(&x.divisibility),
                    constancy: pick(&x.constancy),
                    ..x
                }
            }
            opname::LAYOUT_CONVERT => arg(0),
            opname::TILE_PTR_CAST => {
                // Divisibility counts bytes for pointers, and an address is a byte count:
                // it carries over. Contiguity counts elements: only when both sides'
                // elements have one size (an address's unit is a byte).
                let x = arg(0);
                let unit = |t: &Type| match t.elem() {
                    Type::TilePtr(e) => e.bits().div_ceil(8),
                    _ => 1,
                };
                if unit(m.values.ty(op.operands[0])) == unit(m.values.ty(op.result())) {
                    x
                } else {
                    AxisInfo { contiguity: vec![1; rank], ..x }
                }
            }
            opname::TILE_EXPAND_DIMS => {
                let x = arg(0);
                let axis = op.int_attr("axis")? as usize;
                let mut out = x.clone();
                if m.values.ty(op.operands[0]).shape().is_empty() {
                    return Some(AxisInfo::unknown(rank));
                }
                // Along the new axis each run is one element: its divisibility is what every
                // element of the operand is divisible by (a contiguous run's later elements
                // are odd), not unbounded (Triton's rule; `k[None, :] * stride` with an odd
                // stride must not claim aligned columns).
                let every = (0..x.divisibility.len())
                    .map(|d| if x.contiguity[d] > 1 { 1 } else { x.divisibility[d] })
                    .fold(0, gcd)
                    .max(1);
                out.contiguity.insert(axis, 1);
                out.divisibility.insert(axis, x.constant.map_or(every, pow2_div));
                out.constancy.insert(axis, 1);
                out
            }
            _ => return None,
        })
    }
}

/// What two infos of one value (on different paths) have in common.
fn meet(a: &AxisInfo, b: &AxisInfo) -> AxisInfo {
    let g = |x: &[i64], y: &[i64]| x.iter().zip(y).map(|(p, q)| gcd(*p, *q).max(1)).collect::<Vec<i64>>();
    AxisInfo {
        contiguity: g(&a.contiguity, &b.contiguity),
        divisibility: g(&a.divisibility, &b.divisibility),
        constancy: g(&a.constancy, &b.constancy),
        constant: if a.constant == b.constant { a.constant } else { None },
    }
}

/// `[{a}, {b = 1}]` → `["{a}", "{b = 1}"]`.
fn split_dicts(s: &str) -> Vec<&str> {
    let inner = s.trim().trim_start_matches('[').trim_end_matches(']');
    let mut out = vec![];
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => {
                if depth == 0 {
                    start = i;
                }
                depth += 1
            }
            '}' => {
                depth -= 1;
                if depth == 0 {
                    out.push(&inner[start..=i]);
                }
            }
            _ => {}
        }
    }
    out
}

/// How many consecutive results of `l <pred> r` (arith.cmpi's predicate number) along `d`
/// are equal. Both constant there: the shorter run. A contiguous side against a side
/// constant over the run, both runs aligned to a common power of two `g`: `l < r` and
/// `l >= r` flip only at a multiple of `g` (`start + i < r` for all i < g iff `start < r`
/// when both are multiples of g), mirrored for a contiguous right side (`l > r`, `l <= r`).
/// Equality and `l <= r` with `l` contiguous flip inside a run (`[0, 1] == 0`): Triton's
/// rule, which the first version here did not follow, so an `==` or `<=` mask was taken
/// as constant across a vector.
fn cmp_constancy(pred: i64, l: &AxisInfo, r: &AxisInfo, d: usize) -> i64 {
    let both = gcd(l.constancy[d], r.constancy[d]);
    // slt, sge, ult, uge: a contiguous left against a constant right; sgt, sle, ugt, ule:
    // the mirror image.
    let (run, other) = match pred {
        2 | 5 | 6 | 9 => (l.contiguity[d], r),
        3 | 4 | 7 | 8 => (r.contiguity[d], l),
        _ => return both,
    };
    let aligned = gcd(run, gcd(l.divisibility[d], r.divisibility[d]));
    both.max(gcd(aligned, other.constancy[d]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pow2() {
        assert_eq!(pow2_div(1024), 1024);
        assert_eq!(pow2_div(12), 4);
        assert_eq!(pow2_div(0), MAX_DIV);
        assert_eq!(split_dicts("[{}, {tile.divisibility = 16 : i32}]").len(), 2);
    }

    #[test]
    fn comparisons_of_a_contiguous_run() {
        // ok = arange(0, 64) (contiguous, first element 0), bound = K - k * 64 with K
        // divisible by 16, constant everywhere.
        let ok = AxisInfo { contiguity: vec![64], divisibility: vec![MAX_DIV], constancy: vec![1], constant: None };
        let bound = AxisInfo { contiguity: vec![1], divisibility: vec![16], constancy: vec![64], constant: None };
        let (eq, ne, slt, sle, sgt, sge) = (0, 1, 2, 3, 4, 5);
        assert_eq!(cmp_constancy(slt, &ok, &bound, 0), 16);
        assert_eq!(cmp_constancy(sge, &ok, &bound, 0), 16);
        assert_eq!(cmp_constancy(sgt, &bound, &ok, 0), 16);
        assert_eq!(cmp_constancy(sle, &bound, &ok, 0), 16);
        // These flip inside a run: [0, 1] == 0, [0, 1] <= 0, [0, 1] > 0.
        for p in [eq, ne, sle, sgt] {
            assert_eq!(cmp_constancy(p, &ok, &bound, 0), 1, "predicate {p}");
        }
        // Two constants: the shorter run.
        assert_eq!(cmp_constancy(eq, &bound, &bound, 0), 64);
    }
}
