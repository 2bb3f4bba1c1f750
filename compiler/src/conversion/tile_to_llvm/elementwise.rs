//! `arith` and `math` ops, once per register; math functions and f32 division as the PTX
//! approximations Triton uses (`ex2.approx`, `lg2.approx`, `div.full`, ...), computed in
//! f32 for f16/bf16; f64 math as exact sequences (`math_f64`).

use super::elementwise_f64::Emit;
use super::{fconst, lower_type, math_approx, math_f64, Lowerer};
use crate::conversion::nvidia::ptx;
use crate::pass::PassError;
use std::collections::HashMap;
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Builder, Op, Type, ValueId};

const LOG2E: f64 = std::f64::consts::LOG2_E;
const LN2: f64 = std::f64::consts::LN_2;

impl Lowerer<'_> {
    pub(super) fn elementwise(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let r = op.result();
        let rty = lower_type(self.ty(r));
        let n = self.nregs(self.ty(r));
        let attrs: Vec<(&str, Attr)> = op.attrs.iter().map(|(k, a)| (k.as_str(), a.clone())).collect();
        let mut vals = Vec::with_capacity(n);
        let same = self.equal_registers(op, r);
        for j in 0..n {
            if same[j] != j {
                vals.push(vals[same[j]]);
                continue;
            }
            let xs: Vec<ValueId> = op.operands.iter().map(|o| self.reg(*o, j)).collect();
            let v = if op.name.starts_with("math.") {
                self.math(b, op, &xs, &rty)?
            } else if op.name == "arith.divf" && op.attrs.iter().any(|(k, _)| k == attrname::TILE_IEEE_RN) {
                // `div_rn`: LLVM's `fdiv`, which NVPTX prints as the IEEE `div.rn.f32`.
                b.op1(&op.name, &xs, rty.clone(), &[])
            } else if op.name == "arith.remf" && rty == Type::F32 {
                super::fmod::fmod_f32(b, xs[0], xs[1])
            } else if op.name == "arith.divf" && rty == Type::F32 {
                // Triton's f32 `/`: the full-range approximate division (2 ulp), a few
                // instructions where IEEE `div.rn` takes a subroutine's worth.
                ptx::f32_op(b, "div.full.f32", &xs)
            } else if self.fp_fusion && matches!(op.name.as_str(), "arith.addf" | "arith.subf" | "arith.mulf") {
                // `contract` lets LLVM fuse a multiply into the add that uses it (and
                // print `mul.f32`, not `mul.rn.f32`, so ptxas may fuse what LLVM left).
                let mut attrs: Vec<(&str, Attr)> = attrs.iter().filter(|(k, _)| *k != "fastmath").cloned().collect();
                attrs.push(("fastmath", Attr("#arith.fastmath<contract>".into())));
                b.op1(&op.name, &xs, rty.clone(), &attrs)
            } else {
                b.op1(&op.name, &xs, rty.clone(), &attrs)
            };
            vals.push(v);
        }
        self.map.insert(r, vals);
        Ok(())
    }

    /// For each register of a mask `r` (an `i1` result), the first register holding the
    /// same value in every thread: axis info's constancy (`ok[:, None] < K - k * BK` with K
    /// divisible by 16 is constant over 16 rows, so a thread's rows 8 apart share one
    /// comparison), checked against the layout's coordinates of every thread. Triton's
    /// loads compute a mask once per constant run too; without it a pipelined matmul's
    /// loop computed twice the predicates (ncu: 7% more instructions than Triton's).
    fn equal_registers(&mut self, op: &Op, r: ValueId) -> std::rc::Rc<[usize]> {
        let t = self.ty(r).clone();
        let n = self.nregs(&t);
        let c = self.axis.get(self.src, r).constancy;
        if t.elem() != &Type::Int(1) || n < 2 || c.len() != t.shape().len() || c.iter().all(|&x| x <= 1) {
            return (0..n).collect();
        }
        let key = (t, c);
        if let Some(same) = self.equal_regs.get(&key) {
            return same.clone();
        }
        let c = &key.1;
        let same: std::rc::Rc<[usize]> = match self.dist(r, &op.loc) {
            Err(_) => (0..n).collect(),
            Ok(d) => {
                let threads = d.thread_parts_of(self.num_warps);
                let regs: Vec<Vec<i64>> = (0..n).map(|j| d.reg_offsets(j)).collect();
                let block = |t: &[i64], j: usize, k: usize| d.coord(t, &regs[j], k) / c[k];
                // Registers i and j of every thread lie in one constant block.
                let together =
                    |i: usize, j: usize| threads.iter().all(|t| (0..c.len()).all(|k| block(t, i, k) == block(t, j, k)));
                let mut first: HashMap<Vec<i64>, usize> = HashMap::new();
                (0..n)
                    .map(|j| {
                        let i = *first.entry((0..c.len()).map(|k| block(&threads[0], j, k)).collect()).or_insert(j);
                        if i != j && together(i, j) {
                            i
                        } else {
                            j
                        }
                    })
                    .collect()
            }
        };
        self.equal_regs.insert(key, same.clone());
        same
    }

    fn math(&mut self, b: &mut Builder, op: &Op, xs: &[ValueId], ty: &Type) -> Result<ValueId, PassError> {
        let f = op.name.trim_start_matches("math.");
        // Exact or bit-level ops map to LLVM intrinsics the NVPTX back end selects.
        let intrinsic = match f {
            "sqrt" => Some("llvm.intr.sqrt"),
            "absf" => Some("llvm.intr.fabs"),
            "floor" => Some("llvm.intr.floor"),
            "ceil" => Some("llvm.intr.ceil"),
            "fma" => Some("llvm.intr.fma"),
            _ => None,
        };
        if let Some(name) = intrinsic {
            return Ok(b.op1(name, xs, ty.clone(), &[]));
        }
        if f == "absi" {
            return Ok(b.op1("llvm.intr.abs", xs, ty.clone(), &[("is_int_min_poison", Attr("false".into()))]));
        }
        if *ty == Type::F64 {
            // Exact sequences (math_f64): PTX has no f64 approximations to call.
            let prefix = self.smem_name.trim_end_matches("_smem").to_string();
            let mut e = Emit { b, globals: &mut self.globals, prefix };
            return math_f64::lower(&mut e, f, xs)
                .ok_or_else(|| PassError::at(&op.loc, format!("`math.{f}` on f64 cannot be lowered yet")));
        }
        let ext: Vec<ValueId> =
            xs.iter().map(|&v| if *ty == Type::F32 { v } else { b.op1("arith.extf", &[v], Type::F32, &[]) }).collect();
        let x = ext[0];
        let y = match f {
            "exp" => {
                let k = fconst(b, LOG2E);
                let t = b.op1("arith.mulf", &[x, k], Type::F32, &[]);
                ptx::f32_unary(b, "ex2.approx.ftz.f32", t)
            }
            // Flushing subnormals as Triton does: without `.ftz` ptxas wraps each MUFU.EX2
            // in a range check and two scalings (three more instructions per element).
            "exp2" => ptx::f32_unary(b, "ex2.approx.ftz.f32", x),
            "log" => {
                let l = ptx::f32_unary(b, "lg2.approx.f32", x);
                let k = fconst(b, LN2);
                b.op1("arith.mulf", &[l, k], Type::F32, &[])
            }
            "log2" => ptx::f32_unary(b, "lg2.approx.f32", x),
            "rsqrt" => ptx::f32_unary(b, "rsqrt.approx.f32", x),
            "sin" => ptx::f32_unary(b, "sin.approx.f32", x),
            "cos" => ptx::f32_unary(b, "cos.approx.f32", x),
            "erf" => erf(b, x),
            "tanh" => math_approx::tanh(b, x),
            "log1p" => math_approx::log1p(b, x),
            "expm1" => math_approx::expm1(b, x),
            "powf" => math_approx::pow(b, x, ext[1]),
            _ => return Err(PassError::at(&op.loc, format!("`math.{f}` cannot be lowered yet"))),
        };
        Ok(if *ty == Type::F32 { y } else { b.op1("arith.truncf", &[y], ty.clone(), &[]) })
    }
}

/// erf(x) by Abramowitz & Stegun 7.1.26 (|error| < 1.5e-7), odd-extended.
fn erf(b: &mut Builder, x: ValueId) -> ValueId {
    let f = fconst;
    let ax = b.op1("llvm.intr.fabs", &[x], Type::F32, &[]);
    let p = f(b, 0.3275911);
    let one = f(b, 1.0);
    let px = b.op1("arith.mulf", &[p, ax], Type::F32, &[]);
    let d = b.op1("arith.addf", &[one, px], Type::F32, &[]);
    let t = b.op1("arith.divf", &[one, d], Type::F32, &[]);
    let coeffs = [1.061405429, -1.453152027, 1.421413741, -0.284496736, 0.254829592];
    let mut poly = f(b, coeffs[0]);
    for c in &coeffs[1..] {
        let m = b.op1("arith.mulf", &[poly, t], Type::F32, &[]);
        let cc = f(b, *c);
        poly = b.op1("arith.addf", &[m, cc], Type::F32, &[]);
    }
    poly = b.op1("arith.mulf", &[poly, t], Type::F32, &[]);
    let x2 = b.op1("arith.mulf", &[ax, ax], Type::F32, &[]);
    let nx2 = b.op1("arith.negf", &[x2], Type::F32, &[]);
    let k = f(b, LOG2E);
    let e2 = b.op1("arith.mulf", &[nx2, k], Type::F32, &[]);
    let e = ptx::f32_unary(b, "ex2.approx.f32", e2);
    let pe = b.op1("arith.mulf", &[poly, e], Type::F32, &[]);
    let y = b.op1("arith.subf", &[one, pe], Type::F32, &[]);
    b.op1("llvm.intr.copysign", &[y, x], Type::F32, &[])
}
