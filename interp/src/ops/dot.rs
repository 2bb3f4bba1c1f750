//! `tile.dot` (any encodings: blocked, or tensor-core operands `#layout.dot_op` and
//! accumulators `#layout.mma`, the same math): acc + a @ b. Float inputs multiply exactly
//! and accumulate in the accumulator's type, one k at a time (the GPU's FMA chain: f32
//! for f16/bf16/f32 inputs, f16 with `out_dtype = f16`); f32 inputs with
//! `input_precision = "tf32"` (the default) are first rounded to tf32 as the tensor cores
//! take them (`cvt.rna.tf32.f32`: 10 mantissa bits, to nearest, ties away from zero), so
//! results match the GPU's tensor cores within their tolerance ("ieee" and "tf32x3"
//! keep exact f32 products); i8 inputs accumulate in i32, wrapping. 3-D tiles are a
//! batch of products (Triton's batched `dot`). `product` is shared with
//! `layout.warp_group_dot` (`wgmma.rs`).

use crate::frame::Frame;
use crate::site::{Site, Types};
use crate::value::{round, round_tf32, wrap, Data, Elem};
use crate::Fault;
use std::borrow::Cow;
use tile_dialects::attrname;
use tile_dialects::attrs::InputPrecision;
use tile_dialects::ir::{self, ValueId};
use tile_dialects::views::View;

#[derive(Debug)]
pub struct Op {
    /// `input_precision = "tf32"`: f32 inputs are rounded to tf32.
    pub tf32: bool,
}

/// Whether a dot op's f32 inputs are taken as tf32.
pub fn tf32_of(op: &ir::Op) -> bool {
    op.str_attr(attrname::INPUT_PRECISION).is_none_or(|p| InputPrecision::parse(&p) == Some(InputPrecision::Tf32))
}

pub fn decode(op: &ir::Op) -> Result<Option<Op>, Fault> {
    Ok(matches!(View::of(op), View::TileDot(_)).then(|| Op { tf32: tf32_of(op) }))
}

pub fn exec(o: &Op, n: &Site, k: &Types, f: &mut Frame) -> Result<(), Fault> {
    let (a, b, c, out) = (n.operands[0], n.operands[1], n.operands[2], n.results[0]);
    let (x, y, acc) = (f.get(a)?.clone(), f.get(b)?.clone(), f.get(c)?.clone());
    let data = product(k, [a, b, out], &x, &y, &acc, o.tf32)?;
    f.set(out, data);
    Ok(())
}

/// acc + x @ y, where `vals` are the values (or buffers) x and y come from and the result,
/// for their shapes and types. A leading batch dimension (3-D tiles) multiplies each
/// batch's matrices.
pub fn product(k: &Types, vals: [ValueId; 3], x: &Data, y: &Data, acc: &Data, tf32: bool) -> Result<Data, Fault> {
    let [a, b, out] = vals;
    let split = |v: ValueId| {
        let s = &k.ty(v).shape;
        let r = s.len().saturating_sub(2);
        (s[..r].iter().product::<usize>(), s[r..].to_vec())
    };
    let ((za, sa), (zb, sb), (zo, _)) = (split(a), split(b), split(out));
    let (m, kk, nn) = match (sa.as_slice(), sb.as_slice()) {
        ([m, k1], [k2, n2]) if k1 == k2 && za == zb && za == zo => (*m, *k1, *n2),
        _ => {
            return Err(Fault::new(
                "the interpreter multiplies 2-D tiles (or batches of them) of matching inner size only",
            ))
        }
    };
    let z = za;
    if x.len() != z * m * kk || y.len() != z * kk * nn || acc.len() != z * m * nn {
        return Err(Fault::internal("a product's operands are not the sizes of their types"));
    }
    let re = k.ty(out).elem;
    let tf32 = tf32 && k.ty(a).elem == Elem::F32 && k.ty(b).elem == Elem::F32;
    let (xa, yb, oc) = (m * kk, kk * nn, m * nn);
    Ok(match (x, y, acc) {
        (Data::F(x), Data::F(y), Data::F(acc)) => {
            let narrow = |v: &[f64]| -> Vec<f64> { v.iter().map(|&e| round_tf32(e)).collect() };
            let (x, y): (Cow<[f64]>, Cow<[f64]>) =
                if tf32 { (narrow(x).into(), narrow(y).into()) } else { (x.into(), y.into()) };
            let mut o = acc.clone();
            for q in 0..z {
                let (x, y) = (&x[q * xa..(q + 1) * xa], &y[q * yb..(q + 1) * yb]);
                let o = &mut o[q * oc..(q + 1) * oc];
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
            }
            Data::F(o)
        }
        (Data::I(x), Data::I(y), Data::I(acc)) => {
            let mut o = acc.clone();
            for q in 0..z {
                let (x, y) = (&x[q * xa..(q + 1) * xa], &y[q * yb..(q + 1) * yb]);
                let o = &mut o[q * oc..(q + 1) * oc];
                for i in 0..m {
                    for p in 0..kk {
                        let av = x[i * kk + p];
                        for j in 0..nn {
                            o[i * nn + j] = wrap(re.bits(), o[i * nn + j].wrapping_add(av.wrapping_mul(y[p * nn + j])));
                        }
                    }
                }
            }
            Data::I(o)
        }
        _ => return Err(Fault::new("a product of mixed integer and float tiles")),
    })
}
