//! `layout.warp_group_dot` on wgmma (`#layout.mma` version 3) and
//! `layout.warp_group_dot_wait`.
//!
//! 1. The program's tile is a grid of m64nNk instructions, one warp group each: along M
//!    `16 wm` rows a repetition (wm / 4 warp groups of 64 rows), along N `N wn`.
//! 2. Operands in shared memory are read through descriptors: the constant fields from
//!    the `layout.nvmma` layout (`nvidia::wgmma`), the start address that of the
//!    instruction's first element. Within one program the address is the buffer's base,
//!    plus this warp group's part (a function of `%tid.x`'s warp bits, linear in them),
//!    plus a constant for the repetition and K step. A in registers (`#layout.dot_op` of
//!    the accumulator: each warp's 16 rows as mma.sync's A fragment) is packed into four
//!    32-bit registers an instruction, all before the fence: registers that other
//!    instructions define between the fence and the wait make ptxas serialise the
//!    products. NVVM's op takes descriptors only, so that form is inline assembly.
//! 3. `wgmma.fence`, every instruction (the accumulator of each (m, n) chained through
//!    the K steps), `wgmma.commit_group`; then, unless the product is asynchronous,
//!    `wgmma.wait_group 0`. The wait is inline assembly with every accumulator register
//!    tied through it, so nothing reads an accumulator before the tensor cores have
//!    written it (Triton's form; the NVVM wait op ties nothing).
//! 4. fp8 with `tile.max_num_imprecise_acc = N` (Triton's `max_num_imprecise_acc`, at
//!    most K): Hopper's fp8 tensor cores add into an accumulator of about 14 mantissa
//!    bits, so, as Triton's lowering, each (m, n)'s K steps go in partial sums of N
//!    products (rounded up to whole instructions): a fresh sum (`scale-d` 0), chained
//!    through its instructions, committed, waited for and added into the f32
//!    accumulator; a fence before the next instruction. The product is then complete
//!    (`software-pipeline` leaves no such product in flight).

use super::convert::tid_linear_offset;
use super::mma::instr_regs;
use super::{lower_type, Lowerer};
use crate::analysis::shared_addresses::tid_bit_masks;
use crate::conversion::nvidia::ptx;
use crate::conversion::nvidia::wgmma::descriptor_fields;
use crate::pass::PassError;
use std::collections::HashMap;
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Builder, Encoding, Mma, Op, Shared, Type, ValueId};
use tile_dialects::layout::mma::ptx_kind;
use tile_dialects::layout::{elem_bytes, Dist};

impl Lowerer<'_> {
    pub(super) fn warp_group_dot(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let (a, bm, acc, r) = (op.operands[0], op.operands[1], op.operands[2], op.result());
        let Some(Encoding::Mma(m)) = self.ty(r).encoding().cloned() else {
            return Err(PassError::at(&op.loc, "warp_group_dot without an mma accumulator"));
        };
        let (at, bt) = (self.ty(a).clone(), self.ty(bm).clone());
        let tc = lower_type(self.ty(r));
        let kind = ptx_kind(at.elem(), bt.elem(), &tc, op.enum_attr(attrname::INPUT_PRECISION).unwrap_or_default())
            .ok_or_else(|| PassError::at(&op.loc, format!("no wgmma multiplies {at} x {bt} into {tc}")))?;
        let Some(sb) = bt.shared().cloned() else {
            return Err(PassError::at(&op.loc, "wgmma's B operand must be in shared memory"));
        };
        let dc = self.dist(r, &op.loc)?;
        let (ni, ik) = (m.instr_shape[1] as i64, m.instr_shape[2] as i64);
        let (wm, wn) = (m.warps_per_cta[0] as i64, m.warps_per_cta[1] as i64);
        let (sha, shb) = (at.shape().to_vec(), bt.shape().to_vec());
        let (mm, nn, kk) = (dc.shape[0], dc.shape[1], sha[1]);
        let (rm, rn, rk) = ((mm / (16 * wm)).max(1), (nn / (ni * wn)).max(1), kk / ik);
        let eb = elem_bytes(&at) as i64;
        // Step 2: each operand's descriptor for this warp group, without the constants;
        // or A's packed fragments.
        let group = self.warp_group_origin(&dc);
        let a_from = match at.shared().cloned() {
            Some(sa) => {
                let desc =
                    self.base_descriptor(b, a, &sa, [Some(&group.0), None], &sha, sa.inner() == 1, kk, &op.loc)?;
                AFrom::Shared(sa, desc)
            }
            None => AFrom::Regs(self.a_fragments(b, op, kind, (rm, rk), &m)?),
        };
        let b_desc = self.base_descriptor(b, bm, &sb, [None, Some(&group.1)], &shb, sb.inner() == 0, kk, &op.loc)?;
        let frag = (ni / 2) as usize;
        let instr = Instr {
            shape: format!("m64n{ni}k{ik}.{}.{kind}.{kind}", if tc == Type::F32 { "f32" } else { "s32" }),
            kind,
            // PTX's transpose bits: 1 where an operand is M- (N-) major rather than
            // K-major.
            trans_a: matches!(&a_from, AFrom::Shared(sa, _) if sa.inner() != 1),
            trans_b: sb.inner() != 0,
        };
        // Step 4: fp8 products promoted every `every` products of K.
        let fp8 = matches!(kind, "e4m3" | "e5m2") && tc == Type::F32;
        let promote = op.int_attr(attrname::TILE_MAX_NUM_IMPRECISE_ACC).filter(|&n| fp8 && n <= kk);
        b.op("nvvm.wgmma.fence.aligned", &[], &[], &[]);
        let mut fenced = true;
        let mut out = vec![0; dc.elems_per_thread()];
        for i in 0..rm {
            for j in 0..rn {
                let origin = [i * 16 * wm, j * ni * wn];
                let idx = instr_regs(&dc, frag, &origin);
                let mut c: Vec<ValueId> = idx.iter().map(|&x| self.reg(acc, x)).collect();
                // The partial sum being built (step 4) and the products of K it holds.
                let (mut partial, mut held): (Option<Vec<ValueId>>, i64) = (None, 0);
                for k in 0..rk {
                    let db = add_const_opaque(b, b_desc, sb.offset(&shb, &[k * ik, origin[1]]) * eb);
                    let a = match &a_from {
                        AFrom::Shared(sa, a_desc) => {
                            WgmmaA::Desc(add_const(b, *a_desc, sa.offset(&sha, &[origin[0], k * ik]) * eb))
                        }
                        AFrom::Regs(frags) => WgmmaA::Regs(&frags[&(i, k)]),
                    };
                    let Some(every) = promote else {
                        c = wgmma(b, &instr, &c, a, db, &tc, true);
                        continue;
                    };
                    if !fenced {
                        b.op("nvvm.wgmma.fence.aligned", &[], &[], &[]);
                        fenced = true;
                    }
                    // A fresh partial sum (scale-d 0: its inputs are not read), or the
                    // one being built.
                    let (from, chained) = match partial.take() {
                        Some(p) => (p, true),
                        None => ((0..c.len()).map(|_| b.op1("llvm.mlir.undef", &[], tc.clone(), &[])).collect(), false),
                    };
                    let p = wgmma(b, &instr, &from, a, db, &tc, chained);
                    held += ik;
                    if held >= every || k == rk - 1 {
                        // Wait for it (this warp group's products so far), add it in f32;
                        // the next instruction's registers then need a fence again.
                        b.op("nvvm.wgmma.commit.group.sync.aligned", &[], &[], &[]);
                        let p = wait_group(b, &p, &tc, 0);
                        c = c.iter().zip(p).map(|(x, y)| b.op1("arith.addf", &[*x, y], tc.clone(), &[])).collect();
                        (held, fenced) = (0, false);
                    } else {
                        partial = Some(p);
                    }
                }
                for (x, v) in idx.into_iter().zip(c) {
                    out[x] = v;
                }
            }
        }
        // Promoted sums were waited for and added: nothing is left in flight.
        if promote.is_none() {
            b.op("nvvm.wgmma.commit.group.sync.aligned", &[], &[], &[]);
            if op.int_attr("async") != Some(1) {
                out = wait_group(b, &out, &tc, 0);
            }
        }
        self.map.insert(r, out);
        Ok(())
    }

    pub(super) fn warp_group_dot_wait(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let pending = op.int_attr("pending").unwrap_or(0);
        let mut all = vec![];
        for &v in &op.operands {
            all.extend(self.get(v).iter().copied());
        }
        let ty = op.operands.first().map(|v| lower_type(self.ty(*v))).unwrap_or(Type::F32);
        // Where the products were all retired by the wait just before (a product waited
        // for in full: attention's q k^T, with p v in flight), a second `wait_group 0`
        // would be an instruction for nothing: the accumulators are only tied through
        // an empty asm, which LLVM keeps after that wait (both have side effects), so
        // nothing reads them earlier.
        let mut waited =
            if pending == 0 && self.wgmma_retired { tie(b, &all, &ty, "") } else { wait_group(b, &all, &ty, pending) }
                .into_iter();
        for (&v, &r) in op.operands.iter().zip(&op.results) {
            let n = self.get(v).len();
            let vals: Vec<ValueId> = waited.by_ref().take(n).collect();
            self.map.insert(r, vals);
        }
        Ok(())
    }

    /// A's fragment of each (M repetition, K step), packed into 32-bit registers, for a
    /// product reading A from registers.
    fn a_fragments(
        &mut self,
        b: &mut Builder,
        op: &Op,
        kind: &str,
        (rm, rk): (i64, i64),
        m: &Mma,
    ) -> Result<HashMap<(i64, i64), Vec<ValueId>>, PassError> {
        let a = op.operands[0];
        let want = Encoding::DotOp { idx: 0, parent: Box::new(Encoding::Mma(m.clone())), k_width: 2 };
        if !matches!(kind, "f16" | "bf16") || self.ty(a).encoding() != Some(&want) {
            return Err(PassError::at(
                &op.loc,
                format!("wgmma reads A from registers only as 16-bit {want}, not {}", self.ty(a)),
            ));
        }
        let da = self.dist(a, &op.loc)?;
        let (wm, ik) = (m.warps_per_cta[0] as i64, m.instr_shape[2] as i64);
        let mut frags = HashMap::new();
        for i in 0..rm {
            for k in 0..rk {
                let regs = self.fragment(b, a, &da, 8, &[i * 16 * wm, k * ik], kind);
                // f16 pairs are `vector<2xf16>`; inline assembly takes them as `b32`.
                let regs = match kind {
                    "f16" => regs.into_iter().map(|v| b.op1("llvm.bitcast", &[v], Type::Int(32), &[])).collect(),
                    _ => regs,
                };
                frags.insert((i, k), regs);
            }
        }
        Ok(frags)
    }

    /// This thread's warp group's first row and column (its warps' bits above the first
    /// two), as offsets per thread, for descriptors.
    fn warp_group_origin(&self, dc: &Dist) -> (Vec<i64>, Vec<i64>) {
        let threads = 32 * self.num_warps;
        let (mut rows, mut cols) = (vec![], vec![]);
        for t in 0..threads {
            let c = dc.ll.coords(0, 0, (t / 32) & !3);
            rows.push(c[0]);
            cols.push(c[1]);
        }
        (rows, cols)
    }

    /// The descriptor of operand `v` (a shared buffer in `s`) at this thread's warp
    /// group's origin (`origin`: per-thread coordinates, one of them all zero), without
    /// the repetition's constant offset.
    #[allow(clippy::too_many_arguments)]
    fn base_descriptor(
        &mut self,
        b: &mut Builder,
        v: ValueId,
        s: &Shared,
        origin: [Option<&Vec<i64>>; 2],
        shape: &[i64],
        k_major: bool,
        rows_k: i64,
        loc: &str,
    ) -> Result<ValueId, PassError> {
        let threads = (32 * self.num_warps) as usize;
        let eb = elem_bytes(self.ty(v)) as i64;
        let at = |d: usize, t: usize| origin[d].map_or(0, |o| o[t]);
        let offs: Vec<i64> = (0..threads).map(|t| s.offset(shape, &[at(0, t), at(1, t)]) * eb).collect();
        if tid_bit_masks(&offs).is_none() {
            return Err(PassError::at(loc, "wgmma operand whose warp-group offset is not linear in the warp index"));
        }
        let group = tid_linear_offset(b, self.tid, &offs).expect("checked linear");
        let base = self.scalar(v);
        let addr = b.op1("llvm.ptrtoint", &[base], Type::Int(32), &[]);
        let addr = b.op1("arith.addi", &[addr, group], Type::Int(32), &[]);
        let addr = b.op1("arith.extui", &[addr], Type::Int(64), &[]);
        let four = b.const_int(4, 64);
        let start = b.op1("arith.shrui", &[addr, four], Type::Int(64), &[]);
        let mask = b.const_int(0x3fff, 64);
        let start = b.op1("arith.andi", &[start, mask], Type::Int(64), &[]);
        let fields = b.const_int(descriptor_fields(s, k_major, rows_k) as i64, 64);
        Ok(b.op1("arith.ori", &[start, fields], Type::Int(64), &[]))
    }
}

/// Where a warp-group product reads A: a shared buffer (its layout and this warp
/// group's base descriptor), or packed registers by (M repetition, K step).
enum AFrom {
    Shared(Shared, ValueId),
    Regs(HashMap<(i64, i64), Vec<ValueId>>),
}

/// One wgmma instruction's form: `shape` as PTX spells it (`m64n256k16.f32.f16.f16`),
/// the operand kind, and whether A and B are stored MN-major.
struct Instr {
    shape: String,
    kind: &'static str,
    trans_a: bool,
    trans_b: bool,
}

/// Where one instruction reads A: a shared-memory descriptor or four packed registers.
enum WgmmaA<'a> {
    Desc(ValueId),
    Regs(&'a [ValueId]),
}

/// One `wgmma.mma_async`, accumulating into `c` (tied through): the accumulator after it.
///
/// Inline assembly with every accumulator register an operand of its own, rather than
/// NVVM's op: that op takes and returns the accumulator as one struct, and packing it
/// with 64-128 `insertvalue`s before every instruction made LLVM's (IP)SCCP, which
/// re-merges the whole struct at each one, a tenth of a matmul's compile. The text is the
/// op's own lowering: operands number the outputs, their tied inputs, A, B; `scale-d` is
/// a predicate, then the immediate scales and transposes the element kind takes
/// (integers none, tf32 and fp8 no transposes: they are K-major only, and A from
/// registers has no transpose of its own).
/// `scale_d` false starts from zero (the inputs tied through are not read).
fn wgmma(
    b: &mut Builder,
    instr: &Instr,
    c: &[ValueId],
    a: WgmmaA,
    b_desc: ValueId,
    ty: &Type,
    scale_d: bool,
) -> Vec<ValueId> {
    let n = c.len();
    let list = |from: usize, k: usize| (from..from + k).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ");
    let imm = match (instr.kind, matches!(a, WgmmaA::Desc(_))) {
        ("s8", _) => String::new(),
        ("f16" | "bf16", true) => format!(", 1, 1, {}, {}", instr.trans_a as u8, instr.trans_b as u8),
        ("f16" | "bf16", false) => format!(", 1, 1, {}", instr.trans_b as u8),
        _ => ", 1, 1".into(),
    };
    let (a_text, a_cons, a_ops, b_at) = match a {
        WgmmaA::Desc(d) => (format!("${}", 2 * n), vec!["l"], vec![d], 2 * n + 1),
        WgmmaA::Regs(r) => (format!("{{{}}}", list(2 * n, r.len())), vec!["r"; r.len()], r.to_vec(), 2 * n + r.len()),
    };
    let text = format!(
        "{{\n.reg .pred p;\nsetp.ne.b32 p, {}, 0;\nwgmma.mma_async.sync.aligned.{} {{{}}}, {a_text}, ${b_at}, p{imm};\n}}\n",
        scale_d as u8,
        instr.shape,
        list(0, n),
    );
    let reg = if ty.is_float() { "=f" } else { "=r" };
    let mut cons: Vec<String> = (0..n).map(|_| reg.to_string()).collect();
    cons.extend((0..n).map(|i| i.to_string()));
    cons.extend(a_cons.iter().map(|s| s.to_string()));
    cons.push("l".into());
    let mut operands = c.to_vec();
    operands.extend(a_ops);
    operands.push(b_desc);
    let st = Type::Other(format!("!llvm.struct<({})>", vec![ty.to_string(); n].join(", ")));
    let s = b.op1(
        "llvm.inline_asm",
        &operands,
        st,
        &[
            ("asm_dialect", Attr("0 : i64".into())),
            ("asm_string", Attr::str(&text)),
            ("constraints", Attr::str(&cons.join(","))),
            ("has_side_effects", Attr("unit".into())),
        ],
    );
    (0..n)
        .map(|i| b.op1("llvm.extractvalue", &[s], ty.clone(), &[("position", Attr(format!("array<i64: {i}>")))]))
        .collect()
}

/// `desc` with its start address moved by `bytes` (a multiple of 16 within the field).
fn add_const(b: &mut Builder, desc: ValueId, bytes: i64) -> ValueId {
    if bytes == 0 {
        return desc;
    }
    let c = b.const_int(bytes >> 4, 64);
    b.op1("arith.addi", &[desc, c], Type::Int(64), &[])
}

/// As `add_const`, but a 64-bit `add.s64` in the PTX: LLVM, knowing the start field's
/// low bits zero, turns the add into an `or` folded into one constant per K step, and
/// ptxas then rebuilds each instruction's B descriptor in the same uniform registers
/// (`ULOP3` and `UMOV`s of the high word) between the HGMMAs; from the add it makes each
/// with one `UIADD3.64` into registers of its own, as in Triton's loops. Used for B
/// (per iteration, from a ring slot): under ncu, attention 1.2% (d64) and 1.5% (d128)
/// fewer cycles, causal d128 0.7% more, the matmul level; for A as well, d128 lost 6%
/// (bench/results/2026-11-23-h100-session7.md).
fn add_const_opaque(b: &mut Builder, desc: ValueId, bytes: i64) -> ValueId {
    if bytes == 0 {
        return desc;
    }
    ptx::asm(b, &format!("add.s64 $0, $1, {};", bytes >> 4), &[64], &[(desc, "l")], false)[0]
}

/// `wgmma.wait_group.sync.aligned pending` with `regs` tied through it: the values after
/// the wait.
fn wait_group(b: &mut Builder, regs: &[ValueId], ty: &Type, pending: i64) -> Vec<ValueId> {
    if regs.is_empty() {
        b.op("nvvm.wgmma.wait.group.sync.aligned", &[], &[], &[("group", Attr::int(pending, "i64"))]);
        return vec![];
    }
    tie(b, regs, ty, &format!("wgmma.wait_group.sync.aligned {pending};"))
}

/// `asm` (with side effects) with `regs` tied through it: the values after it.
fn tie(b: &mut Builder, regs: &[ValueId], ty: &Type, asm: &str) -> Vec<ValueId> {
    if regs.is_empty() {
        return vec![];
    }
    let c = if ty.is_float() { "f" } else { "r" };
    let n = regs.len();
    let mut cons: Vec<String> = (0..n).map(|_| format!("={c}")).collect();
    cons.extend((0..n).map(|i| i.to_string()));
    let st = Type::Other(format!("!llvm.struct<({})>", vec![ty.to_string(); n].join(", ")));
    let s = b.op1(
        "llvm.inline_asm",
        regs,
        st,
        &[
            ("asm_dialect", Attr("0 : i64".into())),
            ("asm_string", Attr::str(asm)),
            ("constraints", Attr::str(&cons.join(","))),
            ("has_side_effects", Attr("unit".into())),
        ],
    );
    (0..n)
        .map(|i| b.op1("llvm.extractvalue", &[s], ty.clone(), &[("position", Attr(format!("array<i64: {i}>")))]))
        .collect()
}
