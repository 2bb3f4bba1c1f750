//! `fold-bounds`: a bounds check a loop's index always passes is folded to a constant.
//! In `for s in range(lo, hi, BN)` with `hi <= N`, the check `s + arange(0, BN) < N` is
//! true in every trip when `s` and `N` are multiples of a power of two D >= BN: then
//! `s <= N - D`, so `s + BN - 1 < N`. A kernel written for any N (attention's K and V
//! loads, masked by `kn < N_CTX`) compiled for an N known to be a multiple of the block
//! (`--divisibility N_CTX=64`, checked at launch) then copies whole tiles, with no per-row
//! predicates (Triton's tutorial kernels leave the mask out and are only right for such
//! N): d128 attention's loop loses 33 of its 399 instructions and 17 of its registers.
//!
//! 1. Facts: each `scf.for` induction variable `s` is below the loop's upper bound; an
//!    upper bound is at most N when it is N (or both are constants in order), `min(x, N)` (either operand), a `select` of
//!    two such values, or an `scf.if` result whose branches yield values at most N, where
//!    a branch may yield `x` when its condition says `x <= N` (`if hi > N { hi = N }`).
//!    Divisibility is axis info's (specialised arguments, loop steps).
//! 2. An index is `s + c` (a scalar, `c` a constant >= 0) or `splat(s + c) + arange(a, b)`
//!    (`a >= 0`), seen through `expand_dims` and `broadcast`; its largest offset is `c`,
//!    or `c + b - 1`. With D = min(div(s), div(N)), `index < N` holds when the largest
//!    offset is below D and `index <= N` when it is at most D; the comparison (either
//!    operand order, or its negation `>=`, `>`) becomes a constant, splatted for tiles.
//!    Offsets are never negative and `s + offset <= N`, so nothing wraps.
//!
//! Nothing else changes: the index tiles stay for the addresses, and the folded masks'
//! `and`s and `select`s fold in LLVM. Runs on the tile level, before `coalesce`, so axis
//! info sees constant masks (one run over the whole tile).
//!
//! 3. A check that would fold were a kernel argument N a multiple of a larger power of
//!    two (every other condition met: `s` divisible enough, its bound at most N) leaves
//!    that divisor on the function, `tile.divisibility_hints` (one entry per argument, 1
//!    for none; the largest asked). OUT.json carries it as each parameter's
//!    `divisibility_hint`, and launchers that specialise on arguments recompile for it
//!    when the argument allows, as Triton specialises on 16: attention compiled for any
//!    N_CTX runs the unmasked loop whenever N_CTX is a multiple of BLOCK_N.

use crate::analysis::axis_info::AxisAnalysis;
use crate::options::CompileOptions;
use crate::pass::PassError;
use std::collections::HashMap;
use tile_dialects::attrname;
use tile_dialects::ir::types::{fmt_array, parse_i32_array};
use tile_dialects::ir::{Attr, Builder, Module, Op, ValueId, Values};
use tile_dialects::opname;

pub fn run(m: &mut Module, _opts: &CompileOptions) -> Result<(), PassError> {
    // Decide on the module as it is, then rewrite: every fold reads the original ops.
    let (folds, hints) = {
        let axis = AxisAnalysis::run(m);
        let mut f = Facts {
            axis: &axis,
            defs: HashMap::new(),
            upper: HashMap::new(),
            ifs: HashMap::new(),
            args: HashMap::new(),
        };
        for (k, func) in m.body.iter().enumerate().filter(|(_, o)| o.name == "func.func") {
            if let Some(b) = func.regions.first().and_then(|r| r.blocks.first()) {
                f.args.extend(b.args.iter().enumerate().map(|(i, &a)| (a, (k, i))));
            }
        }
        m.walk(&mut |op| f.record(op));
        let mut folds: HashMap<ValueId, bool> = HashMap::new();
        // (func's index in the module body, argument) -> the divisor asked.
        let mut hints: HashMap<(usize, usize), i64> = HashMap::new();
        m.walk(&mut |op| match (op.name == "arith.cmpi").then(|| f.judge(op)).flatten() {
            Some(Verdict::Folds(v)) => {
                folds.insert(op.result(), v);
            }
            Some(Verdict::Wants(n, d)) => {
                let e = hints.entry(f.args[&n]).or_insert(1);
                *e = (*e).max(d);
            }
            None => {}
        });
        (folds, hints)
    };
    for (k, func) in m.body.iter_mut().enumerate().filter(|(_, o)| o.name == "func.func") {
        let nargs = func.regions.first().and_then(|r| r.blocks.first()).map_or(0, |b| b.args.len());
        let wanted: Vec<u32> = (0..nargs).map(|i| hints.get(&(k, i)).map_or(1, |&d| d as u32)).collect();
        if wanted.iter().any(|&d| d > 1) {
            func.set_attr(attrname::TILE_DIVISIBILITY_HINTS, Attr(fmt_array(&wanted)));
        }
    }
    if folds.is_empty() {
        return Ok(());
    }
    m.funcs_mut(|values, func| {
        fold_block(values, &mut func.regions[0].blocks[0].ops, &folds);
        Ok(())
    })
}

/// A function's step-3 divisors, one per argument (empty: none asked).
pub fn hints(func: &Op) -> Vec<u32> {
    func.attr(attrname::TILE_DIVISIBILITY_HINTS).map(|a| parse_i32_array(&a.0)).unwrap_or_default()
}

/// What step 2 makes of one comparison.
enum Verdict {
    /// Folds to this constant.
    Folds(bool),
    /// Would fold were this function argument a multiple of this power of two (step 3).
    Wants(ValueId, i64),
}

/// What the pass knows of the module.
struct Facts<'m> {
    /// Axis info (the divisibility of scalars).
    axis: &'m AxisAnalysis,
    /// Each value's defining op.
    defs: HashMap<ValueId, &'m Op>,
    /// Each loop induction variable's upper bound.
    upper: HashMap<ValueId, ValueId>,
    /// Each `scf.if` result: (condition, then-yield, else-yield).
    ifs: HashMap<ValueId, (ValueId, ValueId, ValueId)>,
    /// Each function argument: (its function's index in the module body, its position).
    args: HashMap<ValueId, (usize, usize)>,
}

// arith.cmpi predicates.
const SLT: i64 = 2;
const SLE: i64 = 3;
const SGT: i64 = 4;
const SGE: i64 = 5;

impl<'m> Facts<'m> {
    fn record(&mut self, op: &'m Op) {
        for &r in &op.results {
            self.defs.insert(r, op);
        }
        // (A loop comparing its bound unsigned is left alone: its index may be negative.)
        if op.name == "scf.for" && op.attr("unsignedCmp").is_none() {
            if let Some(&iv) = op.regions.first().and_then(|r| r.blocks.first()).and_then(|b| b.args.first()) {
                self.upper.insert(iv, op.operands[1]);
            }
        }
        if op.name == "scf.if" && op.regions.len() == 2 {
            let yields = |k: usize| op.regions[k].blocks.first().and_then(|b| b.ops.last()).map(|y| y.operands.clone());
            if let (Some(t), Some(e)) = (yields(0), yields(1)) {
                for (i, &r) in op.results.iter().enumerate() {
                    if let (Some(&tv), Some(&ev)) = (t.get(i), e.get(i)) {
                        self.ifs.insert(r, (op.operands[0], tv, ev));
                    }
                }
            }
        }
    }

    fn def(&self, v: ValueId, name: &str) -> Option<&'m Op> {
        self.defs.get(&v).copied().filter(|o| o.name == name)
    }

    /// Axis info's divisibility of a scalar (1 where it knows nothing).
    fn div(&self, v: ValueId) -> i64 {
        self.axis.info.get(&v).map_or(1, |i| i.divisibility[0])
    }

    fn constant(&self, v: ValueId) -> Option<i64> {
        self.def(v, "arith.constant")?.int_attr("value")
    }

    /// Whether `v <= n` always holds (step 1).
    fn at_most(&self, v: ValueId, n: ValueId, depth: u32) -> bool {
        if v == n {
            return true;
        }
        if let (Some(a), Some(b)) = (self.constant(v), self.constant(n)) {
            return a <= b;
        }
        if depth == 0 {
            return false;
        }
        if let Some(o) = self.def(v, "arith.minsi") {
            return o.operands.iter().any(|&x| self.at_most(x, n, depth - 1));
        }
        if let Some(o) = self.def(v, "arith.select") {
            return o.operands[1..].iter().all(|&x| self.at_most(x, n, depth - 1));
        }
        if let Some(&(cond, t, e)) = self.ifs.get(&v) {
            let branch = |y: ValueId, taken: bool| self.at_most(y, n, depth - 1) || self.implies_le(cond, taken, y, n);
            return branch(t, true) && branch(e, false);
        }
        false
    }

    /// Whether `cond == taken` implies `x <= n`.
    fn implies_le(&self, cond: ValueId, taken: bool, x: ValueId, n: ValueId) -> bool {
        let Some(c) = self.def(cond, "arith.cmpi") else { return false };
        let (p, l, r) = (c.int_attr("predicate").unwrap_or(-1), c.operands[0], c.operands[1]);
        // The comparison as it holds in the branch: `l p r`, or its negation.
        let (le_form, ge_form) = if taken { ([SLT, SLE], [SGT, SGE]) } else { ([SGT, SGE], [SLT, SLE]) };
        (le_form.contains(&p) && l == x && r == n) || (ge_form.contains(&p) && l == n && r == x)
    }

    /// A scalar `s + c` (`s` a loop's induction variable, `c >= 0` a constant): (s, c).
    fn scalar_index(&self, v: ValueId) -> Option<(ValueId, i64)> {
        if self.upper.contains_key(&v) {
            return Some((v, 0));
        }
        let o = self.def(v, "arith.addi")?;
        let (a, b) = (o.operands[0], o.operands[1]);
        let (s, c) = if self.upper.contains_key(&a) { (a, self.constant(b)?) } else { (b, self.constant(a)?) };
        (self.upper.contains_key(&s) && c >= 0).then_some((s, c))
    }

    /// An index (step 2): (its loop's induction variable, its largest offset).
    fn index(&self, v: ValueId) -> Option<(ValueId, i64)> {
        if let Some(x) = self.scalar_index(v) {
            return Some(x);
        }
        let mut x = v;
        while let Some(o) = self.def(x, opname::TILE_EXPAND_DIMS).or_else(|| self.def(x, opname::TILE_BROADCAST)) {
            x = o.operands[0];
        }
        if let Some(o) = self.def(x, opname::TILE_SPLAT) {
            return self.scalar_index(o.operands[0]);
        }
        let o = self.def(x, "arith.addi")?;
        let (a, b) = (o.operands[0], o.operands[1]);
        let (sp, ar) = if self.def(a, opname::TILE_SPLAT).is_some() { (a, b) } else { (b, a) };
        let (s, c) = self.scalar_index(self.def(sp, opname::TILE_SPLAT)?.operands[0])?;
        let ar = self.def(ar, opname::TILE_ARANGE)?;
        let (lo, hi) = (ar.int_attr("start")?, ar.int_attr("end")?);
        (lo >= 0 && hi > lo).then_some((s, c + hi - 1))
    }

    /// The bound `N` of `splat(N)` or of a scalar `N`.
    fn bound(&self, v: ValueId) -> ValueId {
        self.def(v, opname::TILE_SPLAT).map_or(v, |o| o.operands[0])
    }

    /// Steps 2 and 3 for one comparison.
    fn judge(&self, op: &Op) -> Option<Verdict> {
        let p = op.int_attr("predicate")?;
        if ![SLT, SLE, SGT, SGE].contains(&p) {
            return None;
        }
        let (x, y) = (op.operands[0], op.operands[1]);
        // (index, N, the predicates that test `index < N` (the others `index <= N`), the
        // predicates that test the negation): `index p N`, then `N p index`.
        let forms = [(x, y, [SLT, SGE], [SGT, SGE]), (y, x, [SGT, SLE], [SLT, SLE])];
        let mut wants = None;
        for (ix, nv, strict, negated) in forms {
            let Some((s, off)) = self.index(ix) else { continue };
            let n = self.bound(nv);
            if !self.at_most(self.upper[&s], n, 8) {
                continue;
            }
            let strict = strict.contains(&p);
            let d = self.div(s).min(self.div(n));
            if if strict { off < d } else { off <= d } {
                return Some(Verdict::Folds(!negated.contains(&p)));
            }
            // The least power of two that would do, if only N's divisibility is short.
            let need = if strict { off + 1 } else { off.max(1) } as u64;
            let need = need.next_power_of_two() as i64;
            if self.args.contains_key(&n) && self.div(s) >= need && i32::try_from(need).is_ok() {
                wants = Some(Verdict::Wants(n, need));
            }
        }
        wants
    }
}

fn fold_block(values: &mut Values, ops: &mut Vec<Op>, folds: &HashMap<ValueId, bool>) {
    let mut out = Vec::with_capacity(ops.len());
    for mut op in std::mem::take(ops) {
        for b in op.regions.iter_mut().flat_map(|r| &mut r.blocks) {
            fold_block(values, &mut b.ops, folds);
        }
        let Some(&v) = op.results.first().and_then(|r| folds.get(r)) else {
            out.push(op);
            continue;
        };
        // The constant, splatted for a tile (how the tile level writes tile constants).
        let r = op.result();
        let ty = values.ty(r).clone();
        let mut b = Builder::new(values, &mut out, op.loc.clone());
        if ty.is_tensor() {
            let c = b.const_int(v as i64, 1);
            b.ops.push(Op {
                name: opname::TILE_SPLAT.into(),
                operands: vec![c],
                results: vec![r],
                loc: op.loc.clone(),
                ..Default::default()
            });
        } else {
            b.ops.push(Op {
                name: "arith.constant".into(),
                results: vec![r],
                attrs: vec![("value".into(), Attr::bool(v))],
                loc: op.loc.clone(),
                ..Default::default()
            });
        }
    }
    *ops = out;
}
