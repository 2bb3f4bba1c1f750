//! `--explain-layouts` on the loops that stage dot operands in shared memory: whether
//! `software-pipeline` pipelined each (its `tile.pipelined` / `tile.not_pipelined` record),
//! and for each operand's load how it is copied, and which arguments' divisors (or unit
//! strides) would make it copy 16 bytes a thread, so the loop would be pipelined or copy
//! more a copy. That answer is a what-if: axis info run again with the kernel's arguments
//! seeded otherwise, through `coalesce`'s own vector-width rule, so it cannot disagree
//! with what a compile for those divisors does. It is what tells a user that a launch
//! with `K = 3000` (a multiple of 8) gets a pipelined loop and `K = 3001` does not.

use crate::analysis::axis_info::{AxisAnalysis, AxisInfo};
use crate::passes::coalesce::{pointee_bytes, vector_width};
use std::collections::HashMap;
use tile_dialects::attrname;
use tile_dialects::ir::{loc_line, Module, Op, Type, ValueId};
use tile_dialects::layout::shared::tma_box_of;
use tile_dialects::opname;
use tile_dialects::views::{TileLoad, View};

/// The widest access, and what launchers specialise on (no divisor above helps it).
const WIDEST: i64 = 16;

/// One function's facts the loop lines need, found once.
pub(super) struct Kernel<'a> {
    m: &'a Module,
    /// Every op of the function by the values it defines.
    defs: HashMap<ValueId, &'a Op>,
    /// For the shared buffer each dot operand is read from (a ring, or a staging
    /// buffer): which operand of which dot, `("A", loc)`.
    roles: HashMap<ValueId, (&'static str, String)>,
    /// Integer and pointer arguments: value, name, whether a pointer, what axis info knows
    /// of it now.
    args: Vec<(ValueId, String, bool, AxisInfo)>,
}

impl<'a> Kernel<'a> {
    pub(super) fn new(
        m: &'a Module,
        f: &'a Op,
        ops: &[&'a Op],
        axis: &'a AxisAnalysis,
        param: &dyn Fn(usize) -> String,
    ) -> Kernel<'a> {
        let defs: HashMap<ValueId, &Op> = ops.iter().flat_map(|o| o.results.iter().map(move |r| (*r, *o))).collect();
        let mut k = Kernel { m, defs, roles: HashMap::new(), args: vec![] };
        for o in ops.iter().filter(|o| matches!(o.name.as_str(), opname::TILE_DOT | opname::LAYOUT_WARP_GROUP_DOT)) {
            for (i, role) in [(0, "A"), (1, "B")] {
                if let Some(buf) = k.buffer(o.operands[i]) {
                    k.roles.insert(buf, (role, loc_line(&o.loc)));
                }
            }
        }
        let entry = f.regions.first().and_then(|r| r.blocks.first()).map_or(&[][..], |b| &b.args[..]);
        for (i, &a) in entry.iter().enumerate() {
            let (int, ptr) = match m.values.ty(a) {
                Type::Int(bits) => (*bits > 1, false),
                Type::TilePtr(_) => (false, true),
                _ => (false, false),
            };
            if int || ptr {
                k.args.push((a, param(i), ptr, axis.get(m, a)));
            }
        }
        k
    }

    /// The shared buffer (a `local_alloc`) a dot operand is read from, through the ops
    /// between: conversions, `local_load`, a ring's `memdesc_index`.
    fn buffer(&self, mut v: ValueId) -> Option<ValueId> {
        loop {
            let op = self.defs.get(&v)?;
            match op.name.as_str() {
                opname::LAYOUT_LOCAL_ALLOC => return Some(v),
                opname::LAYOUT_CONVERT | opname::LAYOUT_LOCAL_LOAD | opname::LAYOUT_MEMDESC_INDEX => v = op.operands[0],
                _ => return None,
            }
        }
    }

    /// A line for each TMA copy issued in `regions` (a pipelined loop's, issued ahead):
    /// the block, the boxes and swizzle it lands in.
    fn tma_copies(&self, regions: &[tile_dialects::ir::Region]) -> Vec<String> {
        let mut out = vec![];
        for op in regions.iter().flat_map(|r| &r.blocks).flat_map(|b| &b.ops) {
            out.extend(self.tma_copies(&op.regions));
            let View::LayoutTmaLoad(t) = View::of(op) else { continue };
            let bt = self.m.values.ty(t.buf());
            let Ok(b) = tma_box_of(bt) else { continue };
            let swizzle = if b.swizzle > 0 { format!("{}-byte swizzle", b.swizzle) } else { "unswizzled".into() };
            let dims: Vec<String> = bt.shape().iter().map(|d| d.to_string()).collect();
            let shared = match op.int_attr(attrname::LAYOUT_MULTICAST) {
                Some(n) => format!(
                    "; multicast: the same block in each of the cluster's {n} programs, each issues 1/{n} of the boxes to all"
                ),
                None => String::new(),
            };
            out.push(format!(
                "by TMA ({}): the {}x{} block as {} box{} of {:?}, {swizzle}, counted by an mbarrier a slot{shared}",
                loc_line(&op.loc),
                dims.join("x"),
                bt.elem(),
                b.copies,
                if b.copies == 1 { "" } else { "es" },
                b.dims
            ));
        }
        out.dedup();
        out
    }

    /// The lines of one `scf.for`: its pipelining and its operands' copies; `None` for a
    /// loop `software-pipeline` did not consider (no staged dot operand).
    pub(super) fn loop_lines(&self, lp: &Op) -> Option<String> {
        let at = loc_line(&lp.loc);
        let registers = lp.int_attr(attrname::TILE_PIPELINED_REGISTERS).is_some();
        let mut out = if registers {
            format!(
                "{at}: loop pipelined through registers: its loads run one iteration ahead (no cp.async can copy them)"
            )
        } else if let Some(n) = lp.int_attr(attrname::TILE_PIPELINED) {
            // A multicast ring refills a slot one iteration later (`software-pipeline`).
            let copies = self.tma_copies(&lp.regions);
            let mut multicast = false;
            lp.walk_nested(&mut |o| multicast |= o.int_attr(attrname::LAYOUT_MULTICAST).is_some());
            let ahead = if multicast { n - 2 } else { n - 1 };
            let mut line = format!(
                "{at}: loop pipelined over {n} stages: copies run {ahead} iteration{} ahead into rings of {n} slots",
                if ahead == 1 { "" } else { "s" }
            );
            for t in copies {
                line.push_str(&format!("\n    {t}"));
            }
            if let Some(why) = lp.str_attr(attrname::TILE_NOT_STAGED) {
                line.push_str(&format!("\n    not copied ahead: {why}"));
            }
            if let Some(why) = lp.str_attr(attrname::TILE_NOT_MULTICAST) {
                line.push_str(&format!("\n    not multicast: {why}"));
            }
            line
        } else {
            format!("{at}: loop not pipelined: {}", lp.str_attr(attrname::TILE_NOT_PIPELINED)?)
        };
        if lp.str_attr(attrname::TILE_NOT_PIPELINED).as_deref() == Some("num_stages = 1") {
            return Some(out);
        }
        let block = lp.regions.first()?.blocks.first()?;
        let (body, args) = (&block.ops, &block.args);
        let mut would_pipeline = false;
        for op in body {
            let Some((copy, buf, ptr, mask)) = self.staged(body, args, op) else { continue };
            let Some((role, dot)) = self.roles.get(&buf) else { continue };
            let eb = pointee_bytes(self.m.values.ty(ptr)).unwrap_or(1);
            let bytes = op.int_attr(attrname::LAYOUT_VEC).unwrap_or(1).max(1) * eb;
            let how = if copy {
                format!("copied ahead by {bytes}-byte cp.async")
            } else {
                format!("a plain load of {bytes} byte{} a thread", if bytes == 1 { "" } else { "s" })
            };
            out.push_str(&format!("\n    {role} of the dot at {dot}: the load at {}, {how}", loc_line(&op.loc)));
            if bytes < WIDEST {
                if let Some((wider, what, flags)) = self.widening(ptr, mask, eb, bytes) {
                    out.push_str(&format!("; with {what} it would copy {wider} bytes a thread ({flags})"));
                    would_pipeline |= !copy && wider >= 4;
                }
            }
        }
        if would_pipeline && lp.int_attr(attrname::TILE_PIPELINED).is_none() {
            let what = if registers { "pipelined with asynchronous copies" } else { "pipelined" };
            out.push_str(&format!(
                "\n    with those the loop would be {what}: tilerun and the Python package compile each \
                 launch for the divisors (and ones) its values have"
            ));
        }
        Some(out)
    }

    /// A staged operand's load in a loop body: an asynchronous copy into a ring slot, or a
    /// load whose only use stages it in a `local_alloc`: (copied, the buffer, pointer,
    /// mask).
    fn staged(&self, body: &[Op], args: &[ValueId], op: &Op) -> Option<(bool, ValueId, ValueId, Option<ValueId>)> {
        match op.name.as_str() {
            opname::LAYOUT_ASYNC_COPY => {
                let ring = self.buffer(op.operands[1])?;
                Some((true, ring, op.operands[0], op.operands.get(2).copied()))
            }
            opname::TILE_LOAD => {
                let r = op.results[0];
                let users: Vec<&Op> = body.iter().filter(|o| o.uses(r)).collect();
                match users[..] {
                    [a] if a.name == opname::LAYOUT_LOCAL_ALLOC => {
                        Some((false, a.results[0], TileLoad(op).ptr(), TileLoad(op).mask()))
                    }
                    // Pipelined through registers: loaded for the next iteration, whose
                    // block argument the `local_alloc` stages.
                    [y] if y.name == "scf.yield" => {
                        let p = y.operands.iter().position(|v| *v == r)?;
                        let arg = *args.get(1 + p)?;
                        let a = body.iter().find(|o| o.name == opname::LAYOUT_LOCAL_ALLOC && o.uses(arg))?;
                        Some((false, a.results[0], TileLoad(op).ptr(), TileLoad(op).mask()))
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Bytes a thread an access of `ptr` under `mask` moves with the arguments seeded as
    /// `seeds` says.
    fn width(&self, ptr: ValueId, mask: Option<ValueId>, eb: i64, seeds: &HashMap<ValueId, AxisInfo>) -> i64 {
        let axis = AxisAnalysis::run_seeded(self.m, seeds);
        vector_width(self.m, &axis, ptr, mask).map_or(1, |(_, v)| v) * eb
    }

    /// The arguments in `raise` seeded as divisible by their divisor (bytes, for a pointer).
    fn seeds(&self, raise: &[(usize, i64)]) -> HashMap<ValueId, AxisInfo> {
        raise
            .iter()
            .map(|&(i, d)| {
                let mut info = self.args[i].3.clone();
                info.divisibility = vec![d];
                (self.args[i].0, info)
            })
            .collect()
    }

    /// What would make an access of `bytes` a thread wider: `(bytes then, "K, sam
    /// multiples of 8", "tilec --divisibility K=8 --divisibility sam=8")`. First the
    /// fewest arguments whose divisors (at most 16, what launchers specialise on) reach
    /// the widest access those divisors allow, each at the least divisor that does;
    /// failing that, an integer that, equal to 1, would (a unit stride).
    fn widening(&self, ptr: ValueId, mask: Option<ValueId>, eb: i64, bytes: i64) -> Option<(i64, String, String)> {
        let low: Vec<usize> = (0..self.args.len()).filter(|&i| self.args[i].3.divisibility[0] < WIDEST).collect();
        let all: Vec<(usize, i64)> = low.iter().map(|&i| (i, WIDEST)).collect();
        let best = self.width(ptr, mask, eb, &self.seeds(&all));
        if best > bytes {
            let mut need = all.clone();
            for &i in &low {
                let without: Vec<(usize, i64)> = need.iter().copied().filter(|(j, _)| *j != i).collect();
                if self.width(ptr, mask, eb, &self.seeds(&without)) == best {
                    need = without;
                }
            }
            for k in 0..need.len() {
                let now = self.args[need[k].0].3.divisibility[0];
                for d in [2, 4, 8, 16].into_iter().filter(|&d| d > now) {
                    let mut trial = need.clone();
                    trial[k].1 = d;
                    if self.width(ptr, mask, eb, &self.seeds(&trial)) == best {
                        need[k].1 = d;
                        break;
                    }
                }
            }
            // Each least divisor was found with the others at 16: should they not reach
            // the width together, ask for 16 of them all.
            if self.width(ptr, mask, eb, &self.seeds(&need)) < best {
                need.iter_mut().for_each(|e| e.1 = WIDEST);
            }
            return Some((best, self.divisors_text(&need), self.flags(&need, "--divisibility")));
        }
        // No divisor helps: a stride not known to be 1 breaks the rows. One along the axis
        // the access runs along now (a row-major tile's columns: `sak`, not `sam`, whose
        // unit stride would read the tile down its columns) is named first.
        let along = |seeds: &HashMap<ValueId, AxisInfo>| {
            let axis = AxisAnalysis::run_seeded(self.m, seeds);
            vector_width(self.m, &axis, ptr, mask).map(|(order, v)| (order[0], v * eb))
        };
        let now = along(&HashMap::new())?.0;
        let mut ones: Vec<(bool, usize, i64)> = vec![];
        for i in (0..self.args.len()).filter(|&i| !self.args[i].2) {
            let mut seeds = self.seeds(&all);
            seeds.insert(self.args[i].0, AxisInfo::constant(1, &[]));
            if let Some((dim, wider)) = along(&seeds).filter(|(_, w)| *w > bytes) {
                ones.push((dim != now, i, wider));
            }
        }
        ones.sort_by_key(|&(turned, _, wider)| (turned, std::cmp::Reverse(wider)));
        let &(turned, _, wider) = ones.first()?;
        let pick: Vec<&str> =
            (ones.iter()).filter(|o| (o.0, o.2) == (turned, wider)).map(|o| self.args[o.1].1.as_str()).collect();
        let flags: Vec<String> = pick.iter().map(|n| format!("--assume {n}=1")).collect();
        Some((wider, format!("{} equal to 1", pick.join(" or ")), format!("tilec {}", flags.join(" or "))))
    }

    /// `K, sam multiples of 8 and a aligned to 16 bytes`.
    fn divisors_text(&self, need: &[(usize, i64)]) -> String {
        let mut groups: Vec<(bool, i64, Vec<&str>)> = vec![];
        for &(i, d) in need {
            let (ptr, name) = (self.args[i].2, self.args[i].1.as_str());
            match groups.iter_mut().find(|g| g.0 == ptr && g.1 == d) {
                Some(g) => g.2.push(name),
                None => groups.push((ptr, d, vec![name])),
            }
        }
        let parts: Vec<String> = groups
            .iter()
            .map(|(ptr, d, names)| match (ptr, names.len()) {
                (true, _) => format!("{} aligned to {d} bytes", names.join(", ")),
                (false, 1) => format!("{} a multiple of {d}", names[0]),
                (false, _) => format!("{} multiples of {d}", names.join(", ")),
            })
            .collect();
        parts.join(" and ")
    }

    fn flags(&self, need: &[(usize, i64)], flag: &str) -> String {
        let list: Vec<String> = need.iter().map(|&(i, d)| format!("{flag} {}={d}", self.args[i].1)).collect();
        format!("tilec {}", list.join(" "))
    }
}
