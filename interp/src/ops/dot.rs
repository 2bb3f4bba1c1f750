//! `tile.dot`: acc + a @ b. Float inputs multiply exactly and accumulate in the
//! accumulator's type, one k at a time (the GPU's FMA chain: f32 for f16/bf16/f32
//! inputs, f16 with `out_dtype = f16`); i8 inputs accumulate in i32, wrapping.

use crate::exec::Frame;
use crate::prepare::{Kernel, Node};
use crate::value::{round, wrap, Data};
use crate::Fault;
use tile_dialects::ir;

#[derive(Debug)]
pub struct Op;

pub fn decode(op: &ir::Op) -> Result<Option<Op>, Fault> {
    Ok((op.name == "tile.dot").then_some(Op))
}

pub fn exec(_: &Op, n: &Node, k: &Kernel, f: &mut Frame) -> Result<(), Fault> {
    let (a, b, c, out) = (n.operands[0], n.operands[1], n.operands[2], n.results[0]);
    let (sa, sb) = (&k.ty(a).shape, &k.ty(b).shape);
    let (m, kk, nn) = match (sa.as_slice(), sb.as_slice()) {
        ([m, k1], [k2, n2]) if k1 == k2 => (*m, *k1, *n2),
        _ => return Err(Fault::at(&n.loc, "the interpreter multiplies 2-D tiles of matching inner size only")),
    };
    let re = k.ty(out).elem;
    let (x, y, acc) = (f.get(a)?.clone(), f.get(b)?.clone(), f.get(c)?.clone());
    let data = match (&*x, &*y, &*acc) {
        (Data::F(x), Data::F(y), Data::F(acc)) => {
            let mut o = acc.clone();
            // Row of a times b, k-major, so b's rows are read contiguously.
            for i in 0..m {
                let row = &mut o[i * nn..(i + 1) * nn];
                for p in 0..kk {
                    let av = x[i * kk + p];
                    let brow = &y[p * nn..(p + 1) * nn];
                    for (r, &bv) in row.iter_mut().zip(brow) {
                        *r = round(re, av.mul_add(bv, *r));
                    }
                }
            }
            Data::F(o)
        }
        (Data::I(x), Data::I(y), Data::I(acc)) => {
            let mut o = acc.clone();
            for i in 0..m {
                for p in 0..kk {
                    let av = x[i * kk + p];
                    for j in 0..nn {
                        o[i * nn + j] = wrap(re.bits(), o[i * nn + j].wrapping_add(av.wrapping_mul(y[p * nn + j])));
                    }
                }
            }
            Data::I(o)
        }
        _ => return Err(Fault::at(&n.loc, "`tile.dot` of mixed integer and float tiles")),
    };
    f.set(out, data);
    Ok(())
}
