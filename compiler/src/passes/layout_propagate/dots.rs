//! Tensor-core dots in `layout-propagate`.
//!
//! 1. Before demands are walked (step 1b), each `tile.dot` gets its plan
//!    (`tile_dialects::layout::mma::plan`): wgmma, mma.sync or CUDA cores, from the
//!    encodings its operands arrive in (their loads' anchors) and the target.
//! 2. A tensor-core dot's result is *fixed* in its accumulator encoding, and so is what
//!    follows from it without a choice: elementwise ops, `expand_dims` and `broadcast` of
//!    fixed values, reductions of them (a slice of the accumulator encoding), and
//!    loop-carried values whose yield is fixed; an elementwise op of fixed values in two
//!    encodings takes its one full (not broadcast) tile's. Fixed values are emitted once,
//!    in their encoding, never rematerialised where they are used: the accumulator stays
//!    in registers across the loop, `acc.to(f16)` converts before the layout change (half
//!    the bytes through shared memory), attention's softmax runs on the accumulator.
//! 3. Emission: a wgmma dot becomes `local_alloc` of each operand read from shared
//!    memory into its `layout.nvmma` buffer, `layout.warp_group_dot` and the buffers'
//!    `local_dealloc`; an mma.sync dot the same buffers read back by `local_load` into
//!    dot-operand registers, then `tile.dot` on those. `software-pipeline` later turns
//!    the loads that fill such buffers inside loops into asynchronous copies. An operand
//!    the program computed (a fixed value: attention's `p`) is not staged: it is demanded
//!    in its dot-operand encoding, a conversion `smem-transpose` finds free where the
//!    accumulator's registers already hold the fragment. A batched (3-D) dot's operands
//!    (`mma::plan_batched`) are demanded in the encoding they arrive in and converted at
//!    the dot, not staged.

use super::{is_cheap, State};
use crate::pass::PassError;
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Encoding, Op, Type, ValueId};
use tile_dialects::layout::mma::{self, DotPlan, Operand, Source};
use tile_dialects::opname;

/// A dot's plan and the encodings its operands are read in before staging.
#[derive(Clone, Debug)]
pub(super) struct DotChoice {
    pub plan: DotPlan,
    pub a_src: Encoding,
    pub b_src: Encoding,
}

/// The dimension order of an encoding's registers (row-major where it has none).
fn order_of(e: &Encoding) -> Vec<u32> {
    match e {
        Encoding::Blocked(b) => b.order.clone(),
        _ => vec![1, 0],
    }
}

impl State<'_> {
    /// Steps 1 and 2 over a block, in program order.
    pub(super) fn plan_dots(&mut self, ops: &[Op]) {
        for op in ops {
            match op.name.as_str() {
                opname::TILE_DOT => self.plan_dot(op),
                "scf.for" => {
                    // Iter args take their yield's fixed encoding; the body may then fix
                    // more, so walk it until nothing changes.
                    let body = &op.regions[0].blocks[0];
                    for _ in 0..4 {
                        self.plan_dots(&body.ops);
                        let Some(y) = body.ops.last() else { break };
                        let mut changed = false;
                        for (k, v) in y.operands.iter().enumerate() {
                            if let Some(e) = self.fixed.get(v).cloned() {
                                for w in [body.args[1 + k], op.results[k]] {
                                    changed |= self.fixed.insert(w, e.clone()).as_ref() != Some(&e);
                                }
                            }
                        }
                        if !changed {
                            break;
                        }
                    }
                }
                _ => {
                    for r in &op.regions {
                        for b in &r.blocks {
                            self.plan_dots(&b.ops);
                        }
                    }
                    if op.name == "scf.if" {
                        self.fix_if_results(op);
                    } else {
                        self.fix_from_operands(op);
                    }
                }
            }
        }
    }

    fn plan_dot(&mut self, op: &Op) {
        let (a, b, acc) = (op.operands[0], op.operands[1], op.operands[2]);
        let r = op.result();
        let src = |st: &Self, v: ValueId| {
            st.fixed
                .get(&v)
                .or_else(|| st.load_anchor.get(&v))
                .cloned()
                .unwrap_or_else(|| st.default(st.values.ty(v).shape()))
        };
        let (a_src, b_src) = (src(self, a), src(self, b));
        let source = |st: &Self, v: ValueId| st.fixed.get(&v).map_or(Source::Loaded, |e| Source::Computed(e.clone()));
        let (sa, sb) = (self.values.ty(a).shape().to_vec(), self.values.ty(b).shape().to_vec());
        let elems = (self.values.ty(a).elem(), self.values.ty(b).elem(), self.values.ty(acc).elem());
        let precision = op.enum_attr(attrname::INPUT_PRECISION).unwrap_or_default();
        if sa.len() == 3 {
            // A batched dot: mma.sync from registers (`mma::plan_batched`).
            let plan = mma::plan_batched((sa[0], sa[1], sb[2], sa[2]), elems, precision, self.num_warps);
            if let Some(e) = plan.acc() {
                self.fixed.insert(r, e.clone());
            }
            self.dots.insert(r, DotChoice { plan, a_src, b_src });
            return;
        }
        let plan = mma::plan(
            (sa[0], sb[1], sa[1]),
            elems,
            precision,
            (&order_of(&a_src), &order_of(&b_src)),
            (&source(self, a), &source(self, b)),
            self.wgmma,
            self.num_warps,
        );
        if let Some(e) = plan.acc() {
            self.fixed.insert(r, e.clone());
        }
        self.dots.insert(r, DotChoice { plan, a_src, b_src });
    }

    /// An `scf.if` result is fixed where every branch yields it fixed in one encoding
    /// (attention's masked scores: `if edge { qk = where(keep, qk, -inf) }`), or a splat
    /// the branch makes, which takes any encoding (a persistent matmul's epilogue: `if
    /// last { store(.., acc); acc = zeros(..) }`, so the accumulator stays in its
    /// registers across tiles).
    fn fix_if_results(&mut self, op: &Op) {
        for (k, &r) in op.results.iter().enumerate() {
            let mut encs = vec![];
            let mut each = true;
            for b in op.regions.iter().flat_map(|reg| &reg.blocks) {
                let Some(v) = b.ops.last().filter(|y| y.name == "scf.yield").map(|y| y.operands[k]) else {
                    each = false;
                    break;
                };
                match self.fixed.get(&v) {
                    Some(e) => encs.push(e.clone()),
                    None if b.ops.iter().any(|o| o.name == opname::TILE_SPLAT && o.results.contains(&v)) => {}
                    None => each = false,
                }
            }
            if each && !encs.is_empty() && encs.iter().all(|e| *e == encs[0]) {
                self.fixed.insert(r, encs[0].clone());
            }
        }
    }

    /// Step 2 for ops other than dots and loops.
    fn fix_from_operands(&mut self, op: &Op) {
        if op.name == opname::TILE_BROADCAST {
            self.broadcasts.insert(op.result());
        }
        let Some(&r) = op.results.first() else { return };
        if !self.values.ty(r).is_tensor() || op.results.len() != 1 {
            return;
        }
        let homes: Vec<Encoding> = op.operands.iter().filter_map(|v| self.fixed.get(v).cloned()).collect();
        let Some(first) = homes.first().cloned() else { return };
        let home = match op.name.as_str() {
            opname::TILE_EXPAND_DIMS => match first {
                Encoding::Slice { dim, parent } if dim as i64 == op.int_attr("axis").unwrap_or(-1) => *parent,
                _ => return,
            },
            opname::TILE_REDUCE => {
                Encoding::Slice { dim: op.int_attr("axis").unwrap_or(0) as u32, parent: Box::new(first) }
            }
            opname::TILE_BROADCAST => first,
            n if is_cheap(op) && n != opname::TILE_TRANS && n != opname::TILE_SPLAT && n != opname::TILE_ARANGE => {
                if homes.iter().all(|h| *h == first) {
                    first
                } else {
                    // Fixed in different encodings (attention's `acc * alpha[:, None]` and
                    // `acc / l_i[:, None]`: `acc` in p v's accumulator encoding, the row
                    // vector broadcast from q k^T's): the one full tile's, the broadcast
                    // converted to it (free where the two place elements alike, as two
                    // wgmma accumulators of one tile do), not the tile through shared
                    // memory at the store. Asked again each round: the loop-carried tile
                    // is fixed only from the second.
                    let full: Vec<&Encoding> = op
                        .operands
                        .iter()
                        .filter(|v| !self.broadcasts.contains(v))
                        .filter_map(|v| self.fixed.get(v))
                        .collect();
                    match full.as_slice() {
                        [e] => (*e).clone(),
                        _ => return,
                    }
                }
            }
            _ => return,
        };
        self.fixed.insert(r, home);
    }

    /// The encoding a dot's operand `idx` is demanded in: its register encoding where
    /// the plan reads it from registers as computed, else its source encoding (staged
    /// through shared memory at the dot).
    fn operand_demand(choice: &DotChoice, idx: usize) -> Option<Encoding> {
        let srcs = [&choice.a_src, &choice.b_src];
        Some(match choice.plan.operands()?[idx] {
            Operand::Regs(e) => e.clone(),
            _ => srcs[idx].clone(),
        })
    }

    /// Step 2 of the demands for a dot: its operands as `operand_demand` says, its
    /// accumulator in the plan's encoding.
    pub(super) fn demand_dot(&mut self, op: &Op) -> bool {
        let Some(choice) = self.dots.get(&op.result()).cloned() else { return false };
        let Some(acc) = choice.plan.acc() else { return false };
        for idx in 0..2 {
            if let Some(e) = Self::operand_demand(&choice, idx) {
                self.demand(op.operands[idx], e);
            }
        }
        self.demand(op.operands[2], acc.clone());
        self.emitted.insert(op.result(), vec![acc.clone()]);
        true
    }

    /// A dot left on CUDA cores records why (`layout.dot_path`, for `--explain-layouts`).
    pub(super) fn note_cuda_cores(&self, op: &mut Op) {
        if let Some(DotChoice { plan: DotPlan::Fma { why }, .. }) = self.dots.get(&op.result()) {
            op.set_attr(attrname::LAYOUT_DOT_PATH, Attr::str(why));
        }
    }

    /// Step 3 for a tensor-core dot (false for CUDA-core dots, which emit as any op).
    pub(super) fn emit_dot(&mut self, op: &Op, out: &mut Vec<Op>) -> Result<bool, PassError> {
        let Some(choice) = self.dots.get(&op.result()).cloned() else { return Ok(false) };
        let (Some(acc_enc), Some(plan_ops)) = (choice.plan.acc(), choice.plan.operands()) else { return Ok(false) };
        let loc = op.loc.clone();
        let r = op.result();
        let acc = self.get(op.operands[2], Some(acc_enc), &loc)?;
        let mut operands = vec![];
        let mut bufs = vec![];
        for (idx, how) in plan_ops.into_iter().enumerate() {
            let v = self.get(op.operands[idx], Self::operand_demand(&choice, idx).as_ref(), &loc)?;
            let (shared, regs) = match how {
                Operand::Regs(_) => {
                    operands.push(v);
                    continue;
                }
                Operand::Converted(e) => {
                    let cv = self.values.new_value(self.values.ty(v).with_encoding(Some(e.clone())));
                    out.push(Op {
                        name: opname::LAYOUT_CONVERT.into(),
                        operands: vec![v],
                        results: vec![cv],
                        loc: loc.clone(),
                        ..Default::default()
                    });
                    operands.push(cv);
                    continue;
                }
                Operand::Shared(s) => (s, None),
                Operand::Staged(s, e) => (s, Some(e)),
            };
            let t = self.values.ty(v).clone();
            let mt =
                Type::MemDesc { shape: t.shape().to_vec(), elem: Box::new(t.elem().clone()), layout: shared.clone() };
            let buf = self.values.new_value(mt);
            out.push(Op {
                name: opname::LAYOUT_LOCAL_ALLOC.into(),
                operands: vec![v],
                results: vec![buf],
                loc: loc.clone(),
                ..Default::default()
            });
            bufs.push(buf);
            operands.push(match regs {
                None => buf,
                Some(e) => {
                    let rv = self.values.new_value(t.with_encoding(Some(e.clone())));
                    out.push(Op {
                        name: opname::LAYOUT_LOCAL_LOAD.into(),
                        operands: vec![buf],
                        results: vec![rv],
                        loc: loc.clone(),
                        ..Default::default()
                    });
                    rv
                }
            });
        }
        operands.push(acc);
        let mut d = op.clone();
        d.operands = operands;
        if matches!(choice.plan, DotPlan::Wgmma { .. }) {
            d.name = opname::LAYOUT_WARP_GROUP_DOT.into();
            d.set_attr("async", Attr::bool(false));
        }
        let ty = self.values.ty(r).with_encoding(Some(acc_enc.clone()));
        self.values.set_ty(r, ty);
        self.push_and_supply(d, &loc, out);
        for buf in bufs {
            out.push(Op {
                name: opname::LAYOUT_LOCAL_DEALLOC.into(),
                operands: vec![buf],
                loc: loc.clone(),
                ..Default::default()
            });
        }
        Ok(true)
    }
}
