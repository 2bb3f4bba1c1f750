//! A compact text form of TIR, for tests and `--dump-tir`-style debugging. Every
//! expression prints as `op(args):type`, so implicit conversions are easy to spot.

use std::fmt::Write;

use super::consts::show;
use super::tir::*;

/// The kernel as indented text, one statement per line.
pub fn kernel(k: &Kernel) -> String {
    let mut out = String::new();
    let params: Vec<String> = k.params.iter().map(|p| format!("{}: {}", name(k, p.var), p.ty)).collect();
    let _ = writeln!(out, "kernel {}({}) warps={} stages={}", k.name, params.join(", "), k.num_warps, k.num_stages);
    for (n, v) in &k.consts {
        let _ = writeln!(out, "  const {n} = {v:?}");
    }
    stmts(k, &k.body, 1, &mut out);
    out
}

fn name(k: &Kernel, v: VarId) -> String {
    format!("{}%{}", k.vars[v.0 as usize].name, v.0)
}

fn stmts(k: &Kernel, body: &[Stmt], depth: usize, out: &mut String) {
    let pad = "  ".repeat(depth);
    for s in body {
        match s {
            Stmt::Let { var, value, .. } => {
                let _ = writeln!(out, "{pad}let {} = {}", name(k, *var), expr(k, value));
            }
            Stmt::Assign { var, value, .. } => {
                let _ = writeln!(out, "{pad}{} = {}", name(k, *var), expr(k, value));
            }
            Stmt::If { cond, then_body, else_body, .. } => {
                let _ = writeln!(out, "{pad}if {} {{", expr(k, cond));
                stmts(k, then_body, depth + 1, out);
                let _ = writeln!(out, "{pad}}} else {{");
                stmts(k, else_body, depth + 1, out);
                let _ = writeln!(out, "{pad}}}");
            }
            Stmt::For { var, start, end, step, num_stages, body, .. } => {
                let _ = writeln!(
                    out,
                    "{pad}for {} in range({}, {}, {}) stages={num_stages:?} {{",
                    name(k, *var),
                    expr(k, start),
                    expr(k, end),
                    expr(k, step)
                );
                stmts(k, body, depth + 1, out);
                let _ = writeln!(out, "{pad}}}");
            }
            Stmt::While { cond, body, .. } => {
                let _ = writeln!(out, "{pad}while {} {{", expr(k, cond));
                stmts(k, body, depth + 1, out);
                let _ = writeln!(out, "{pad}}}");
            }
            Stmt::Return { .. } => {
                let _ = writeln!(out, "{pad}return");
            }
            Stmt::Continue { .. } => {
                let _ = writeln!(out, "{pad}continue");
            }
            Stmt::Store { ptr, value, mask, cache, evict, sem, scope, .. } => {
                let m = mask.as_ref().map(|m| format!(", mask={}", expr(k, m))).unwrap_or_default();
                let _ = writeln!(
                    out,
                    "{pad}store({}, {}{m}, cache={:?}, evict={:?}{})",
                    expr(k, ptr),
                    expr(k, value),
                    cache.as_str(),
                    evict.as_str(),
                    order(*sem, *scope)
                );
            }
            Stmt::DebugBarrier { .. } => {
                let _ = writeln!(out, "{pad}debug_barrier");
            }
            Stmt::DeviceAssert { cond, msg, .. } => {
                let _ = writeln!(out, "{pad}device_assert({}, {msg:?})", expr(k, cond));
            }
            Stmt::DevicePrint { msg, values, .. } => {
                let vs: Vec<String> = values.iter().map(|v| expr(k, v)).collect();
                let _ = writeln!(out, "{pad}device_print({msg:?}, {})", vs.join(", "));
            }
            Stmt::Expr(e) => {
                let _ = writeln!(out, "{pad}{}", expr(k, e));
            }
        }
    }
}

/// One expression: `op(args):type`.
pub fn expr(k: &Kernel, e: &Expr) -> String {
    let x = |e: &Expr| expr(k, e);
    let opt = |e: &Option<Box<Expr>>| e.as_ref().map(|e| x(e)).unwrap_or_else(|| "_".into());
    let body = match &e.kind {
        ExprKind::Const(c) => return format!("{}:{}", show(*c, num(e)), e.ty),
        ExprKind::Var(v) => return name(k, *v),
        ExprKind::Unary(op, a) => format!("{op:?}({})", x(a)),
        ExprKind::Binary(op, a, b) => format!("{op:?}({}, {})", x(a), x(b)),
        ExprKind::Cast { value, bitcast } => format!("{}({})", if *bitcast { "bitcast" } else { "cast" }, x(value)),
        ExprKind::Splat(a) => format!("splat({})", x(a)),
        ExprKind::Broadcast(a) => format!("broadcast({})", x(a)),
        ExprKind::ExpandDims { value, axis } => format!("expand_dims({}, {axis})", x(value)),
        ExprKind::AddPtr { ptr, offset } => format!("addptr({}, {})", x(ptr), x(offset)),
        ExprKind::ProgramId(a) => format!("program_id({a})"),
        ExprKind::NumPrograms(a) => format!("num_programs({a})"),
        ExprKind::Arange { start, end } => format!("arange({start}, {end})"),
        ExprKind::DescLoad { fallback, .. } => format!("desc_load({})", x(fallback)),
        ExprKind::Load { ptr, mask, other, cache, evict, volatile, sem, scope } => format!(
            "load({}, mask={}, other={}, cache={:?}, evict={:?}, volatile={volatile}{})",
            x(ptr),
            opt(mask),
            opt(other),
            cache.as_str(),
            evict.as_str(),
            order(*sem, *scope)
        ),
        ExprKind::Atomic { op, ptr, val, mask, sem, scope } => {
            format!("atomic_{op:?}({}, {}, mask={}, {}, {})", x(ptr), x(val), opt(mask), sem.as_str(), scope.as_str())
        }
        ExprKind::AtomicCas { ptr, cmp, val, sem, scope } => {
            format!("atomic_cas({}, {}, {}, {}, {})", x(ptr), x(cmp), x(val), sem.as_str(), scope.as_str())
        }
        ExprKind::Reduce { op, value, axis } => format!("reduce_{op:?}({}, axis={axis:?})", x(value)),
        ExprKind::Scan { op, value, axis, reverse } => {
            format!("scan_{op:?}({}, axis={axis}{})", x(value), if *reverse { ", reverse" } else { "" })
        }
        ExprKind::ReduceFn { value, axis, .. } => format!("reduce_fn({}, axis={axis:?})", x(value)),
        ExprKind::ScanFn { value, axis, reverse, .. } => {
            format!("scan_fn({}, axis={axis}{})", x(value), if *reverse { ", reverse" } else { "" })
        }
        ExprKind::Sort { value, axis, descending } => format!("sort({}, axis={axis}, desc={descending})", x(value)),
        ExprKind::Histogram { value, num_bins } => format!("histogram({}, {num_bins})", x(value)),
        ExprKind::BinRank { value, num_bins } => format!("bin_rank({}, {num_bins})", x(value)),
        ExprKind::Math { f, args } => {
            let a: Vec<String> = args.iter().map(x).collect();
            format!("{f:?}({})", a.join(", "))
        }
        ExprKind::Where { cond, a, b } => format!("where({}, {}, {})", x(cond), x(a), x(b)),
        ExprKind::Dot { a, b, acc, input_precision, max_imprecise } => match max_imprecise {
            Some(n) => format!("dot({}, {}, {}, {input_precision:?}, max_num_imprecise_acc={n})", x(a), x(b), x(acc)),
            None => format!("dot({}, {}, {}, {input_precision:?})", x(a), x(b), x(acc)),
        },
        ExprKind::Trans { value, order } => format!("trans({}, {order:?})", x(value)),
        ExprKind::Flip { value, axis } => format!("flip({}, axis={axis})", x(value)),
        ExprKind::InlineAsm { asm, constraints, args, pure, outputs, index, pack } => {
            let xs: Vec<String> = args.iter().map(x).collect();
            let p = if *pack > 1 { format!(", pack={pack}") } else { String::new() };
            format!(
                "inline_asm({asm:?}, {constraints:?}, ({}), pure={pure}, out {index} of {outputs:?}{p})",
                xs.join(", ")
            )
        }
        ExprKind::Gather { src, index, axis } => format!("gather({}, {}, axis={axis})", x(src), x(index)),
        ExprKind::Scatter { src, index } => format!("scatter({}, {})", x(src), x(index)),
        ExprKind::Reshape(a) => format!("reshape({})", x(a)),
        ExprKind::If { cond, then_body, then, else_body, els } => {
            // Branch statements print inline, `;`-separated, ahead of the branch's value.
            let arm = |body: &[Stmt], v: &Expr| {
                let mut s = String::new();
                stmts(k, body, 0, &mut s);
                let pre: Vec<&str> = s.lines().map(str::trim).collect();
                if pre.is_empty() {
                    x(v)
                } else {
                    format!("{{ {}; {} }}", pre.join("; "), x(v))
                }
            };
            format!("if({}, {}, {})", x(cond), arm(then_body, then), arm(else_body, els))
        }
    };
    format!("{body}:{}", e.ty)
}

/// `, sem=acquire.gpu` for an ordered load or store; nothing for a weak one.
fn order(sem: Option<MemSem>, scope: MemScope) -> String {
    sem.map(|s| format!(", sem={}.{}", s.as_str(), scope.as_str())).unwrap_or_default()
}
