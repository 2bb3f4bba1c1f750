//! `math`: elementary functions, computed in f64 and rounded to the element type. The GPU
//! runs Triton's approximations (ex2.approx, lg2.approx, sin.approx, rsqrt.approx; a few
//! ulp off); the interpreter's results are the correctly rounded ones, which agree with
//! them within any tolerance a check of f32 results uses.

use crate::frame::Frame;
use crate::site::{Site, Types};
use crate::value::{round, wrap, Data};
use crate::Fault;
use tile_dialects::ir;

#[derive(Debug, Clone, Copy)]
pub enum Op {
    Exp,
    Exp2,
    Log,
    Log2,
    Sqrt,
    Rsqrt,
    AbsF,
    AbsI,
    Floor,
    Ceil,
    Sin,
    Cos,
    Erf,
    Tanh,
    Log1p,
    Expm1,
    Pow,
    Fma,
}

pub fn decode(op: &ir::Op) -> Result<Option<Op>, Fault> {
    let Some(name) = op.name.strip_prefix("math.") else { return Ok(None) };
    Ok(Some(match name {
        "exp" => Op::Exp,
        "exp2" => Op::Exp2,
        "log" => Op::Log,
        "log2" => Op::Log2,
        "sqrt" => Op::Sqrt,
        "rsqrt" => Op::Rsqrt,
        "absf" => Op::AbsF,
        "absi" => Op::AbsI,
        "floor" => Op::Floor,
        "ceil" => Op::Ceil,
        "sin" => Op::Sin,
        "cos" => Op::Cos,
        "erf" => Op::Erf,
        "tanh" => Op::Tanh,
        "log1p" => Op::Log1p,
        "expm1" => Op::Expm1,
        "powf" => Op::Pow,
        "fma" => Op::Fma,
        _ => return Ok(None),
    }))
}

pub fn exec(o: &Op, n: &Site, k: &Types, f: &mut Frame) -> Result<(), Fault> {
    let out = n.results[0];
    let e = k.ty(out).elem;
    let x = f.get(n.operands[0])?;
    let data = match o {
        Op::AbsI => Data::I(x.ints()?.iter().map(|&v| wrap(e.bits(), v.wrapping_abs())).collect()),
        Op::Pow => {
            let (a, b) = (x.floats()?, f.get(n.operands[1])?.floats()?);
            Data::F((0..a.len()).map(|i| round(e, a[i].powf(b[i]))).collect())
        }
        Op::Fma => {
            let (b, c) = (f.get(n.operands[1])?.floats()?, f.get(n.operands[2])?.floats()?);
            let a = x.floats()?;
            Data::F((0..a.len()).map(|i| round(e, a[i].mul_add(b[i], c[i]))).collect())
        }
        _ => {
            let g: fn(f64) -> f64 = match o {
                Op::Exp => f64::exp,
                Op::Exp2 => f64::exp2,
                Op::Log => f64::ln,
                Op::Log2 => f64::log2,
                Op::Sqrt => f64::sqrt,
                Op::Rsqrt => |v| 1.0 / v.sqrt(),
                Op::AbsF => f64::abs,
                Op::Floor => f64::floor,
                Op::Ceil => f64::ceil,
                Op::Sin => f64::sin,
                Op::Cos => f64::cos,
                Op::Erf => libm::erf,
                Op::Tanh => f64::tanh,
                Op::Log1p => f64::ln_1p,
                Op::Expm1 => f64::exp_m1,
                Op::AbsI | Op::Fma | Op::Pow => unreachable!("handled above"),
            };
            Data::F(x.floats()?.iter().map(|&v| round(e, g(v))).collect())
        }
    };
    f.set(out, data);
    Ok(())
}
