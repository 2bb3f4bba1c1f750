//! `coalesce`: choose, for each load, store and tile atomic, the blocked encoding its
//! pointer wants, so each thread moves up to 16 contiguous bytes and a warp covers whole
//! 128-byte lines. The choice is recorded on the op (`layout.anchor`, `layout.vec`);
//! `layout-propagate` then gives every tile an encoding from these anchors.
//!
//! 1. Run axis info over the kernel.
//! 2. For each memory op on a tile of pointers: the order, dimensions sorted by the
//!    pointer's contiguity (most contiguous first; ties keep row-major), and the vector
//!    width along the fastest one: min(contiguity, alignment / element size, mask
//!    constancy, 16 bytes).
//! 3. One layout per (shape, order): the widest vector of the ops that share it per thread
//!    along the fastest dimension (ops of one shape agree, so 1-D kernels have one layout
//!    per shape); lanes fill the fastest dimension (up to a whole row of the tile: a warp
//!    instruction then reads 256 contiguous bytes of a 64-wide f32 row, not two 128-byte
//!    halves at different times, which DRAM serves 2% faster), then the next dimensions;
//!    warps fill the slowest dimension first.
//! 4. Record it on each op as `layout.anchor`, with the op's own width as `layout.vec`.
//! 5. A relaxed integer add / and / or / xor / max / min on a tile of pointers that are all
//!    one address (constant over the whole tile), whose old values nobody reads, gets
//!    `layout.prereduce`: the lowering combines each warp's elements first and issues
//!    one atomic a warp (the same result: these combiners are associative and exact).

use crate::analysis::axis_info::AxisAnalysis;
use crate::options::CompileOptions;
use crate::pass::PassError;
use std::collections::BTreeMap;
use tile_dialects::attrname;
use tile_dialects::attrs::{MemSem, RmwKind};
use tile_dialects::ir::{Attr, Encoding, Module, Op, Type, ValueId};
use tile_dialects::layout::blocked::blocked_with_order;
use tile_dialects::opname;
use tile_dialects::views::View;

/// The pointer and mask operands of a memory op on tiles (none for other ops).
pub fn mem_operands(op: &Op) -> Option<(ValueId, Option<ValueId>)> {
    match View::of(op) {
        View::TileLoad(o) => Some((o.ptr(), o.mask())),
        View::MemsemLoad(o) => Some((o.ptr(), o.mask())),
        View::TileStore(o) => Some((o.ptr(), o.mask())),
        View::MemsemStore(o) => Some((o.ptr(), o.mask())),
        View::TileAtomicRmw(o) => Some((o.ptr(), o.mask())),
        View::MemsemAtomicRmw(o) => Some((o.ptr(), o.mask())),
        View::TileAtomicCas(o) => Some((o.ptr(), None)),
        View::MemsemAtomicCas(o) => Some((o.ptr(), None)),
        _ => None,
    }
}

/// Bytes of the element a pointer type points to.
pub fn pointee_bytes(t: &Type) -> Option<i64> {
    match t.elem() {
        Type::TilePtr(e) => Some((e.bits().div_ceil(8)).max(1) as i64),
        _ => None,
    }
}

/// Step 2 for one op: (order, vector width).
pub fn access_of(m: &Module, axis: &AxisAnalysis, op: &Op) -> Option<(Vec<u32>, i64)> {
    let (ptr, mask) = mem_operands(op)?;
    let (order, vec) = vector_width(m, axis, ptr, mask)?;
    // Atomics are one instruction per element.
    Some((order, if op.name.contains("atomic") { 1 } else { vec }))
}

/// Step 2's rule for an access of the tile of pointers `ptr` under `mask`: (order, the
/// widest power-of-two vector along the fastest dimension). `--explain-layouts` asks it
/// again under other assumptions of the arguments.
pub fn vector_width(m: &Module, axis: &AxisAnalysis, ptr: ValueId, mask: Option<ValueId>) -> Option<(Vec<u32>, i64)> {
    let ty = m.values.ty(ptr);
    if !ty.is_tensor() {
        return None;
    }
    let eb = pointee_bytes(ty)?;
    let shape = ty.shape();
    let p = axis.get(m, ptr);
    let mut order: Vec<u32> = (0..shape.len() as u32).rev().collect();
    order.sort_by_key(|&d| std::cmp::Reverse(p.contiguity[d as usize]));
    let f = order[0] as usize;
    let mut vec = p.contiguity[f].min((p.divisibility[f] / eb).max(1)).min(16 / eb).min(shape[f]);
    if let Some(mk) = mask {
        vec = vec.min(axis.get(m, mk).constancy[f]);
    }
    let vec = 1i64 << (63 - (vec.max(1) as u64).leading_zeros());
    Some((order, vec))
}

pub fn run(m: &mut Module, _opts: &CompileOptions) -> Result<(), PassError> {
    let axis = AxisAnalysis::run(m);
    for fi in 0..m.body.len() {
        if m.body[fi].name != "func.func" {
            continue;
        }
        let num_warps = m.body[fi].num_warps();
        // Steps 2 and 3.
        let mut widest: BTreeMap<(Vec<i64>, Vec<u32>), i64> = BTreeMap::new();
        let mut func = std::mem::take(&mut m.body[fi]);
        visit_mut(&mut func, &mut |op| {
            if let Some((order, vec)) = access_of(m, &axis, op) {
                let ty = m.values.ty(mem_operands(op).unwrap().0);
                let w = widest.entry((ty.shape().to_vec(), order)).or_insert(1);
                *w = (*w).max(vec);
            }
        });
        // Step 4.
        visit_mut(&mut func, &mut |op| {
            if let Some((order, vec)) = access_of(m, &axis, op) {
                let shape = m.values.ty(mem_operands(op).unwrap().0).shape().to_vec();
                let w = widest[&(shape.clone(), order.clone())];
                let enc = Encoding::Blocked(blocked_with_order(&shape, &order, w as u32, num_warps));
                op.set_attr(attrname::LAYOUT_VEC, Attr::int(vec, "i32"));
                op.set_attr(attrname::LAYOUT_ANCHOR, Attr(enc.to_string()));
            }
        });
        // Step 5.
        let mut used = std::collections::HashSet::new();
        visit_mut(&mut func, &mut |op| used.extend(op.operands.iter().copied()));
        visit_mut(&mut func, &mut |op| {
            if prereducible(m, &axis, op, &used) {
                op.set_attr(attrname::LAYOUT_PREREDUCE, Attr::int(1, "i32"));
            }
        });
        m.body[fi] = func;
    }
    Ok(())
}

/// Step 5's test.
fn prereducible(m: &Module, axis: &AxisAnalysis, op: &Op, used: &std::collections::HashSet<ValueId>) -> bool {
    if op.name != opname::TILE_ATOMIC_RMW || op.enum_attr(attrname::SEM) != Some(MemSem::Relaxed) {
        return false;
    }
    // Every kind that folds: not an exchange.
    let folds = op.enum_attr::<RmwKind>(attrname::KIND).is_some_and(|k| k != RmwKind::Xchg);
    let ty = m.values.ty(op.operands[0]);
    let int = matches!(ty.elem(), Type::TilePtr(e) if !e.is_float());
    if !int || !folds || used.contains(&op.result()) {
        return false;
    }
    let p = axis.get(m, op.operands[0]);
    ty.is_tensor() && ty.shape().iter().zip(&p.constancy).all(|(s, c)| c >= s)
}

pub fn visit_mut(op: &mut Op, f: &mut impl FnMut(&mut Op)) {
    f(op);
    for r in &mut op.regions {
        for b in &mut r.blocks {
            for o in &mut b.ops {
                visit_mut(o, f);
            }
        }
    }
}
