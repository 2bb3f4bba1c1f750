//! Statements → `scf` control flow with loop-carried values.

use super::types::mlir_type;
use super::Gen;
use crate::sema::tir::{Stmt, VarId};
use std::collections::{BTreeSet, HashMap};
use tile_dialects::attrname;
use tile_dialects::ir::{Attr, Builder, Type, ValueId};
use tile_dialects::opname;

/// Variables a statement list rebinds (at any depth).
fn assigned(stmts: &[Stmt], out: &mut BTreeSet<VarId>) {
    for s in stmts {
        match s {
            Stmt::Assign { var, .. } => {
                out.insert(*var);
            }
            Stmt::If { then_body, else_body, .. } => {
                assigned(then_body, out);
                assigned(else_body, out);
            }
            Stmt::For { body, .. } | Stmt::While { body, .. } => assigned(body, out),
            _ => {}
        }
    }
}

/// Whether a statement list may `return` (outside loops, where it is rejected) or
/// `continue` its loop (not looking into inner loops: theirs stay inside).
fn may_exit(stmts: &[Stmt], exit: &dyn Fn(&Stmt) -> bool) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::If { then_body, else_body, .. } => may_exit(then_body, exit) || may_exit(else_body, exit),
        s => exit(s),
    })
}

fn is_return(s: &Stmt) -> bool {
    matches!(s, Stmt::Return { .. })
}

fn is_exit(s: &Stmt) -> bool {
    matches!(s, Stmt::Return { .. } | Stmt::Continue { .. })
}

fn ends_in_exit(stmts: &[Stmt]) -> bool {
    match stmts.last() {
        Some(Stmt::Return { .. } | Stmt::Continue { .. }) => true,
        Some(Stmt::If { then_body, else_body, .. }) => ends_in_exit(then_body) && ends_in_exit(else_body),
        _ => false,
    }
}

impl Gen<'_> {
    /// Generates `stmts`; an `if` that may return or `continue` takes the statements after
    /// it into its branches (step 4 of the module doc). After a `return` nothing runs; after
    /// a `continue` the loop yields what its branches computed, so those are carried.
    pub fn stmts(&mut self, b: &mut Builder, stmts: &[Stmt]) {
        for (i, s) in stmts.iter().enumerate() {
            if is_exit(s) {
                return; // statements after a return or continue never run
            }
            if let Stmt::If { cond, then_body, else_body, span } = s {
                if may_exit(then_body, &is_exit) || may_exit(else_body, &is_exit) {
                    let rest = &stmts[i + 1..];
                    let with_rest = |body: &Vec<Stmt>| {
                        let mut v = body.clone();
                        if !ends_in_exit(body) {
                            v.extend_from_slice(rest);
                        }
                        v
                    };
                    let (t, e) = (with_rest(then_body), with_rest(else_body));
                    b.loc = self.loc(*span);
                    let c = self.expr(b, cond);
                    let mut carried = BTreeSet::new();
                    if !(may_exit(then_body, &is_return) || may_exit(else_body, &is_return)) {
                        assigned(&t, &mut carried);
                        assigned(&e, &mut carried);
                        carried.retain(|v| self.env.contains_key(v));
                    }
                    self.branch(b, c, &t, &e, &carried);
                    return;
                }
            }
            self.stmt(b, s);
        }
    }

    fn stmt(&mut self, b: &mut Builder, s: &Stmt) {
        match s {
            Stmt::Let { var, value, .. } | Stmt::Assign { var, value, .. } => {
                let v = self.expr(b, value);
                self.env.insert(*var, v);
            }
            Stmt::If { cond, then_body, else_body, span } => {
                b.loc = self.loc(*span);
                let c = self.expr(b, cond);
                let mut carried = BTreeSet::new();
                assigned(then_body, &mut carried);
                assigned(else_body, &mut carried);
                carried.retain(|v| self.env.contains_key(v));
                b.loc = self.loc(*span);
                self.branch(b, c, then_body, else_body, &carried);
            }
            Stmt::For { var, start, end, step, num_stages, unroll, body, brk, span } => {
                let (lo, hi, st) = (self.expr(b, start), self.expr(b, end), self.expr(b, step));
                b.loc = self.loc(*span);
                let carried = self.carried(body);
                let inits: Vec<ValueId> = carried.iter().map(|v| self.env[v]).collect();
                let tys: Vec<Type> = inits.iter().map(|v| b.ty(*v).clone()).collect();
                let mut arg_tys = vec![b.ty(lo).clone()];
                arg_tys.extend(tys.iter().cloned());
                let outer = self.env.clone();
                let region = b.region(&arg_tys, |ib, args| {
                    self.env.insert(*var, args[0]);
                    for (v, a) in carried.iter().zip(&args[1..]) {
                        self.env.insert(*v, *a);
                    }
                    self.for_dots.push(super::desc::dot_operand_loads(body));
                    self.loop_body(ib, body, *brk);
                    self.for_dots.pop();
                    let ys: Vec<ValueId> = carried.iter().map(|v| self.env[v]).collect();
                    ib.op("scf.yield", &ys, &[], &[]);
                });
                self.env = outer;
                let mut operands = vec![lo, hi, st];
                operands.extend(&inits);
                let mut attrs: Vec<(&str, Attr)> = num_stages
                    .map(|n| vec![(attrname::TILE_NUM_STAGES, Attr::int(n as i64, "i32"))])
                    .unwrap_or_default();
                if let Some(n) = unroll {
                    attrs.push(("loop_annotation", loop_unroll(*n)));
                }
                let res = b.op_with_regions("scf.for", &operands, &tys, &attrs, vec![region]);
                self.rebind(&carried, &res);
            }
            Stmt::While { cond, body, brk, span } => {
                b.loc = self.loc(*span);
                let carried = self.carried(body);
                let inits: Vec<ValueId> = carried.iter().map(|v| self.env[v]).collect();
                let tys: Vec<Type> = inits.iter().map(|v| b.ty(*v).clone()).collect();
                let outer = self.env.clone();
                let before = b.region(&tys, |ib, args| {
                    self.bind(&carried, args);
                    let c = match brk {
                        // Once broken, the condition is false without being evaluated.
                        Some(f) => {
                            let flag = self.env[f];
                            ib.if_then_else_value(
                                flag,
                                &Type::Int(1),
                                |tb| tb.const_int(0, 1),
                                |eb| self.expr(eb, cond),
                            )
                        }
                        None => self.expr(ib, cond),
                    };
                    let mut ops = vec![c];
                    ops.extend_from_slice(args);
                    ib.op("scf.condition", &ops, &[], &[]);
                });
                let after = b.region(&tys, |ib, args| {
                    self.bind(&carried, args);
                    self.loop_body(ib, body, None);
                    let ys: Vec<ValueId> = carried.iter().map(|v| self.env[v]).collect();
                    ib.op("scf.yield", &ys, &[], &[]);
                });
                self.env = outer;
                let res = b.op_with_regions("scf.while", &inits, &tys, &[], vec![before, after]);
                self.rebind(&carried, &res);
            }
            Stmt::Return { .. } | Stmt::Continue { .. } => {}
            Stmt::Store { desc: Some(d), value, span, .. } if self.desc_store(b, d, value, *span) => {}
            Stmt::Store { ptr, value, mask, cache, evict, sem, scope, span, .. } => {
                let p = self.expr(b, ptr);
                let v = self.expr(b, value);
                let m = mask.as_ref().map(|m| self.expr(b, m));
                b.loc = self.loc(*span);
                let mut ops = vec![p, v];
                ops.extend(m);
                let seg = format!("array<i32: 1, 1, {}>", m.is_some() as u8);
                let mut attrs = vec![
                    ("operandSegmentSizes", Attr(seg)),
                    (attrname::CACHE, Attr::of(*cache)),
                    (attrname::EVICT, Attr::of(*evict)),
                ];
                attrs.extend(super::expr::order_attrs(*sem, *scope));
                b.op(opname::TILE_STORE, &ops, &[], &attrs);
            }
            Stmt::DebugBarrier { span } => {
                b.loc = self.loc(*span);
                b.op(opname::TILE_DEBUG_BARRIER, &[], &[], &[]);
            }
            Stmt::DevicePrint { msg, values, span } => {
                // One print per value (tiles print one line per element, as in Triton).
                let vs: Vec<ValueId> = values.iter().map(|v| self.expr(b, v)).collect();
                b.loc = self.loc(*span);
                let unsigned = |e: &crate::sema::tir::Expr| e.ty.scalar_elem().is_some_and(|s| s.is_unsigned_int());
                if vs.is_empty() {
                    b.op(opname::TILE_PRINT, &[], &[], &[("msg", Attr::str(msg)), ("unsigned", Attr::bool(false))]);
                }
                for (v, e) in vs.into_iter().zip(values) {
                    b.op(
                        opname::TILE_PRINT,
                        &[v],
                        &[],
                        &[("msg", Attr::str(msg)), ("unsigned", Attr::bool(unsigned(e)))],
                    );
                }
            }
            Stmt::DeviceAssert { cond, msg, span } => {
                let c = self.expr(b, cond);
                b.loc = self.loc(*span);
                let (line, col) = self.file.line_col(span.start);
                let at = format!("{}:{line}:{col}", self.file.name);
                b.op(opname::TILE_ASSERT, &[c], &[], &[("msg", Attr::str(msg)), ("where", Attr::str(&at))]);
            }
            Stmt::Expr(e) => {
                self.expr(b, e);
            }
        }
    }

    /// A loop body: `return` cannot leave a structured loop. With a break flag `brk`, a
    /// `for` body runs only while it is unset (a `while` checks it in its condition).
    fn loop_body(&mut self, b: &mut Builder, body: &[Stmt], brk: Option<VarId>) {
        if let Some(span) = find_return(body) {
            self.error(span, "`return` inside a loop is not supported: exit the loop with a condition, then return");
            return;
        }
        let Some(f) = brk else { return self.stmts(b, body) };
        let yes = b.const_int(1, 1);
        let go = b.op1("arith.xori", &[self.env[&f], yes], Type::Int(1), &[]);
        let carried: BTreeSet<VarId> = self.carried(body).into_iter().collect();
        self.branch(b, go, body, &[], &carried);
    }

    fn carried(&self, body: &[Stmt]) -> Vec<VarId> {
        let mut set = BTreeSet::new();
        assigned(body, &mut set);
        set.into_iter().filter(|v| self.env.contains_key(v)).collect()
    }

    fn bind(&mut self, vars: &[VarId], vals: &[ValueId]) {
        for (v, a) in vars.iter().zip(vals) {
            self.env.insert(*v, *a);
        }
    }

    fn rebind(&mut self, vars: &[VarId], vals: &[ValueId]) {
        self.bind(vars, vals)
    }

    /// `scf.if` yielding the new values of `carried`.
    fn branch(
        &mut self,
        b: &mut Builder,
        c: ValueId,
        then_body: &[crate::sema::tir::Stmt],
        else_body: &[crate::sema::tir::Stmt],
        carried: &BTreeSet<VarId>,
    ) {
        let carried: Vec<VarId> = carried.iter().copied().collect();
        let tys: Vec<Type> = carried.iter().map(|v| mlir_type(&self.kernel.vars[v.0 as usize].ty)).collect();
        let outer: HashMap<VarId, ValueId> = self.env.clone();
        let arm = |g: &mut Self, b: &mut Builder, body: &[crate::sema::tir::Stmt]| {
            b.region(&[], |ib, _| {
                g.stmts(ib, body);
                let ys: Vec<ValueId> = carried.iter().map(|v| g.env[v]).collect();
                ib.op("scf.yield", &ys, &[], &[]);
            })
        };
        let t = arm(self, b, then_body);
        self.env = outer.clone();
        let e = arm(self, b, else_body);
        self.env = outer;
        let res = b.op_with_regions("scf.if", &[c], &tys, &[], vec![t, e]);
        self.rebind(&carried, &res);
    }
}

impl Gen<'_> {
    /// An if-expression: `scf.if` yielding one value, each arm running its statements
    /// first. Their bindings are local to the arm, so the environment is restored after.
    pub(super) fn if_value(
        &mut self,
        b: &mut Builder,
        c: ValueId,
        then: (&[Stmt], &crate::sema::tir::Expr),
        els: (&[Stmt], &crate::sema::tir::Expr),
        ty: Type,
    ) -> ValueId {
        let outer: HashMap<VarId, ValueId> = self.env.clone();
        let arm = |g: &mut Self, b: &mut Builder, (body, v): (&[Stmt], &crate::sema::tir::Expr)| {
            let r = b.region(&[], |ib, _| {
                g.stmts(ib, body);
                let y = g.expr(ib, v);
                ib.op("scf.yield", &[y], &[], &[]);
            });
            g.env = outer.clone();
            r
        };
        let t = arm(self, b, then);
        let e = arm(self, b, els);
        b.op_with_regions("scf.if", &[c], &[ty], &[], vec![t, e])[0]
    }
}

fn find_return(stmts: &[Stmt]) -> Option<crate::source::Span> {
    stmts.iter().find_map(|s| match s {
        Stmt::Return { span } => Some(*span),
        Stmt::If { then_body, else_body, .. } => find_return(then_body).or_else(|| find_return(else_body)),
        _ => None,
    })
}

/// LLVM's loop metadata for `loop_unroll_factor = n`: `convert-scf-to-cf` moves an
/// attribute of `scf.for` whose value is in the LLVM dialect onto the loop's back branch,
/// where (named `loop_annotation`) it is `llvm.br`'s own, and the NVPTX back end's
/// unroller copies the body `n` times (`n = 1`: it never unrolls the loop).
fn loop_unroll(n: u32) -> Attr {
    let u = if n == 1 { "disable = true".to_string() } else { format!("count = {n} : i32") };
    Attr(format!("#llvm.loop_annotation<unroll = #llvm.loop_unroll<{u}>>"))
}
