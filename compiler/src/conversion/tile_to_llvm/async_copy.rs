//! Asynchronous copies from global to shared memory: `layout.async_copy` as cp.async,
//! `async_commit` and `async_wait` as their groups.
//!
//! Each thread copies its elements of the tile in vectors contiguous both in global memory
//! (the pointer tile's `layout.vec`, from `coalesce`) and in the shared layout; PTX allows
//! 4, 8 and 16 bytes (16 through L2 only: `.cg`). A masked-off vector is copied with a
//! source size of 0, which writes zeros (a masked load's `other` of 0). Destination
//! addresses follow the same address plan as any other shared access.
//!
//! A pipelined copy's source address `(base + Y) + X` (a loop-invariant pointer tile
//! advanced by a loop-invariant offset `Y`, then by a per-trip i32 offset `X`:
//! attention's `k + kn[None, :] * skn + offs_d[:, None]`) is formed as
//! `mad.wide.s32 X, size, base + Y`. LLVM writes `mul.wide.s32` + `add.s64` there (it
//! forms `mad.wide` only under the process-wide `-nvptx-mad-wide-opt`, which Triton
//! sets), and ptxas makes that one `IMAD.WIDE` on the FMA pipe, which a softmax beside the
//! copies keeps busy; from `mad.wide` it makes `LEA` + `LEA.HI.X` on the ALU pipe, as in
//! Triton's loops, at the price of more live registers. On the H100 that form takes
//! fewer cycles: attention at
//! head dim 64 1.9-6.8% (2.8-5.4% causal) at every block shape, head dim 128 at BLOCK_N 64
//! 5.2-5.3% (3.3-8.0% causal), where the loop's tensor-core accumulators take at most 96
//! registers a thread; at head dim 128 with BLOCK_M and BLOCK_N 128 (128 accumulator
//! registers, 221 in all) it cost 3-9%. So the form is used for copies of at most eight
//! vectors a thread in loops whose accumulators take at most 96 registers.
//!
//! A masked copy in a loop whose tensor-core accumulators take at most 64 registers a
//! thread writes its mask as PTX's `ignore-src` predicate; elsewhere as a source size
//! `select(mask, 16, 0)`, which ptxas turns back into a predicate (a compare and two
//! selects more a key row in attention's loop). The predicate saves attention at head
//! dim 64 0.2-1.4% of its cycles at every shape (64 accumulator registers); with 96 or 128
//! (head dim 128) the predicates kept live cost up to 8.6%, hence the limit.

use super::convert::addresses;
use super::Lowerer;
use crate::conversion::nvidia::ptx;
use crate::pass::PassError;
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Builder, Op, Type, ValueId};
use tile_dialects::layout::elem_bytes;
use tile_dialects::opname;
use tile_dialects::views::LayoutAsyncCopy;

impl Lowerer<'_> {
    pub(super) fn async_copy(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let c = LayoutAsyncCopy(op);
        let (ptr, buf, mask) = (c.ptr(), c.buf(), c.mask());
        let bt = self.ty(buf).clone();
        let s = bt.shared().cloned().ok_or_else(|| PassError::at(&op.loc, "async_copy into a non-memdesc"))?;
        let d = self.dist(ptr, &op.loc)?;
        let eb = elem_bytes(&bt);
        let shape = d.shape.clone();
        let hint = op.int_attr(attrname::LAYOUT_VEC).unwrap_or(1).max(1) as usize;
        let along = d.fast().0 == s.inner();
        let v = if along { hint.min(s.access(&d, &shape, eb)) } else { 1 };
        let bytes = v as u32 * eb;
        if ![4, 8, 16].contains(&bytes) {
            return Err(PassError::at(
                &op.loc,
                format!("cp.async moves 4, 8 or 16 bytes; this tile allows {bytes} a thread (software-pipeline should not have made it)"),
            ));
        }
        let ety = super::lower_type(bt.elem());
        let parts = self.thread_parts(b, &d);
        let base = self.scalar(buf);
        let vecs = d.vectors(s.inner(), v);
        let dsts = addresses(b, base, &s, &d, &shape, (self.tid, &parts), &vecs, self.num_warps, &ety);
        let full = b.const_int(bytes as i64, 32);
        let zero = b.const_int(0, 32);
        let yes = b.const_int(1, 1);
        let modifier = if bytes == 16 { "cg" } else { "ca" };
        // The ALU form where it was measured to pay (see the module's comment).
        let chain = if vecs.len() <= 8 && self.loop_acc_regs <= 96 { self.invariant_base_chain(ptr) } else { None };
        for (regs, dst) in vecs.into_iter().zip(dsts) {
            let src = match chain.as_ref().and_then(|c| self.alu_source(b, c, regs[0], eb)) {
                Some(a) => a,
                None => self.reg(ptr, regs[0]),
            };
            let size = match mask {
                // The predicate form where it was measured to pay (the module's comment).
                // PTX has it from ISA 7.5, newer than sm_80's default, so the module asks
                // for that (`min_ptx`), as `.L1::evict_*` does.
                Some(m) if (1..=64).contains(&self.loop_acc_regs) => {
                    self.min_ptx = self.min_ptx.max(75);
                    let keep = self.reg(m, regs[0]);
                    let ignore = b.op1("arith.xori", &[keep, yes], Type::Int(1), &[]);
                    let d = b.op1("llvm.ptrtoint", &[dst], Type::Int(32), &[]);
                    let g = b.op1("llvm.ptrtoint", &[src], Type::Int(64), &[]);
                    let text = format!("cp.async.{modifier}.shared.global [$0], [$1], {bytes}, $2;");
                    ptx::asm(b, &text, &[], &[(d, "r"), (g, "l"), (ignore, "b")], true);
                    continue;
                }
                Some(m) => {
                    let p = self.reg(m, regs[0]);
                    b.op1("arith.select", &[p, full, zero], Type::Int(32), &[])
                }
                None => full,
            };
            b.op(
                "nvvm.cp.async.shared.global",
                &[dst, src, size],
                &[],
                &[
                    ("size", Attr::int(bytes as i64, "i32")),
                    ("modifier", Attr(format!("#nvvm<load_cache_modifier {modifier}>"))),
                ],
            );
        }
        Ok(())
    }

    /// `ptr = addptr(P, Y)`, `P = addptr(S, X)` (or its broadcast) with `S` and `Y` the same
    /// every trip, `X` not, and both offsets i32; `None` where `ptr` is not of that form.
    fn invariant_base_chain(&self, ptr: ValueId) -> Option<BaseChain> {
        let outer = self.defs.get(&ptr).filter(|o| o.name == opname::TILE_ADDPTR)?;
        let (p, y) = (outer.operands[0], outer.operands[1]);
        let a1 = match self.defs.get(&p) {
            Some(d) if d.name == opname::TILE_BROADCAST => d.operands[0],
            _ => p,
        };
        let inner = self.defs.get(&a1).filter(|o| o.name == opname::TILE_ADDPTR)?;
        let (s, x) = (inner.operands[0], inner.operands[1]);
        let i32s = |v: ValueId| self.ty(v).elem().bits() == 32;
        if !i32s(x) || !i32s(y) || !self.varies(x) || self.varies(s) || self.varies(y) {
            return None;
        }
        let Type::TilePtr(pointee) = self.ty(ptr).elem() else { return None };
        Some(BaseChain { p, a1, s, x, y, elem: super::lower_type(pointee) })
    }

    /// Register `j`'s address of the chain `c` as `mad.wide.s32 X, bytes, S + Y`.
    fn alu_source(&self, b: &mut Builder, c: &BaseChain, j: usize, bytes: u32) -> Option<ValueId> {
        // The register of P's source that P's register j repeats.
        let pj = self.reg(c.p, j);
        let k = self.get(c.a1).iter().position(|&v| v == pj)?;
        let base = super::convert::gep_in(b, 1, self.reg(c.s, k), self.reg(c.y, j), &c.elem);
        let bi = b.op1("llvm.ptrtoint", &[base], Type::Int(64), &[]);
        let text = format!("mad.wide.s32 $0, $1, {bytes}, $2;");
        let a = ptx::asm(b, &text, &[64], &[(self.reg(c.x, k), "r"), (bi, "l")], false)[0];
        Some(b.op1("llvm.inttoptr", &[a], Type::LlvmPtr(1), &[]))
    }

    /// Whether `v` may differ from one trip of an enclosing loop to the next: a block
    /// argument, or computed inside a region from one, or by anything but pure arithmetic
    /// and shape ops (a value of the kernel's top level never does). A walk over the
    /// values it is computed from, each visited once.
    fn varies(&self, v: ValueId) -> bool {
        let pure = |o: &Op| {
            o.name.starts_with("arith.")
                || matches!(
                    o.name.as_str(),
                    opname::TILE_SPLAT
                        | opname::TILE_BROADCAST
                        | opname::TILE_EXPAND_DIMS
                        | opname::TILE_ADDPTR
                        | opname::TILE_ARANGE
                )
        };
        let mut seen = std::collections::HashSet::new();
        let mut todo = vec![v];
        while let Some(v) = todo.pop() {
            if !seen.insert(v) {
                continue;
            }
            if self.region_args.contains(&v) {
                return true;
            }
            let Some(d) = self.defs.get(&v) else { continue };
            if !pure(d) {
                return true;
            }
            todo.extend(d.operands.iter().copied());
        }
        false
    }

    pub(super) fn async_commit(&mut self, b: &mut Builder) {
        b.op("nvvm.cp.async.commit.group", &[], &[], &[]);
    }

    pub(super) fn async_wait(&mut self, b: &mut Builder, op: &Op) {
        let n = op.int_attr("pending").unwrap_or(0);
        b.op("nvvm.cp.async.wait.group", &[], &[], &[("n", Attr::int(n, "i32"))]);
    }
}

/// A copy's source pointer tile `addptr(P, Y)` with `P` = `a1` or its broadcast and
/// `a1 = addptr(S, X)`: the values `alu_source` reads, matched once a copy.
struct BaseChain {
    p: ValueId,
    a1: ValueId,
    s: ValueId,
    x: ValueId,
    y: ValueId,
    elem: Type,
}
