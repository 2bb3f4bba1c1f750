//! memsem loads, stores and atomics → PTX through `nvidia::ptx`.
//!
//! Loads and stores move `layout.vec` elements per instruction (what `coalesce` proved
//! contiguous, aligned and uniformly masked), packed into 16/32/64-bit words, at most
//! 16 bytes. Masked-off lanes of a load take `other` (zero when absent). A scalar atomic
//! is issued by thread 0 alone and its old value shared through shared memory.

use super::reduce::Fold;
use super::{lower_type, Lowerer};
use crate::conversion::nvidia::{ptx, sreg};
use crate::pass::PassError;
use tile_dialects::attrname;
use tile_dialects::attrs::{EvictionPolicy, MemOrder, MemScope, MemSem, RmwKind};
use tile_dialects::ir::{Attr, Builder, Encoding, Op, Type, ValueId};
use tile_dialects::layout::Dist;
use tile_dialects::opname;
use tile_dialects::views::{MemsemAtomicRmw, MemsemLoad, MemsemStore};

/// How a chunk of `vec` elements of `bits` travels: (words, bits per word). A lone byte
/// moves as one byte (a wider access could be misaligned); its register is 16 bits wide.
fn words(vec: usize, bits: u32) -> (usize, u32) {
    let bits = bits.max(8);
    let total = vec as u32 * bits;
    let w = if bits >= 32 {
        bits
    } else if total < 16 {
        8
    } else {
        total.clamp(16, 32)
    };
    ((total / w).max(1) as usize, w)
}

impl Lowerer<'_> {
    /// An access's L1 eviction priority; `.L1::evict_*` needs PTX ISA 7.4, newer than what
    /// sm_80 PTX declares by default, so the module asks for it (`min_ptx`).
    fn mem_attrs(&mut self, op: &Op) -> ptx::MemAttrs {
        let a = ptx::MemAttrs::of(op);
        if a.evict != EvictionPolicy::Normal {
            self.min_ptx = self.min_ptx.max(74);
        }
        a
    }

    /// Elements per access for a memory op on a tile pointer.
    fn vec_of(&self, op: &Op, ptr: ValueId) -> Result<usize, PassError> {
        let hint = op.int_attr(attrname::LAYOUT_VEC).unwrap_or(1) as usize;
        let dist = self.dist(ptr, &op.loc)?;
        let (fast, run) = dist.fast();
        // `coalesce` proved `layout.vec` elements contiguous in memory along its anchor's
        // fastest dimension; a tile emitted in another encoding (a load re-made in each
        // slice encoding demanded of it) may run its registers along another one, where
        // they are strided in memory: then one element an access (a 32x32 f32 tile whose
        // thread held a column read rows 4 at a time: misaligned on an H200).
        let contiguous = op
            .attr(attrname::LAYOUT_ANCHOR)
            .map(|a| Encoding::parse(&a.0))
            .and_then(|e| e.blocked().map(|b| b.order[0]));
        if contiguous.is_some_and(|c| c as usize != fast) {
            return Ok(1);
        }
        Ok(hint.min(run).max(1))
    }

    pub(super) fn load(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let r = op.result();
        let ety = lower_type(self.ty(r));
        let l = MemsemLoad(op);
        let (ptr, mask, other) = (l.ptr(), l.mask(), l.other());
        let q = ptx::load_qualifiers(self.mem_attrs(op));
        let n = self.nregs(self.ty(r));
        let vec = if self.ty(ptr).is_tensor() { self.vec_of(op, ptr)? } else { 1 };
        let mut vals = Vec::with_capacity(n);
        // Masked-off lanes take `other`. Outside loops it is moved into the registers
        // before the predicated load (Triton's form): nothing to select afterwards and
        // fewer registers live (the f32 transpose 48 -> 32, 0.996x -> 1.00x Triton).
        // Inside a loop the load writes fresh registers and a select follows: with the
        // moves the grid-stride sum ran 7% slower (1393 -> 1500 us for 2^30 f32).
        let moved = self.loop_depth == 0;
        let other_of = |l: &mut Self, b: &mut Builder, k: usize| match other {
            Some(o) => l.reg(o, k),
            None => zero(b, &ety),
        };
        for j in (0..n).step_by(vec) {
            let (nw, w) = words(vec, ety.bits());
            // `coalesce` proved the mask uniform over each `vec` chunk: the chunk's first
            // predicate serves all its elements.
            let other_words = mask.filter(|_| moved).map(|_| {
                let elems: Vec<ValueId> = (j..j + vec).map(|k| other_of(self, b, k)).collect();
                pack(b, &elems, w.max(16), &ety)
            });
            let pred = mask.map(|m| self.reg(m, j));
            let ws = ptx::load_words(b, &q, self.reg(ptr, j), pred, other_words.as_deref(), nw, w);
            let mut elems = unpack(b, &ws, w.max(16), &ety, vec);
            if let (Some(p), false) = (pred, moved) {
                for (k, e) in elems.iter_mut().enumerate() {
                    let o = other_of(self, b, j + k);
                    *e = b.op1("arith.select", &[p, *e, o], ety.clone(), &[]);
                }
            }
            vals.extend(elems);
        }
        if strong_copies(op, self.ty(r)) {
            // A volatile or ordered load of a tile held in copies: each copy's thread read
            // the memory at its own moment, and a racing writer may have changed it in
            // between, so the copies of one element could differ, and whatever folds each
            // warp's own copies (a `reduce` with a `fn` combine) would differ by warp. One
            // value an element, as the tile means: the owners'.
            vals = self.broadcast_from_owners(b, r, vals, &ety, &op.loc)?;
        }
        self.map.insert(r, vals);
        Ok(())
    }

    pub(super) fn store(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let s = MemsemStore(op);
        let (ptr, val, mask) = (s.ptr(), s.value(), s.mask());
        let ety = lower_type(self.ty(val));
        let q = ptx::store_qualifiers(self.mem_attrs(op));
        let n = self.nregs(self.ty(ptr));
        let scalar = !self.ty(ptr).is_tensor();
        let vec = if scalar { 1 } else { self.vec_of(op, ptr)? };
        // A scalar store is one store, issued by thread 0 (as Triton): the other threads
        // would only write the same value to the same word again.
        let first = if scalar {
            let z = b.const_int(0, 32);
            Some(b.op1("arith.cmpi", &[self.tid, z], Type::Int(1), &[("predicate", Attr::int(0, "i64"))]))
        } else {
            None
        };
        for j in (0..n).step_by(vec) {
            let pred = match (mask.map(|m| self.reg(m, j)), first) {
                (Some(m), Some(f)) => Some(b.op1("arith.andi", &[m, f], Type::Int(1), &[])),
                (m, f) => m.or(f),
            };
            let elems: Vec<ValueId> = (j..j + vec).map(|k| self.reg(val, k)).collect();
            let (_, w) = words(vec, ety.bits());
            let ws = pack(b, &elems, w.max(16), &ety);
            ptx::store_words(b, &q, self.reg(ptr, j), pred, &ws, w);
        }
        Ok(())
    }

    pub(super) fn atomic(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let r = op.result();
        let ety = lower_type(self.ty(r));
        let cas = op.name == opname::MEMSEM_ATOMIC_CAS;
        let ptr = op.operands[0];
        let (vals_in, mask): (Vec<ValueId>, Option<ValueId>) =
            if cas { (op.operands[1..3].to_vec(), None) } else { (vec![op.operands[1]], op.optional(2)) };
        let missing = |a: &str| PassError::at(&op.loc, format!("`{}` has no valid `{a}`", op.name));
        let sem: MemSem = op.enum_attr(attrname::SEM).ok_or_else(|| missing(attrname::SEM))?;
        let scope: MemScope = op.enum_attr(attrname::SCOPE).ok_or_else(|| missing(attrname::SCOPE))?;
        // `None`: compare-and-swap.
        let kind: Option<RmwKind> =
            if cas { None } else { Some(op.enum_attr(attrname::KIND).ok_or_else(|| missing(attrname::KIND))?) };
        let kind_name = kind.map_or("cas", |k| k.as_str());
        let unsigned = op.int_attr(attrname::TILE_UNSIGNED) == Some(1);
        // PTX has no float atom.max / atom.min (only vector f16 forms): f32 and f64 go
        // through two integer atomics on the bits, as Triton does.
        let float_minmax = ety.is_float() && matches!(kind, Some(RmwKind::Max | RmwKind::Min));
        let op_ty = if float_minmax && ety.bits() >= 32 {
            String::new()
        } else {
            atom_type(kind, &ety, unsigned).ok_or_else(|| {
                PassError::at(
                    &op.loc,
                    format!("PTX has no atomic `{kind_name}` on {ety} (see docs/memory-semantics.md, atomics)"),
                )
            })?
        };
        if op_ty.ends_with("bf16") && !self.arch.has_bf16_atomic_add() {
            return Err(PassError::at(
                &op.loc,
                format!(
                    "`atomic_add` on bf16 needs sm_90 or newer: PTX has no `atom.add.bf16` on {} \
                     (accumulate in f32, or compile with --arch sm_90)",
                    self.arch
                ),
            ));
        }
        let w = ety.bits();
        let scalar = !self.ty(ptr).is_tensor();
        let n = self.nregs(self.ty(r));
        if let (Some(1), Some(kind)) = (op.int_attr(attrname::LAYOUT_PREREDUCE), kind) {
            return self.prereduced_atomic(b, op, (kind, sem, scope, &op_ty, unsigned), &ety, n);
        }
        let mut olds = vec![];
        for j in 0..n {
            // One issuing thread per element: thread 0 for scalars, the owner for tiles.
            let mut pred = if scalar {
                let z = b.const_int(0, 32);
                b.op1("arith.cmpi", &[self.tid, z], Type::Int(1), &[("predicate", Attr::int(0, "i64"))])
            } else {
                self.owner(b, ptr, j, &op.loc)?
            };
            if let Some(m) = mask {
                pred = b.op1("arith.andi", &[pred, self.reg(m, j)], Type::Int(1), &[]);
            }
            let args: Vec<ValueId> = vals_in.iter().map(|v| to_bits(b, self.reg(*v, j), &ety)).collect();
            let old = match kind {
                Some(k) if float_minmax => float_minmax_atomic(b, k, sem, scope, self.reg(ptr, j), args[0], w, pred),
                _ => ptx::atomic(b, sem, scope, &op_ty, self.reg(ptr, j), &args, w, pred),
            };
            olds.push(from_bits(b, old, &ety));
        }
        // Thread 0's old value goes to every thread through shared memory, unless nothing
        // reads it (shared memory is dynamic, so LLVM cannot drop a dead store there).
        if scalar && self.used.contains(&r) {
            olds = vec![self.broadcast_from_thread0(b, olds[0], &ety)];
        } else if !scalar && self.used.contains(&r) {
            olds = self.broadcast_from_owners(b, r, olds, &ety, &op.loc)?;
        }
        self.map.insert(r, olds);
        Ok(())
    }

    /// A tile atomic to one address whose old values nobody reads (`coalesce` step 5):
    /// each thread folds its elements (masked-off ones and copies as the identity), the
    /// warp folds its lanes with butterfly shuffles, and lane 0 issues one atomic.
    fn prereduced_atomic(
        &mut self,
        b: &mut Builder,
        op: &Op,
        (kind, sem, scope, op_ty, unsigned): (RmwKind, MemSem, MemScope, &str, bool),
        ety: &Type,
        n: usize,
    ) -> Result<(), PassError> {
        let a = MemsemAtomicRmw(op);
        let (ptr, val, mask) = (a.ptr(), a.value(), a.mask());
        let no = || PassError::at(&op.loc, format!("no pre-reduction for atomic `{kind}` on {ety}"));
        let fold = Fold::of_rmw(kind).ok_or_else(no)?;
        let combine = super::reduce::combiner(fold, ety, unsigned).ok_or_else(no)?;
        let id = super::reduce::identity(b, fold, ety, unsigned);
        let mut acc: Option<ValueId> = None;
        for j in 0..n {
            let mut keep = self.owner(b, ptr, j, &op.loc)?;
            if let Some(m) = mask {
                keep = b.op1("arith.andi", &[keep, self.reg(m, j)], Type::Int(1), &[]);
            }
            let v = b.op1("arith.select", &[keep, self.reg(val, j), id], ety.clone(), &[]);
            acc = Some(match acc {
                None => v,
                Some(a) => b.op1(combine, &[a, v], ety.clone(), &[]),
            });
        }
        let mut acc = acc.unwrap_or(id);
        for off in [16, 8, 4, 2, 1] {
            let other = sreg::shfl_bfly(b, acc, ety, off);
            acc = b.op1(combine, &[acc, other], ety.clone(), &[]);
        }
        let z = b.const_int(0, 32);
        let lane0 = b.op1("arith.cmpi", &[self.lane, z], Type::Int(1), &[("predicate", Attr::int(0, "i64"))]);
        let arg = to_bits(b, acc, ety);
        let old = ptx::atomic(b, sem, scope, op_ty, self.reg(ptr, 0), &[arg], ety.bits(), lane0);
        // Nobody reads the old values (the precondition); every register names the one.
        let old = from_bits(b, old, ety);
        self.map.insert(op.result(), vec![old; n]);
        Ok(())
    }

    /// Whether this thread owns register `j` of `v` (false for copies).
    pub(super) fn owner(&mut self, b: &mut Builder, v: ValueId, j: usize, loc: &str) -> Result<ValueId, PassError> {
        let dist = self.dist(v, loc)?;
        let parts = self.thread_parts(b, &dist);
        Ok(dist.owner(b, (self.lane, self.warp), &parts, j))
    }

    /// A tile atomic's old values, given from each element's issuing thread (its owner)
    /// to the threads that hold copies of it (a tile smaller than the program, or one
    /// broadcast along an axis): only the owner ran the atomic, so a copy's register was
    /// never written (on an H100 a 2-element i64 `atomic_add` returned the added value).
    /// Owners store the tile row-major to shared memory, then every thread reads its
    /// elements back.
    fn broadcast_from_owners(
        &mut self,
        b: &mut Builder,
        r: ValueId,
        olds: Vec<ValueId>,
        ety: &Type,
        loc: &str,
    ) -> Result<Vec<ValueId>, PassError> {
        let dist = self.dist(r, loc)?;
        if !dist.has_copies() {
            return Ok(olds);
        }
        let base = self.smem_for_write(b, owners_bytes(&dist, ety));
        let parts = self.thread_parts(b, &dist);
        let mut addrs = vec![];
        for (j, old) in olds.iter().enumerate() {
            let offs = dist.reg_offsets(j);
            let mut lin = b.const_int(0, 32);
            for d in 0..dist.rank() {
                let i = dist.index(b, &parts, d, offs[d]);
                let stride: i64 = dist.shape[d + 1..].iter().product();
                let i = tile_dialects::layout::mul_const(b, i, stride);
                lin = b.op1("arith.addi", &[lin, i], Type::Int(32), &[]);
            }
            let addr = super::convert::gep(b, base, lin, ety);
            let own = dist.owner(b, (self.lane, self.warp), &parts, j);
            b.if_then(own, |ib| {
                ib.op("llvm.store", &[*old, addr], &[], &[]);
            });
            addrs.push(addr);
        }
        sreg::barrier(b);
        Ok(addrs.into_iter().map(|a| b.op1("llvm.load", &[a], ety.clone(), &[])).collect())
    }

    /// Thread 0's `v`, given to every thread through shared memory.
    pub(super) fn broadcast_from_thread0(&mut self, b: &mut Builder, v: ValueId, ty: &Type) -> ValueId {
        let base = self.smem_for_write(b, BROADCAST_BYTES);
        let z = b.const_int(0, 32);
        let is0 = b.op1("arith.cmpi", &[self.tid, z], Type::Int(1), &[("predicate", Attr::int(0, "i64"))]);
        b.if_then(is0, |ib| {
            ib.op("llvm.store", &[v, base], &[], &[]);
        });
        sreg::barrier(b);
        b.op1("llvm.load", &[base], ty.clone(), &[])
    }
}

/// The PTX `op.type` of an atomic, where PTX has one: add on u32/u64/f32/f64 and (with
/// `.noftz`) f16/bf16; signed or unsigned max/min on 32/64-bit integers; bitwise ops and
/// exch on 32/64 bits; cas on 16/32/64 bits.
/// `broadcast_from_thread0`'s scratch: one value of up to 16 bytes.
pub(super) const BROADCAST_BYTES: u32 = 16;

/// Whether load `op` (of a result of type `rty`) is strong (volatile, or with an order) and
/// its tile is held in copies: its copies then come from the owners (`load`).
pub(super) fn strong_copies(op: &Op, rty: &Type) -> bool {
    ptx::MemAttrs::of(op).order != MemOrder::Weak && Dist::of_type(rty).is_some_and(|d| d.has_copies())
}

/// `broadcast_from_owners`' scratch: the whole tile.
pub(super) fn owners_bytes(dist: &Dist, ety: &Type) -> u32 {
    (dist.shape.iter().product::<i64>() * (ety.bits() as i64 / 8).max(1)) as u32
}

/// `kind` `None`: compare-and-swap.
fn atom_type(kind: Option<RmwKind>, t: &Type, unsigned: bool) -> Option<String> {
    use RmwKind::*;
    let f = t.is_float();
    let b = t.bits();
    let wide = b == 32 || b == 64;
    Some(match kind {
        Some(Add) if matches!(t, Type::F16 | Type::BF16) => {
            format!("add.noftz.{}", if *t == Type::F16 { "f16" } else { "bf16" })
        }
        Some(Add) if f && wide => format!("add.f{b}"),
        Some(Add) if !f && wide => format!("add.u{b}"),
        Some(k @ (Max | Min)) if !f && wide => format!("{k}.{}{b}", if unsigned { "u" } else { "s" }),
        Some(k @ (And | Or | Xor)) if !f && wide => format!("{k}.b{b}"),
        Some(Xchg) if wide => format!("exch.b{b}"),
        None if wide || b == 16 => format!("cas.b{b}"),
        _ => return None,
    })
}

/// Float max/min as integer atomics on the bits: IEEE floats of one sign order like their
/// bit patterns (non-negative as signed integers; negative reversed, as unsigned ones).
/// max: v >= 0 -> atom.max.s, v < 0 -> atom.min.u; min: v >= 0 -> atom.min.s,
/// v < 0 -> atom.max.u. Exactly one of the two fires per element.
#[allow(clippy::too_many_arguments)]
fn float_minmax_atomic(
    b: &mut Builder,
    kind: RmwKind,
    sem: MemSem,
    scope: MemScope,
    ptr: ValueId,
    bits: ValueId,
    w: u32,
    pred: ValueId,
) -> ValueId {
    let z = b.const_int(0, w);
    let nonneg = b.op1("arith.cmpi", &[bits, z], Type::Int(1), &[("predicate", Attr::int(5, "i64"))]); // sge
    let t = b.const_int(1, 1);
    let neg = b.op1("arith.xori", &[nonneg, t], Type::Int(1), &[]);
    let p_pos = b.op1("arith.andi", &[pred, nonneg], Type::Int(1), &[]);
    let p_neg = b.op1("arith.andi", &[pred, neg], Type::Int(1), &[]);
    let (pos_op, neg_op) = if kind == RmwKind::Max { ("max", "min") } else { ("min", "max") };
    let a = ptx::atomic(b, sem, scope, &format!("{pos_op}.s{w}"), ptr, &[bits], w, p_pos);
    let c = ptx::atomic(b, sem, scope, &format!("{neg_op}.u{w}"), ptr, &[bits], w, p_neg);
    b.op1("arith.select", &[nonneg, a, c], Type::Int(w), &[])
}

fn zero(b: &mut Builder, t: &Type) -> ValueId {
    if t.is_float() {
        b.op1("arith.constant", &[], t.clone(), &[("value", Attr(format!("0.0 : {t}")))])
    } else {
        b.const_int(0, t.bits())
    }
}

/// The integer of the same width holding `v`'s bits (i1 widens to i8).
fn to_bits(b: &mut Builder, v: ValueId, t: &Type) -> ValueId {
    match t {
        Type::Int(1) => b.op1("arith.extui", &[v], Type::Int(8), &[]),
        t if t.is_float() => b.op1("arith.bitcast", &[v], Type::Int(t.bits()), &[]),
        _ => v,
    }
}

fn from_bits(b: &mut Builder, v: ValueId, t: &Type) -> ValueId {
    match t {
        Type::Int(1) => b.op1("arith.trunci", &[v], Type::Int(1), &[]),
        t if t.is_float() => b.op1("arith.bitcast", &[v], t.clone(), &[]),
        _ => v,
    }
}

/// Words of `w` bits → `vec` elements of `t`.
fn unpack(b: &mut Builder, ws: &[ValueId], w: u32, t: &Type, vec: usize) -> Vec<ValueId> {
    let eb = t.bits().max(8);
    let mut out = vec![];
    for &word in ws {
        let per = (w / eb) as usize;
        for k in 0..per.min(vec) {
            let mut x = word;
            if per > 1 {
                let sh = b.const_int((k as u32 * eb) as i64, w);
                x = b.op1("arith.shrui", &[x, sh], Type::Int(w), &[]);
            }
            if w != eb {
                x = b.op1("arith.trunci", &[x], Type::Int(eb), &[]);
            }
            out.push(from_bits(b, x, t));
        }
    }
    out
}

/// Elements of `t` → words of `w` bits (little-endian lanes, as memory holds them).
fn pack(b: &mut Builder, elems: &[ValueId], w: u32, t: &Type) -> Vec<ValueId> {
    let eb = t.bits().max(8);
    let per = (w / eb) as usize;
    elems
        .chunks(per.max(1))
        .map(|chunk| {
            let mut acc: Option<ValueId> = None;
            for (k, e) in chunk.iter().enumerate() {
                let mut x = to_bits(b, *e, t);
                if w != eb {
                    x = b.op1("arith.extui", &[x], Type::Int(w), &[]);
                }
                if k > 0 {
                    let sh = b.const_int((k as u32 * eb) as i64, w);
                    x = b.op1("arith.shli", &[x, sh], Type::Int(w), &[]);
                }
                acc = Some(match acc {
                    None => x,
                    Some(a) => b.op1("arith.ori", &[a, x], Type::Int(w), &[]),
                });
            }
            acc.expect("non-empty chunk")
        })
        .collect()
}
