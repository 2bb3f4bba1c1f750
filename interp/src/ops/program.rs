//! What a program knows of itself and its pointers: `tile.program_id`,
//! `tile.num_programs`, `tile.addptr` (byte address + offset * element size, wrapping
//! like the GPU's 64-bit address arithmetic) and `tile.print` (`device_print`: one line
//! per element, as Triton prints them) and `tile.assert` (`device_assert`: the first false
//! element stops the run with the message, the program and the element).

use super::need;
use crate::frame::Frame;
use crate::site::{Site, Types};
use crate::value::{Data, Elem};
use crate::Fault;
use tile_dialects::ir;
use tile_dialects::views;

#[derive(Debug)]
pub enum Op {
    ProgramId(usize),
    NumPrograms(usize),
    AddPtr,
    /// `tile.ptr_cast`: pointers are byte addresses here, so every such cast keeps them.
    PtrCast,
    /// The message, and whether integers print as unsigned.
    Print(String, bool),
    Assert(String),
}

pub fn decode(op: &ir::Op) -> Result<Option<Op>, Fault> {
    use views::View;
    let axis = |a: Option<&ir::Attr>| need(op, a.and_then(|a| a.as_int()), "axis").map(|a| a.clamp(0, 2) as usize);
    let text = |a: Option<&ir::Attr>| a.and_then(|a| a.as_str()).unwrap_or_default();
    Ok(Some(match View::of(op) {
        View::TileProgramId(p) => Op::ProgramId(axis(p.axis())?),
        View::TileNumPrograms(p) => Op::NumPrograms(axis(p.axis())?),
        View::TileAddptr(_) => Op::AddPtr,
        View::TilePtrCast(_) => Op::PtrCast,
        View::TilePrint(p) => Op::Print(text(p.msg()), p.unsigned().and_then(|a| a.as_int()) == Some(1)),
        View::TileAssert(a) => Op::Assert(text(a.msg())),
        _ => return Ok(None),
    }))
}

pub fn exec(o: &Op, n: &Site, k: &Types, f: &mut Frame) -> Result<(), Fault> {
    match o {
        Op::ProgramId(a) => f.set(n.results[0], Data::I(vec![f.pid[*a] as i64])),
        Op::NumPrograms(a) => f.set(n.results[0], Data::I(vec![f.grid[*a] as i64])),
        Op::PtrCast => {
            let v = f.get(n.operands[0])?.ints()?.to_vec();
            f.set(n.results[0], Data::I(v));
        }
        Op::AddPtr => {
            let size = match k.ty(n.results[0]).elem {
                Elem::Ptr(s) => s as i64,
                _ => return Err(Fault::internal("addptr of a non-pointer")),
            };
            let (p, off) = (f.get(n.operands[0])?.ints()?, f.get(n.operands[1])?.ints()?);
            let v: Vec<i64> = if off.len() == p.len() {
                p.iter().zip(off).map(|(&a, &o)| a.wrapping_add(o.wrapping_mul(size))).collect()
            } else {
                let o0 = off.first().copied().unwrap_or(0);
                p.iter().map(|&a| a.wrapping_add(o0.wrapping_mul(size))).collect()
            };
            f.set(n.results[0], Data::I(v));
        }
        Op::Assert(msg) => {
            let c = f.get(n.operands[0])?.ints()?;
            if let Some(i) = c.iter().position(|&x| x == 0) {
                let pid = format!("program ({}, {}, {})", f.pid[0], f.pid[1], f.pid[2]);
                let elem = if k.ty(n.operands[0]).shape.is_empty() {
                    String::new()
                } else {
                    format!(", element {i} of the tile")
                };
                let msg = if msg.is_empty() { String::new() } else { format!(": {msg}") };
                return Err(Fault::new(format!("device_assert failed{msg}: {pid}{elem}")));
            }
        }
        Op::Print(msg, unsigned) => {
            let pid = format!("pid ({}, {}, {})", f.pid[0], f.pid[1], f.pid[2]);
            let Some(&v) = n.operands.first() else {
                f.prints.push(format!("{pid} {msg}"));
                return Ok(());
            };
            let t = k.ty(v).clone();
            let x = f.get(v)?.clone();
            let show = |i: usize| match (&*x, t.elem) {
                (Data::I(a), Elem::Int(1)) => (a[i] != 0).to_string(),
                (Data::I(a), Elem::Ptr(_)) => format!("0x{:x}", a[i]),
                // Values are held sign-extended from their width: reread the bits.
                (Data::I(a), Elem::Int(w)) if *unsigned && w < 64 => (a[i] as u64 & ((1u64 << w) - 1)).to_string(),
                (Data::I(a), _) if *unsigned => (a[i] as u64).to_string(),
                (Data::I(a), _) => a[i].to_string(),
                (Data::F(a), _) => format!("{}", a[i]),
            };
            if t.shape.is_empty() {
                f.prints.push(format!("{pid} {msg}{}", show(0)));
            } else {
                for i in 0..x.len() {
                    let mut rest = i;
                    let mut idx = vec![0; t.shape.len()];
                    for d in (0..t.shape.len()).rev() {
                        idx[d] = rest % t.shape[d].max(1);
                        rest /= t.shape[d].max(1);
                    }
                    let idx: Vec<String> = idx.iter().map(|i| i.to_string()).collect();
                    f.prints.push(format!("{pid} idx ({}) {msg}{}", idx.join(", "), show(i)));
                }
            }
        }
    }
    Ok(())
}
