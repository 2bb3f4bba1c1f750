//! Running a grid: programs concurrently, in lock-step rounds.
//!
//! Programs start in launch order (x fastest), up to `Options::resident` at a time, as a
//! GPU fills its SMs. In each round every resident program runs to its next stop (a
//! global-memory access, a `while` iteration, its end); then the round's loads read
//! memory as it was, then its stores and atomics apply in program order. So every
//! resident program moves on every round, spin-waits on another program's flag finish,
//! and a consumer that starts beside its producer really can read before the producer
//! writes (message passing behaves as on the GPU, not as if programs ran one by one).
//!
//! A program that waits forever is found without a timeout: a `while` iteration that
//! carries the same values as the one before it, with memory unchanged in between, will
//! repeat forever. When every resident program is in that state twice over, nothing
//! changed memory, and no program is left to start, the launch is a deadlock, reported
//! with each waiting program's line. (While programs are left, one more is started, as a
//! GPU with room would.)

use crate::exec::{Program, Stop};
use crate::memory::Memory;
use crate::ops::memory::{self as mem_ops, Ctx};
use crate::prepare::{Kernel, Kind};
use crate::races::{Race, Races};
use crate::smem::SmemStats;
use crate::value::{round, wrap, Data, Elem, Value};
use crate::{Arg, Fault, Options};
use std::sync::Arc;

/// At most this many programs resident at once, however many wait.
const MAX_RESIDENT: usize = 4096;

#[derive(Clone, Debug)]
pub struct Launch<'a> {
    pub grid: [u32; 3],
    pub args: &'a [Arg],
}

/// What a launch left besides memory.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub prints: Vec<String>,
    pub races: Vec<Race>,
    pub rounds: u64,
    /// Shared-memory copies and products, over every program.
    pub smem: SmemStats,
}

struct Resident<'k> {
    prog: Program<'k>,
    id: u32,
    /// Consecutive `while` iterations that changed nothing, since memory last changed.
    quiet: u32,
}

fn pid_of(l: u64, g: [u32; 3]) -> [u32; 3] {
    let (x, y) = (g[0] as u64, g[1] as u64);
    [(l % x) as u32, ((l / x) % y) as u32, (l / (x * y)) as u32]
}

fn arg_values(k: &Kernel, args: &[Arg]) -> Result<Vec<Value>, Fault> {
    if args.len() != k.params.len() {
        return Err(Fault::new(format!(
            "kernel `{}` takes {} arguments, {} given",
            k.name,
            k.params.len(),
            args.len()
        )));
    }
    k.params
        .iter()
        .zip(args)
        .map(|((_, e), a)| {
            let d = match (a, e) {
                (Arg::Buffer(b), Elem::Ptr(_)) => Data::I(vec![Memory::base(*b) as i64]),
                (Arg::Int(i), e) if e.is_float() => Data::F(vec![round(*e, *i as f64)]),
                (Arg::Int(i), e) => Data::I(vec![wrap(e.bits(), *i)]),
                (Arg::Float(x), e) if e.is_float() => Data::F(vec![round(*e, *x)]),
                _ => return Err(Fault::new(format!("kernel `{}`: an argument does not fit its parameter", k.name))),
            };
            Ok(Arc::new(d))
        })
        .collect()
}

/// A kernel launched in clusters of `n` programs along axis 0 (`#[cluster_dims(n)]`) runs
/// only on a grid whose axis 0 is a multiple of `n`: the error every launcher gives
/// otherwise (this interpreter, and tile-runtime's GPU launch, where CUDA would fail with
/// CUDA_ERROR_INVALID_CLUSTER_SIZE).
pub fn cluster_grid(kernel: &str, n: u32, grid: [u32; 3]) -> Result<(), String> {
    let n = n.max(1);
    if grid[0] % n != 0 {
        return Err(format!(
            "kernel `{kernel}` runs in clusters of {n} programs along axis 0 (`#[cluster_dims({n})]`): the grid's axis 0 ({}) must be a multiple of {n}",
            grid[0]
        ));
    }
    Ok(())
}

/// Runs one launch of `k` over `mem`.
pub fn run(k: &Kernel, launch: &Launch, mem: &mut Memory, opts: &Options) -> Result<Outcome, Fault> {
    let args = arg_values(k, launch.args)?;
    cluster_grid(&k.name, k.cluster_dims, launch.grid).map_err(Fault::new)?;
    let g = launch.grid.map(|d| d.max(1));
    let total = g.iter().map(|&d| d as u64).product::<u64>();
    let nvalues = k.tys.len();
    let mut races = opts.races.then(Races::default);
    if let Some(r) = &mut races {
        r.begin_launch();
    }
    let mut out = Outcome::default();
    let mut res: Vec<Resident> = vec![];
    let (mut next, mut cap) = (0u64, opts.resident.max(1));
    loop {
        while res.len() < cap && next < total {
            let id = next as u32;
            res.push(Resident { prog: Program::new(k, &args, pid_of(next, g), g, nvalues), id, quiet: 0 });
            if let Some(r) = &mut races {
                r.start(id);
            }
            next += 1;
        }
        if res.is_empty() {
            break;
        }
        out.rounds += 1;
        // 1. Every program to its next stop.
        let mut stops = Vec::with_capacity(res.len());
        for r in res.iter_mut() {
            let stop = r.prog.run(k).map_err(|e| in_program(e, r.prog.frame.pid))?;
            if let Stop::Loop = stop {
                r.quiet = if r.prog.spinning { r.quiet + 1 } else { 0 };
            }
            for line in r.prog.frame.prints.drain(..) {
                if opts.echo_prints {
                    println!("{line}");
                }
                out.prints.push(line);
            }
            if let Some(rc) = &mut races {
                for _ in 0..std::mem::take(&mut r.prog.frame.barriers) {
                    rc.barrier(r.id);
                }
            }
            stops.push(stop);
        }
        // 2. The round's loads, then 3. its stores and atomics, in program order.
        let mut changed = false;
        for loads in [true, false] {
            for (r, stop) in res.iter_mut().zip(&stops) {
                let Stop::Mem(node) = stop else { continue };
                let Kind::Mem(op) = &node.kind else { continue };
                if op.is_load() != loads {
                    continue;
                }
                let mut cx = Ctx { mem, races: races.as_mut(), uninit: opts.uninit, prog: r.id };
                let wrote = mem_ops::perform(op, &node.site(), &k.tys, &mut r.prog.frame, &mut cx)
                    .map_err(|e| in_program(e.located(&node.loc), r.prog.frame.pid))?;
                changed |= wrote;
                r.prog.resume_after(node);
            }
        }
        if changed {
            res.iter_mut().for_each(|r| r.quiet = 0);
        }
        for r in res.iter().filter(|r| r.prog.is_done()) {
            if let Some(rc) = &mut races {
                rc.finish(r.id);
            }
            out.smem.add(&r.prog.frame.smem.stats);
        }
        res.retain(|r| !r.prog.is_done());
        if !changed && !res.is_empty() && res.iter().all(|r| r.quiet >= 2) {
            if next < total && cap < MAX_RESIDENT {
                cap = res.len() + 1;
                continue;
            }
            return Err(deadlock(&res, total - next));
        }
    }
    if let Some(r) = &races {
        out.races = r.found();
    }
    Ok(out)
}

fn in_program(mut e: Fault, pid: [u32; 3]) -> Fault {
    if !e.message.contains("program (") {
        e.message = format!("{} (program ({}, {}, {}))", e.message, pid[0], pid[1], pid[2]);
    }
    e
}

fn deadlock(res: &[Resident], unstarted: u64) -> Fault {
    let first = &res[0].prog;
    let at = |p: &Program| p.last_access.or(p.spin_loc).map(|s| s.to_string());
    let mut f = Fault {
        message: format!(
            "deadlock: {} program{} wait forever (each spins in a loop that changes nothing, and no program writes memory){}",
            res.len(),
            if res.len() == 1 { "" } else { "s" },
            if unstarted > 0 { format!("; {unstarted} programs never started") } else { String::new() }
        ),
        loc: at(first),
        notes: vec![],
    };
    // One note per place programs wait, naming the programs there.
    let mut places: Vec<(Option<String>, Option<&str>, Vec<String>)> = vec![];
    for r in res {
        let p = &r.prog;
        let pid = p.frame.pid;
        let name = format!("({}, {}, {})", pid[0], pid[1], pid[2]);
        match places.iter_mut().find(|(a, l, _)| *a == at(p) && *l == p.spin_loc) {
            Some(pl) => pl.2.push(name),
            None => places.push((at(p), p.spin_loc, vec![name])),
        }
    }
    for (loc, lp, pids) in places {
        let lp = lp.map(crate::loc_text).map_or(String::new(), |l| format!(" (in the loop at {l})"));
        let who = if pids.len() > 8 {
            format!("programs {} and {} more", pids[..8].join(", "), pids.len() - 8)
        } else if pids.len() > 1 {
            format!("programs {}", pids.join(", "))
        } else {
            format!("program {}", pids[0])
        };
        let verb = if pids.len() > 1 { "wait" } else { "waits" };
        f.notes.push((loc, format!("{who} {verb} here{lp}")));
    }
    f
}

#[cfg(test)]
mod tests {
    use super::cluster_grid;

    #[test]
    fn cluster_kernels_launch_whole_clusters_only() {
        assert!(cluster_grid("mm", 2, [512, 1, 1]).is_ok());
        let e = cluster_grid("mm", 2, [3, 4, 1]).unwrap_err();
        assert_eq!(
            e,
            "kernel `mm` runs in clusters of 2 programs along axis 0 (`#[cluster_dims(2)]`): the grid's axis 0 (3) must be a multiple of 2"
        );
        assert!(cluster_grid("plain", 1, [3, 1, 1]).is_ok());
    }
}
