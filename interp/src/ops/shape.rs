//! Creating tiles and changing their shape: `tile.arange`, `tile.splat`,
//! `tile.broadcast`, `tile.expand_dims`, `tile.reshape`, `tile.trans`, `tile.flip`,
//! `tile.gather`, `tile.scatter`, and
//! `layout.convert` (a new encoding: the same values, so the same vector).

use super::{need, TyOf};
use crate::frame::Frame;
use crate::site::{Site, Types};
use crate::value::Data;
use crate::Fault;
use tile_dialects::ir;
use tile_dialects::views::View;

#[derive(Debug)]
pub enum Op {
    Arange(i64),
    Splat,
    Broadcast,
    /// expand_dims, reshape, convert: the elements in the same row-major order.
    Same,
    /// Result axis i is operand axis order[i].
    Trans(Vec<usize>),
    Flip(usize),
    /// Triton's gather along an axis: operand 1 holds the indices (modulo the axis size).
    Gather(usize),
    /// Gather's inverse on 1-D tiles: element i of operand 0 goes to index[i] (modulo the
    /// size); elements no index names are 0.
    Scatter,
}

pub fn decode(op: &ir::Op, _ty: TyOf) -> Result<Option<Op>, Fault> {
    let axis = |a: Option<&ir::Attr>| Ok::<_, Fault>(need(op, a.and_then(|a| a.as_int()), "axis")?.max(0) as usize);
    Ok(Some(match View::of(op) {
        View::TileArange(a) => Op::Arange(need(op, a.start().and_then(|a| a.as_int()), "start")?),
        View::TileSplat(_) => Op::Splat,
        View::TileBroadcast(_) => Op::Broadcast,
        View::TileExpandDims(_) | View::TileReshape(_) | View::LayoutConvert(_) => Op::Same,
        View::TileTrans(_) => Op::Trans(need(op, op.trans_order(), "order")?),
        View::TileFlip(x) => Op::Flip(axis(x.axis())?),
        View::TileGather(x) => Op::Gather(axis(x.axis())?),
        View::TileScatter(_) => Op::Scatter,
        _ => return Ok(None),
    }))
}

pub fn exec(o: &Op, n: &Site, k: &Types, f: &mut Frame) -> Result<(), Fault> {
    let out = n.results[0];
    let rt = k.ty(out);
    let numel = rt.numel();
    match o {
        Op::Arange(start) => f.set(out, Data::I((0..numel as i64).map(|i| start + i).collect())),
        Op::Splat => {
            let x = f.get(n.operands[0])?;
            let d = match &**x {
                Data::I(v) => Data::I(vec![v[0]; numel]),
                Data::F(v) => Data::F(vec![v[0]; numel]),
            };
            f.set(out, d);
        }
        Op::Same => {
            let x = f.get(n.operands[0])?.clone();
            f.set_value(out, x);
        }
        Op::Broadcast => {
            let src = k.ty(n.operands[0]).shape.clone();
            let x = f.get(n.operands[0])?.clone();
            if src == rt.shape {
                f.set_value(out, x);
                return Ok(());
            }
            let idx = broadcast_index(&src, &rt.shape);
            f.set(out, x.gather(idx.into_iter()));
        }
        Op::Trans(order) => {
            // Each result element's row-major index, unravelled, gives the operand's
            // coordinates (axis order[i] is result coordinate i).
            let s = &k.ty(n.operands[0]).shape;
            let mut sorted = order.clone();
            sorted.sort_unstable();
            if sorted != (0..s.len()).collect::<Vec<_>>() || rt.shape.len() != s.len() {
                return Err(Fault::at(&n.loc, format!("`tile.trans` order {order:?} is not a permutation of {s:?}")));
            }
            let mut stride = vec![1usize; s.len()];
            for d in (0..s.len().saturating_sub(1)).rev() {
                stride[d] = stride[d + 1] * s[d + 1];
            }
            let rs = &rt.shape;
            let x = f.get(n.operands[0])?.clone();
            f.set(
                out,
                x.gather((0..numel).map(|mut i| {
                    let mut j = 0;
                    for a in (0..rs.len()).rev() {
                        j += (i % rs[a]) * stride[order[a]];
                        i /= rs[a];
                    }
                    j
                })),
            );
        }
        Op::Flip(axis) => {
            let s = &rt.shape;
            let len = s.get(*axis).copied().unwrap_or(1);
            let inner: usize = s.get(axis + 1..).map_or(1, |t| t.iter().product());
            let x = f.get(n.operands[0])?.clone();
            f.set(
                out,
                x.gather((0..numel).map(|i| {
                    let j = i / inner % len;
                    i + (len - 1 - j) * inner - j * inner
                })),
            );
        }
        Op::Scatter => {
            let idx = match &**f.get(n.operands[1])? {
                Data::I(v) => v.clone(),
                Data::F(_) => return Err(Fault::new("scatter: float indices")),
            };
            let x = f.get(n.operands[0])?.clone();
            // Where two elements go to one place the GPU keeps either: an error here when
            // their values differ (the result would depend on timing), as the race
            // detector reports two different stores to one address.
            let mut from: Vec<Option<usize>> = vec![None; numel];
            for (i, &k) in idx.iter().enumerate() {
                let k = k.rem_euclid(numel as i64) as usize;
                if let Some(j) = from[k].replace(i) {
                    if !x.same_bits(i, j) {
                        return Err(Fault::new(format!(
                            "scatter: elements {j} and {i} both go to {k} with different values"
                        )));
                    }
                }
            }
            let d = match &*x {
                Data::I(v) => Data::I(from.iter().map(|s| s.map_or(0, |i| v[i])).collect()),
                Data::F(v) => Data::F(from.iter().map(|s| s.map_or(0.0, |i| v[i])).collect()),
            };
            f.set(out, d);
        }
        Op::Gather(axis) => {
            // Result element i: its coordinates, with the one along `axis` replaced by
            // index[i] (wrapped into the axis), row-major in the source.
            let (s, r) = (k.ty(n.operands[0]).shape.clone(), &rt.shape);
            let len = s[*axis];
            let inner: usize = s[axis + 1..].iter().product();
            let rinner: usize = r[axis + 1..].iter().product();
            let idx = match &**f.get(n.operands[1])? {
                Data::I(v) => v.clone(),
                Data::F(_) => return Err(Fault::new("gather: float indices")),
            };
            let x = f.get(n.operands[0])?.clone();
            f.set(
                out,
                x.gather((0..numel).map(|i| {
                    let (outer, rest) = (i / (rinner * r[*axis]), i % rinner);
                    let k = idx[i].rem_euclid(len as i64) as usize;
                    (outer * len + k) * inner + rest
                })),
            );
        }
    }
    Ok(())
}

/// For each element of `to` (row-major), the index of its source in `from` (same rank,
/// size-1 dimensions stretched).
pub fn broadcast_index(from: &[usize], to: &[usize]) -> Vec<usize> {
    let rank = to.len();
    let mut stride = vec![0usize; rank];
    let mut s = 1;
    for d in (0..rank).rev() {
        let fd = from.get(d).copied().unwrap_or(1);
        stride[d] = if fd == 1 { 0 } else { s };
        s *= fd;
    }
    let numel: usize = to.iter().product();
    let mut out = Vec::with_capacity(numel);
    let mut pos = vec![0usize; rank];
    for _ in 0..numel {
        out.push(pos.iter().zip(&stride).map(|(p, s)| p * s).sum());
        for d in (0..rank).rev() {
            pos[d] += 1;
            if pos[d] < to[d] {
                break;
            }
            pos[d] = 0;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn broadcasts_rows_and_columns() {
        assert_eq!(super::broadcast_index(&[2, 1], &[2, 3]), vec![0, 0, 0, 1, 1, 1]);
        assert_eq!(super::broadcast_index(&[1, 3], &[2, 3]), vec![0, 1, 2, 0, 1, 2]);
    }
}
