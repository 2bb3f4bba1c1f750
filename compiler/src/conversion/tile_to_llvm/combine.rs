//! The combine of a reduction or a scan, one abstraction for every combine point
//! (registers, shuffles, warp totals): a built-in kind's `arith` op, or a custom kind's
//! `combine` region (`tile.reduce` / `tile.scan` of kind "custom", a `fn` helper inlined
//! on two scalars), whose ops are lowered again at each point with the block's arguments
//! bound to the two values.
//!
//! A custom combine has no identity, so where the built-ins fold a replicated copy as the
//! identity, the lowering of a custom one skips the copy (statically where it can, else a
//! select between the accumulator and the combination on an owner predicate: `fold_opt`).

use super::Lowerer;
use crate::pass::PassError;
use tile_dialects::ir::{Block, Builder, Op, Type, ValueId};

#[derive(Clone, Copy)]
pub(super) enum Combiner<'a> {
    /// A built-in kind: one `arith` op.
    Arith(&'static str),
    /// Kind "custom": the `combine` region's block (left, right) -> `gpu.yield`.
    Region(&'a Block),
}

impl<'a> Combiner<'a> {
    /// The region of a custom `tile.reduce` / `tile.scan` (verified: one block of two
    /// arguments ending in `gpu.yield`).
    pub(super) fn region(op: &'a Op) -> Result<Combiner<'a>, PassError> {
        match op.regions.first().map(|r| &r.blocks[..]) {
            Some([block]) if block.args.len() == 2 && block.ops.last().is_some_and(|y| y.name == "gpu.yield") => {
                Ok(Combiner::Region(block))
            }
            _ => Err(PassError::at(&op.loc, format!("`{}` of kind \"custom\" has no combine region", op.name))),
        }
    }

    pub(super) fn is_custom(&self) -> bool {
        matches!(self, Combiner::Region(_))
    }

    /// Whether `x ⊕ y == y ⊕ x` is evident from the region: its result is the same
    /// expression with the arguments swapped, up to the operand order of commutative ops
    /// (`fn add(a, b) { return a + b; }`, a max). The built-in kinds are. A reduction may
    /// then fold a thread's registers first, as the built-ins do; otherwise it keeps the
    /// elements in order (reduce_axis.rs).
    pub(super) fn commutative(&self) -> bool {
        let Combiner::Region(block) = self else { return true };
        let ret = block.ops.last().and_then(|y| y.operands.first().copied());
        let form = |swap: bool| ret.and_then(|v| canonical(block, v, swap, &mut 0));
        matches!((form(false), form(true)), (Some(a), Some(b)) if a == b)
    }
}

/// Ops whose two operands commute.
const COMMUTING: &[&str] = &[
    "arith.addf",
    "arith.addi",
    "arith.mulf",
    "arith.muli",
    "arith.maximumf",
    "arith.minimumf",
    "arith.maxnumf",
    "arith.minnumf",
    "arith.maxsi",
    "arith.minsi",
    "arith.maxui",
    "arith.minui",
    "arith.andi",
    "arith.ori",
    "arith.xori",
];

/// `v` as text, the block's arguments named `L` and `R` (swapped with `swap`), operands of
/// commuting ops sorted. `None` past a small size (a large body is not worth proving).
fn canonical(block: &Block, v: ValueId, swap: bool, size: &mut usize) -> Option<String> {
    *size += 1;
    if *size > 256 {
        return None;
    }
    if let Some(i) = block.args.iter().position(|&a| a == v) {
        return Some(if (i == 0) != swap { "L" } else { "R" }.to_string());
    }
    let op = block.ops.iter().find(|o| o.results.contains(&v))?;
    if op.results.len() != 1 || !op.regions.is_empty() {
        return None;
    }
    let mut args: Vec<String> =
        op.operands.iter().map(|&x| canonical(block, x, swap, size)).collect::<Option<Vec<_>>>()?;
    if COMMUTING.contains(&op.name.as_str()) {
        args.sort();
    }
    let attrs: Vec<String> = op.attrs.iter().map(|(n, a)| format!("{n}={}", a.0)).collect();
    Some(format!("{}[{}]({})", op.name, attrs.join(","), args.join(",")))
}

/// A partial result that some threads may not have (`Some(pred)`: held where `pred`).
pub(super) type Partial = (ValueId, Option<ValueId>);

impl Lowerer<'_> {
    /// `x ⊕ y` (left stays left).
    pub(super) fn combine(
        &mut self,
        b: &mut Builder,
        c: Combiner,
        x: ValueId,
        y: ValueId,
        ety: &Type,
    ) -> Result<ValueId, PassError> {
        match c {
            Combiner::Arith(name) => Ok(b.op1(name, &[x, y], ety.clone(), &[])),
            Combiner::Region(block) => {
                let (ret, body) = block.ops.split_last().expect("a verified combine region");
                self.map.insert(block.args[0], vec![x]);
                self.map.insert(block.args[1], vec![y]);
                let (loc, cur) = (b.loc.clone(), self.cur_op.clone());
                self.block(b, body)?;
                b.loc = loc;
                self.cur_op = cur;
                Ok(self.scalar(ret.operands[0]))
            }
        }
    }

    /// `acc ⊕ v`, or `v` where there is no `acc` (none at all, or not held by this thread).
    pub(super) fn fold_opt(
        &mut self,
        b: &mut Builder,
        c: Combiner,
        acc: Option<Partial>,
        v: ValueId,
        ety: &Type,
    ) -> Result<ValueId, PassError> {
        match acc {
            None => Ok(v),
            Some((a, None)) => self.combine(b, c, a, v, ety),
            Some((a, Some(held))) => {
                let f = self.combine(b, c, a, v, ety)?;
                Ok(b.op1("arith.select", &[held, f, v], ety.clone(), &[]))
            }
        }
    }

    /// `x ⊕ y` where the thread holds `y` (else `x`): folds the owned copies only.
    pub(super) fn fold_if(
        &mut self,
        b: &mut Builder,
        c: Combiner,
        held: ValueId,
        x: ValueId,
        y: ValueId,
        ety: &Type,
    ) -> Result<ValueId, PassError> {
        let f = self.combine(b, c, x, y, ety)?;
        Ok(b.op1("arith.select", &[held, f, x], ety.clone(), &[]))
    }

    /// `x ⊕ y` of two partials, either of which may be missing on some threads.
    pub(super) fn join(
        &mut self,
        b: &mut Builder,
        c: Combiner,
        x: Partial,
        y: Partial,
        ety: &Type,
    ) -> Result<Partial, PassError> {
        Ok(match (x.1, y.1) {
            (None, None) => (self.combine(b, c, x.0, y.0, ety)?, None),
            (_, None) => (self.fold_opt(b, c, Some(x), y.0, ety)?, None),
            (None, Some(py)) => (self.fold_if(b, c, py, x.0, y.0, ety)?, None),
            (Some(px), Some(py)) => {
                let v = self.fold_opt(b, c, Some(x), y.0, ety)?;
                let v = b.op1("arith.select", &[py, v, x.0], ety.clone(), &[]);
                (v, Some(b.op1("arith.ori", &[px, py], Type::Int(1), &[])))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Combiner;
    use tile_dialects::ir::import_module;
    use tile_dialects::opname;

    /// Whether the combine region of `body` (on `%a`, `%b`: f32) is found commutative.
    fn commutative(body: &str) -> bool {
        let text = format!(
            "func.func @k(%x: tensor<64xf32>) {{
              %s = \"tile.reduce\"(%x) ({{
              ^bb0(%a: f32, %b: f32):
                {body}
              }}) {{kind = \"custom\", axis = 0 : i32}} : (tensor<64xf32>) -> f32
              return
            }}"
        );
        let ctx = tile_dialects::context::create_context();
        let m = melior::ir::Module::parse(&ctx, &text).unwrap_or_else(|| panic!("parses:\n{text}"));
        let mirror = import_module(m.as_operation());
        let mut found = None;
        mirror.walk(&mut |op| {
            if op.name == opname::TILE_REDUCE {
                found = Some(Combiner::region(op).expect("a combine region").commutative());
            }
        });
        found.expect("a tile.reduce")
    }

    #[test]
    fn commutative_combines_are_recognised() {
        assert!(commutative("%c = arith.addf %a, %b : f32\n gpu.yield %c : f32"));
        assert!(commutative("%c = arith.addf %b, %a : f32\n gpu.yield %c : f32"));
        // max(a, b) * (a + b): commuting ops all the way down.
        assert!(commutative(
            "%m = arith.maximumf %a, %b : f32\n %s = arith.addf %b, %a : f32\n %c = arith.mulf %m, %s : f32\n gpu.yield %c : f32"
        ));
        // a - b, "the last nonzero" and `a` alone depend on the order.
        assert!(!commutative("%c = arith.subf %a, %b : f32\n gpu.yield %c : f32"));
        assert!(!commutative(
            "%z = arith.constant 0.0 : f32\n %n = arith.cmpf one, %b, %z : f32\n %c = arith.select %n, %b, %a : f32\n gpu.yield %c : f32"
        ));
        assert!(!commutative("gpu.yield %a : f32"));
    }
}
