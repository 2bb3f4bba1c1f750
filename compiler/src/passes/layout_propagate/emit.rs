//! Step 4 of `layout-propagate`: rebuild each function in order, every op once per
//! encoding chosen for it, `layout.convert` where a value is demanded in an encoding it
//! was not emitted in.

use super::{anchor, is_cheap, State};
use crate::pass::PassError;
use tile_dialects::ir::{Attr, Block, Encoding, Op, Region, ValueId};
use tile_dialects::opname;

impl State<'_> {
    /// The value for `v` in `enc` (scalars are themselves).
    pub(super) fn get(&self, v: ValueId, enc: Option<&Encoding>, loc: &str) -> Result<ValueId, PassError> {
        match enc {
            None => Ok(v),
            Some(e) => self.avail.get(&(v, e.clone())).copied().ok_or_else(|| {
                PassError::at(
                    loc,
                    format!("layout-propagate: no value for %{v} in {e} (an op this pass does not know?)"),
                )
            }),
        }
    }

    /// Converts for every demanded encoding `v` was not emitted in; appended to `out`.
    fn supply(&mut self, v: ValueId, loc: &str, out: &mut Vec<Op>) {
        let Some(home) = self.emitted.get(&v).and_then(|e| e.first()).cloned() else { return };
        let src = self.avail[&(v, home)];
        for d in self.demands.get(&v).cloned().unwrap_or_default() {
            if self.avail.contains_key(&(v, d.clone())) {
                continue;
            }
            let ty = self.values.ty(v).with_encoding(Some(d.clone()));
            let nv = self.values.new_value(ty.clone());
            out.push(Op {
                name: opname::LAYOUT_CONVERT.into(),
                operands: vec![src],
                results: vec![nv],
                loc: loc.to_string(),
                ..Default::default()
            });
            self.avail.insert((v, d), nv);
        }
    }

    /// Gives `v` its home encoding in place (block arguments, fixed results).
    fn home(&mut self, v: ValueId) {
        if let Some(e) = self.emitted.get(&v).and_then(|e| e.first()).cloned() {
            let ty = self.values.ty(v).with_encoding(Some(e.clone()));
            self.values.set_ty(v, ty);
            self.avail.insert((v, e), v);
        }
    }

    /// Step 4 over one block.
    pub(super) fn emit_block(&mut self, ops: Vec<Op>, out: &mut Vec<Op>) -> Result<(), PassError> {
        for op in ops {
            self.emit_op(op, out)?;
        }
        Ok(())
    }

    fn emit_op(&mut self, mut op: Op, out: &mut Vec<Op>) -> Result<(), PassError> {
        let loc = op.loc.clone();
        let name = op.name.clone();
        let first = op.results.first().copied();
        let encs = first.and_then(|r| self.emitted.get(&r).cloned()).unwrap_or_default();
        if name == opname::TILE_DOT && self.emit_dot(&op, out)? {
            return Ok(());
        }
        if name == opname::TILE_DOT {
            self.note_cuda_cores(&mut op);
        }
        let per_enc = first.is_some() && !encs.is_empty() && (is_cheap(&op) || name == opname::TILE_LOAD);
        if per_enc {
            let r = first.unwrap();
            for (k, e) in encs.iter().enumerate() {
                let mut c = op.clone();
                for i in 0..c.operands.len() {
                    let oe = self.operand_enc(&op, i, e)?;
                    c.operands[i] = self.get(op.operands[i], oe.as_ref(), &loc)?;
                }
                let ty = self.values.ty(r).with_encoding(Some(e.clone()));
                retype_dense(&mut c, &ty.to_string());
                let nr = if k == 0 { r } else { self.values.new_value(ty.clone()) };
                self.values.set_ty(nr, ty);
                c.results = vec![nr];
                self.avail.insert((r, e.clone()), nr);
                out.push(c);
            }
            self.supply(r, &loc, out);
            return Ok(());
        }
        // Once, in the fixed encodings: operands as step 2 demanded them.
        match name.as_str() {
            "scf.yield" | "scf.condition" => {
                let encs = self.yields.last().cloned().unwrap_or_default();
                let skip = (name == "scf.condition") as usize;
                for k in skip..op.operands.len() {
                    let e = encs.get(k - skip).cloned().flatten();
                    op.operands[k] = self.get(op.operands[k], e.as_ref(), &loc)?;
                }
                out.push(op);
                return Ok(());
            }
            "scf.for" | "scf.if" | "scf.while" => return self.emit_scf(op, out),
            _ => {}
        }
        let a = anchor(&op);
        for i in 0..op.operands.len() {
            let v = op.operands[i];
            if !self.values.ty(v).is_tensor() {
                continue;
            }
            let e = match (&a, name.as_str()) {
                (Some(a), n) if n != opname::TILE_LOAD => a.clone(),
                (_, opname::TILE_REDUCE) => match encs.first() {
                    Some(Encoding::Slice { parent, .. }) => (**parent).clone(),
                    _ => self.operand_home(v),
                },
                _ => match name.as_str() {
                    opname::TILE_PRINT | opname::TILE_ASSERT => self.first_demand_or_default(v),
                    opname::TILE_DESC_STORE => self.operand_home(v),
                    opname::TILE_SCAN => self.scan_encoding(&op),
                    _ => self.default(self.values.ty(v).shape()),
                },
            };
            op.operands[i] = self.get(v, Some(&e), &loc)?;
        }
        self.push_and_supply(op, &loc, out);
        Ok(())
    }

    /// Emits `op`, then makes its results available in every encoding demanded of them.
    pub(super) fn push_and_supply(&mut self, op: Op, loc: &str, out: &mut Vec<Op>) {
        let results = op.results.clone();
        out.push(op);
        for r in results {
            self.home(r);
            self.supply(r, loc, out);
        }
    }

    fn emit_scf(&mut self, mut op: Op, out: &mut Vec<Op>) -> Result<(), PassError> {
        let loc = op.loc.clone();
        let res_encs: Vec<Option<Encoding>> =
            op.results.iter().map(|r| self.emitted.get(r).and_then(|e| e.first()).cloned()).collect();
        let mut regions = std::mem::take(&mut op.regions);
        match op.name.as_str() {
            "scf.for" => {
                for k in 0..res_encs.len() {
                    op.operands[3 + k] = self.get(op.operands[3 + k], res_encs[k].as_ref(), &loc)?;
                }
                self.yields.push(res_encs.clone());
                self.emit_region(&mut regions[0], &loc)?;
                self.yields.pop();
            }
            "scf.if" => {
                self.yields.push(res_encs.clone());
                for r in &mut regions {
                    self.emit_region(r, &loc)?;
                }
                self.yields.pop();
            }
            _ => {
                let before_encs: Vec<Option<Encoding>> = regions[0].blocks[0]
                    .args
                    .iter()
                    .map(|a| self.emitted.get(a).and_then(|e| e.first()).cloned())
                    .collect();
                for k in 0..op.operands.len() {
                    op.operands[k] = self.get(op.operands[k], before_encs[k].as_ref(), &loc)?;
                }
                self.yields.push(res_encs.clone());
                self.emit_region(&mut regions[0], &loc)?;
                self.yields.pop();
                self.yields.push(before_encs);
                self.emit_region(&mut regions[1], &loc)?;
                self.yields.pop();
            }
        }
        op.regions = regions;
        self.push_and_supply(op, &loc, out);
        Ok(())
    }

    fn emit_region(&mut self, r: &mut Region, loc: &str) -> Result<(), PassError> {
        for b in &mut r.blocks {
            let mut ops = vec![];
            let Block { args, ops: old } = b;
            for a in args.iter() {
                self.home(*a);
                self.supply(*a, loc, &mut ops);
            }
            self.emit_block(std::mem::take(old), &mut ops)?;
            *old = ops;
        }
        Ok(())
    }
}

/// A tensor `arith.constant` (a `.mlir` input may have one; tilegen splats scalars) names
/// its type in its `dense<...>` value, and MLIR wants that type to be the result's, the
/// encoding included.
fn retype_dense(op: &mut Op, ty: &str) {
    if op.name != "arith.constant" {
        return;
    }
    let value = op.attr("value").map(|a| a.0.clone()).unwrap_or_default();
    if let Some((v, _)) = value.rsplit_once(" : ").filter(|(v, _)| v.starts_with("dense<")) {
        op.set_attr("value", Attr(format!("{v} : {ty}")));
    }
}
