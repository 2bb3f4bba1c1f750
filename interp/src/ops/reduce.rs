//! `tile.reduce` (sum, max, min, argmax, argmin, xor along an axis) and `tile.scan`
//! (inclusive cumsum, cumprod, forward or reverse), and both of kind "custom", whose
//! `combine` region is run on two scalars at a time in the sequential order (a left fold;
//! the inclusive prefixes in axis order), which the GPU's tree matches for an associative
//! combine. Float sums add pairwise, rounding to the element type at
//! every step, as the GPU's tree does; integer ones wrap; max/min of unsigned elements
//! (`tile.unsigned`) compare unsigned; argmax/argmin give the first index of the extreme.

use super::need;
use crate::frame::Frame;
use crate::site::{Site, Types};
use crate::value::{round, uns, wrap, Data, Elem, Value};
use crate::Fault;
use tile_dialects::attrname;
use tile_dialects::attrs::{ReduceKind, ScanKind};
use tile_dialects::ir;
use tile_dialects::views::View;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    Sum,
    Max,
    Min,
    ArgMax,
    ArgMin,
    Xor,
    CumSum,
    CumProd,
    /// The `combine` region: a reduction or, with `scan`, an inclusive scan.
    Custom {
        scan: bool,
    },
}

#[derive(Debug)]
pub struct Op {
    kind: Kind,
    axis: usize,
    unsigned: bool,
    /// A scan from the axis's end.
    reverse: bool,
}

pub fn decode(op: &ir::Op) -> Result<Option<Op>, Fault> {
    // A scan may run from the axis's end; a reduction has no direction.
    let (kind, axis, scan, reverse) = match View::of(op) {
        View::TileReduce(r) => (r.kind(), r.axis(), false, None),
        View::TileScan(s) => (s.kind(), s.axis(), true, s.reverse()),
        _ => return Ok(None),
    };
    let k = need(op, kind.and_then(|a| a.as_str()), attrname::KIND)?;
    let unknown = || Fault::at(&op.loc, format!("the interpreter does not know the reduction `{k}`"));
    // The IR's kinds (`tile_dialects::attrs`), reductions' and scans' in one `Kind`.
    let kind = if scan {
        match ScanKind::parse(&k).ok_or_else(unknown)? {
            ScanKind::Cumsum => Kind::CumSum,
            ScanKind::Cumprod => Kind::CumProd,
            ScanKind::Custom => Kind::Custom { scan: true },
        }
    } else {
        match ReduceKind::parse(&k).ok_or_else(unknown)? {
            ReduceKind::Sum => Kind::Sum,
            ReduceKind::Max => Kind::Max,
            ReduceKind::Min => Kind::Min,
            ReduceKind::Argmax => Kind::ArgMax,
            ReduceKind::Argmin => Kind::ArgMin,
            ReduceKind::Xor => Kind::Xor,
            ReduceKind::Custom => Kind::Custom { scan: false },
        }
    };
    let axis = need(op, axis.and_then(|a| a.as_int()), "axis")?.max(0) as usize;
    let reverse = reverse.and_then(|a| a.as_int()) == Some(1);
    Ok(Some(Op { kind, axis, unsigned: op.attr(attrname::TILE_UNSIGNED).is_some(), reverse }))
}

/// (outer, len, inner) of `shape` around `axis`.
fn split(shape: &[usize], axis: usize) -> (usize, usize, usize) {
    let outer = shape[..axis.min(shape.len())].iter().product();
    let len = shape.get(axis).copied().unwrap_or(1);
    let inner = shape.get(axis + 1..).map_or(1, |s| s.iter().product());
    (outer, len, inner)
}

pub fn exec(o: &Op, n: &Site, k: &Types, f: &mut Frame, combine: &dyn Combine) -> Result<(), Fault> {
    let (src, out) = (n.operands[0], n.results[0]);
    let (se, re) = (k.ty(src).elem, k.ty(out).elem);
    let (outer, len, inner) = split(&k.ty(src).shape, o.axis);
    let x = f.get(src)?.clone();
    let lane = |oi: usize, ii: usize| (0..len).map(move |j| oi * len * inner + j * inner + ii);
    let data = match o.kind {
        Kind::Custom { scan } => {
            let lanes = (0..outer).flat_map(|oi| (0..inner).map(move |ii| (oi, ii)));
            let lanes: Vec<Vec<usize>> = lanes.map(|(oi, ii)| lane(oi, ii).collect()).collect();
            custom(combine, n.loc, f, &x, &lanes, scan, o.reverse)?
        }
        Kind::CumSum | Kind::CumProd => {
            let mut d = (*x).clone();
            let prod = o.kind == Kind::CumProd;
            for oi in 0..outer {
                for ii in 0..inner {
                    let mut idx: Vec<usize> = lane(oi, ii).collect();
                    if o.reverse {
                        idx.reverse();
                    }
                    let mut it = idx.into_iter();
                    let Some(first) = it.next() else { continue };
                    let mut prev = first;
                    for i in it {
                        match &mut d {
                            Data::I(v) => {
                                v[i] = wrap(
                                    re.bits(),
                                    if prod { v[prev].wrapping_mul(v[i]) } else { v[prev].wrapping_add(v[i]) },
                                )
                            }
                            Data::F(v) => v[i] = round(re, if prod { v[prev] * v[i] } else { v[prev] + v[i] }),
                        }
                        prev = i;
                    }
                }
            }
            d
        }
        _ => {
            let mut ints = vec![];
            let mut floats = vec![];
            for oi in 0..outer {
                for ii in 0..inner {
                    match &*x {
                        Data::I(v) => ints.push(reduce_int(o, se, re, lane(oi, ii).map(|i| v[i]))),
                        Data::F(v) if matches!(o.kind, Kind::ArgMax | Kind::ArgMin) => {
                            ints.push(arg_float(o.kind, lane(oi, ii).map(|i| v[i])))
                        }
                        Data::F(v) => floats.push(reduce_float(o.kind, re, lane(oi, ii).map(|i| v[i]).collect())),
                    }
                }
            }
            if re.is_float() {
                Data::F(floats)
            } else {
                Data::I(ints)
            }
        }
    };
    f.set(out, data);
    Ok(())
}

fn reduce_int(o: &Op, se: Elem, re: Elem, xs: impl Iterator<Item = i64>) -> i64 {
    let bits = se.bits();
    let key = |v: i64| if o.unsigned { uns(bits, v) as i128 } else { v as i128 };
    let mut best: Option<(i128, i64, usize)> = None;
    let mut acc = 0i64;
    for (j, v) in xs.enumerate() {
        match o.kind {
            Kind::Sum => acc = acc.wrapping_add(v),
            Kind::Xor => acc ^= v,
            _ => {
                let kv = key(v);
                let better = match (best, o.kind) {
                    (None, _) => true,
                    (Some((b, _, _)), Kind::Max | Kind::ArgMax) => kv > b,
                    (Some((b, _, _)), _) => kv < b,
                };
                if better {
                    best = Some((kv, v, j));
                }
            }
        }
    }
    let (_, v, j) = best.unwrap_or((0, 0, 0));
    match o.kind {
        Kind::Sum | Kind::Xor => wrap(re.bits(), acc),
        Kind::ArgMax | Kind::ArgMin => j as i64,
        _ => v,
    }
}

fn arg_float(kind: Kind, xs: impl Iterator<Item = f64>) -> i64 {
    let mut best: Option<(f64, usize)> = None;
    for (j, v) in xs.enumerate() {
        let better = match best {
            None => true,
            Some((b, _)) if kind == Kind::ArgMax => v > b || (v.is_nan() && !b.is_nan()),
            Some((b, _)) => v < b || (v.is_nan() && !b.is_nan()),
        };
        if better {
            best = Some((v, j));
        }
    }
    best.map_or(0, |b| b.1 as i64)
}

/// A tree over the lane: pairs (i, i + half) combined, halving until one is left.
fn reduce_float(kind: Kind, re: Elem, mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    let mut len = v.len();
    while len > 1 {
        let half = len.div_ceil(2);
        for i in 0..len - half {
            let (a, b) = (v[i], v[i + half]);
            v[i] = match kind {
                Kind::Sum => round(re, a + b),
                // As the lowering (and Triton's `tl.max`): a NaN element is ignored.
                Kind::Max => super::arith::fbin(super::arith::FBin::MaxNum, a, b),
                _ => super::arith::fbin(super::arith::FBin::MinNum, a, b),
            };
        }
        len = half;
    }
    v[0]
}

/// The `combine` region of a custom reduction or scan, as the executor runs it (the
/// region's ops are nodes of the kernel tree, which this family does not see).
pub trait Combine {
    /// Fails when the op has no usable region (two arguments, a terminator).
    fn check(&self) -> Result<(), Fault>;
    /// `combine(a, b)`, run in the program's frame.
    fn apply(&self, f: &mut Frame, a: Value, b: Data) -> Result<Value, Fault>;
}

/// Kind "custom": the `combine` region folded over each lane of the axis (`scan`: every
/// inclusive prefix, from the axis's end when `reverse`).
fn custom(
    combine: &dyn Combine,
    loc: &str,
    f: &mut Frame,
    x: &Data,
    lanes: &[Vec<usize>],
    scan: bool,
    reverse: bool,
) -> Result<Data, Fault> {
    combine.check()?;
    let one = |i: usize| match x {
        Data::I(v) => Data::I(vec![v[i]]),
        Data::F(v) => Data::F(vec![v[i]]),
    };
    let apply = |f: &mut Frame, a: Value, b: Data| combine.apply(f, a, b);
    let mut out = if scan { x.clone() } else { Data::I(vec![]) };
    let mut folded: Vec<Value> = vec![];
    for lane in lanes {
        let mut idx = lane.clone();
        if reverse {
            idx.reverse();
        }
        let Some((&first, rest)) = idx.split_first() else { continue };
        let mut acc: Value = Value::new(one(first));
        for &i in rest {
            acc = apply(f, acc, one(i))?;
            if scan {
                match (&mut out, &*acc) {
                    (Data::I(o), Data::I(a)) => o[i] = a[0],
                    (Data::F(o), Data::F(a)) => o[i] = a[0],
                    _ => return Err(Fault::at(loc, "the combine changed the element type")),
                }
            }
        }
        folded.push(acc);
    }
    if scan {
        return Ok(out);
    }
    Ok(match x {
        Data::I(_) => Data::I(folded.iter().map(|a| a.ints().map(|v| v[0])).collect::<Result<_, _>>()?),
        Data::F(_) => Data::F(folded.iter().map(|a| a.floats().map(|v| v[0])).collect::<Result<_, _>>()?),
    })
}
