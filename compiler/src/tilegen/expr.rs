//! Expressions → tile ops, `arith` and `math` on scalars and tensors.

use super::types::{mlir_type, scalar_type, typed_const};
use super::Gen;
use crate::sema::tir::{
    num, BinOp, CombineFn, ConstVal, Expr, ExprKind, MathFn, MemScope, MemSem, ReduceKind, ScanKind, UnOp,
};
use crate::sema::types::{Elem, Scalar, Ty};
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Builder, Region, ValueId};
use tile_dialects::opname;

/// `arith.cmpi` predicates: eq ne slt sle sgt sge ult ule ugt uge.
fn cmpi_pred(op: BinOp, unsigned: bool) -> i64 {
    let signed = match op {
        BinOp::Eq => return 0,
        BinOp::Ne => return 1,
        BinOp::Lt => 2,
        BinOp::Le => 3,
        BinOp::Gt => 4,
        BinOp::Ge => 5,
        _ => unreachable!(),
    };
    if unsigned {
        signed + 4
    } else {
        signed
    }
}

/// `arith.cmpf` ordered predicates (`!=` is unordered, as in C: NaN != NaN).
fn cmpf_pred(op: BinOp) -> i64 {
    match op {
        BinOp::Eq => 1,
        BinOp::Gt => 2,
        BinOp::Ge => 3,
        BinOp::Lt => 4,
        BinOp::Le => 5,
        BinOp::Ne => 13,
        _ => unreachable!(),
    }
}

/// `tile.sem` / `tile.scope` of an ordered load or store (absent on weak ones, so the
/// tile dialect's load and store keep their three required attributes).
pub(super) fn order_attrs(sem: Option<MemSem>, scope: MemScope) -> Vec<(&'static str, Attr)> {
    match sem {
        Some(s) => vec![(attrname::TILE_SEM, Attr::of(s)), (attrname::TILE_SCOPE, Attr::of(scope))],
        None => vec![],
    }
}

/// Whether a value's elements are unsigned integers (which MLIR's signless integers lose).
fn unsigned_elem(t: &Ty) -> bool {
    matches!(t.elem, Elem::Scalar(s) if s.is_unsigned_int())
}

impl Gen<'_> {
    /// A reduction's operand and axis: without an axis the whole tile, flattened first so
    /// the one axis is reduced.
    fn reduce_input(&mut self, b: &mut Builder, value: &Expr, axis: Option<u32>, e: &Expr) -> (ValueId, u32) {
        let mut v = self.expr(b, value);
        b.loc = self.loc(e.span);
        if axis.is_none() && value.ty.shape.len() > 1 {
            let flat = Ty { elem: value.ty.elem, shape: vec![value.ty.numel()] };
            v = b.op1(opname::TILE_RESHAPE, &[v], mlir_type(&flat), &[]);
        }
        (v, axis.unwrap_or(0))
    }

    pub fn expr(&mut self, b: &mut Builder, e: &Expr) -> ValueId {
        let v = self.expr_inner(b, e);
        v
    }

    fn expr_inner(&mut self, b: &mut Builder, e: &Expr) -> ValueId {
        let ty = mlir_type(&e.ty);
        match &e.kind {
            ExprKind::Const(c) => {
                b.loc = self.loc(e.span);
                let v = typed_const(b, *c, &e.ty);
                if let (ConstVal::Int(i), true) = (c, e.ty.is_scalar()) {
                    self.int_consts.insert(v, *i);
                }
                v
            }
            ExprKind::Var(v) => match self.env.get(v) {
                Some(x) => *x,
                None => {
                    self.error(e.span, "internal: variable used before it was bound");
                    typed_const(b, ConstVal::Int(0), &e.ty)
                }
            },
            ExprKind::Unary(op, x) => {
                let xv = self.expr(b, x);
                b.loc = self.loc(e.span);
                let s = num(x);
                match op {
                    UnOp::Neg if s.is_float() => b.op1("arith.negf", &[xv], ty, &[]),
                    UnOp::Neg => {
                        let z = typed_const(b, ConstVal::Int(0), &e.ty);
                        b.op1("arith.subi", &[z, xv], ty, &[])
                    }
                    UnOp::Not | UnOp::BitNot => {
                        let ones = typed_const(b, ConstVal::Int(-1), &e.ty);
                        b.op1("arith.xori", &[xv, ones], ty, &[])
                    }
                }
            }
            ExprKind::Binary(op, l, r) => {
                let (lv, rv) = (self.expr(b, l), self.expr(b, r));
                b.loc = self.loc(e.span);
                self.binary(b, *op, num(l), lv, rv, ty)
            }
            ExprKind::Cast { value, bitcast } => {
                let v = self.expr(b, value);
                b.loc = self.loc(e.span);
                self.cast(b, v, &value.ty, &e.ty, *bitcast)
            }
            ExprKind::Splat(x) => {
                let v = self.expr(b, x);
                b.loc = self.loc(e.span);
                b.op1(opname::TILE_SPLAT, &[v], ty, &[])
            }
            ExprKind::Broadcast(x) => {
                let v = self.expr(b, x);
                if x.ty.shape == e.ty.shape {
                    return v;
                }
                b.loc = self.loc(e.span);
                b.op1(opname::TILE_BROADCAST, &[v], ty, &[])
            }
            ExprKind::ExpandDims { value, axis } => {
                let v = self.expr(b, value);
                b.loc = self.loc(e.span);
                b.op1(opname::TILE_EXPAND_DIMS, &[v], ty, &[("axis", Attr::int(*axis as i64, "i32"))])
            }
            ExprKind::AddPtr { ptr, offset } => {
                let (p, o) = (self.expr(b, ptr), self.expr(b, offset));
                b.loc = self.loc(e.span);
                b.op1(opname::TILE_ADDPTR, &[p, o], ty, &[])
            }
            ExprKind::ProgramId(axis) | ExprKind::NumPrograms(axis) => {
                b.loc = self.loc(e.span);
                let name = if matches!(e.kind, ExprKind::ProgramId(_)) {
                    opname::TILE_PROGRAM_ID
                } else {
                    opname::TILE_NUM_PROGRAMS
                };
                b.op1(name, &[], ty, &[("axis", Attr::int(*axis as i64, "i32"))])
            }
            ExprKind::Arange { start, end } => {
                b.loc = self.loc(e.span);
                b.op1(
                    opname::TILE_ARANGE,
                    &[],
                    ty,
                    &[("start", Attr::int(*start, "i32")), ("end", Attr::int(*end, "i32"))],
                )
            }
            ExprKind::DescLoad { base, shape, strides, offsets, nan, fallback } => {
                let d = super::desc::DescLoad { base, shape, strides, offsets, nan: *nan, fallback };
                self.desc_load(b, d, e)
            }
            ExprKind::Load { ptr, mask, other, cache, evict, volatile, sem, scope } => {
                let p = self.expr(b, ptr);
                let m = mask.as_ref().map(|m| self.expr(b, m));
                let o = other.as_ref().map(|o| self.expr(b, o));
                b.loc = self.loc(e.span);
                let o = o.map(|o| self.splat_to(b, o, &e.ty));
                let mut ops = vec![p];
                ops.extend(m);
                ops.extend(o);
                let seg = format!("array<i32: 1, {}, {}>", m.is_some() as u8, o.is_some() as u8);
                let mut attrs = vec![
                    ("operandSegmentSizes", Attr(seg)),
                    (attrname::CACHE, Attr::of(*cache)),
                    (attrname::EVICT, Attr::of(*evict)),
                    (attrname::VOLATILE, Attr::bool(*volatile)),
                ];
                attrs.extend(order_attrs(*sem, *scope));
                b.op1(opname::TILE_LOAD, &ops, ty, &attrs)
            }
            ExprKind::Atomic { op, ptr, val, mask, sem, scope } => {
                let p = self.expr(b, ptr);
                let v = self.expr(b, val);
                let m = mask.as_ref().map(|m| self.expr(b, m));
                b.loc = self.loc(e.span);
                let mut ops = vec![p, v];
                ops.extend(m);
                let seg = format!("array<i32: 1, 1, {}>", m.is_some() as u8);
                let mut attrs = vec![
                    ("operandSegmentSizes", Attr(seg)),
                    (attrname::KIND, Attr::of(*op)),
                    (attrname::SEM, Attr::of(*sem)),
                    (attrname::SCOPE, Attr::of(*scope)),
                ];
                // MLIR integers are signless: max / min of unsigned elements say so here.
                if unsigned_elem(&e.ty) {
                    attrs.push((attrname::TILE_UNSIGNED, Attr::int(1, "i32")));
                }
                b.op1(opname::TILE_ATOMIC_RMW, &ops, ty, &attrs)
            }
            ExprKind::AtomicCas { ptr, cmp, val, sem, scope } => {
                let (p, c, v) = (self.expr(b, ptr), self.expr(b, cmp), self.expr(b, val));
                b.loc = self.loc(e.span);
                b.op1(
                    opname::TILE_ATOMIC_CAS,
                    &[p, c, v],
                    ty,
                    &[(attrname::SEM, Attr::of(*sem)), (attrname::SCOPE, Attr::of(*scope))],
                )
            }
            ExprKind::Reduce { op, value, axis } => {
                let (v, axis) = self.reduce_input(b, value, *axis, e);
                let mut attrs = vec![(attrname::KIND, Attr::of(op.kind())), ("axis", Attr::int(axis as i64, "i32"))];
                if unsigned_elem(&value.ty) {
                    attrs.push((attrname::TILE_UNSIGNED, Attr::int(1, "i32")));
                }
                // IRDL has no optional regions: the built-in kinds carry an empty `combine`.
                b.op_with_regions(opname::TILE_REDUCE, &[v], &[ty], &attrs, vec![Region::default()])[0]
            }
            ExprKind::ReduceFn { value, axis, combine } => {
                let (v, axis) = self.reduce_input(b, value, *axis, e);
                let region = self.combine_region(b, combine, value.ty.elem);
                b.loc = self.loc(e.span);
                let attrs = [(attrname::KIND, Attr::of(ReduceKind::Custom)), ("axis", Attr::int(axis as i64, "i32"))];
                b.op_with_regions(opname::TILE_REDUCE, &[v], &[ty], &attrs, vec![region])[0]
            }
            ExprKind::Scan { op, value, axis, reverse } => {
                let v = self.expr(b, value);
                b.loc = self.loc(e.span);
                let attrs = [
                    (attrname::KIND, Attr::of(op.kind())),
                    ("axis", Attr::int(*axis as i64, "i32")),
                    ("reverse", Attr::bool(*reverse)),
                ];
                b.op_with_regions(opname::TILE_SCAN, &[v], &[ty], &attrs, vec![Region::default()])[0]
            }
            ExprKind::ScanFn { value, axis, reverse, combine } => {
                let v = self.expr(b, value);
                let region = self.combine_region(b, combine, value.ty.elem);
                b.loc = self.loc(e.span);
                let attrs = [
                    (attrname::KIND, Attr::of(ScanKind::Custom)),
                    ("axis", Attr::int(*axis as i64, "i32")),
                    ("reverse", Attr::bool(*reverse)),
                ];
                b.op_with_regions(opname::TILE_SCAN, &[v], &[ty], &attrs, vec![region])[0]
            }
            ExprKind::Sort { value, axis, descending } => {
                let v = self.expr(b, value);
                b.loc = self.loc(e.span);
                let mut attrs = vec![("axis", Attr::int(*axis as i64, "i32")), ("descending", Attr::bool(*descending))];
                if unsigned_elem(&value.ty) {
                    attrs.push((attrname::TILE_UNSIGNED, Attr::int(1, "i32")));
                }
                b.op1(opname::TILE_SORT, &[v], ty, &attrs)
            }
            ExprKind::Histogram { value, num_bins } | ExprKind::BinRank { value, num_bins } => {
                let v = self.expr(b, value);
                b.loc = self.loc(e.span);
                // Only a histogram with a bin for every value of its type (256 or more bins
                // of bytes) needs to know the values' sign.
                let full =
                    matches!(value.ty.elem, Elem::Scalar(s) if s.bits() < 63 && *num_bins as u64 >= 1 << s.bits());
                let mut attrs = if full && unsigned_elem(&value.ty) {
                    vec![(attrname::TILE_UNSIGNED, Attr::int(1, "i32"))]
                } else {
                    vec![]
                };
                if matches!(e.kind, ExprKind::Histogram { .. }) {
                    b.op1(opname::TILE_HISTOGRAM, &[v], ty, &attrs)
                } else {
                    attrs.push(("num_bins", Attr::int(*num_bins as i64, "i32")));
                    b.op1(opname::TILE_BIN_RANK, &[v], ty, &attrs)
                }
            }
            ExprKind::Math { f, args } => {
                let vs: Vec<ValueId> = args.iter().map(|a| self.expr(b, a)).collect();
                b.loc = self.loc(e.span);
                self.math(b, *f, num(e), &vs, ty)
            }
            ExprKind::Where { cond, a, b: bb } => {
                let (c, x, y) = (self.expr(b, cond), self.expr(b, a), self.expr(b, bb));
                b.loc = self.loc(e.span);
                b.op1("arith.select", &[c, x, y], ty, &[])
            }
            ExprKind::Dot { a, b: bm, acc, input_precision, max_imprecise } => {
                let (x, y, z) = (self.expr(b, a), self.expr(b, bm), self.expr(b, acc));
                b.loc = self.loc(e.span);
                let mut attrs = vec![(attrname::INPUT_PRECISION, Attr::of(*input_precision))];
                if let Some(n) = max_imprecise {
                    attrs.push((attrname::TILE_MAX_NUM_IMPRECISE_ACC, Attr::int(*n as i64, "i32")));
                }
                b.op1(opname::TILE_DOT, &[x, y, z], ty, &attrs)
            }
            ExprKind::Trans { value, order } => {
                let v = self.expr(b, value);
                b.loc = self.loc(e.span);
                let ds: Vec<String> = order.iter().map(|d| d.to_string()).collect();
                b.op1(opname::TILE_TRANS, &[v], ty, &[("order", Attr(format!("array<i32: {}>", ds.join(", "))))])
            }
            ExprKind::Flip { value, axis } => {
                let v = self.expr(b, value);
                b.loc = self.loc(e.span);
                b.op1(opname::TILE_FLIP, &[v], ty, &[("axis", Attr::int(*axis as i64, "i32"))])
            }
            ExprKind::Gather { src, index, axis } => {
                let (s, i) = (self.expr(b, src), self.expr(b, index));
                b.loc = self.loc(e.span);
                b.op1(opname::TILE_GATHER, &[s, i], ty, &[("axis", Attr::int(*axis as i64, "i32"))])
            }
            ExprKind::Scatter { src, index } => {
                let (s, i) = (self.expr(b, src), self.expr(b, index));
                b.loc = self.loc(e.span);
                b.op1(opname::TILE_SCATTER, &[s, i], ty, &[])
            }
            ExprKind::InlineAsm { asm, constraints, args, pure, outputs, index, pack } => {
                let mut vs: Vec<ValueId> = args.iter().map(|a| self.expr(b, a)).collect();
                b.loc = self.loc(e.span);
                // IRDL gives a variadic operand list one type: arguments of several types
                // travel as i64 bits, their types in `arg_types` (the lowering restores them).
                let tys: Vec<tile_dialects::ir::Type> = args.iter().map(|a| mlir_type(&a.ty)).collect();
                let mixed = tys.iter().any(|t| t.elem() != tys[0].elem());
                if mixed {
                    vs = vs.iter().zip(args).map(|(&v, a)| self.to_i64_bits(b, v, &a.ty)).collect();
                }
                let outs: Vec<String> = outputs.iter().map(|s| super::types::scalar_type(*s).to_string()).collect();
                let attrs = [
                    ("asm", Attr::str(asm)),
                    ("constraints", Attr::str(constraints)),
                    ("pure", Attr::bool(*pure)),
                    ("outputs", Attr::str(&outs.join(","))),
                    ("index", Attr::int(*index as i64, "i32")),
                    ("pack", Attr::int(*pack as i64, "i32")),
                ];
                let mut attrs = attrs.to_vec();
                if mixed {
                    let names: Vec<String> = tys.iter().map(|t| t.elem().to_string()).collect();
                    attrs.push(("arg_types", Attr::str(&names.join(","))));
                }
                b.op1(opname::TILE_INLINE_ASM, &vs, ty, &attrs)
            }
            ExprKind::Reshape(x) => {
                let v = self.expr(b, x);
                b.loc = self.loc(e.span);
                b.op1(opname::TILE_RESHAPE, &[v], ty, &[])
            }
            ExprKind::If { cond, then_body, then, else_body, els } => {
                let c = self.expr(b, cond);
                b.loc = self.loc(e.span);
                self.if_value(b, c, (then_body, then), (else_body, els), ty)
            }
        }
    }

    /// A scalar `other` of a tile load is splatted to the loaded shape.
    fn splat_to(&mut self, b: &mut Builder, v: ValueId, ty: &Ty) -> ValueId {
        if ty.shape.is_empty() || b.ty(v).is_tensor() {
            v
        } else {
            b.op1(opname::TILE_SPLAT, &[v], mlir_type(ty), &[])
        }
    }

    fn binary(
        &mut self,
        b: &mut Builder,
        op: BinOp,
        s: Scalar,
        l: ValueId,
        r: ValueId,
        ty: tile_dialects::ir::Type,
    ) -> ValueId {
        let f = s.is_float();
        let u = s.is_unsigned_int() || s.is_bool();
        if op.is_comparison() {
            let (name, pred) = if f { ("arith.cmpf", cmpf_pred(op)) } else { ("arith.cmpi", cmpi_pred(op, u)) };
            return b.op1(name, &[l, r], ty, &[("predicate", Attr::int(pred, "i64"))]);
        }
        let name = match (op, f, u) {
            (BinOp::Add, true, _) => "arith.addf",
            (BinOp::Add, false, _) => "arith.addi",
            (BinOp::Sub, true, _) => "arith.subf",
            (BinOp::Sub, false, _) => "arith.subi",
            (BinOp::Mul, true, _) => "arith.mulf",
            (BinOp::Mul, false, _) => "arith.muli",
            (BinOp::Div, true, _) => "arith.divf",
            (BinOp::Div, false, false) => "arith.divsi",
            (BinOp::Div, false, true) => "arith.divui",
            (BinOp::Rem, true, _) => "arith.remf",
            (BinOp::Rem, false, false) => "arith.remsi",
            (BinOp::Rem, false, true) => "arith.remui",
            (BinOp::BitAnd | BinOp::LogicalAnd, ..) => "arith.andi",
            (BinOp::BitOr | BinOp::LogicalOr, ..) => "arith.ori",
            (BinOp::BitXor, ..) => "arith.xori",
            (BinOp::Shl, ..) => "arith.shli",
            (BinOp::Shr, _, false) => "arith.shrsi",
            (BinOp::Shr, _, true) => "arith.shrui",
            _ => unreachable!("comparison handled above"),
        };
        b.op1(name, &[l, r], ty, &[])
    }

    fn math(&mut self, b: &mut Builder, f: MathFn, s: Scalar, vs: &[ValueId], ty: tile_dialects::ir::Type) -> ValueId {
        if f == MathFn::DivRn {
            // `/` is `arith.divf` too; the mark keeps this one IEEE when f32 is lowered.
            return b.op1(f.op_name(s), vs, ty, &[(attrname::TILE_IEEE_RN, Attr("unit".into()))]);
        }
        b.op1(f.op_name(s), vs, ty, &[])
    }

    /// Numeric conversion between element types (shape unchanged).
    /// `v`'s bits in an i64 of its shape (zero-extended): an inline asm argument among
    /// arguments of other types.
    fn to_i64_bits(&mut self, b: &mut Builder, v: ValueId, ty: &Ty) -> ValueId {
        let shaped = |s: Scalar| mlir_type(&ty.with_elem(crate::sema::types::Elem::Scalar(s)));
        match ty.scalar_elem() {
            None => b.op1(opname::TILE_PTR_CAST, &[v], shaped(Scalar::I64), &[]),
            Some(s) => {
                let bits = s.bits();
                let int = if s.is_float() {
                    let i = match bits {
                        8 => Scalar::U8,
                        16 => Scalar::U16,
                        32 => Scalar::U32,
                        _ => Scalar::U64,
                    };
                    b.op1("arith.bitcast", &[v], shaped(i), &[])
                } else {
                    v
                };
                if bits == 64 {
                    int
                } else {
                    b.op1("arith.extui", &[int], shaped(Scalar::I64), &[])
                }
            }
        }
    }

    fn cast(&mut self, b: &mut Builder, v: ValueId, from: &Ty, to: &Ty, bitcast: bool) -> ValueId {
        let (fs, ts) = match (from.scalar_elem(), to.scalar_elem()) {
            (Some(f), Some(t)) => (f, t),
            // A pointer to another pointee, to its 64-bit address or back (sema checked
            // which): one op, whatever the pair.
            _ if from.elem == to.elem => return v,
            _ => return b.op1(opname::TILE_PTR_CAST, &[v], mlir_type(to), &[]),
        };
        let ty = mlir_type(to);
        if fs == ts || (fs.is_int() && ts.is_int() && fs.bits() == ts.bits() && !ts.is_bool()) {
            return v; // signless in MLIR: i32 → u32 is the same bits
        }
        if bitcast {
            return b.op1("arith.bitcast", &[v], ty, &[]);
        }
        if (fs.is_fp8() || ts.is_fp8()) && !(fs.is_float() && ts.is_float() && !ts.is_bool()) {
            // fp8 converts only to and from floats (the GPU's cvt): an integer or bool
            // goes through f32, which holds every fp8 value exactly.
            let mid = to.with_elem(crate::sema::types::Elem::Scalar(Scalar::F32));
            let w = self.cast(b, v, from, &mid, false);
            return self.cast(b, w, &mid, to, false);
        }
        if ts.is_bool() {
            let z = typed_const(b, ConstVal::Int(0), from);
            return if fs.is_float() {
                b.op1("arith.cmpf", &[v, z], ty, &[("predicate", Attr::int(13, "i64"))])
            } else {
                b.op1("arith.cmpi", &[v, z], ty, &[("predicate", Attr::int(1, "i64"))])
            };
        }
        let src_unsigned = fs.is_unsigned_int() || fs.is_bool();
        let name = match (fs.is_float(), ts.is_float()) {
            (false, false) if ts.bits() > fs.bits() => {
                if src_unsigned {
                    "arith.extui"
                } else {
                    "arith.extsi"
                }
            }
            (false, false) => "arith.trunci",
            (false, true) => {
                if src_unsigned {
                    "arith.uitofp"
                } else {
                    "arith.sitofp"
                }
            }
            (true, false) => {
                if ts.is_unsigned_int() {
                    "arith.fptoui"
                } else {
                    "arith.fptosi"
                }
            }
            (true, true) if fs.bits() == ts.bits() => {
                // f16 <-> bf16 (and e4m3 <-> e5m2) go through f32.
                let mid = to.with_elem(crate::sema::types::Elem::Scalar(Scalar::F32));
                let w = b.op1("arith.extf", &[v], mlir_type(&mid), &[]);
                return b.op1("arith.truncf", &[w], ty, &[]);
            }
            (true, true) if ts.bits() > fs.bits() => "arith.extf",
            (true, true) => "arith.truncf",
        };
        let _ = scalar_type;
        b.op1(name, &[v], ty, &[])
    }
}

impl Gen<'_> {
    /// The `combine` region of a custom `tile.reduce` / `tile.scan`: one block taking the
    /// left and right scalars, the helper's body inlined on them, `gpu.yield` of the result.
    fn combine_region(&mut self, b: &mut Builder, c: &CombineFn, elem: Elem) -> Region {
        let t = mlir_type(&Ty { elem, shape: vec![] });
        b.region(&[t.clone(), t], |rb, args| {
            self.env.insert(c.params[0], args[0]);
            self.env.insert(c.params[1], args[1]);
            self.stmts(rb, &c.body);
            let r = self.expr(rb, &c.result);
            rb.loc = self.loc(c.result.span);
            rb.op("gpu.yield", &[r], &[], &[]);
        })
    }
}
