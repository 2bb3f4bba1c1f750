//! `%` on f32 (`arith.remf`): C's `fmodf`, exactly. LLVM's NVPTX lowering of `frem` is
//! `x - trunc(x / y) * y`, which loses every digit once the quotient passes 2^24 (on an
//! H200, `3.9e9 % 0.1` came out -2.2e-5 where the remainder is 0.1016: Triton's tests
//! `%` an unsigned integer by a float).
//!
//! Exact in f64, branch-free: the remainder of |x| by |y| * 2^(28 j) for j from 9 down to
//! 0 (|x| / |y| < 2^277 for any finite f32 pair). In each step the quotient is below 2^29,
//! so with the 24-bit |y| its product is exact in f64, `fma` subtracts it exactly, and one
//! correction each way fixes a quotient the division rounded up or down. The result,
//! below |y| and a multiple of the smaller of the operands' units, is exact in f32; it
//! takes x's sign. NaN when x is infinite or NaN, or y is 0 or NaN; x when y is infinite.

use tile_dialects::ir::{Attr, Builder, Type, ValueId};

/// `arith.cmpf` predicates.
const OLT: i64 = 4;
const OGE: i64 = 3;
const UNO: i64 = 14;

fn op(b: &mut Builder, name: &str, xs: &[ValueId], t: &Type) -> ValueId {
    b.op1(name, xs, t.clone(), &[])
}

fn c64(b: &mut Builder, v: f64) -> ValueId {
    b.op1("arith.constant", &[], Type::F64, &[("value", Attr(format!("0x{:016X} : f64", v.to_bits())))])
}

/// `fmodf(x, y)` of two f32 values.
pub(super) fn fmod_f32(b: &mut Builder, x: ValueId, y: ValueId) -> ValueId {
    let f64t = Type::F64;
    let cmp = |b: &mut Builder, pred: i64, u: ValueId, v: ValueId| {
        b.op1("arith.cmpf", &[u, v], Type::Int(1), &[("predicate", Attr::int(pred, "i64"))])
    };
    let xd = op(b, "arith.extf", &[x], &f64t);
    let yd = op(b, "arith.extf", &[y], &f64t);
    let ax = op(b, "llvm.intr.fabs", &[xd], &f64t);
    let ay = op(b, "llvm.intr.fabs", &[yd], &f64t);
    let zero = c64(b, 0.0);
    let mut r = ax;
    for j in (0..10).rev() {
        let scale = c64(b, 2f64.powi(28 * j));
        let ys = op(b, "arith.mulf", &[ay, scale], &f64t);
        let q = op(b, "arith.divf", &[r, ys], &f64t);
        let q = op(b, "llvm.intr.trunc", &[q], &f64t);
        let nq = op(b, "arith.negf", &[q], &f64t);
        let t = op(b, "llvm.intr.fma", &[nq, ys, r], &f64t);
        // The division rounded the quotient up: one divisor back.
        let neg = cmp(b, OLT, t, zero);
        let up = op(b, "arith.addf", &[t, ys], &f64t);
        let t = b.op1("arith.select", &[neg, up, t], f64t.clone(), &[]);
        // Or down: one more off.
        let over = cmp(b, OGE, t, ys);
        let down = op(b, "arith.subf", &[t, ys], &f64t);
        let t = b.op1("arith.select", &[over, down, t], f64t.clone(), &[]);
        // Steps whose divisor is above what is left change nothing.
        let skip = cmp(b, OLT, r, ys);
        r = b.op1("arith.select", &[skip, r, t], f64t.clone(), &[]);
    }
    let signed = op(b, "llvm.intr.copysign", &[r, xd], &f64t);
    let out = op(b, "arith.truncf", &[signed], &Type::F32);
    // Special values: NaN for x infinite or NaN and y 0 or NaN; x for y infinite.
    let inf = c64(b, f64::INFINITY);
    let x_inf = cmp(b, OGE, ax, inf);
    let y_zero = b.op1("arith.cmpf", &[ay, zero], Type::Int(1), &[("predicate", Attr::int(1, "i64"))]);
    let nan_in = cmp(b, UNO, xd, yd);
    let bad = b.op1("arith.ori", &[x_inf, y_zero], Type::Int(1), &[]);
    let bad = b.op1("arith.ori", &[bad, nan_in], Type::Int(1), &[]);
    let y_inf = cmp(b, OGE, ay, inf);
    let out = b.op1("arith.select", &[y_inf, x, out], Type::F32, &[]);
    let nan = b.op1("arith.constant", &[], Type::F32, &[("value", Attr("0x7FC00000 : f32".into()))]);
    b.op1("arith.select", &[bad, nan, out], Type::F32, &[])
}
