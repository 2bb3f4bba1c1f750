//! A kernel's ops decoded once, before any program runs: control flow as `Kind`s the
//! executor walks, every other op decoded by its family (`ops::decode`, global-memory
//! accesses by `ops::access::decode`). An op or type the interpreter does not know stops
//! here, naming the op and its line. Each value's last use is found too, so a program
//! drops tiles as soon as nothing reads them.

use crate::ops::access::{self, MemOp};
use crate::ops::{self, Compute};
use crate::site::{Site, Types, VTy};
use crate::value::Elem;
use crate::Fault;
use std::collections::HashMap;
use tile_dialects::attrname;
use tile_dialects::ir::{self, Type, ValueId};
use tile_dialects::layout::shared_access::{Access, Buffers};
use tile_dialects::views::View;

/// What a node does.
#[derive(Debug)]
pub enum Kind {
    /// `scf.for`: operands lower, upper, step, inits; one region (iv, carried...).
    For,
    /// `scf.while`: regions "before" (ends in `scf.condition`) and "after".
    While,
    /// `scf.if`: then and else regions.
    If,
    /// `scf.yield`, `scf.condition`, `func.return`: hand values to the parent.
    Yield,
    Condition,
    Return,
    /// A global-memory access: the scheduler runs these in rounds.
    Mem(MemOp),
    /// `tile.debug_barrier`, `layout.barrier`: a no-op for values; an ordering point for
    /// `races` and for the program's shared memory (`smem`).
    Barrier,
    Compute(Compute),
}

#[derive(Debug)]
pub struct Node {
    pub kind: Kind,
    pub operands: Vec<ValueId>,
    pub results: Vec<ValueId>,
    pub regions: Vec<Block>,
    pub loc: String,
    /// Values of the enclosing block whose last use is this node: dropped after it.
    pub free: Vec<ValueId>,
    /// After `membar`: the shared memory it reads and writes, and whether a barrier comes
    /// first (`layout.sync`).
    pub shared: Option<Box<(Access, bool)>>,
}

#[derive(Debug, Default)]
pub struct Block {
    pub args: Vec<ValueId>,
    pub ops: Vec<Node>,
}

impl Node {
    /// What the op's family sees of this node when it runs it.
    pub fn site(&self) -> Site<'_> {
        Site { operands: &self.operands, results: &self.results, loc: &self.loc, free: &self.free }
    }
}

/// A kernel ready to run.
#[derive(Debug)]
pub struct Kernel {
    pub name: String,
    /// Each parameter's value and element type (pointers: `Elem::Ptr`).
    pub params: Vec<(ValueId, Elem)>,
    pub body: Block,
    /// Every value's type.
    pub tys: Types,
    pub loc: String,
    /// `membar` ran: shared-memory accesses are checked against its barriers.
    pub placed: bool,
    /// Programs a cluster along grid axis 0 (`tile.cluster_dims`; 1: none).
    pub cluster_dims: u32,
}

impl Kernel {
    /// Decodes kernel `name` of `module` (the only kernel when `name` is `None`).
    pub fn prepare(module: &ir::Module, name: Option<&str>) -> Result<Kernel, Fault> {
        let funcs: Vec<&ir::Op> = module.body.iter().filter(|o| o.name == "func.func").collect();
        let names: Vec<String> = funcs.iter().filter_map(|f| f.str_attr("sym_name")).collect();
        let func = match name {
            Some(n) => funcs.iter().find(|f| f.str_attr("sym_name").as_deref() == Some(n)),
            None if funcs.len() == 1 => funcs.first(),
            None => None,
        }
        .ok_or_else(|| match name {
            Some(n) => Fault::new(format!("the module has no kernel `{n}` (it has: {})", names.join(", "))),
            None => Fault::new(format!("the module has {} kernels ({}): name one", names.len(), names.join(", "))),
        })?;
        let placed = func.int_attr(attrname::LAYOUT_MEMBAR) == Some(1);
        let bufs = placed.then(|| Buffers::of_kernel(func, &module.values));
        let mut p = Preparer { values: &module.values, tys: vec![None; module.values.len()], bufs };
        let region = func.regions.first().ok_or_else(|| Fault::at(&func.loc, "the kernel has no body"))?;
        let entry = region.blocks.first().ok_or_else(|| Fault::at(&func.loc, "the kernel has no body"))?;
        if region.blocks.len() > 1 {
            return Err(Fault::at(&func.loc, "the interpreter runs structured control flow (scf), not branches"));
        }
        let mut params = vec![];
        for &a in &entry.args {
            let t = p.ty(a, &func.loc, "func.func")?;
            params.push((a, t.elem));
        }
        let body = p.block(entry)?;
        Ok(Kernel {
            name: func.str_attr("sym_name").unwrap_or_default(),
            params,
            body,
            tys: Types::new(p.tys),
            loc: func.loc.clone(),
            placed,
            cluster_dims: func.int_attr(attrname::TILE_CLUSTER_DIMS).unwrap_or(1).max(1) as u32,
        })
    }
}

struct Preparer<'m> {
    values: &'m ir::Values,
    tys: Vec<Option<VTy>>,
    /// After `membar`: the kernel's shared buffers.
    bufs: Option<Buffers>,
}

impl Preparer<'_> {
    fn ty(&mut self, v: ValueId, loc: &str, op: &str) -> Result<VTy, Fault> {
        if let Some(Some(t)) = self.tys.get(v as usize) {
            return Ok(t.clone());
        }
        let t: &Type = self.values.ty(v);
        let elem = Elem::of(t).ok_or_else(|| {
            Fault::at(loc, format!("the interpreter cannot run `{op}`: it does not know the type `{t}`"))
        })?;
        let shape: Vec<usize> = t.shape().iter().map(|&d| d.max(0) as usize).collect();
        let smem_rank = t.shared().map(|s| s.order.len().min(shape.len()));
        let vt = VTy { elem, shape, smem_rank };
        self.tys[v as usize] = Some(vt.clone());
        Ok(vt)
    }

    fn block(&mut self, b: &ir::Block) -> Result<Block, Fault> {
        let mut ops = Vec::with_capacity(b.ops.len());
        for op in &b.ops {
            ops.push(self.node(op)?);
        }
        let mut block = Block { args: b.args.clone(), ops };
        for &a in &block.args {
            // Block arguments of loop bodies: typed like everything else.
            let _ = self.ty(a, "", "scf")?;
        }
        free_after_last_use(&mut block);
        Ok(block)
    }

    fn node(&mut self, op: &ir::Op) -> Result<Node, Fault> {
        for &v in op.operands.iter().chain(&op.results) {
            self.ty(v, &op.loc, &op.name)?;
        }
        let kind = match op.name.as_str() {
            "scf.for" => Kind::For,
            "scf.while" => Kind::While,
            "scf.if" => Kind::If,
            // `gpu.yield` ends the `combine` region of a custom reduction or scan.
            "scf.yield" | "gpu.yield" => Kind::Yield,
            "scf.condition" => Kind::Condition,
            "func.return" => Kind::Return,
            _ if matches!(View::of(op), View::TileDebugBarrier(_) | View::LayoutBarrier(_)) => Kind::Barrier,
            _ => match access::decode(op)? {
                Some(m) => Kind::Mem(m),
                None => Kind::Compute(ops::decode(op, &|v| self.tys[v as usize].clone())?),
            },
        };
        let mut regions = vec![];
        for r in &op.regions {
            // The built-in kinds of `tile.reduce` / `tile.scan` carry an empty `combine`.
            if r.blocks.is_empty() && matches!(View::of(op), View::TileReduce(_) | View::TileScan(_)) {
                regions.push(Block::default());
                continue;
            }
            if r.blocks.len() != 1 {
                return Err(Fault::at(
                    &op.loc,
                    format!("`{}`: a region of {} blocks is not structured", op.name, r.blocks.len()),
                ));
            }
            regions.push(self.block(&r.blocks[0])?);
        }
        let shared = self.bufs.as_ref().and_then(|b| {
            let a = b.access(op);
            let sync = op.int_attr(attrname::LAYOUT_SYNC) == Some(1);
            (!a.is_empty() || sync).then(|| Box::new((a, sync)))
        });
        Ok(Node {
            kind,
            operands: op.operands.clone(),
            results: op.results.clone(),
            regions,
            loc: op.loc.clone(),
            free: vec![],
            shared,
        })
    }
}

/// Fills each node's `free`: the values defined in this block (its arguments, its ops'
/// results) whose last use at this level is that node (a use inside a node's regions
/// counts as a use by the node). Unused results are dropped right away.
fn free_after_last_use(b: &mut Block) {
    let mut last: HashMap<ValueId, usize> = HashMap::new();
    for (i, n) in b.ops.iter().enumerate() {
        uses(n, &mut |v| {
            last.insert(v, i);
        });
    }
    let mut defined: Vec<(ValueId, usize)> = b.args.iter().map(|&a| (a, 0)).collect();
    for (i, n) in b.ops.iter().enumerate() {
        defined.extend(n.results.iter().map(|&r| (r, i)));
    }
    for (v, def) in defined {
        let at = last.get(&v).copied().unwrap_or(def).max(def);
        if let Some(n) = b.ops.get_mut(at) {
            n.free.push(v);
        }
    }
}

fn uses(n: &Node, f: &mut impl FnMut(ValueId)) {
    n.operands.iter().for_each(|&v| f(v));
    for r in &n.regions {
        for o in &r.ops {
            uses(o, f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tile_dialects::ir::{Block as IrBlock, Module, Op, Region, Type};

    /// A kernel whose body holds one op called `name`.
    fn kernel_with(name: &str) -> Module {
        let mut m = Module::default();
        let x = m.values.new_value(Type::Int(32));
        let body = IrBlock {
            args: vec![],
            ops: vec![
                Op { name: name.into(), results: vec![x], loc: "loc(\"k.tile\":7:9)".into(), ..Default::default() },
                Op { name: "func.return".into(), ..Default::default() },
            ],
        };
        m.body.push(Op {
            name: "func.func".into(),
            attrs: vec![("sym_name".into(), ir::Attr::str("k"))],
            regions: vec![Region::single(body)],
            ..Default::default()
        });
        m
    }

    #[test]
    fn an_unknown_op_is_named_with_its_line() {
        let e = Kernel::prepare(&kernel_with("llvm.inline_asm"), None).unwrap_err();
        assert_eq!(e.loc.as_deref(), Some("loc(\"k.tile\":7:9)"));
        assert!(e.message.contains("cannot run `llvm.inline_asm`"), "{}", e.message);
        assert!(
            Kernel::prepare(&kernel_with(tile_dialects::opname::TILE_PROGRAM_ID), None).is_err(),
            "no axis attribute"
        );
        let e = Kernel::prepare(&kernel_with("arith.addi"), Some("other")).unwrap_err();
        assert!(e.message.contains("no kernel `other` (it has: k)"), "{}", e.message);
    }
}
