//! `tilec --explain-layouts`: why a kernel moves memory the way it does.
//!
//! 1. Compile up to `smem-transpose` (every tile has its encoding, every conversion its
//!    shared layout) and read the module back as the mirror IR.
//! 2. For each load and store: its encoding, the bytes one thread moves per access
//!    (`layout.vec` elements), and the 128-byte transactions one warp's access touches,
//!    counted over warp 0's first access from the pointer's axis info (elements of one
//!    contiguous run share lines; separate runs and rows take their own).
//! 3. For each `layout.convert`: the two encodings, and the shared memory it goes
//!    through, its bytes and bank-conflict degree (wavefronts over the conflict-free
//!    count, from `smem-transpose`'s simulation), the bytes a thread moves per shared
//!    access on each side and how many of its addresses the lowering computes (the
//!    others are immediates); or that it is free.
//! 4. Each divisor `fold-bounds` asked for (`tile.divisibility_hints`): the argument whose
//!    specialisation would fold bounds checks.
//! 5. Each loop staging dot operands: pipelined or not, each operand's copy, and the
//!    arguments' divisors that would widen it (`loops`).
//! 6. Each polling `while`: one loop a thread, or why it runs in lockstep
//!    (`passes::thread_loops`).

mod loops;

use crate::analysis::axis_info::AxisAnalysis;
use crate::analysis::shared_addresses::{access_starts, address_cost, address_plan};
use crate::conversion::tile_to_llvm::stmatrix_applies;
use crate::options::CompileOptions;
use crate::passes::coalesce::{mem_operands, pointee_bytes};
use std::collections::HashSet;
use std::fmt::Write;
use tile_dialects::attrname;
use tile_dialects::ir::{loc_line, Encoding, Module, Op};
use tile_dialects::layout::matrix::row_addresses;
use tile_dialects::layout::{elem_bytes, Dist, Shared};
use tile_dialects::opname;

/// Short form of an encoding: `blocked{spt=[1,4] tpw=[4,8] wpc=[4,1] order=[1,0]}`.
pub fn short(e: &Encoding) -> String {
    let a = |v: &[u32]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",");
    match e {
        Encoding::Blocked(b) => {
            format!(
                "blocked{{spt=[{}] tpw=[{}] wpc=[{}] order=[{}]}}",
                a(&b.size_per_thread),
                a(&b.threads_per_warp),
                a(&b.warps_per_cta),
                a(&b.order)
            )
        }
        Encoding::Slice { dim, parent } => format!("slice{{dim={dim} of {}}}", short(parent)),
        Encoding::Mma(m) => {
            format!("mma.v{}{{warps=[{}] instr=[{}]}}", m.version, a(&m.warps_per_cta), a(&m.instr_shape))
        }
        Encoding::DotOp { idx, parent, k_width } => {
            format!("dot_op{{{} of {}, k_width={k_width}}}", ["a", "b"][*idx as usize % 2], short(parent))
        }
        Encoding::Other(s) => s.clone(),
    }
}

/// `param(kernel, i)`: the name of a kernel's argument `i`.
pub fn report(m: &Module, opts: &CompileOptions, param: &dyn Fn(&str, usize) -> String) -> String {
    let axis = AxisAnalysis::run(m);
    let polls = crate::passes::thread_loops::Explainer::new(m);
    let mut out = String::new();
    for f in &m.body {
        if f.name != "func.func" {
            continue;
        }
        let nw = f.num_warps();
        let name = f.str_attr("sym_name").unwrap_or_default();
        let _ = writeln!(out, "kernel {name} ({nw} warps)");
        let hints = crate::passes::fold_bounds::hints(f);
        for (i, d) in hints.iter().enumerate().filter(|(_, d)| **d > 1) {
            let n = param(&name, i);
            let _ = writeln!(
                out,
                "{n}: a multiple of {d} would fold bounds checks (fold-bounds): tilerun and the Python API \
                 specialise on it when the argument is one; tilec takes --divisibility {n}={d}"
            );
        }
        let mut ops = vec![];
        f.walk_nested(&mut |o| ops.push(o));
        let kernel = loops::Kernel::new(m, f, &ops, &axis, &|i| param(&name, i));
        for op in &ops {
            if let Some((ptr, _)) = mem_operands(op) {
                let _ = writeln!(out, "{}", mem_line(m, &axis, op, ptr));
            }
        }
        for op in &ops {
            if op.name == opname::LAYOUT_CONVERT {
                let _ = writeln!(out, "{}", convert_line(m, op, nw, opts));
            }
        }
        let mut copies = HashSet::new();
        for op in &ops {
            match op.name.as_str() {
                opname::TILE_DOT | opname::LAYOUT_WARP_GROUP_DOT => {
                    let _ = writeln!(out, "{}", dot_line(m, op));
                }
                // A load's copies (prologue and loop) once.
                opname::LAYOUT_ASYNC_COPY if copies.insert(op.loc.clone()) => {
                    let _ = writeln!(out, "{}", copy_line(m, op));
                }
                "scf.for" => {
                    if let Some(l) = kernel.loop_lines(op) {
                        let _ = writeln!(out, "{l}");
                    }
                }
                "scf.while" => match polls.explain(op) {
                    Some(Ok(())) => {
                        let _ = writeln!(
                            out,
                            "{}: while: one loop a thread (thread-loops): each thread polls its own \
                             elements, no barrier a round",
                            loc_line(&op.loc)
                        );
                    }
                    Some(Err(why)) => {
                        let _ = writeln!(
                            out,
                            "{}: while: in lockstep, a test of the whole tile each round: {why}",
                            loc_line(&op.loc)
                        );
                    }
                    None => {}
                },
                _ => {}
            }
        }
    }
    out
}

fn mem_line(m: &Module, axis: &AxisAnalysis, op: &Op, ptr: u32) -> String {
    let kind = op.name.split('.').nth(1).unwrap_or("");
    let t = m.values.ty(ptr);
    let at = loc_line(&op.loc);
    let Some(eb) = pointee_bytes(t) else { return format!("{at}: {kind}") };
    let elem = match t.elem() {
        tile_dialects::ir::Type::TilePtr(e) => e.to_string(),
        e => e.to_string(),
    };
    let Some(d) = Dist::of_type(t) else {
        return format!(
            "{at}: {kind} of one {elem} (scalar pointer): {eb} bytes a program, every thread the same address"
        );
    };
    let shape: Vec<String> = t.shape().iter().map(|s| s.to_string()).collect();
    let vec = op.int_attr(attrname::LAYOUT_VEC).unwrap_or(1).max(1) as usize;
    let vec = vec.min(d.fast().1).max(1);
    // Transactions of warp 0's first access.
    let p = axis.get(m, ptr);
    let (fd, _) = d.fast();
    let run = p.contiguity[fd].max(1);
    let mut lines = HashSet::new();
    for lane in 0..32u32 {
        for k in 0..vec {
            let mut c = d.coords(lane, 0);
            c[fd] += k as i64;
            let key: Vec<i64> = c
                .iter()
                .enumerate()
                .map(|(dd, x)| if dd == fd || p.constancy[dd] >= t.shape()[dd] { 0 } else { *x })
                .collect();
            let line = if p.constancy[fd] >= t.shape()[fd] { (0, 0) } else { (c[fd] / run, (c[fd] % run) * eb / 128) };
            lines.insert((key, line));
        }
    }
    let bytes = 32 * vec as i64 * eb;
    format!(
        "{at}: {kind} {}x{elem} in {}\n    {} bytes a thread per access ({vec} x {elem}), {} transactions of 128 B per warp access (ideal {})",
        shape.join("x"),
        short(t.encoding().unwrap()),
        vec as i64 * eb,
        lines.len(),
        (bytes + 127) / 128
    )
}

/// Which units a dot runs on, in what encodings, or why it stays on CUDA cores.
fn dot_line(m: &Module, op: &Op) -> String {
    let ty = |v| m.values.ty(v);
    let (a, b, r) = (ty(op.operands[0]), ty(op.operands[1]), ty(op.result()));
    let shape = |t: &tile_dialects::ir::Type| t.shape().iter().map(|d| d.to_string()).collect::<Vec<_>>().join("x");
    let head = format!(
        "{}: dot {}x{} @ {}x{} -> {}x{}",
        loc_line(&op.loc),
        shape(a),
        a.elem(),
        shape(b),
        b.elem(),
        shape(r),
        r.elem()
    );
    let operand = |t: &tile_dialects::ir::Type| match (t.shared(), t.encoding()) {
        (Some(s), _) => format!("shared memory {}", s.to_attr().0),
        (_, Some(e)) => format!("registers {}", short(e)),
        _ => "?".into(),
    };
    match r.encoding().and_then(|e| e.mma()) {
        Some(mma) => {
            let [mi, ni, ki] = [0, 1, 2].map(|i| mma.instr_shape.get(i).copied().unwrap_or(0));
            let unit = if mma.version == 3 {
                format!("wgmma m{mi}n{ni}k{ki} (a warp group an instruction)")
            } else {
                format!("mma.sync m{mi}n{ni}k{ki}")
            };
            let flight = if op.int_attr("async") == Some(1) { "; left in flight across iterations" } else { "" };
            let along = if mma.warps_per_cta.len() == 3 {
                "the batch, M, N (batched: mma.sync on every target, wgmma has no batched form)"
            } else {
                "M, N"
            };
            format!(
                "{head} on tensor cores, {unit}, warps {:?} along {along}{flight}\n    A from {}\n    B from {}",
                mma.warps_per_cta,
                operand(a),
                operand(b)
            )
        }
        None => format!(
            "{head} on CUDA cores: {}",
            op.str_attr(attrname::LAYOUT_DOT_PATH).unwrap_or_else(|| "its encodings are not a tensor core's".into())
        ),
    }
}

/// An asynchronous copy: bytes a thread an instruction.
fn copy_line(m: &Module, op: &Op) -> String {
    let t = m.values.ty(op.operands[1]);
    let vec = op.int_attr(attrname::LAYOUT_VEC).unwrap_or(1);
    format!(
        "{}: cp.async of {} into a ring slot, up to {} bytes a thread a copy",
        loc_line(&op.loc),
        t.shape().iter().map(|d| d.to_string()).collect::<Vec<_>>().join("x"),
        vec * tile_dialects::layout::elem_bytes(t) as i64
    )
}

fn convert_line(m: &Module, op: &Op, num_warps: u32, opts: &CompileOptions) -> String {
    let (st, dt) = (m.values.ty(op.operands[0]), m.values.ty(op.results[0]));
    let at = loc_line(&op.loc);
    let (se, de) = (st.encoding().map(short).unwrap_or_default(), dt.encoding().map(short).unwrap_or_default());
    let head = format!("{at}: layout.convert {se} -> {de}");
    match op.attr(attrname::LAYOUT_SHARED) {
        None => format!("{head}\n    free: every element stays in its thread's register"),
        Some(s) => {
            let w: Vec<f64> = op
                .attr(attrname::LAYOUT_WAVEFRONTS)
                .map(|a| {
                    a.0.trim_start_matches("array<i64:")
                        .trim_end_matches('>')
                        .split(',')
                        .filter_map(|x| x.trim().parse().ok())
                        .collect()
                })
                .unwrap_or_default();
            let deg = |a: usize| if w.len() == 4 && w[a + 1] > 0.0 { w[a] / w[a + 1] } else { f64::NAN };
            // Bytes a thread moves per shared access on each side (what the lowering emits).
            let eb = elem_bytes(st);
            // Bytes a thread moves per shared access, accesses, and the addresses the
            // lowering computes for them (the rest are immediates).
            let side = |d: Option<Dist>, shape: &[i64], write: bool| match (Shared::parse(s), d) {
                (Some(sh), Some(d)) => {
                    // A tensor-core fragment is written by stmatrix (`tile_to_llvm::matrix`):
                    // an access is an instruction's rows.
                    let frag = if write { stmatrix_applies(opts.arch, &d, &sh, st.elem().bits()) } else { None };
                    let (kind, d, starts) = match frag {
                        Some(f) => {
                            let rows = row_addresses(&d, &f);
                            let starts = (0..rows.elems_per_thread()).collect();
                            (format!("{}-byte stmatrix.x{}", 4 * f.matrices(), f.matrices()), rows, starts)
                        }
                        None => (
                            format!("{}-byte", sh.access(&d, shape, eb) as u32 * eb),
                            d.clone(),
                            access_starts(&sh, &d, shape, eb),
                        ),
                    };
                    let cost = address_cost(&address_plan(&sh, &d, shape, num_warps, &starts));
                    let plural = if cost == 1 { "" } else { "es" };
                    (kind, format!("{cost} address{plural} computed for {} accesses", starts.len()))
                }
                _ => (format!("{eb}-byte"), String::new()),
            };
            let ((wb, wa), (rb, ra)) =
                (side(Dist::of_type(st), st.shape(), true), side(Dist::of_type(dt), dt.shape(), false));
            format!(
                "{head}\n    through shared memory {} ({} bytes): bank conflicts {:.2}-way on the write, {:.2}-way on the read; {wb} writes, {rb} reads\n    a thread's writes: {wa}; its reads: {ra}",
                s.0,
                op.int_attr(attrname::LAYOUT_SMEM_BYTES).unwrap_or(0),
                deg(0),
                deg(2)
            )
        }
    }
}
