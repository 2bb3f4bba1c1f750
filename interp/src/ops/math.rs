//! `math`: elementary functions, computed in f64 and rounded to the element type. The GPU
//! runs Triton's approximations (ex2.approx, lg2.approx, sin.approx, rsqrt.approx; a few
//! ulp off); the interpreter's results are the correctly rounded ones, which agree with
//! them within any tolerance a check of f32 results uses.

use crate::frame::Frame;
use crate::site::{Site, Types};
use crate::value::{round, wrap, Data};
use crate::Fault;
use tile_dialects::ir;
use tile_dialects::math::MathFn;

/// A `math` op: the function (`tile_dialects::math`, the list sema and tilegen use) and
/// whether it runs on integers (`math.absi`).
#[derive(Debug, Clone, Copy)]
pub struct Op {
    f: MathFn,
    int: bool,
}

pub fn decode(op: &ir::Op) -> Result<Option<Op>, Fault> {
    Ok(MathFn::of_math_op(&op.name).map(|f| Op { f, int: op.name == "math.absi" }))
}

pub fn exec(o: &Op, n: &Site, k: &Types, f: &mut Frame) -> Result<(), Fault> {
    let out = n.results[0];
    let e = k.ty(out).elem;
    let x = f.get(n.operands[0])?;
    let data = match o.f {
        MathFn::Abs if o.int => Data::I(x.ints()?.iter().map(|&v| wrap(e.bits(), v.wrapping_abs())).collect()),
        MathFn::Pow => {
            let (a, b) = (x.floats()?, f.get(n.operands[1])?.floats()?);
            Data::F((0..a.len()).map(|i| round(e, a[i].powf(b[i]))).collect())
        }
        MathFn::Fma => {
            let (b, c) = (f.get(n.operands[1])?.floats()?, f.get(n.operands[2])?.floats()?);
            let a = x.floats()?;
            Data::F((0..a.len()).map(|i| round(e, a[i].mul_add(b[i], c[i]))).collect())
        }
        _ => {
            let g: fn(f64) -> f64 = match o.f {
                MathFn::Exp => f64::exp,
                MathFn::Exp2 => f64::exp2,
                MathFn::Log => f64::ln,
                MathFn::Log2 => f64::log2,
                MathFn::Sqrt => f64::sqrt,
                MathFn::Rsqrt => |v| 1.0 / v.sqrt(),
                MathFn::Abs => f64::abs,
                MathFn::Floor => f64::floor,
                MathFn::Ceil => f64::ceil,
                MathFn::Sin => f64::sin,
                MathFn::Cos => f64::cos,
                MathFn::Erf => libm::erf,
                MathFn::Tanh => f64::tanh,
                MathFn::Log1p => f64::ln_1p,
                MathFn::Expm1 => f64::exp_m1,
                // Not `math` ops (arith's, run by arithmetic) or handled above.
                MathFn::Fma
                | MathFn::Pow
                | MathFn::DivRn
                | MathFn::Maximum
                | MathFn::Minimum
                | MathFn::MaxNum
                | MathFn::MinNum => {
                    unreachable!("decode gives no such op")
                }
            };
            Data::F(x.floats()?.iter().map(|&v| round(e, g(v))).collect())
        }
    };
    f.set(out, data);
    Ok(())
}
