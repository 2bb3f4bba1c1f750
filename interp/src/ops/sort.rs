//! `tile.sort` along an axis (floats: NaN last ascending, first descending, as
//! torch.sort; unsigned elements, `tile.unsigned`, compare unsigned) and
//! `tile.histogram` (counts of the values in 0..bins; others are not counted) and
//! `tile.bin_rank` (each element's count of equal ones before it).

use super::need;
use crate::frame::Frame;
use crate::site::{Site, Types};
use crate::value::{uns, Data};
use crate::Fault;
use std::cmp::Ordering;
use tile_dialects::attrname;
use tile_dialects::ir;
use tile_dialects::views::View;

#[derive(Debug)]
pub enum Op {
    Sort {
        axis: usize,
        descending: bool,
        unsigned: bool,
    },
    /// `unsigned`: the values are read unsigned (the op says so only where it matters,
    /// a bin for every value of a narrow type: u8 with 256 or more bins).
    Histogram {
        unsigned: bool,
    },
    /// Each element's count of equal elements before it; values outside 0..bins are one
    /// value.
    BinRank {
        unsigned: bool,
        bins: i64,
    },
}

pub fn decode(op: &ir::Op) -> Result<Option<Op>, Fault> {
    Ok(Some(match View::of(op) {
        View::TileSort(s) => Op::Sort {
            axis: need(op, s.axis().and_then(|a| a.as_int()), "axis")?.max(0) as usize,
            descending: s.descending().and_then(|a| a.as_int()) == Some(1),
            unsigned: op.attr(attrname::TILE_UNSIGNED).is_some(),
        },
        View::TileHistogram(_) => Op::Histogram { unsigned: op.attr(attrname::TILE_UNSIGNED).is_some() },
        View::TileBinRank(r) => Op::BinRank {
            unsigned: op.attr(attrname::TILE_UNSIGNED).is_some(),
            bins: need(op, r.num_bins().and_then(|a| a.as_int()), "num_bins")?,
        },
        _ => return Ok(None),
    }))
}

pub fn exec(o: &Op, n: &Site, k: &Types, f: &mut Frame) -> Result<(), Fault> {
    let (src, out) = (n.operands[0], n.results[0]);
    let x = f.get(src)?.clone();
    match o {
        Op::Histogram { unsigned } => {
            let bins = k.ty(out).numel();
            let bits = k.ty(src).elem.bits();
            let mut h = vec![0i64; bins + 1];
            for &v in x.ints()? {
                h[bin_of(v, bits, *unsigned, bins)] += 1;
            }
            h.pop(); // the values out of range
            f.set(out, Data::I(h));
        }
        Op::BinRank { unsigned, bins } => {
            let bits = k.ty(src).elem.bits();
            let mut seen = vec![0i64; *bins as usize + 1];
            let ranks = x
                .ints()?
                .iter()
                .map(|&v| {
                    let bin = bin_of(v, bits, *unsigned, *bins as usize);
                    seen[bin] += 1;
                    seen[bin] - 1
                })
                .collect();
            f.set(out, Data::I(ranks));
        }
        Op::Sort { axis, descending, unsigned } => {
            let shape = &k.ty(src).shape;
            let bits = k.ty(src).elem.bits();
            let outer: usize = shape[..(*axis).min(shape.len())].iter().product();
            let len = shape.get(*axis).copied().unwrap_or(1);
            let inner: usize = shape.get(axis + 1..).map_or(1, |s| s.iter().product());
            let mut d = (*x).clone();
            for oi in 0..outer {
                for ii in 0..inner {
                    let idx: Vec<usize> = (0..len).map(|j| oi * len * inner + j * inner + ii).collect();
                    match &mut d {
                        Data::I(v) => {
                            let mut lane: Vec<i64> = idx.iter().map(|&i| v[i]).collect();
                            if *unsigned {
                                lane.sort_by_key(|&a| uns(bits, a));
                            } else {
                                lane.sort();
                            }
                            if *descending {
                                lane.reverse();
                            }
                            idx.iter().zip(lane).for_each(|(&i, a)| v[i] = a);
                        }
                        Data::F(v) => {
                            let mut lane: Vec<f64> = idx.iter().map(|&i| v[i]).collect();
                            lane.sort_by(nan_last);
                            if *descending {
                                lane.reverse();
                            }
                            idx.iter().zip(lane).for_each(|(&i, a)| v[i] = a);
                        }
                    }
                }
            }
            f.set(out, d);
        }
    }
    Ok(())
}

/// The bin of value `v` (of `bits` bits, read unsigned when `unsigned`): itself when it is
/// in 0..bins, else the spare bin `bins`.
fn bin_of(v: i64, bits: u32, unsigned: bool, bins: usize) -> usize {
    let v = if unsigned { uns(bits, v) as i64 } else { v };
    if v >= 0 && (v as u64) < bins as u64 {
        v as usize
    } else {
        bins
    }
}

fn nan_last(a: &f64, b: &f64) -> Ordering {
    match (a.is_nan(), b.is_nan()) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        _ => a.partial_cmp(b).unwrap_or(Ordering::Equal),
    }
}
