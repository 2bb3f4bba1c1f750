//! What an op family sees of the prepared kernel when it runs one op: the op's [`Site`]
//! (its operands, results, line, and the values that die after it) and every value's
//! type ([`Types`]).
//!
//! Below both the families (`ops/`) and the kernel tree (`prepare.rs`): the tree holds
//! each family's decoded ops (`Kind::Compute`, `Kind::Mem`), so a family that took the
//! tree's `Node` or `Kernel` would import the file that imports it. The one family that
//! runs a region, custom reductions and scans, gets it from the executor
//! (`ops::reduce::Combine`).

use crate::value::Elem;
use tile_dialects::ir::ValueId;

/// A value's element type and shape (empty for scalars).
#[derive(Clone, Debug, PartialEq)]
pub struct VTy {
    pub elem: Elem,
    pub shape: Vec<usize>,
    /// A shared-memory tile (`!layout.memdesc`): the rank of one tile; the leading
    /// dimensions before it count the slots of a ring.
    pub smem_rank: Option<usize>,
}

impl VTy {
    pub fn numel(&self) -> usize {
        self.shape.iter().product()
    }
}

/// Every value's type, indexed by `ValueId` (`None`: a type no node of the kernel uses).
#[derive(Debug)]
pub struct Types(Vec<Option<VTy>>);

impl Types {
    pub fn new(tys: Vec<Option<VTy>>) -> Types {
        Types(tys)
    }

    /// The type of `v` (set for every value a node of this kernel touches).
    pub fn ty(&self, v: ValueId) -> &VTy {
        static NONE: VTy = VTy { elem: Elem::Int(32), shape: vec![], smem_rank: None };
        self.0.get(v as usize).and_then(|t| t.as_ref()).unwrap_or(&NONE)
    }

    /// How many values the kernel has (a program's frame holds that many).
    pub fn len(&self) -> usize {
        self.0.len()
    }
}

/// One op of the prepared kernel, as its family runs it (`Node::site`).
#[derive(Clone, Copy, Debug)]
pub struct Site<'n> {
    pub operands: &'n [ValueId],
    pub results: &'n [ValueId],
    pub loc: &'n str,
    /// Values whose last use is this op (dropped after it).
    pub free: &'n [ValueId],
}
