//! `tile.print` (`device_print`) → CUDA's `vprintf`; `tile.assert` (`device_assert`) →
//! `vprintf` of the failure, then CUDA's `__assertfail` (what `assert` in CUDA C and
//! Triton's `device_assert` call): a plain `trap` stops the kernel before the driver
//! flushes the printf buffer, so the message was lost (seen on an H100); after
//! `__assertfail` the driver prints the buffer and the launch fails with
//! `CUDA_ERROR_ASSERT`.
//!
//! 1. A format string per call site, as an internal constant global:
//!    `pid (%u, %u, %u) idx (%d) MSG v...` for tiles (one line per element, printed by the
//!    thread that owns it), `pid (%u, %u, %u) MSG v...` for scalars (thread 0 prints).
//! 2. The arguments packed into a stack struct as vprintf expects (floats as f64, integers
//!    as i32 or i64), then one call.

use super::{lower_type, Lowerer};
use crate::conversion::nvidia::sreg;
use crate::pass::PassError;
use tile_dialects::ir::{Attr, Builder, Op, Region, Type, ValueId};

/// The CUDA device functions a kernel may call, each with its LLVM type.
pub const VPRINTF: (&str, &str) = ("vprintf", "!llvm.func<i32 (ptr, ptr)>");
/// `__assertfail(message, file, line, function, char_size)`.
pub const ASSERTFAIL: (&str, &str) = ("__assertfail", "!llvm.func<void (ptr, ptr, i32, ptr, i64)>");

/// The declaration of one of the functions above, added to the gpu.module once when any
/// kernel calls it.
pub fn extern_decl((name, ty): (&str, &str), loc: &str) -> Op {
    Op {
        name: "llvm.func".into(),
        attrs: vec![
            ("sym_name".into(), Attr::str(name)),
            ("function_type".into(), Attr(ty.into())),
            ("linkage".into(), Attr("#llvm.linkage<external>".into())),
        ],
        regions: vec![Region::default()],
        loc: loc.into(),
        ..Default::default()
    }
}

/// The printf conversion of a value of type `t`, and the type vprintf takes it as.
fn conv(t: &Type, unsigned: bool) -> (&'static str, Type) {
    match t {
        t if t.is_float() => ("%f", Type::F64),
        Type::Int(64) if unsigned => ("%llu", Type::Int(64)),
        Type::Int(64) => ("%lld", Type::Int(64)),
        Type::Int(w) if unsigned && *w > 1 => ("%u", Type::Int(32)),
        _ => ("%d", Type::Int(32)),
    }
}

impl Lowerer<'_> {
    pub(super) fn print(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let msg = op.str_attr("msg").unwrap_or_default();
        let tile = op.operands.iter().copied().find(|v| self.ty(*v).is_tensor());
        let pid: Vec<ValueId> = (0..3).map(|a| sreg::read(b, "ctaid", a)).collect();
        let unsigned = op.int_attr("unsigned") == Some(1);
        let elem_fmts: Vec<&str> = op.operands.iter().map(|v| conv(&lower_type(self.ty(*v)), unsigned).0).collect();
        let idx_part = if tile.is_some() { " idx (%d)" } else { "" };
        let sep = if msg.is_empty() || msg.ends_with(' ') { "" } else { " " };
        let text = format!("pid (%u, %u, %u){idx_part} {msg}{sep}{}\n", elem_fmts.join(" "));
        let fmt = self.format_string(b, &text);
        let n = tile.map(|t| self.nregs(self.ty(t))).unwrap_or(1);
        for j in 0..n {
            let who = match tile {
                Some(t) => self.owner(b, t, j, &op.loc)?,
                None => {
                    let z = b.const_int(0, 32);
                    b.op1("arith.cmpi", &[self.tid, z], Type::Int(1), &[("predicate", Attr::int(0, "i64"))])
                }
            };
            let mut args: Vec<ValueId> = pid.clone();
            if let Some(t) = tile {
                args.push(self.element_index(b, t, j, &op.loc)?);
            }
            for v in &op.operands {
                let x = self.reg(*v, j);
                let t = lower_type(self.ty(*v));
                let (_, want) = conv(&t, unsigned);
                args.push(match (&t, &want) {
                    (t, Type::F64) if *t != Type::F64 => b.op1("arith.extf", &[x], Type::F64, &[]),
                    (Type::Int(w), Type::Int(32)) if *w < 32 && unsigned => {
                        b.op1("arith.extui", &[x], Type::Int(32), &[])
                    }
                    (Type::Int(w), Type::Int(32)) if *w < 32 => b.op1("arith.extsi", &[x], Type::Int(32), &[]),
                    _ => x,
                });
            }
            b.if_then(who, |ib| {
                call_vprintf(ib, fmt, &args);
            });
        }
        Ok(())
    }

    /// A false element of the condition: its owner prints `where: device_assert failed:
    /// msg` with the program id (and the element's index for a tile; thread 0 prints for a
    /// scalar), then calls `__assertfail`, which stops the kernel (the launch fails with
    /// `CUDA_ERROR_ASSERT` after the driver prints the buffer and its own line). Other
    /// threads holding a copy of the element go on: the kernel is stopping.
    pub(super) fn assert(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let esc = |s: String| s.replace('%', "%%");
        let msg = esc(op.str_attr("msg").unwrap_or_default());
        let at = esc(op.str_attr("where").unwrap_or_default());
        let c = op.operands[0];
        let tile = self.ty(c).is_tensor();
        let idx_part = if tile { " idx (%d)" } else { "" };
        let text = format!("{at}: device_assert failed: {msg} (pid (%u, %u, %u){idx_part})\n");
        let fmt = self.format_string(b, &text);
        // `__assertfail`'s own line: `file:line: function: block: [..], thread: [..]
        // Assertion `msg` failed.` (the message unescaped: it is no format string).
        let whole = op.str_attr("where").unwrap_or_default();
        let mut parts = whole.rsplitn(3, ':');
        let (_col, line, file) = (parts.next(), parts.next(), parts.next());
        let (file, line) = match (file, line.and_then(|l| l.parse::<i64>().ok())) {
            (Some(f), Some(l)) => (f.to_string(), l),
            _ => (whole.clone(), 0),
        };
        let raw_msg = self.format_string(b, &op.str_attr("msg").unwrap_or_default());
        let file = self.format_string(b, &file);
        let func = self.format_string(b, &self.smem_name.trim_end_matches("_smem").to_string());
        let line = b.const_int(line, 32);
        let char_size = b.const_int(1, 64);
        self.needs_assertfail = true;
        let pid: Vec<ValueId> = (0..3).map(|a| sreg::read(b, "ctaid", a)).collect();
        let n = if tile { self.nregs(self.ty(c)) } else { 1 };
        for j in 0..n {
            let t = b.const_int(1, 1);
            let bad = b.op1("arith.xori", &[self.reg(c, j), t], Type::Int(1), &[]);
            let who = if tile {
                self.owner(b, c, j, &op.loc)?
            } else {
                let z = b.const_int(0, 32);
                b.op1("arith.cmpi", &[self.tid, z], Type::Int(1), &[("predicate", Attr::int(0, "i64"))])
            };
            let mut args = pid.clone();
            if tile {
                args.push(self.element_index(b, c, j, &op.loc)?);
            }
            let report = b.op1("arith.andi", &[bad, who], Type::Int(1), &[]);
            b.if_then(report, |ib| {
                call_vprintf(ib, fmt, &args);
                ib.op(
                    "llvm.call",
                    &[raw_msg, file, line, func, char_size],
                    &[],
                    &[
                        ("callee", Attr(format!("@{}", ASSERTFAIL.0))),
                        ("operandSegmentSizes", Attr("array<i32: 5, 0>".into())),
                        ("op_bundle_sizes", Attr("array<i32>".into())),
                    ],
                );
            });
        }
        Ok(())
    }

    /// The index along dimension 0 of element `j` of this thread's share of tile `t`.
    fn element_index(&mut self, b: &mut Builder, t: ValueId, j: usize, loc: &str) -> Result<ValueId, PassError> {
        let dist = self.dist(t, loc)?;
        let parts = self.thread_parts(b, &dist);
        let off = b.const_int(dist.reg_offsets(j)[0], 32);
        let i = b.op1("arith.addi", &[parts[0], off], Type::Int(32), &[]);
        let m = b.const_int(dist.shape[0] - 1, 32);
        Ok(b.op1("arith.andi", &[i, m], Type::Int(32), &[]))
    }

    /// The address of a NUL-terminated constant string (one global per distinct text: every
    /// `device_assert` of a kernel names the same file and function).
    fn format_string(&mut self, b: &mut Builder, text: &str) -> ValueId {
        let bytes = text.len() + 1;
        let escaped: String = text
            .bytes()
            .map(|c| {
                if c.is_ascii_graphic() && c != b'"' && c != b'\\' || c == b' ' {
                    (c as char).to_string()
                } else {
                    format!("\\{c:02X}")
                }
            })
            .collect();
        let value = format!("\"{escaped}\\00\"");
        let same = self.globals.iter().find(|g| g.attrs.iter().any(|(k, v)| k == "value" && v.0 == value));
        if let Some(name) = same.and_then(|g| g.str_attr("sym_name")) {
            return b.op1("llvm.mlir.addressof", &[], Type::LlvmPtr(0), &[("global_name", Attr(format!("@{name}")))]);
        }
        let name = format!("{}_fmt{}", self.smem_name.trim_end_matches("_smem"), self.globals.len());
        self.globals.push(Op {
            name: "llvm.mlir.global".into(),
            attrs: vec![
                ("addr_space".into(), Attr::int(0, "i32")),
                ("constant".into(), Attr("unit".into())),
                ("global_type".into(), Attr(format!("!llvm.array<{bytes} x i8>"))),
                ("linkage".into(), Attr("#llvm.linkage<internal>".into())),
                ("sym_name".into(), Attr::str(&name)),
                ("value".into(), Attr(value)),
            ],
            regions: vec![Region::default()],
            loc: b.loc.clone(),
            ..Default::default()
        });
        self.needs_vprintf = true;
        b.op1("llvm.mlir.addressof", &[], Type::LlvmPtr(0), &[("global_name", Attr(format!("@{name}")))])
    }
}

fn call_vprintf(b: &mut Builder, fmt: ValueId, args: &[ValueId]) {
    let tys: Vec<String> = args.iter().map(|a| b.ty(*a).to_string()).collect();
    let st = format!("!llvm.struct<({})>", tys.join(", "));
    let one = b.const_int(1, 32);
    let buf = b.op1("llvm.alloca", &[one], Type::LlvmPtr(0), &[("elem_type", Attr(st.clone()))]);
    for (k, a) in args.iter().enumerate() {
        let p = b.op1(
            "llvm.getelementptr",
            &[buf],
            Type::LlvmPtr(0),
            &[("elem_type", Attr(st.clone())), ("rawConstantIndices", Attr(format!("array<i32: 0, {k}>")))],
        );
        b.op("llvm.store", &[*a, p], &[], &[]);
    }
    b.op1(
        "llvm.call",
        &[fmt, buf],
        Type::Int(32),
        &[
            ("callee", Attr("@vprintf".into())),
            ("operandSegmentSizes", Attr("array<i32: 2, 0>".into())),
            ("op_bundle_sizes", Attr("array<i32>".into())),
        ],
    );
}
