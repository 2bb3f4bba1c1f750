//! The rules of our ops that IRDL cannot say: shapes, element types and encodings. They
//! live here, beside the ops' IRDL definitions (dialects/irdl/), so an op and its rules
//! are declared in one crate.
//!
//! IRDL checks each op's operand and attribute counts and names; it cannot say that a
//! mask has its pointer's shape or that a reduction's axis is in range. [`module`] checks
//! those rules on the mirror IR. The compiler runs it on tilegen's output, after every
//! pass of ours (so the pass that breaks a rule is named: `tilec`'s
//! `pipeline::registry::external`), and on `.mlir` input before any pass (so hand-written
//! IR is refused instead of crashing a pass).
//!
//! - `types`: every tile type (rank, dims, element type, numel) and encoding (its rank
//!   equals the tile's; a blocked layout covers one warp and the kernel's warps).
//! - `ops`: each `tile`, `memsem` and `layout` op's operands and results.
//! - `attrs`: the values of the `tile` ops' string attributes (sem, scope, cache, ...).

mod attrs;
mod ops;
mod types;

/// Elements of one tile (Triton's limit): larger tiles are refused here and, with the
/// source line, by the compiler's front end (`tilec`'s `limits` re-exports it).
pub const MAX_NUMEL: i64 = 1 << 20;

use crate::attrname;
use crate::ir::{Module, Op, Type, Values};

/// A broken rule, at the op's location.
#[derive(Clone, Debug, PartialEq)]
pub struct Violation {
    pub loc: String,
    pub message: String,
}

/// Context of the op being checked.
pub(crate) struct Cx<'a> {
    pub values: &'a Values,
    /// The kernel's warp count (encodings must cover exactly this many warps).
    pub num_warps: u32,
}

impl Cx<'_> {
    pub fn ty(&self, v: u32) -> Result<&Type, String> {
        if (v as usize) < self.values.len() {
            Ok(self.values.ty(v))
        } else {
            Err(format!("value #{v} has no type"))
        }
    }
}

/// Warps a program may have: a power of two up to this.
pub const MAX_WARPS: u32 = 32;

/// The one rule of a warp count, wherever it comes from (`tile.num_warps` here, the
/// compile options and `#[num_warps]` in tilec: `NumWarps::new`).
pub fn warp_count(n: i64) -> Result<u32, String> {
    if (1..=MAX_WARPS as i64).contains(&n) && (n as u64).is_power_of_two() {
        Ok(n as u32)
    } else {
        Err(format!("`num_warps` must be 1, 2, 4, 8, 16 or 32, found {n}"))
    }
}

/// Checks every op of `m` (the whole module; kernels one by one).
pub fn module(m: &Module) -> Result<(), Violation> {
    for f in &m.body {
        if f.name != "func.func" {
            continue;
        }
        // Every function is a kernel: a body, and nothing returned.
        if f.regions.first().is_none_or(|r| r.blocks.is_empty()) {
            return Err(Violation { loc: f.loc.clone(), message: "`func.func`: a kernel needs a body".into() });
        }
        if f.attr("function_type").is_some_and(|t| !t.0.trim_end().ends_with("-> ()")) {
            return Err(Violation { loc: f.loc.clone(), message: "`func.func`: a kernel returns nothing".into() });
        }
        if let Some(n) = f.int_attr(attrname::TILE_NUM_WARPS) {
            warp_count(n)
                .map_err(|why| Violation { loc: f.loc.clone(), message: format!("`tile.num_warps`: {why}") })?;
        }
        let cx = Cx { values: &m.values, num_warps: f.num_warps() };
        let mut encoded = None;
        check_ops(&cx, std::slice::from_ref(f), &mut encoded)?;
    }
    Ok(())
}

/// Checks `ops` and everything nested in them. `encoded` remembers whether the kernel's
/// tiles carry encodings: before `layout-propagate` none does, after it every one does.
fn check_ops(cx: &Cx, ops: &[Op], encoded: &mut Option<(bool, String)>) -> Result<(), Violation> {
    for op in ops {
        let at = |message: String| Violation { loc: op.loc.clone(), message };
        let mut vals: Vec<u32> = op.operands.clone();
        vals.extend(&op.results);
        for r in &op.regions {
            for b in &r.blocks {
                vals.extend(&b.args);
            }
        }
        for v in vals {
            let ty = cx.ty(v).map_err(|m| at(format!("`{}`: {m}", op.name)))?;
            types::check(cx, ty).map_err(|m| at(format!("`{}`: {m}", op.name)))?;
            if let Type::Tensor { encoding, .. } = ty {
                match encoded {
                    None => *encoded = Some((encoding.is_some(), ty.to_string())),
                    Some((e, first)) if *e != encoding.is_some() => {
                        return Err(at(format!(
                            "`{}`: tile {ty} and tile {first} of the same kernel differ in having an encoding",
                            op.name
                        )));
                    }
                    _ => {}
                }
            }
        }
        ops::check(cx, op).and_then(|()| attrs::check(op)).map_err(|m| at(format!("`{}`: {m}", op.name)))?;
        for r in &op.regions {
            for b in &r.blocks {
                check_ops(cx, &b.ops, encoded)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
