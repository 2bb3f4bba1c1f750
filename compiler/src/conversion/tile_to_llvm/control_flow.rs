//! `scf` ops with tile operands flattened into per-register values.

use super::{lower_type, Lowerer};
use crate::pass::PassError;
use tile_dialects::ir::{Builder, Op, Region, Type, ValueId};
use tile_dialects::opname;

impl Lowerer<'_> {
    fn flat(&self, vs: &[ValueId]) -> Vec<ValueId> {
        vs.iter().flat_map(|v| self.get(*v).to_vec()).collect()
    }

    fn flat_types(&self, vs: &[ValueId]) -> Vec<Type> {
        vs.iter().flat_map(|v| vec![lower_type(self.ty(*v)); self.nregs(self.ty(*v))]).collect()
    }

    /// Assigns consecutive runs of `news` to `olds`, by register count.
    fn unflatten(&mut self, olds: &[ValueId], news: &[ValueId]) {
        let mut i = 0;
        for o in olds {
            let n = self.nregs(self.ty(*o));
            self.map.insert(*o, news[i..i + n].to_vec());
            i += n;
        }
    }

    /// A region whose block arguments are the flattened `args` of the source block.
    fn region(&mut self, b: &mut Builder, src: &Region) -> Result<Region, PassError> {
        let blk = &src.blocks[0];
        let tys = self.flat_types(&blk.args);
        let mut err = Ok(());
        let region = b.region(&tys, |ib, news| {
            self.unflatten(&blk.args, news);
            err = self.block(ib, &blk.ops);
        });
        err.map(|_| region)
    }

    /// The registers a thread's `warp_group_dot` results in `regions` take.
    fn acc_regs(&self, regions: &[tile_dialects::ir::Region]) -> usize {
        let mut n = 0;
        for o in regions.iter().flat_map(|r| &r.blocks).flat_map(|b| &b.ops) {
            if o.name == opname::LAYOUT_WARP_GROUP_DOT {
                n += self.nregs(self.ty(o.result()));
            }
            n += self.acc_regs(&o.regions);
        }
        n
    }

    pub(super) fn control_flow(&mut self, b: &mut Builder, op: &Op) -> Result<(), PassError> {
        let operands = self.flat(&op.operands);
        let result_tys = self.flat_types(&op.results);
        match op.name.as_str() {
            "scf.yield" | "scf.condition" => {
                b.op(&op.name, &operands, &[], &[]);
                return Ok(());
            }
            _ => {}
        }
        let is_loop = op.name != "scf.if";
        self.loop_depth += is_loop as u32;
        let outer_acc = self.loop_acc_regs;
        if is_loop {
            self.loop_acc_regs = self.acc_regs(&op.regions);
        }
        let regions = op.regions.iter().map(|r| self.region(b, r)).collect::<Result<Vec<_>, _>>();
        self.loop_depth -= is_loop as u32;
        self.loop_acc_regs = outer_acc;
        let regions = regions?;
        let attrs: Vec<(&str, tile_dialects::ir::Attr)> =
            op.attrs.iter().filter(|(n, _)| !n.starts_with("tile.")).map(|(n, a)| (n.as_str(), a.clone())).collect();
        let res = b.op_with_regions(&op.name, &operands, &result_tys, &attrs, regions);
        self.unflatten(&op.results, &res);
        Ok(())
    }
}
