//! `tile.reduce` of a whole 1-D tile to a scalar: fold the thread's registers (replicated
//! copies replaced by the identity), then butterfly shuffles across the warp, then one
//! value per warp through shared memory, folded by every thread.

use super::combine::Combiner;
use super::convert::gep;
use super::{lower_type, Lowerer};
use crate::conversion::nvidia::{ptx, sreg};
use crate::pass::PassError;
use tile_dialects::attrname;
use tile_dialects::attrs::{ReduceKind, RmwKind};
use tile_dialects::ir::{Attr, Builder, Op, Type, ValueId};

impl Lowerer<'_> {
    pub(super) fn reduce(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let src = op.operands[0];
        let r = op.result();
        let kind = reduce_kind(op)?;
        let sty = self.ty(src).clone();
        // Along an axis of a 2-D tile, of a slice, or with indices: reduce_axis.rs.
        let free_threads = self.dist(src, &op.loc).is_ok_and(|d| d.has_free_threads());
        if by_axis(kind, &sty, self.ty(r), free_threads) {
            return self.reduce_axis(b, op);
        }
        let ety = lower_type(&sty);
        let unsigned = op.int_attr(attrname::TILE_UNSIGNED) == Some(1);
        let combine = Combiner::Arith(
            Fold::of_reduce(kind)
                .and_then(|f| combiner(f, &ety, unsigned))
                .ok_or_else(|| PassError::at(&op.loc, format!("reduction `{kind}` is not supported yet")))?,
        );
        let id = identity(b, Fold::of_reduce(kind).unwrap(), &ety, unsigned);
        let dist = self.dist(src, &op.loc)?;
        // A polling loop's condition that each thread decides on its own (thread-loops):
        // the thread's elements only, with no copies to mask (the pass admits none).
        let per_thread = op.int_attr(attrname::LAYOUT_PER_THREAD) == Some(1);
        if let Some(vote) = self.flags_vote(kind, src).filter(|_| !per_thread) {
            let acc = self.reduce_flags(b, vote, src, dist.elems_per_thread(), &ety);
            self.map.insert(r, vec![acc]);
            return Ok(());
        }
        // 1. Registers.
        let mut acc: Option<ValueId> = None;
        for j in 0..dist.elems_per_thread() {
            let mut v = self.reg(src, j);
            if dist.replicates(0) {
                let own = self.owner(b, src, j, &op.loc)?;
                v = b.op1("arith.select", &[own, v, id], ety.clone(), &[]);
            }
            acc = Some(match acc {
                None => v,
                Some(a) => self.combine(b, combine, a, v, &ety)?,
            });
        }
        let mut acc = acc.unwrap_or(id);
        if per_thread {
            self.map.insert(r, vec![acc]);
            return Ok(());
        }
        // 2. Lanes.
        for off in [16, 8, 4, 2, 1] {
            let other = self.shuffle(b, acc, off, &ety)?;
            acc = self.combine(b, combine, acc, other, &ety)?;
        }
        // 3. Warps (a barrier before writing the scratch, none after reading it: the
        //    scratch's next writer has its own, see `Lowerer::smem`). Kept even when every
        //    warp holds the whole tile: the look-back window's poll loop ran 0.78x
        //    torch.cumsum without these barriers against 0.93x with them (warps polling
        //    L2 on their own, bench/results/2026-11-22-h100-scan.md).
        if self.num_warps > 1 {
            let base = self.smem_for_write(b, warp_totals_bytes(&ety, self.num_warps));
            let z = b.const_int(0, 32);
            let lane0 = b.op1("arith.cmpi", &[self.lane, z], Type::Int(1), &[("predicate", Attr::int(0, "i64"))]);
            let slot = gep(b, base, self.warp, &ety);
            b.if_then(lane0, |ib| {
                ib.op("llvm.store", &[acc, slot], &[], &[]);
            });
            sreg::barrier(b);
            let mut total: Option<ValueId> = None;
            for w in 0..self.num_warps {
                let idx = b.const_int(w as i64, 32);
                let p = gep(b, base, idx, &ety);
                let v = b.op1("llvm.load", &[p], ety.clone(), &[]);
                total = Some(match total {
                    None => v,
                    Some(t) => self.combine(b, combine, t, v, &ety)?,
                });
            }
            acc = total.expect("at least one warp");
        }
        self.map.insert(r, vec![acc]);
        Ok(())
    }

    /// A max or min of flags widened to integers (`max(open.to(i32))`, a polling loop's
    /// "is any still open?") on several warps: the CTA barrier's own reduction,
    /// `bar.red.or.pred` / `bar.red.and.pred`, one instruction where the general path
    /// takes five shuffles, a store, a barrier and a load a warp.
    fn flags_vote(&self, kind: ReduceKind, src: ValueId) -> Option<&'static str> {
        if self.num_warps < 2 || !self.flags.contains(&src) {
            return None;
        }
        match kind {
            ReduceKind::Max => Some("or"),
            ReduceKind::Min => Some("and"),
            _ => None,
        }
    }

    /// `flags_vote`'s reduction: the thread's flags folded (max and min are idempotent, so
    /// replicated copies need no owner), then the barrier's vote, widened to `ety`.
    fn reduce_flags(&mut self, b: &mut Builder, vote: &str, src: ValueId, regs: usize, ety: &Type) -> ValueId {
        let fold = if vote == "or" { "arith.ori" } else { "arith.andi" };
        let mut acc: Option<ValueId> = None;
        for j in 0..regs {
            let v = self.reg(src, j);
            acc = Some(match acc {
                None => v,
                Some(a) => b.op1(fold, &[a, v], ety.clone(), &[]),
            });
        }
        let acc = acc.expect("a tile has an element a thread");
        let acc32 = match ety.bits() {
            32 => acc,
            w if w > 32 => b.op1("arith.trunci", &[acc], Type::Int(32), &[]),
            _ => b.op1("arith.extui", &[acc], Type::Int(32), &[]),
        };
        let text =
            format!("{{ .reg .pred p, q; setp.ne.u32 p, $1, 0; bar.red.{vote}.pred q, 0, p; selp.u32 $0, 1, 0, q; }}");
        let out = ptx::asm(b, &text, &[32], &[(acc32, "r")], true)[0];
        match ety.bits() {
            32 => out,
            w if w > 32 => b.op1("arith.extui", &[out], ety.clone(), &[]),
            _ => b.op1("arith.trunci", &[out], ety.clone(), &[]),
        }
    }

    /// `shfl.sync.bfly` of any value up to 64 bits.
    pub(super) fn shuffle(&mut self, b: &mut Builder, v: ValueId, off: u32, ty: &Type) -> Result<ValueId, PassError> {
        Ok(sreg::shfl_bfly(b, v, ty, off))
    }
}

/// Whether a reduction goes by `reduce_axis.rs`: along an axis of a 2-D tile, of a slice
/// (its source's distribution has free threads), or with indices; a custom combine too
/// (it has no identity for the replicated registers the whole-tile path folds, and it
/// keeps the elements in order).
pub(super) fn by_axis(kind: ReduceKind, sty: &Type, rty: &Type, free_threads: bool) -> bool {
    sty.shape().len() != 1 || rty.is_tensor() || free_threads || is_arg(kind) || kind == ReduceKind::Custom
}

/// `tile.reduce`'s `kind` (IRDL admits only `ReduceKind`'s values).
pub(super) fn reduce_kind(op: &Op) -> Result<ReduceKind, PassError> {
    op.enum_attr(attrname::KIND).ok_or_else(|| {
        let k = op.str_attr(attrname::KIND).unwrap_or_default();
        PassError::at(&op.loc, format!("reduction `{k}` is not supported yet"))
    })
}

/// Argmax / argmin: the reduction also yields the winner's index.
pub(super) fn is_arg(kind: ReduceKind) -> bool {
    matches!(kind, ReduceKind::Argmax | ReduceKind::Argmin)
}

/// The arithmetic of a built-in combine: a reduction's (argmax folds with max), or an
/// atomic's pre-reduction (`coalesce` step 5), which also folds `and` / `or` that
/// `tile.reduce` has no kind for; hence its own enum, not `ReduceKind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fold {
    Sum,
    Max,
    Min,
    And,
    Or,
    Xor,
}

impl Fold {
    /// `None` for a custom combine (its region).
    pub(super) fn of_reduce(k: ReduceKind) -> Option<Fold> {
        Some(match k {
            ReduceKind::Sum => Fold::Sum,
            ReduceKind::Max | ReduceKind::Argmax => Fold::Max,
            ReduceKind::Min | ReduceKind::Argmin => Fold::Min,
            ReduceKind::Xor => Fold::Xor,
            ReduceKind::Custom => return None,
        })
    }
    /// `None` for an exchange, which folds nothing.
    pub(super) fn of_rmw(k: RmwKind) -> Option<Fold> {
        Some(match k {
            RmwKind::Add => Fold::Sum,
            RmwKind::Max => Fold::Max,
            RmwKind::Min => Fold::Min,
            RmwKind::And => Fold::And,
            RmwKind::Or => Fold::Or,
            RmwKind::Xor => Fold::Xor,
            RmwKind::Xchg => return None,
        })
    }
}

/// The whole-tile path's scratch: one total per warp (none with one warp).
pub(super) fn warp_totals_bytes(ety: &Type, num_warps: u32) -> u32 {
    match num_warps {
        1 => 0,
        n => (ety.bits().max(8) / 8) * n,
    }
}

pub(super) fn combiner(kind: Fold, t: &Type, unsigned: bool) -> Option<&'static str> {
    let f = t.is_float();
    Some(match (kind, f, unsigned) {
        (Fold::Sum, true, _) => "arith.addf",
        (Fold::Sum, false, _) => "arith.addi",
        // Triton's `tl.max` / `tl.min` combine with `maximum` / `minimum` at their default
        // (propagate_nan NONE): a NaN element is ignored, NaN only when all are.
        (Fold::Max, true, _) => "arith.maxnumf",
        (Fold::Min, true, _) => "arith.minnumf",
        (Fold::Max, false, false) => "arith.maxsi",
        (Fold::Min, false, false) => "arith.minsi",
        (Fold::Max, false, true) => "arith.maxui",
        (Fold::Min, false, true) => "arith.minui",
        // Bitwise folds: `xor_sum`, and atomics' pre-reduction (`coalesce` step 5).
        (Fold::And, false, _) => "arith.andi",
        (Fold::Or, false, _) => "arith.ori",
        (Fold::Xor, false, _) => "arith.xori",
        _ => return None,
    })
}

pub(super) fn identity(b: &mut Builder, kind: Fold, t: &Type, unsigned: bool) -> ValueId {
    use crate::sema::types::Scalar;
    if t.is_float() {
        // (fp8 has no arithmetic; its reductions run in f32.)
        let s = t.as_scalar().filter(|s| !s.is_fp8()).unwrap_or(Scalar::F32);
        // -0.0, not 0.0, for sums: `x + -0.0` is `x` for every x, while `-0.0 + 0.0` is
        // `+0.0`, so a replicated register would change a -0.0 total (`split` relies on it).
        let v = match kind {
            Fold::Max => f64::NEG_INFINITY,
            Fold::Min => f64::INFINITY,
            _ => -0.0,
        };
        let lit = crate::tilegen::types::float_literal(v, s);
        return b.op1("arith.constant", &[], t.clone(), &[("value", Attr(format!("{lit} : {t}")))]);
    }
    let bits = t.bits();
    let v: i64 = match (kind, unsigned) {
        (Fold::Max, false) => i64::MIN >> (64 - bits.min(64)),
        (Fold::Min, false) => {
            if bits >= 64 {
                i64::MAX
            } else {
                (1i64 << (bits - 1)) - 1
            }
        }
        (Fold::Min, true) | (Fold::And, _) => -1,
        _ => 0,
    };
    b.const_int(v, bits)
}
