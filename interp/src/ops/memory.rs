//! Global-memory accesses at the `tile` level (`tile.load`, `tile.store`,
//! `tile.atomic_rmw`, `tile.atomic_cas`), at the `memsem` level (the same with the
//! order and scope explicit), and the global read of `layout.async_copy` (a masked load
//! whose tile goes to shared memory: `async_copy.rs`), each decoded by `access.rs`.
//!
//! Masked-off lanes are not accessed: a load gives `other` there (0 without one). Every
//! unmasked lane is checked by memcheck; atomics apply lane by lane, in order, and give
//! the old values.

use super::access::{Access, MemOp, Rmw};
use crate::frame::Frame;
use crate::memory::{memcheck_fault, Memory};
use crate::races::{AccessKind, Races};
use crate::site::{Site, Types};
use crate::value::{decode_f, decode_i, encode, round, uns, wrap, Data, Elem};
use crate::Fault;

/// The buffer and byte offset of lane 0 when every lane is live (no mask, or all true)
/// and lane i is at lane 0's address + i elements, all in one buffer: memcheck of the
/// first and last lane covers the lanes between. `None`: the general path, which also
/// reports any lane memcheck refuses.
fn contiguous(ptrs: &[i64], size: usize, mask: &Option<Vec<bool>>, mem: &Memory) -> Option<(usize, usize)> {
    let (&first, &last) = (ptrs.first()?, ptrs.last()?);
    if ptrs.len() < 2 || mask.as_ref().is_some_and(|m| m.iter().any(|&b| !b)) {
        return None;
    }
    let step = size as i64;
    if !ptrs.iter().zip(0..).all(|(&p, i)| p == first.wrapping_add(i * step)) {
        return None;
    }
    let (b0, off) = mem.locate(first, size).ok()?;
    let (b1, _) = mem.locate(last, size).ok()?;
    (b0 == b1).then_some((b0, off))
}

/// What an access needs besides the program's frame.
pub struct Ctx<'a> {
    pub mem: &'a mut Memory,
    pub races: Option<&'a mut Races>,
    pub uninit: bool,
    /// The program's index in the launch (row-major over the grid).
    pub prog: u32,
}

/// Runs the access; returns whether memory changed (stores of the same bytes do not
/// count: a spin loop that rewrites a word makes no progress).
pub fn perform(op: &MemOp, n: &Site, k: &Types, f: &mut Frame, cx: &mut Ctx) -> Result<bool, Fault> {
    let ptr_v = n.operands[0];
    // A descriptor's block: its addresses and which are inside the tensor.
    let desc = match op.access {
        Access::Desc { nan, .. } => Some(super::tma::block(n, k, f, super::tma::target(n, &op.access), nan)?),
        Access::DescStore { .. } => Some(super::tma::block(n, k, f, super::tma::target(n, &op.access), false)?),
        _ => None,
    };
    // A TMA store's data: its shared buffer, read now.
    let staged = match op.access {
        Access::DescStore { tma: true } => Some(std::sync::Arc::new(super::tma::stored(n, f)?)),
        _ => None,
    };
    let tile = desc.is_some() || !k.ty(ptr_v).shape.is_empty();
    let elem = match (&desc, k.ty(ptr_v).elem) {
        (Some(b), _) => b.elem,
        (None, Elem::Ptr(_)) => match op.access {
            Access::Store { .. } | Access::AsyncCopy { .. } => k.ty(n.operands[1]).elem,
            _ => k.ty(n.results[0]).elem,
        },
        _ => return Err(Fault::at(&n.loc, "an access through a value that is not a pointer")),
    };
    let size = elem.bytes() as usize;
    let held = f.get(ptr_v)?.clone();
    let ptrs = match &desc {
        Some(b) => &b.ptrs[..],
        None => held.ints()?,
    };
    let mask_of = |m: Option<usize>, f: &Frame| -> Result<Option<Vec<bool>>, Fault> {
        match m {
            Some(i) => Ok(Some(f.get(n.operands[i])?.ints()?.iter().map(|&b| b != 0).collect())),
            None => Ok(None),
        }
    };
    let what = match op.access {
        Access::Load { .. } => "load",
        Access::AsyncCopy { .. } => "async_copy",
        Access::Store { .. } | Access::DescStore { .. } => "store",
        _ => "atomic",
    };
    // Every live lane's (buffer, byte offset), memchecked.
    let live = |mask: &Option<Vec<bool>>| -> Result<Vec<Option<(usize, usize)>>, Fault> {
        let mut out = Vec::with_capacity(ptrs.len());
        for (i, &p) in ptrs.iter().enumerate() {
            if mask.as_ref().is_some_and(|m| !m[if m.len() == 1 { 0 } else { i }]) {
                out.push(None);
                continue;
            }
            let at = cx.mem.locate(p, size).map_err(|why| memcheck_fault(what, &n.loc, f.pid, i, tile, why))?;
            out.push(Some(at));
        }
        Ok(out)
    };
    let kind = AccessKind::new(op, tile);
    // The common `base + arange` access with every lane live goes through as one slice
    // (one memcheck of its ends, no per-lane bookkeeping); the race and never-written
    // checks want each lane, so they take the general path.
    let plain = cx.races.is_none() && !cx.uninit;
    match op.access {
        Access::Load { .. } | Access::AsyncCopy { .. } | Access::Desc { .. } => {
            let (mask, other) = match op.access {
                Access::Load { mask, other } => (mask, other),
                Access::AsyncCopy { mask } => (mask, None),
                _ => (None, None),
            };
            let (mask, fill) = match &desc {
                Some(b) => (Some(b.inside.clone()), b.fill.clone()),
                None => (mask_of(mask, f)?, None),
            };
            if let Some((b, off)) = contiguous(ptrs, size, &mask, cx.mem).filter(|_| plain) {
                let span = cx.mem.buffers[b].bytes[off..off + ptrs.len() * size].chunks_exact(size);
                let data = match elem.is_float() {
                    true => Data::F(span.map(|c| decode_f(elem, c)).collect()),
                    false => Data::I(span.map(|c| decode_i(elem, c)).collect()),
                };
                deliver(op, n, f, data)?;
                return Ok(false);
            }
            let lanes = live(&mask)?;
            if cx.uninit {
                for (i, l) in lanes.iter().enumerate() {
                    if let Some((b, off)) = *l {
                        let buf = &cx.mem.buffers[b];
                        if let Some(w) = &buf.written {
                            if !w[off / buf.unit] {
                                return Err(Fault::at(
                                    &n.loc,
                                    format!(
                                        "read of a never-written element: program ({}, {}, {}){} reads `{}`[{}] (made `empty:`, not stored to before this load)",
                                        f.pid[0], f.pid[1], f.pid[2],
                                        if tile { format!(", element {i} of the tile") } else { String::new() },
                                        buf.name, off / buf.unit
                                    ),
                                ));
                            }
                        }
                    }
                }
            }
            let other = match (other, fill) {
                (Some(i), _) => Some(f.get(n.operands[i])?.clone()),
                (None, fill) => fill.map(std::sync::Arc::new),
            };
            let bytes = |b: usize, off: usize| &cx.mem.buffers[b].bytes[off..off + size];
            let data = if elem.is_float() {
                let o = other.as_ref().map(|o| o.floats()).transpose()?;
                Data::F(
                    lanes
                        .iter()
                        .enumerate()
                        .map(|(i, l)| match l {
                            Some((b, off)) => decode_f(elem, bytes(*b, *off)),
                            None => o.map_or(0.0, |o| o[if o.len() == 1 { 0 } else { i }]),
                        })
                        .collect(),
                )
            } else {
                let o = other.as_ref().map(|o| o.ints()).transpose()?;
                Data::I(
                    lanes
                        .iter()
                        .enumerate()
                        .map(|(i, l)| match l {
                            Some((b, off)) => decode_i(elem, bytes(*b, *off)),
                            None => o.map_or(0, |o| o[if o.len() == 1 { 0 } else { i }]),
                        })
                        .collect(),
                )
            };
            if let Some(r) = cx.races.as_deref_mut() {
                r.access(cx.prog, kind, &lanes, cx.mem, &n.loc);
            }
            deliver(op, n, f, data)?;
            Ok(false)
        }
        Access::Store { .. } | Access::DescStore { .. } => {
            let (mask, v) = match (op.access, &desc) {
                (Access::Store { mask }, _) => (mask_of(mask, f)?, f.get(n.operands[1])?.clone()),
                (_, Some(b)) => match staged {
                    Some(d) => (Some(b.inside.clone()), d),
                    None => (Some(b.inside.clone()), f.get(n.operands[n.operands.len() - 1])?.clone()),
                },
                _ => return Err(Fault::internal("a descriptor store without its block")),
            };
            if let Some((b, off)) = contiguous(ptrs, size, &mask, cx.mem).filter(|_| plain) {
                let mut bytes = vec![0u8; ptrs.len() * size];
                for (i, out) in bytes.chunks_exact_mut(size).enumerate() {
                    encode(elem, &v, if v.len() == 1 { 0 } else { i }, out);
                }
                let dst = &mut cx.mem.buffers[b];
                let range = off..off + bytes.len();
                let changed = dst.bytes[range.clone()] != bytes[..];
                dst.bytes[range].copy_from_slice(&bytes);
                if let Some(w) = &mut dst.written {
                    w[off / dst.unit..(off + bytes.len()) / dst.unit].fill(true);
                }
                return Ok(changed);
            }
            let lanes = live(&mask)?;
            if let Some(r) = cx.races.as_deref_mut() {
                r.access(cx.prog, kind, &lanes, cx.mem, &n.loc);
            }
            let mut changed = false;
            let mut buf = [0u8; 8];
            for (i, l) in lanes.iter().enumerate() {
                if let Some((b, off)) = *l {
                    encode(elem, &v, if v.len() == 1 { 0 } else { i }, &mut buf[..size]);
                    let dst = &mut cx.mem.buffers[b];
                    changed |= dst.bytes[off..off + size] != buf[..size];
                    dst.bytes[off..off + size].copy_from_slice(&buf[..size]);
                    if let Some(w) = &mut dst.written {
                        w[off / dst.unit] = true;
                    }
                }
            }
            Ok(changed)
        }
        Access::Rmw { kind: rmw, mask, unsigned } => {
            let mask = mask_of(mask, f)?;
            let lanes = live(&mask)?;
            let v = f.get(n.operands[1])?.clone();
            let (changed, old) = atomics(cx.mem, &lanes, elem, |old, i| rmw_value(rmw, unsigned, elem, old, &v, i))?;
            if let Some(r) = cx.races.as_deref_mut() {
                r.access(cx.prog, kind, &lanes, cx.mem, &n.loc);
                scalar_result_barrier(r, cx.prog, n, tile);
            }
            f.set(n.results[0], old);
            Ok(changed)
        }
        Access::Cas => {
            let lanes = live(&None)?;
            let (cmp, v) = (f.get(n.operands[1])?.clone(), f.get(n.operands[2])?.clone());
            let (changed, old) = atomics(cx.mem, &lanes, elem, |old, i| {
                let j = if cmp.len() == 1 { 0 } else { i };
                let same = match (old, &*cmp) {
                    (Scalar::I(o), Data::I(c)) => o == c[j],
                    (Scalar::F(o), Data::F(c)) => o.to_bits() == c[j].to_bits() || o == c[j],
                    _ => false,
                };
                if same {
                    pick(&v, i)
                } else {
                    old
                }
            })?;
            if let Some(r) = cx.races.as_deref_mut() {
                r.access(cx.prog, kind, &lanes, cx.mem, &n.loc);
                scalar_result_barrier(r, cx.prog, n, tile);
            }
            f.set(n.results[0], old);
            Ok(changed)
        }
    }
}

/// A scalar atomic runs in thread 0; when its old value is used, the lowering gives it
/// to every thread through shared memory and a barrier (`broadcast_from_thread0`), and
/// that barrier orders the other threads after what thread 0 acquired: the detector
/// passes the same barrier (without it, polling a flag with `atomic_add(flag, 0, sem =
/// "acquire")` reported the reads it guards as races).
fn scalar_result_barrier(r: &mut Races, prog: u32, n: &Site, tile: bool) {
    let unused = n.free.contains(&n.results[0]);
    if !tile && !unused {
        r.barrier(prog);
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Scalar {
    I(i64),
    F(f64),
}

/// A load's tile to where it goes: a copy's slot in shared memory, or the result.
fn deliver(op: &MemOp, n: &Site, f: &mut Frame, data: Data) -> Result<(), Fault> {
    match op.access {
        Access::AsyncCopy { .. } => super::async_copy::issue(n, f, data),
        Access::Desc { tma: true, .. } => super::tma::issue(n, f, data),
        _ => {
            f.set(n.results[0], data);
            Ok(())
        }
    }
}

fn pick(d: &Data, i: usize) -> Scalar {
    let j = if d.len() == 1 { 0 } else { i };
    match d {
        Data::I(v) => Scalar::I(v[j]),
        Data::F(v) => Scalar::F(v[j]),
    }
}

/// Applies `new(old, lane)` lane by lane, in order; the old values come back.
fn atomics(
    mem: &mut Memory,
    lanes: &[Option<(usize, usize)>],
    elem: Elem,
    new: impl Fn(Scalar, usize) -> Scalar,
) -> Result<(bool, Data), Fault> {
    let size = elem.bytes() as usize;
    let mut changed = false;
    let mut olds = Vec::with_capacity(lanes.len());
    for (i, l) in lanes.iter().enumerate() {
        let Some((b, off)) = *l else {
            olds.push(if elem.is_float() { Scalar::F(0.0) } else { Scalar::I(0) });
            continue;
        };
        let buf = &mut mem.buffers[b];
        let cell = &mut buf.bytes[off..off + size];
        let old = if elem.is_float() { Scalar::F(decode_f(elem, cell)) } else { Scalar::I(decode_i(elem, cell)) };
        let nv = new(old, i);
        let d = match nv {
            Scalar::I(x) => Data::I(vec![x]),
            Scalar::F(x) => Data::F(vec![x]),
        };
        let mut bytes = [0u8; 8];
        encode(elem, &d, 0, &mut bytes[..size]);
        changed |= cell != &bytes[..size];
        cell.copy_from_slice(&bytes[..size]);
        if let Some(w) = &mut buf.written {
            w[off / buf.unit] = true;
        }
        olds.push(old);
    }
    let data = if elem.is_float() {
        Data::F(olds.iter().map(|o| if let Scalar::F(x) = o { *x } else { 0.0 }).collect())
    } else {
        Data::I(olds.iter().map(|o| if let Scalar::I(x) = o { *x } else { 0 }).collect())
    };
    Ok((changed, data))
}

fn rmw_value(kind: Rmw, unsigned: bool, e: Elem, old: Scalar, v: &Data, i: usize) -> Scalar {
    let bits = e.bits();
    match (old, pick(v, i)) {
        (Scalar::I(o), Scalar::I(x)) => Scalar::I(match kind {
            Rmw::Add => wrap(bits, o.wrapping_add(x)),
            Rmw::Max if unsigned => uns(bits, o).max(uns(bits, x)) as i64,
            Rmw::Min if unsigned => uns(bits, o).min(uns(bits, x)) as i64,
            Rmw::Max => o.max(x),
            Rmw::Min => o.min(x),
            Rmw::And => o & x,
            Rmw::Or => o | x,
            Rmw::Xor => o ^ x,
            Rmw::Xchg => x,
        })
        .map_wrap(bits),
        (Scalar::F(o), Scalar::F(x)) => Scalar::F(match kind {
            Rmw::Add => round(e, o + x),
            Rmw::Max => o.max(x),
            Rmw::Min => o.min(x),
            _ => x,
        }),
        (o, _) => o,
    }
}

impl Scalar {
    fn map_wrap(self, bits: u32) -> Scalar {
        match self {
            Scalar::I(x) => Scalar::I(wrap(bits, x)),
            s => s,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::contiguous;
    use crate::memory::Memory;

    #[test]
    fn only_consecutive_live_lanes_in_one_buffer_are_one_slice() {
        let mut mem = Memory::default();
        let (a, b) = (mem.add("a", vec![0; 64], 4), mem.add("b", vec![0; 64], 4));
        let at = |buf: usize, i: i64| Memory::base(buf) as i64 + 4 * i;
        let run: Vec<i64> = (2..10).map(|i| at(a, i)).collect();
        assert_eq!(contiguous(&run, 4, &None, &mem), Some((a, 8)));
        assert_eq!(contiguous(&run, 4, &Some(vec![true]), &mem), Some((a, 8)));
        // A masked-off lane, a gap, a lane past the end, lanes in two buffers, one lane:
        // each lane on its own (where memcheck names the lane that is out of bounds).
        let mut mask = vec![true; 8];
        mask[3] = false;
        assert_eq!(contiguous(&run, 4, &Some(mask), &mem), None);
        let gap: Vec<i64> = (0..8).map(|i| at(a, 2 * i)).collect();
        assert_eq!(contiguous(&gap, 4, &None, &mem), None);
        let past: Vec<i64> = (10..18).map(|i| at(a, i)).collect();
        assert_eq!(contiguous(&past, 4, &None, &mem), None);
        let across = vec![at(a, 15), at(b, 0)];
        assert_eq!(contiguous(&across, 4, &None, &mem), None);
        assert_eq!(contiguous(&run[..1], 4, &None, &mem), None);
    }
}
