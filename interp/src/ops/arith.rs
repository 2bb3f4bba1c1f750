//! `arith`: constants, integer and float arithmetic, comparisons, conversions, select.
//! Integer results wrap to their width; shifts by the width or more give what PTX's
//! clamped shifts give; division by zero gives all ones (no trap, as on the GPU); float
//! to integer conversions saturate and take NaN to 0 (cvt.rzi); float results round to
//! their type.

use super::{need, TyOf};
use crate::frame::Frame;
use crate::site::{Site, Types};
use crate::value::{bits_float, float_bits, round, uns, wrap, Data, Elem};
use crate::Fault;
use tile_dialects::ir;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum IBin {
    Add,
    Sub,
    Mul,
    DivS,
    DivU,
    RemS,
    RemU,
    And,
    Or,
    Xor,
    Shl,
    ShrS,
    ShrU,
    MaxS,
    MaxU,
    MinS,
    MinU,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FBin {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Maximum,
    Minimum,
    MaxNum,
    MinNum,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Cast {
    ExtS,
    ExtU,
    Trunc,
    SIToF,
    UIToF,
    FToSI,
    FToUI,
    ExtF,
    TruncF,
    Bitcast,
}

#[derive(Debug)]
pub enum Op {
    Const(Data),
    IBin(IBin),
    FBin(FBin),
    NegF,
    CmpI(i64),
    CmpF(i64),
    Cast(Cast),
    Select,
}

pub fn decode(op: &ir::Op, ty: TyOf) -> Result<Option<Op>, Fault> {
    let Some(name) = op.name.strip_prefix("arith.") else { return Ok(None) };
    use FBin as F;
    use IBin as I;
    Ok(Some(match name {
        "constant" => {
            let t = need(op, op.results.first().and_then(|&r| ty(r)), "type")?;
            let text = need(op, op.attr("value"), "value")?.0.clone();
            Op::Const(
                constant(&text, t.elem, t.numel())
                    .ok_or_else(|| Fault::at(&op.loc, format!("the interpreter cannot read the constant `{text}`")))?,
            )
        }
        "addi" => Op::IBin(I::Add),
        "subi" => Op::IBin(I::Sub),
        "muli" => Op::IBin(I::Mul),
        "divsi" => Op::IBin(I::DivS),
        "divui" => Op::IBin(I::DivU),
        "remsi" => Op::IBin(I::RemS),
        "remui" => Op::IBin(I::RemU),
        "andi" => Op::IBin(I::And),
        "ori" => Op::IBin(I::Or),
        "xori" => Op::IBin(I::Xor),
        "shli" => Op::IBin(I::Shl),
        "shrsi" => Op::IBin(I::ShrS),
        "shrui" => Op::IBin(I::ShrU),
        "maxsi" => Op::IBin(I::MaxS),
        "maxui" => Op::IBin(I::MaxU),
        "minsi" => Op::IBin(I::MinS),
        "minui" => Op::IBin(I::MinU),
        "addf" => Op::FBin(F::Add),
        "subf" => Op::FBin(F::Sub),
        "mulf" => Op::FBin(F::Mul),
        "divf" => Op::FBin(F::Div),
        "remf" => Op::FBin(F::Rem),
        "maximumf" => Op::FBin(F::Maximum),
        "minimumf" => Op::FBin(F::Minimum),
        "maxnumf" => Op::FBin(F::MaxNum),
        "minnumf" => Op::FBin(F::MinNum),
        "negf" => Op::NegF,
        "cmpi" => Op::CmpI(need(op, op.int_attr("predicate"), "predicate")?),
        "cmpf" => Op::CmpF(need(op, op.int_attr("predicate"), "predicate")?),
        "extsi" => Op::Cast(Cast::ExtS),
        "extui" => Op::Cast(Cast::ExtU),
        "trunci" => Op::Cast(Cast::Trunc),
        "index_cast" => Op::Cast(Cast::ExtS),
        "index_castui" => Op::Cast(Cast::ExtU),
        "sitofp" => Op::Cast(Cast::SIToF),
        "uitofp" => Op::Cast(Cast::UIToF),
        "fptosi" => Op::Cast(Cast::FToSI),
        "fptoui" => Op::Cast(Cast::FToUI),
        "extf" => Op::Cast(Cast::ExtF),
        "truncf" => Op::Cast(Cast::TruncF),
        "bitcast" => Op::Cast(Cast::Bitcast),
        "select" => Op::Select,
        _ => return Ok(None),
    }))
}

/// The value of an `arith.constant`'s attribute: `4 : i32`, `true`, `0x3F800000 : f32`,
/// `1.500000e+00 : f32`, or a splat `dense<...> : tensor<...>`.
fn constant(text: &str, e: Elem, n: usize) -> Option<Data> {
    let t = text.trim();
    let t = match t.strip_prefix("dense<") {
        Some(rest) => rest.split('>').next()?.trim(),
        None => t.split(" : ").next()?.trim(),
    };
    let n = n.max(1);
    if e.is_float() {
        let v = if let Some(h) = t.strip_prefix("0x") {
            bits_float(e, u64::from_str_radix(h, 16).ok()? as i64)
        } else {
            t.parse::<f64>().ok()?
        };
        return Some(Data::F(vec![round(e, v); n]));
    }
    let v = match t {
        "true" => -1,
        "false" => 0,
        _ => t.parse::<i128>().ok()? as i64,
    };
    Some(Data::I(vec![wrap(e.bits(), v); n]))
}

pub fn exec(o: &Op, n: &Site, k: &Types, f: &mut Frame) -> Result<(), Fault> {
    let out = n.results.first().copied().ok_or_else(|| Fault::internal("arith op without a result"))?;
    let re = k.ty(out).elem;
    let arg = |i: usize| n.operands.get(i).copied().ok_or_else(|| Fault::internal("missing operand"));
    let data = match o {
        Op::Const(d) => d.clone(),
        Op::IBin(b) => {
            let bits = k.ty(arg(0)?).elem.bits();
            let (x, y) = (f.get(arg(0)?)?.ints()?, f.get(arg(1)?)?.ints()?);
            Data::I(zip(x, y, |a, b2| ibin(*b, bits, a, b2)))
        }
        Op::FBin(b) => {
            let (x, y) = (f.get(arg(0)?)?.floats()?, f.get(arg(1)?)?.floats()?);
            Data::F(zip(x, y, |a, c| round(re, fbin(*b, a, c))))
        }
        Op::NegF => Data::F(f.get(arg(0)?)?.floats()?.iter().map(|x| -x).collect()),
        Op::CmpI(p) => {
            let bits = k.ty(arg(0)?).elem.bits();
            let (x, y) = (f.get(arg(0)?)?.ints()?, f.get(arg(1)?)?.ints()?);
            let p = *p;
            Data::I(zip(x, y, |a, b| -(cmpi(p, bits, a, b) as i64)))
        }
        Op::CmpF(p) => {
            let (x, y) = (f.get(arg(0)?)?.floats()?, f.get(arg(1)?)?.floats()?);
            let p = *p;
            Data::I(zip(x, y, |a, b| -(cmpf(p, a, b) as i64)))
        }
        Op::Cast(c) => cast(*c, k.ty(arg(0)?).elem, re, f.get(arg(0)?)?)?,
        Op::Select => {
            let c = f.get(arg(0)?)?.ints()?;
            let (a, b) = (f.get(arg(1)?)?, f.get(arg(2)?)?);
            let pick = |i: usize| c[if c.len() == 1 { 0 } else { i }] != 0;
            match (&**a, &**b) {
                (Data::I(x), Data::I(y)) => Data::I((0..x.len()).map(|i| if pick(i) { x[i] } else { y[i] }).collect()),
                (Data::F(x), Data::F(y)) => Data::F((0..x.len()).map(|i| if pick(i) { x[i] } else { y[i] }).collect()),
                _ => return Err(Fault::internal("select of mixed kinds")),
            }
        }
    };
    f.set(out, data);
    Ok(())
}

fn zip<T: Copy, U>(x: &[T], y: &[T], g: impl Fn(T, T) -> U) -> Vec<U> {
    if y.len() == 1 && x.len() != 1 {
        return x.iter().map(|&a| g(a, y[0])).collect();
    }
    x.iter().zip(y).map(|(&a, &b)| g(a, b)).collect()
}

#[inline]
pub fn ibin(op: IBin, bits: u32, a: i64, b: i64) -> i64 {
    let (ua, ub) = (uns(bits, a), uns(bits, b));
    let r = match op {
        IBin::Add => a.wrapping_add(b),
        IBin::Sub => a.wrapping_sub(b),
        IBin::Mul => a.wrapping_mul(b),
        IBin::DivS if b == 0 => -1,
        IBin::DivS => a.wrapping_div(b),
        IBin::DivU if ub == 0 => -1,
        IBin::DivU => (ua / ub) as i64,
        IBin::RemS if b == 0 => a,
        IBin::RemS => a.wrapping_rem(b),
        IBin::RemU if ub == 0 => a,
        IBin::RemU => (ua % ub) as i64,
        IBin::And => a & b,
        IBin::Or => a | b,
        IBin::Xor => a ^ b,
        // PTX clamps shift amounts to the width: everything shifted out.
        IBin::Shl if ub >= bits as u64 => 0,
        IBin::Shl => ((ua) << ub) as i64,
        IBin::ShrU if ub >= bits as u64 => 0,
        IBin::ShrU => (ua >> ub) as i64,
        IBin::ShrS => a >> ub.min(63),
        IBin::MaxS => a.max(b),
        IBin::MinS => a.min(b),
        IBin::MaxU => ua.max(ub) as i64,
        IBin::MinU => ua.min(ub) as i64,
    };
    wrap(bits, r)
}

#[inline]
pub fn fbin(op: FBin, a: f64, b: f64) -> f64 {
    match op {
        FBin::Add => a + b,
        FBin::Sub => a - b,
        FBin::Mul => a * b,
        FBin::Div => a / b,
        FBin::Rem => a % b,
        FBin::Maximum if a.is_nan() || b.is_nan() => f64::NAN,
        FBin::Minimum if a.is_nan() || b.is_nan() => f64::NAN,
        // -0.0 < +0.0 for maximum/minimum, as IEEE 754-2019 and PTX's max/min.
        FBin::Maximum => {
            if a == b {
                if a.is_sign_negative() {
                    b
                } else {
                    a
                }
            } else {
                a.max(b)
            }
        }
        FBin::Minimum => {
            if a == b {
                if a.is_sign_negative() {
                    a
                } else {
                    b
                }
            } else {
                a.min(b)
            }
        }
        // maxnum / minnum: a NaN operand is ignored (both NaN: NaN); zeros ordered as
        // maximum's, so a result never depends on the host's choice between -0 and +0.
        FBin::MaxNum if a.is_nan() => b,
        FBin::MaxNum if b.is_nan() => a,
        FBin::MinNum if a.is_nan() => b,
        FBin::MinNum if b.is_nan() => a,
        FBin::MaxNum => fbin(FBin::Maximum, a, b),
        FBin::MinNum => fbin(FBin::Minimum, a, b),
    }
}

/// `arith.cmpi` predicates: eq ne slt sle sgt sge ult ule ugt uge.
pub fn cmpi(p: i64, bits: u32, a: i64, b: i64) -> bool {
    let (ua, ub) = (uns(bits, a), uns(bits, b));
    match p {
        0 => a == b,
        1 => a != b,
        2 => a < b,
        3 => a <= b,
        4 => a > b,
        5 => a >= b,
        6 => ua < ub,
        7 => ua <= ub,
        8 => ua > ub,
        _ => ua >= ub,
    }
}

/// `arith.cmpf` predicates: false oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno true.
pub fn cmpf(p: i64, a: f64, b: f64) -> bool {
    let uno = a.is_nan() || b.is_nan();
    match p {
        0 => false,
        1 => !uno && a == b,
        2 => !uno && a > b,
        3 => !uno && a >= b,
        4 => !uno && a < b,
        5 => !uno && a <= b,
        6 => !uno && a != b,
        7 => !uno,
        8 => uno || a == b,
        9 => uno || a > b,
        10 => uno || a >= b,
        11 => uno || a < b,
        12 => uno || a <= b,
        13 => uno || a != b,
        14 => uno,
        _ => true,
    }
}

fn cast(c: Cast, from: Elem, to: Elem, d: &Data) -> Result<Data, Fault> {
    let (fb, tb) = (from.bits(), to.bits());
    Ok(match c {
        Cast::ExtS | Cast::Trunc => Data::I(d.ints()?.iter().map(|&x| wrap(tb, x)).collect()),
        Cast::ExtU => Data::I(d.ints()?.iter().map(|&x| wrap(tb, uns(fb, x) as i64)).collect()),
        Cast::SIToF => Data::F(d.ints()?.iter().map(|&x| int_to_float(to, x as i128)).collect()),
        Cast::UIToF => Data::F(d.ints()?.iter().map(|&x| int_to_float(to, uns(fb, x) as i128)).collect()),
        Cast::FToSI => Data::I(d.floats()?.iter().map(|&x| f_to_int(x, tb, true)).collect()),
        Cast::FToUI => Data::I(d.floats()?.iter().map(|&x| f_to_int(x, tb, false)).collect()),
        // f64 → fp8 goes through f32 on the GPU (its `cvt` takes f32): two roundings.
        Cast::TruncF if from == Elem::F64 && to.fp8().is_some() => {
            Data::F(d.floats()?.iter().map(|&x| round(to, round(Elem::F32, x))).collect())
        }
        Cast::ExtF | Cast::TruncF => Data::F(d.floats()?.iter().map(|&x| round(to, x)).collect()),
        Cast::Bitcast => match (from.is_float(), to.is_float()) {
            (true, false) => Data::I(d.floats()?.iter().map(|&x| wrap(tb, float_bits(from, x))).collect()),
            (false, true) => Data::F(d.ints()?.iter().map(|&x| bits_float(to, x)).collect()),
            _ => d.clone(),
        },
    })
}

/// `x` rounded once to the float type `to` (cvt.rn.f32.s64 and the like). Through f64 a
/// 64-bit integer would be rounded twice, once to 53 bits and again to 24 (off by an ulp
/// for 2^62 + 2^38 + 1); Rust's integer-to-f32 conversion rounds once, to nearest even.
fn int_to_float(to: Elem, x: i128) -> f64 {
    match to {
        Elem::F32 => x as f32 as f64,
        _ => round(to, x as f64),
    }
}

/// cvt.rzi: toward zero, saturating at the type's range, NaN to 0.
fn f_to_int(x: f64, bits: u32, signed: bool) -> i64 {
    if x.is_nan() {
        return 0;
    }
    let t = x.trunc();
    if signed {
        let (lo, hi) = if bits >= 64 {
            (i64::MIN as f64, i64::MAX as f64)
        } else {
            (-(2f64.powi(bits as i32 - 1)), 2f64.powi(bits as i32 - 1) - 1.0)
        };
        if bits >= 64 {
            return t as i64;
        }
        wrap(bits, t.clamp(lo, hi) as i64)
    } else {
        if bits >= 64 {
            return t.max(0.0) as u64 as i64;
        }
        let hi = 2f64.powi(bits as i32) - 1.0;
        wrap(bits, t.clamp(0.0, hi) as i64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_integers_round_once_to_f32() {
        // Halfway between two f32 plus 1: up, not (through f64's 2^62 + 2^38) to even.
        let x = (1i64 << 62) + (1 << 38) + 1;
        let want = ((1i64 << 62) + (1 << 39)) as f64;
        let s = cast(Cast::SIToF, Elem::Int(64), Elem::F32, &Data::I(vec![x, -x])).unwrap();
        assert_eq!(s.floats().unwrap(), &[want, -want][..]);
        let u = cast(Cast::UIToF, Elem::Int(64), Elem::F32, &Data::I(vec![x])).unwrap();
        assert_eq!(u.floats().unwrap(), &[want][..]);
        // u64 above 2^63 (negative as i64 bits): 2^64 - 1 rounds to 2^64.
        let u = cast(Cast::UIToF, Elem::Int(64), Elem::F32, &Data::I(vec![-1])).unwrap();
        assert_eq!(u.floats().unwrap(), &[18446744073709551616.0][..]);
    }

    #[test]
    fn integer_ops_wrap_and_never_trap() {
        assert_eq!(ibin(IBin::Add, 32, i32::MAX as i64, 1), i32::MIN as i64);
        assert_eq!(ibin(IBin::DivS, 32, 7, 0), -1);
        assert_eq!(ibin(IBin::DivS, 32, i32::MIN as i64, -1), i32::MIN as i64);
        assert_eq!(ibin(IBin::DivU, 32, -1, 2), i32::MAX as i64);
        assert_eq!(ibin(IBin::Shl, 32, 1, 32), 0);
        assert_eq!(ibin(IBin::ShrS, 32, -8, 40), -1);
        assert_eq!(ibin(IBin::MaxU, 32, -1, 5), -1);
        assert!(cmpi(6, 32, 5, -1)); // 5 <u 0xFFFFFFFF
        assert!(!cmpf(1, f64::NAN, f64::NAN) && cmpf(13, f64::NAN, 1.0));
        assert_eq!(f_to_int(3e10, 32, true), i32::MAX as i64);
        assert_eq!(f_to_int(-5.0, 32, false), 0);
        assert_eq!(constant("0x3F800000 : f32", Elem::F32, 1), Some(Data::F(vec![1.0])));
        assert_eq!(constant("-1 : i32", Elem::Int(32), 2), Some(Data::I(vec![-1, -1])));
        assert_eq!(constant("true", Elem::Int(1), 1), Some(Data::I(vec![-1])));
    }
}
