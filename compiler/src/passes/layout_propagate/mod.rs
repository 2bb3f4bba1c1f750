//! `layout-propagate`: give every tile an encoding, starting from the anchors `coalesce`
//! chose for loads and stores, and insert `layout.convert` only where a value cannot be
//! recomputed cheaply in the encoding a consumer needs.
//!
//! 1. Whole-tile sum / max / min of a 2-D tile (`reduce(reshape(x))`) becomes a reduction
//!    along axis 1 then axis 0, so it needs no reshape through shared memory.
//! 2. Demands, walking each block backwards (every use of a value is seen before its
//!    definition; loop-carried values take the encoding their results are demanded in):
//!    stores and tile atomics demand their operands in their anchor; an op in encoding
//!    L demands its operands in L (elementwise, broadcast, addptr, load), in
//!    `#layout.slice<axis, L>` (expand_dims), or in L with dimensions swapped (trans);
//!    a reduction along `axis` whose result is demanded in `#layout.slice<axis, P>` reads
//!    its operand in P.
//! 3. Which encodings each op is emitted in: cheap ops (arange, splat, constants,
//!    expand_dims, broadcast, trans, elementwise arithmetic, addptr) once per encoding
//!    demanded of them, so both `ro[:, None]` and `ro[None, :]` get their own `arange`
//!    (Triton's rematerialisation); a plain load demanded only in slice encodings (a row
//!    vector broadcast into a 2-D tile) is loaded in each; a scan along an axis of a 2-D
//!    tile in an encoding that keeps the warps off that axis (`blocked_for_scan`);
//!    everything else once, in its anchor or the default encoding of its shape.
//! 4. Rebuild the function in order: each op once per chosen encoding; where a value is
//!    demanded in an encoding it was not emitted in, a `layout.convert` right after its
//!    definition (or at the top of the block that defines it).

use crate::options::CompileOptions;
use crate::pass::PassError;
use std::collections::{HashMap, HashSet};
use tile_dialects::attrname;
use tile_dialects::attrs::ReduceKind;
use tile_dialects::ir::{Attr, Encoding, Module, Op, Type, ValueId, Values};
use tile_dialects::layout::blocked::{blocked_for_scan, blocked_with_order};
pub use tile_dialects::layout::blocked::{transposed, unpermuted};
use tile_dialects::opname;

mod dots;
mod emit;

pub(super) struct State<'a> {
    values: &'a mut Values,
    num_warps: u32,
    /// Row-major anchors seen, by shape: the default encoding of tiles of that shape.
    defaults: HashMap<Vec<i64>, Encoding>,
    /// Step 2: the encodings each value is demanded in, in first-demand order.
    demands: HashMap<ValueId, Vec<Encoding>>,
    /// Step 3: the encodings each value is emitted in (the first is its home).
    emitted: HashMap<ValueId, Vec<Encoding>>,
    /// Anchors of load results (a reduction of a loaded tile reads it as loaded).
    load_anchor: HashMap<ValueId, Encoding>,
    /// Step 4: the value standing for (source value, encoding).
    avail: HashMap<(ValueId, Encoding), ValueId>,
    /// Encodings the enclosing region's terminator must yield in.
    yields: Vec<Vec<Option<Encoding>>>,
    /// Whether the target has wgmma (tensor-core forms depend on it).
    wgmma: bool,
    /// Step 1b: each dot's plan, by result.
    dots: HashMap<ValueId, dots::DotChoice>,
    /// Step 1b: values whose encoding follows from a tensor-core dot (`dots.rs`).
    fixed: HashMap<ValueId, Encoding>,
    /// Step 1b: results of `broadcast` (`dots.rs` fixes an op on one and a full tile in the
    /// tile's encoding).
    broadcasts: HashSet<ValueId>,
}

pub fn run(m: &mut Module, opts: &CompileOptions) -> Result<(), PassError> {
    m.funcs_mut(|values, func| {
        let nw = func.num_warps();
        let mut st = State {
            values,
            num_warps: nw,
            defaults: HashMap::new(),
            demands: HashMap::new(),
            emitted: HashMap::new(),
            load_anchor: HashMap::new(),
            avail: HashMap::new(),
            yields: vec![],
            wgmma: opts.arch.has_wgmma(),
            dots: HashMap::new(),
            fixed: HashMap::new(),
            broadcasts: HashSet::new(),
        };
        let body = &mut func.regions[0].blocks[0];
        split_whole_reductions(st.values, &mut body.ops);
        st.collect_anchors(&body.ops);
        st.plan_dots(&body.ops);
        st.demand_block(&body.ops)?;
        let ops = std::mem::take(&mut body.ops);
        let mut out = vec![];
        st.emit_block(ops, &mut out)?;
        body.ops = out;
        Ok(())
    })
}

/// The anchor a memory op recorded.
pub(super) fn anchor(op: &Op) -> Option<Encoding> {
    op.attr(attrname::LAYOUT_ANCHOR).map(|a| Encoding::parse(&a.0))
}

/// The anchor of the memory op that reads loop argument `arg` of `body` as its pointer
/// (operand 0), when the loop's result is not used after it: a pointer tile advanced each
/// trip (a K-major operand, `b + ok[:, None] + on[None, :] * sbn`) is then carried in
/// the encoding its load wants, not converted through shared memory every trip.
fn carried_anchor(body: &tile_dialects::ir::Block, arg: usize) -> Option<Encoding> {
    let a = *body.args.get(arg)?;
    body.ops.iter().find(|o| o.operands.first() == Some(&a)).and_then(anchor)
}

/// The tile operands among `vs`.
fn tiles(values: &Values, vs: &[ValueId]) -> Vec<ValueId> {
    vs.iter().copied().filter(|v| values.ty(*v).is_tensor()).collect()
}

pub(super) fn is_cheap(op: &Op) -> bool {
    matches!(
        op.name.as_str(),
        opname::TILE_ARANGE
            | opname::TILE_SPLAT
            | opname::TILE_EXPAND_DIMS
            | opname::TILE_BROADCAST
            | opname::TILE_TRANS
            | opname::TILE_ADDPTR
    ) || (op.name.starts_with("arith.") || op.name.starts_with("math.")) && op.results.len() == 1
}

/// Step 1.
fn split_whole_reductions(values: &mut Values, ops: &mut Vec<Op>) {
    let reshapes: HashMap<ValueId, ValueId> =
        ops.iter().filter(|o| o.name == opname::TILE_RESHAPE).map(|o| (o.result(), o.operands[0])).collect();
    let mut out = Vec::with_capacity(ops.len());
    for mut op in std::mem::take(ops) {
        for r in &mut op.regions {
            for b in &mut r.blocks {
                split_whole_reductions(values, &mut b.ops);
            }
        }
        let kind = op.enum_attr(attrname::KIND);
        let src = op.operands.first().and_then(|v| reshapes.get(v)).copied();
        match src {
            Some(x)
                if op.name == opname::TILE_REDUCE
                    && matches!(kind, Some(ReduceKind::Sum | ReduceKind::Max | ReduceKind::Min | ReduceKind::Xor))
                    && values.ty(x).shape().len() == 2 =>
            {
                let xt = values.ty(x).clone();
                let rows = values.new_value(Type::tensor(vec![xt.shape()[0]], xt.elem().clone()));
                let mut first = op.clone();
                first.operands = vec![x];
                first.results = vec![rows];
                first.set_attr("axis", Attr::int(1, "i32"));
                op.operands = vec![rows];
                op.set_attr("axis", Attr::int(0, "i32"));
                out.push(first);
                out.push(op);
            }
            _ => out.push(op),
        }
    }
    // Reshapes nothing reads any more are dropped (a reshape costs a shared-memory trip).
    let mut used: HashSet<ValueId> = HashSet::new();
    collect_uses(&out, &mut used);
    out.retain(|o| o.name != opname::TILE_RESHAPE || used.contains(&o.result()));
    *ops = out;
}

fn collect_uses(ops: &[Op], used: &mut HashSet<ValueId>) {
    for o in ops {
        used.extend(o.operands.iter().copied());
        for r in &o.regions {
            for b in &r.blocks {
                collect_uses(&b.ops, used);
            }
        }
    }
}

impl State<'_> {
    fn collect_anchors(&mut self, ops: &[Op]) {
        for op in ops {
            if let Some(a) = anchor(op) {
                let shape = self.values.ty(op.operands[0]).shape().to_vec();
                let row_major = a.blocked().is_some_and(|b| b.order.iter().rev().copied().eq(0..b.order.len() as u32));
                if row_major {
                    self.defaults.entry(shape).or_insert(a.clone());
                }
                if op.name == opname::TILE_LOAD {
                    self.load_anchor.insert(op.result(), a);
                }
            }
            for r in &op.regions {
                for b in &r.blocks {
                    self.collect_anchors(&b.ops);
                }
            }
        }
    }

    /// The encoding of a tile of `shape` that nothing asks anything particular of.
    fn default(&self, shape: &[i64]) -> Encoding {
        if let Some(e) = self.defaults.get(shape) {
            return e.clone();
        }
        let order: Vec<u32> = (0..shape.len() as u32).rev().collect();
        Encoding::Blocked(blocked_with_order(shape, &order, 1, self.num_warps))
    }

    /// A scan reads and writes its tile in `blocked_for_scan` of the default encoding.
    fn scan_encoding(&self, op: &Op) -> Encoding {
        let shape = self.values.ty(op.operands[0]).shape().to_vec();
        let d = self.default(&shape);
        let axis = op.int_attr("axis").unwrap_or(0) as usize;
        match d.blocked().and_then(|b| blocked_for_scan(&shape, axis, b)) {
            Some(b) => Encoding::Blocked(b),
            None => d,
        }
    }

    fn demand(&mut self, v: ValueId, e: Encoding) {
        if !self.values.ty(v).is_tensor() {
            return;
        }
        let d = self.demands.entry(v).or_default();
        if !d.contains(&e) {
            d.push(e);
        }
    }

    fn first_demand_or_default(&self, v: ValueId) -> Encoding {
        if let Some(e) = self.fixed.get(&v) {
            return e.clone();
        }
        match self.demands.get(&v).and_then(|d| d.first()) {
            Some(e) => e.clone(),
            None => self.default(self.values.ty(v).shape()),
        }
    }

    /// What operand `i` of `op` must be in when `op`'s result is in `enc` (step 2's rules).
    fn operand_enc(&self, op: &Op, i: usize, enc: &Encoding) -> Result<Option<Encoding>, PassError> {
        let v = op.operands[i];
        if !self.values.ty(v).is_tensor() {
            return Ok(None);
        }
        Ok(Some(match op.name.as_str() {
            opname::TILE_EXPAND_DIMS => {
                Encoding::Slice { dim: op.int_attr("axis").unwrap_or(0) as u32, parent: Box::new(enc.clone()) }
            }
            opname::TILE_TRANS => op.trans_order().and_then(|o| unpermuted(enc, &o)).ok_or_else(|| {
                PassError::at(&op.loc, format!("`trans` of a tile in {enc} is not supported (blocked tiles are)"))
            })?,
            _ => enc.clone(),
        }))
    }

    /// Steps 2 and 3 over one block, backwards.
    fn demand_block(&mut self, ops: &[Op]) -> Result<(), PassError> {
        for op in ops.iter().rev() {
            self.demand_op(op)?;
        }
        Ok(())
    }

    fn demand_op(&mut self, op: &Op) -> Result<(), PassError> {
        let name = op.name.as_str();
        match name {
            "scf.yield" | "scf.condition" => {
                let encs = self.yields.last().cloned().unwrap_or_default();
                let skip = (name == "scf.condition") as usize; // the condition itself
                for (k, v) in op.operands.iter().skip(skip).enumerate() {
                    if let Some(Some(e)) = encs.get(k) {
                        self.demand(*v, e.clone());
                    }
                }
                return Ok(());
            }
            "scf.for" | "scf.if" | "scf.while" => return self.demand_scf(op),
            _ => {}
        }
        if let Some(a) = anchor(op) {
            if name != opname::TILE_LOAD {
                // Stores and tile atomics: every tile operand in the anchor.
                for v in tiles(self.values, &op.operands) {
                    self.demand(v, a.clone());
                }
                if let Some(r) = op.results.first() {
                    if self.values.ty(*r).is_tensor() {
                        self.emitted.insert(*r, vec![a.clone()]);
                    }
                }
                return Ok(());
            }
        }
        if name == opname::TILE_DOT && self.demand_dot(op) {
            return Ok(());
        }
        if let Some(home) = op.results.first().and_then(|r| self.fixed.get(r)).cloned() {
            // Fixed by a tensor-core dot (dots.rs): once, in that encoding; a broadcast or
            // expand_dims also in each other encoding demanded of it (attention's
            // `alpha[:, None]`, fixed in q k^T's accumulator encoding, read by `acc * ..` in
            // p v's): the row vector is converted (free where both place rows alike), not
            // the 2-D tile (through shared memory where the two products' instruction
            // shapes place its columns differently: 18 KB a trip at head dim 64, BLOCK_N 128).
            let mut encs = vec![home.clone()];
            if matches!(name, opname::TILE_BROADCAST | opname::TILE_EXPAND_DIMS) {
                for d in self.demands.get(&op.result()).cloned().unwrap_or_default() {
                    if !encs.contains(&d) {
                        encs.push(d);
                    }
                }
            }
            if name == opname::TILE_REDUCE {
                if let Encoding::Slice { parent, .. } = &home {
                    self.demand(op.operands[0], (**parent).clone());
                }
            } else {
                for e in &encs {
                    for i in 0..op.operands.len() {
                        if let Some(oe) = self.operand_enc(op, i, e)? {
                            self.demand(op.operands[i], oe);
                        }
                    }
                }
            }
            self.emitted.insert(op.result(), encs);
            return Ok(());
        }
        let Some(&r) = op.results.first() else {
            // Results-free ops (print): their tile operands in their default encoding; a
            // descriptor store's block where it is (a product's accumulator: staged for
            // the TMA copy from there, with no conversion).
            for v in tiles(self.values, &op.operands) {
                let e = if name == opname::TILE_DESC_STORE {
                    self.operand_home(v)
                } else {
                    self.first_demand_or_default(v)
                };
                self.demand(v, e);
            }
            return Ok(());
        };
        let rty = self.values.ty(r).clone();
        let demanded = self.demands.get(&r).cloned().unwrap_or_default();
        let encs: Vec<Encoding> = if !rty.is_tensor() {
            vec![]
        } else if is_cheap(op) {
            if demanded.is_empty() {
                vec![self.default(rty.shape())]
            } else {
                demanded.clone()
            }
        } else if name == opname::TILE_LOAD {
            let plain = op.attr(attrname::TILE_SEM).is_none() && op.int_attr(attrname::VOLATILE) != Some(1);
            let all_slices = !demanded.is_empty() && demanded.iter().all(|e| matches!(e, Encoding::Slice { .. }));
            if plain && all_slices {
                demanded.clone()
            } else {
                vec![anchor(op).unwrap_or_else(|| self.default(rty.shape()))]
            }
        } else if name == opname::TILE_REDUCE {
            let axis = op.int_attr("axis").unwrap_or(0) as u32;
            let p = demanded.iter().find_map(|e| match e {
                Encoding::Slice { dim, parent } if *dim == axis => Some((**parent).clone()),
                _ => None,
            });
            let p = p.unwrap_or_else(|| self.operand_home(op.operands[0]));
            vec![Encoding::Slice { dim: axis, parent: Box::new(p) }]
        } else if name == opname::TILE_SCAN {
            vec![self.scan_encoding(op)]
        } else {
            vec![self.default(rty.shape())]
        };
        // Operands.
        if name == opname::TILE_REDUCE {
            let p = match encs.first() {
                Some(Encoding::Slice { parent, .. }) => (**parent).clone(),
                _ => self.operand_home(op.operands[0]),
            };
            self.demand(op.operands[0], p);
        } else if is_cheap(op) || name == opname::TILE_LOAD {
            for e in &encs {
                for i in 0..op.operands.len() {
                    if let Some(oe) = self.operand_enc(op, i, e)? {
                        self.demand(op.operands[i], oe);
                    }
                }
            }
        } else {
            for v in tiles(self.values, &op.operands) {
                let e =
                    if name == opname::TILE_SCAN { encs[0].clone() } else { self.default(self.values.ty(v).shape()) };
                self.demand(v, e);
            }
        }
        if rty.is_tensor() {
            self.emitted.insert(r, encs);
        }
        Ok(())
    }

    /// The encoding a reduction reads its operand in when nothing asks for one.
    fn operand_home(&self, v: ValueId) -> Encoding {
        if let Some(e) = self.fixed.get(&v) {
            return e.clone();
        }
        if let Some(a) = self.load_anchor.get(&v) {
            return a.clone();
        }
        self.first_demand_or_default(v)
    }

    fn demand_scf(&mut self, op: &Op) -> Result<(), PassError> {
        let res_encs: Vec<Option<Encoding>> = op
            .results
            .iter()
            .enumerate()
            .map(|(k, r)| {
                self.values.ty(*r).is_tensor().then(|| {
                    let unasked = !self.fixed.contains_key(r) && self.demands.get(r).is_none_or(|d| d.is_empty());
                    match (unasked, op.name == "scf.for") {
                        (true, true) => carried_anchor(&op.regions[0].blocks[0], 1 + k)
                            .unwrap_or_else(|| self.first_demand_or_default(*r)),
                        _ => self.first_demand_or_default(*r),
                    }
                })
            })
            .collect();
        for (r, e) in op.results.iter().zip(&res_encs) {
            if let Some(e) = e {
                self.emitted.insert(*r, vec![e.clone()]);
            }
        }
        match op.name.as_str() {
            "scf.for" => {
                let body = &op.regions[0].blocks[0];
                for (k, e) in res_encs.iter().enumerate() {
                    if let Some(e) = e {
                        self.demand(op.operands[3 + k], e.clone());
                        self.emitted.insert(body.args[1 + k], vec![e.clone()]);
                    }
                }
                self.yields.push(res_encs.clone());
                self.demand_block(&body.ops)?;
                self.yields.pop();
            }
            "scf.if" => {
                self.yields.push(res_encs.clone());
                for r in &op.regions {
                    for b in &r.blocks {
                        self.demand_block(&b.ops)?;
                    }
                }
                self.yields.pop();
            }
            _ => {
                // scf.while: `before` args take the inits' encodings (their default), the
                // `after` args and results the results'.
                let before = &op.regions[0].blocks[0];
                let after = &op.regions[1].blocks[0];
                let init_encs: Vec<Option<Encoding>> = op
                    .operands
                    .iter()
                    .map(|v| self.values.ty(*v).is_tensor().then(|| self.default(self.values.ty(*v).shape())))
                    .collect();
                for (k, e) in init_encs.iter().enumerate() {
                    if let Some(e) = e {
                        self.demand(op.operands[k], e.clone());
                        self.emitted.insert(before.args[k], vec![e.clone()]);
                    }
                }
                for (k, e) in res_encs.iter().enumerate() {
                    if let Some(e) = e {
                        self.emitted.insert(after.args[k], vec![e.clone()]);
                    }
                }
                self.yields.push(init_encs);
                self.demand_block(&after.ops)?;
                self.yields.pop();
                self.yields.push(res_encs);
                self.demand_block(&before.ops)?;
                self.yields.pop();
            }
        }
        Ok(())
    }
}
