//! One program (a CTA) as a resumable state machine over the prepared kernel: a stack of
//! continuations (a block being run, a loop or branch waiting for its body), so the
//! scheduler can stop it at every global-memory access and at every `while` iteration,
//! and resume it later.

use crate::frame::Frame;
use crate::ops::{self, reduce::Combine, Compute};
use crate::prepare::{Block, Kernel, Kind, Node};
use crate::value::{Data, Value};
use crate::Fault;

enum Cont<'k> {
    Block {
        block: &'k Block,
        at: usize,
    },
    For {
        node: &'k Node,
        iv: i64,
        ub: i64,
        step: i64,
    },
    /// A `while`; `prev` holds the last iteration's carried values (to see a spin that
    /// changes nothing).
    While {
        node: &'k Node,
        prev: Option<Vec<Value>>,
    },
    If {
        node: &'k Node,
    },
}

/// Why a program stopped running.
pub enum Stop<'k> {
    /// At a global-memory access (not yet done: the scheduler does it in its round).
    Mem(&'k Node),
    /// At the start of a `while` iteration.
    Loop,
    Done,
}

pub struct Program<'k> {
    pub frame: Frame,
    stack: Vec<Cont<'k>>,
    /// The last `while` iteration carried the same values as the one before, and the
    /// program wrote nothing since: it is waiting (for someone else, or forever).
    pub spinning: bool,
    /// The loop it is spinning in, and the last access it made.
    pub spin_loc: Option<&'k str>,
    pub last_access: Option<&'k str>,
}

impl<'k> Program<'k> {
    pub fn new(k: &'k Kernel, args: &[Value], pid: [u32; 3], grid: [u32; 3], nvalues: usize) -> Program<'k> {
        let mut frame = Frame::new(nvalues, pid, grid);
        if k.placed {
            frame.smem.placed = Some(Default::default());
        }
        for ((v, _), a) in k.params.iter().zip(args) {
            frame.set_value(*v, a.clone());
        }
        Program {
            frame,
            stack: vec![Cont::Block { block: &k.body, at: 0 }],
            spinning: false,
            spin_loc: None,
            last_access: None,
        }
    }

    /// Runs compute ops until the next stop.
    pub fn run(&mut self, k: &'k Kernel) -> Result<Stop<'k>, Fault> {
        loop {
            let Some(Cont::Block { block, at }) = self.stack.last() else {
                return Err(Fault::internal("a program resumed outside a block"));
            };
            let (block, at) = (*block, *at);
            let Some(node) = block.ops.get(at) else {
                return Err(Fault::at(&k.loc, "a block ended without a terminator"));
            };
            if let Some(sa) = &node.shared {
                // After `membar`: its barrier first (`layout.sync`), then the op's shared
                // accesses against the barriers.
                if sa.1 {
                    self.frame.barrier();
                }
                self.frame.smem.placed_access(&sa.0, &node.loc).map_err(|e| e.located(&node.loc))?;
            }
            match &node.kind {
                Kind::Compute(c) => {
                    compute(c, node, k, &mut self.frame).map_err(|e| e.located(&node.loc))?;
                    self.advance(node);
                }
                Kind::Barrier => {
                    self.frame.barrier();
                    self.advance(node);
                }
                Kind::Mem(_) => return Ok(Stop::Mem(node)),
                Kind::If => {
                    let c = self.frame.get(node.operands[0])?.ints()?[0] != 0;
                    let r = &node.regions[if c { 0 } else { 1 }.min(node.regions.len() - 1)];
                    if !c && node.regions.len() < 2 {
                        self.finish(node, vec![]);
                        continue;
                    }
                    self.stack.push(Cont::If { node });
                    self.stack.push(Cont::Block { block: r, at: 0 });
                }
                Kind::For => {
                    let g = |i: usize| -> Result<i64, Fault> { Ok(self.frame.get(node.operands[i])?.ints()?[0]) };
                    let (lb, ub, step) = (g(0)?, g(1)?, g(2)?);
                    let inits: Vec<Value> =
                        node.operands[3..].iter().map(|&v| self.frame.carried(v).cloned()).collect::<Result<_, _>>()?;
                    if lb >= ub {
                        self.finish(node, inits);
                        continue;
                    }
                    if step <= 0 {
                        return Err(Fault::at(&node.loc, format!("a `for` loop with step {step} never ends")));
                    }
                    self.stack.push(Cont::For { node, iv: lb, ub, step });
                    self.enter(&node.regions[0], Some(lb), inits);
                }
                Kind::While => {
                    let inits: Vec<Value> =
                        node.operands.iter().map(|&v| self.frame.carried(v).cloned()).collect::<Result<_, _>>()?;
                    self.stack.push(Cont::While { node, prev: None });
                    self.enter(&node.regions[0], None, inits);
                }
                Kind::Yield | Kind::Condition | Kind::Return => {
                    let vals: Vec<Value> =
                        node.operands.iter().map(|&v| self.frame.carried(v).cloned()).collect::<Result<_, _>>()?;
                    for &v in &node.free {
                        self.frame.free(v);
                    }
                    self.stack.pop();
                    if matches!(node.kind, Kind::Return) || self.stack.is_empty() {
                        self.stack.clear();
                        self.frame.smem.at_end()?;
                        return Ok(Stop::Done);
                    }
                    if let Some(stop) = self.close(vals, matches!(node.kind, Kind::Condition))? {
                        return Ok(stop);
                    }
                }
            }
        }
    }

    /// A memory access (or anything the scheduler did for the node) is done.
    pub fn resume_after(&mut self, node: &'k Node) {
        self.last_access = Some(&node.loc);
        self.advance(node);
    }

    pub fn is_done(&self) -> bool {
        self.stack.is_empty()
    }

    fn advance(&mut self, node: &Node) {
        for &v in &node.free {
            self.frame.free(v);
        }
        if let Some(Cont::Block { at, .. }) = self.stack.last_mut() {
            *at += 1;
        }
    }

    /// A structured op is complete with `results`.
    fn finish(&mut self, node: &'k Node, results: Vec<Value>) {
        for (r, v) in node.results.iter().zip(results) {
            self.frame.set_value(*r, v);
        }
        self.advance(node);
    }

    fn enter(&mut self, block: &'k Block, iv: Option<i64>, carried: Vec<Value>) {
        let mut args = block.args.iter();
        if let Some(iv) = iv {
            if let Some(&a) = args.next() {
                self.frame.set(a, Data::I(vec![iv]));
            }
        }
        for (&a, v) in args.zip(carried) {
            self.frame.set_value(a, v);
        }
        self.stack.push(Cont::Block { block, at: 0 });
    }

    /// A region yielded `vals` to the construct on top of the stack.
    fn close(&mut self, vals: Vec<Value>, from_before: bool) -> Result<Option<Stop<'k>>, Fault> {
        match self.stack.pop() {
            Some(Cont::If { node }) => self.finish(node, vals),
            Some(Cont::For { node, iv, ub, step }) => {
                let next = iv.checked_add(step).unwrap_or(i64::MAX);
                if next < ub {
                    self.stack.push(Cont::For { node, iv: next, ub, step });
                    self.enter(&node.regions[0], Some(next), vals);
                } else {
                    self.finish(node, vals);
                }
            }
            Some(Cont::While { node, prev }) => {
                // From "before" (scf.condition: the flag, then the values) or "after"
                // (scf.yield: the values for the next "before").
                if from_before {
                    let go = vals.first().map(|c| c.ints().map(|v| v[0] != 0)).transpose()?.unwrap_or(false);
                    let rest = vals[1..].to_vec();
                    if go {
                        self.stack.push(Cont::While { node, prev });
                        self.enter(&node.regions[1], None, rest);
                    } else {
                        self.spinning = false;
                        self.spin_loc = None;
                        self.finish(node, rest);
                    }
                } else {
                    let same = prev
                        .as_ref()
                        .is_some_and(|p| p.len() == vals.len() && p.iter().zip(&vals).all(|(a, b)| a == b));
                    self.spinning = same;
                    self.spin_loc = Some(&node.loc);
                    self.stack.push(Cont::While { node, prev: Some(vals.clone()) });
                    self.enter(&node.regions[0], None, vals);
                    return Ok(Some(Stop::Loop));
                }
            }
            Some(Cont::Block { .. }) | None => return Err(Fault::internal("a terminator outside a construct")),
        }
        Ok(None)
    }
}

/// Runs a compute node by its family, with its `combine` region (if it has one) runnable.
fn compute(c: &Compute, node: &Node, k: &Kernel, f: &mut Frame) -> Result<(), Fault> {
    ops::exec(c, &node.site(), &k.tys, f, &Region { node, k })
}

/// The `combine` region of a custom reduction or scan (`node`'s first region), run here
/// where the kernel tree is known, for `ops::reduce`.
struct Region<'k> {
    node: &'k Node,
    k: &'k Kernel,
}

impl Region<'_> {
    /// The region's block (two arguments) and its terminator.
    fn body(&self) -> Option<(&Block, &Node)> {
        let block = self.node.regions.first().filter(|b| b.args.len() == 2);
        block.and_then(|b| Some((b, b.ops.last()?)))
    }
}

impl Combine for Region<'_> {
    fn check(&self) -> Result<(), Fault> {
        match self.body() {
            Some(_) => Ok(()),
            None => Err(Fault::at(&self.node.loc, "a custom reduction or scan without its combine region")),
        }
    }

    fn apply(&self, f: &mut Frame, a: Value, b: Data) -> Result<Value, Fault> {
        self.check()?;
        let (block, ret) = self.body().expect("checked");
        f.set_value(block.args[0], a);
        f.set(block.args[1], b);
        for node in &block.ops[..block.ops.len() - 1] {
            match &node.kind {
                Kind::Compute(c) => compute(c, node, self.k, f).map_err(|e| e.located(&node.loc))?,
                _ => return Err(Fault::at(&node.loc, "the interpreter runs only computations in a combine region")),
            }
        }
        Ok(f.get(*ret.operands.first().ok_or_else(|| Fault::at(&ret.loc, "the combine yields nothing"))?)?.clone())
    }
}
