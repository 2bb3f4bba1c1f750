//! Warp-group products at the `layout` level: `layout.warp_group_dot` (acc + a @ b on
//! wgmma: `b` in shared memory, `a` in shared memory or in registers; the math of
//! `tile.dot`, `dot.rs`) and `layout.warp_group_dot_wait {pending = N}`.
//!
//! A product with `async = true` is left in flight (`smem`): its result is computed when
//! it is issued but may not be read until a wait completes it; its operand slots may not
//! be written until then. A synchronous product completes every product in flight.

use super::need;
use crate::frame::Frame;
use crate::site::{Site, Types};
use crate::smem::View;
use crate::Fault;
use std::sync::Arc;
use tile_dialects::ir::{self, ValueId};
use tile_dialects::views;

#[derive(Debug)]
pub enum Op {
    Dot { tf32: bool, in_flight: bool },
    Wait(usize),
}

pub fn decode(op: &ir::Op) -> Result<Option<Op>, Fault> {
    Ok(Some(match views::View::of(op) {
        views::View::LayoutWarpGroupDot(d) => {
            Op::Dot { tf32: super::dot::tf32_of(op), in_flight: d.r#async().and_then(|a| a.as_int()) == Some(1) }
        }
        views::View::LayoutWarpGroupDotWait(w) => {
            Op::Wait(need(op, w.pending().and_then(|a| a.as_int()), "pending")?.max(0) as usize)
        }
        _ => return Ok(None),
    }))
}

pub fn exec(o: &Op, n: &Site, k: &Types, f: &mut Frame) -> Result<(), Fault> {
    match o {
        Op::Dot { tf32, in_flight } => {
            let (a, b, acc, out) = (n.operands[0], n.operands[1], n.operands[2], n.results[0]);
            let mut views = vec![];
            let mut operand = |f: &mut Frame, v: ValueId| -> Result<_, Fault> {
                if k.ty(v).smem_rank.is_none() {
                    return Ok(f.get(v)?.clone());
                }
                let view = View::of(f.get(v)?)?;
                views.push(view);
                Ok(Arc::new(f.smem.read(view, "warp_group_dot", &n.loc, false)?))
            };
            let (x, y) = (operand(f, a)?, operand(f, b)?);
            // The accumulator may be a product still in flight: wgmma chains on it.
            let c = f.carried(acc)?.clone();
            let r = Arc::new(super::dot::product(k, [a, b, out], &x, &y, &c, *tf32)?);
            f.smem.issue_product(&views, r.clone(), &n.loc, *in_flight)?;
            if !in_flight {
                f.smem.wait_products(0);
            }
            f.set_value(out, r);
        }
        Op::Wait(pending) => {
            f.smem.wait_products(*pending);
            for (&v, &r) in n.operands.iter().zip(n.results) {
                let x = f.carried(v)?.clone();
                f.set_value(r, x);
            }
        }
    }
    Ok(())
}
