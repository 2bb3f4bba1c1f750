//! The race and ordering detector (`--races`): happens-before between programs, with
//! vector clocks, as the PTX memory model and the language doc describe it.
//!
//! Reported: a plain (weak) load that reads a value another program wrote, and a store
//! or atomic that overwrites another program's value, when no happens-before orders the
//! write before the access. Strong accesses (relaxed, acquire, release, volatile, atomics)
//! may race with each other: that is how flags and counters work (the look-back scans
//! poll a `.cg`-stored word with volatile loads); what they publish must be ordered.
//!
//! Happens-before comes from: a release (store or atomic) read by an acquire (load or
//! atomic) of the same address at a scope reaching both programs (gpu, sys; a `cta` one
//! orders nothing between programs), release sequences of atomics (an acq_rel counter
//! orders every earlier releaser before the last ticket), `debug_barrier`, and the end
//! of a launch (the next launch sees everything).
//!
//! Threads: as the language doc says, a release or acquire orders only the issuing
//! thread's accesses. A scalar store or atomic is thread 0's, a scalar load every
//! thread's; which thread owns a tile's element depends on its layout, so a tile access
//! counts as "some thread". So each program keeps two clocks: thread 0's (`t0`) and
//! the one every thread has (`all`); `debug_barrier` merges them. A release by thread 0
//! publishes its own accesses and what came before the last barrier; an acquire by a
//! scalar atomic reaches thread 0 only, an acquire by a tile access reaches the program
//! at its next barrier.

use crate::memory::Memory;
use crate::ops::access::{Access, MemOp, Order};
use std::collections::{HashMap, HashSet};
use tile_dialects::attrs::MemSem;

/// A sparse vector clock: (component, time), sorted by component. Components are
/// `2 * program` (its thread 0) and `2 * program + 1` (its tile accesses).
#[derive(Clone, Debug, Default, PartialEq)]
struct Clock(Vec<(u32, u32)>);

impl Clock {
    fn get(&self, c: u32) -> u32 {
        self.0.binary_search_by_key(&c, |e| e.0).map_or(0, |i| self.0[i].1)
    }
    fn set(&mut self, c: u32, t: u32) {
        match self.0.binary_search_by_key(&c, |e| e.0) {
            Ok(i) => self.0[i].1 = self.0[i].1.max(t),
            Err(i) => self.0.insert(i, (c, t)),
        }
    }
    fn join(&mut self, o: &Clock) {
        if o.0.is_empty() {
            return;
        }
        let mut out = Vec::with_capacity(self.0.len() + o.0.len());
        let (mut i, mut j) = (0, 0);
        while i < self.0.len() || j < o.0.len() {
            match (self.0.get(i), o.0.get(j)) {
                (Some(a), Some(b)) if a.0 == b.0 => {
                    out.push((a.0, a.1.max(b.1)));
                    i += 1;
                    j += 1;
                }
                (Some(a), Some(b)) if a.0 < b.0 => {
                    out.push(*a);
                    i += 1;
                }
                (Some(a), None) => {
                    out.push(*a);
                    i += 1;
                }
                (_, Some(b)) => {
                    out.push(*b);
                    j += 1;
                }
                (None, None) => break,
            }
        }
        self.0 = out;
    }
}

/// What an access is, for ordering.
#[derive(Clone, Copy, Debug)]
pub struct AccessKind {
    read: bool,
    write: bool,
    strong: bool,
    acquire: bool,
    release: bool,
    beyond_cta: bool,
    /// A tile access (some thread); else scalar (loads: every thread; writes: thread 0).
    tile: bool,
}

impl AccessKind {
    pub fn new(op: &MemOp, tile: bool) -> AccessKind {
        let (read, write) = match op.access {
            Access::Load { .. } | Access::AsyncCopy { .. } | Access::Desc { .. } => (true, false),
            Access::Store { .. } | Access::DescStore { .. } => (false, true),
            _ => (true, true),
        };
        AccessKind {
            read,
            write,
            strong: op.order != Order::Weak || (read && write),
            acquire: matches!(op.order, Order::Sem(MemSem::Acquire | MemSem::AcqRel)) && read,
            release: matches!(op.order, Order::Sem(MemSem::Release | MemSem::AcqRel)) && write,
            beyond_cta: op.beyond_cta,
            tile,
        }
    }
}

#[derive(Default)]
struct Prog {
    t0: Clock,
    all: Clock,
    /// Acquired by tile accesses: reaches every thread at the next barrier.
    pending: Clock,
    time: u32,
    barrier: u32,
}

#[derive(Clone, Copy)]
struct Rec {
    /// Program + 1 (0: written before this launch).
    prog: u32,
    time: u32,
    tile: bool,
    strong: bool,
    loc: u32,
}

/// One race found (deduplicated by the two lines and the kind).
#[derive(Clone, Debug, PartialEq)]
pub struct Race {
    /// The access that came second, and the write it conflicts with (MLIR locations).
    pub loc: String,
    pub other_loc: String,
    pub program: u32,
    pub other_program: u32,
    /// "reads" or "overwrites".
    pub what: &'static str,
    pub buffer: String,
    pub index: usize,
    /// How many accesses this pair of lines raced in.
    pub count: u64,
}

#[derive(Default)]
pub struct Races {
    progs: HashMap<u32, Prog>,
    shadow: Vec<Vec<Rec>>,
    sync: HashMap<(usize, usize), Clock>,
    locs: Vec<String>,
    loc_ids: HashMap<String, u32>,
    found: Vec<Race>,
    seen: HashMap<(u32, u32, bool), usize>,
}

impl Races {
    /// A new launch: everything before it happens before everything in it.
    pub fn begin_launch(&mut self) {
        self.progs.clear();
        self.sync.clear();
        for s in &mut self.shadow {
            s.clear();
        }
    }
    pub fn start(&mut self, prog: u32) {
        self.progs.insert(prog, Prog::default());
    }
    pub fn finish(&mut self, prog: u32) {
        self.progs.remove(&prog);
    }
    pub fn barrier(&mut self, prog: u32) {
        if let Some(p) = self.progs.get_mut(&prog) {
            p.time += 1;
            let mut all = std::mem::take(&mut p.all);
            all.join(&p.t0);
            all.join(&p.pending);
            p.pending = Clock::default();
            p.t0 = all.clone();
            p.all = all;
            p.barrier = p.time;
        }
    }
    pub fn found(&self) -> Vec<Race> {
        self.found.clone()
    }

    fn loc_id(&mut self, loc: &str) -> u32 {
        if let Some(&i) = self.loc_ids.get(loc) {
            return i;
        }
        self.locs.push(loc.to_string());
        self.loc_ids.insert(loc.to_string(), self.locs.len() as u32 - 1);
        self.locs.len() as u32 - 1
    }

    /// Records one access of `prog` to the live lanes (buffer, byte offset).
    pub fn access(&mut self, prog: u32, k: AccessKind, lanes: &[Option<(usize, usize)>], mem: &Memory, loc: &str) {
        let loc_id = self.loc_id(loc);
        while self.shadow.len() < mem.buffers.len() {
            self.shadow.push(vec![]);
        }
        let Some(mut p) = self.progs.remove(&prog) else { return };
        p.time += 1;
        let t = p.time;
        if k.acquire && k.beyond_cta {
            for &(b, off) in lanes.iter().flatten() {
                if let Some(l) = self.sync.get(&(b, off)) {
                    match (k.tile, k.write) {
                        (true, _) => p.pending.join(l),
                        (false, true) => p.t0.join(l),
                        (false, false) => {
                            p.t0.join(l);
                            p.all.join(l);
                        }
                    }
                }
            }
        }
        // Whose knowledge covers this access: thread 0 for scalar writes and atomics.
        let mine = if !k.tile && k.write { &p.t0 } else { &p.all };
        for &(b, off) in lanes.iter().flatten() {
            let buf = &mem.buffers[b];
            let e = off / buf.unit;
            let shadow = &mut self.shadow[b];
            if shadow.is_empty() {
                shadow.resize(buf.bytes.len() / buf.unit, Rec { prog: 0, time: 0, tile: false, strong: false, loc: 0 });
            }
            let rec = shadow[e];
            if rec.prog != 0 && rec.prog != prog + 1 {
                let other = rec.prog - 1;
                let ordered = mine.get(2 * other + rec.tile as u32) >= rec.time;
                let racy_read = k.read && !k.strong && !ordered;
                let racy_write = k.write && !(k.strong && rec.strong) && !ordered;
                if racy_read || racy_write {
                    let what = if racy_write { "overwrites" } else { "reads" };
                    let key = (loc_id, rec.loc, racy_write);
                    match self.seen.get(&key) {
                        Some(&i) => self.found[i].count += 1,
                        None => {
                            self.seen.insert(key, self.found.len());
                            self.found.push(Race {
                                loc: loc.to_string(),
                                other_loc: self.locs[rec.loc as usize].clone(),
                                program: prog,
                                other_program: other,
                                what,
                                buffer: buf.name.clone(),
                                index: e,
                                count: 1,
                            });
                        }
                    }
                }
            }
            if k.write {
                self.shadow[b][e] = Rec { prog: prog + 1, time: t, tile: k.tile, strong: k.strong, loc: loc_id };
            }
        }
        if k.write {
            // A release publishes this thread's accesses, and the others' up to the last
            // barrier; a plain store ends the release sequence, an atomic continues it.
            let mut rel = if k.tile { p.all.clone() } else { p.t0.clone() };
            rel.set(2 * prog, if k.tile { p.barrier } else { t });
            rel.set(2 * prog + 1, p.barrier);
            let atomic = k.read;
            for &(b, off) in lanes.iter().flatten() {
                match (k.release && k.beyond_cta, atomic) {
                    (true, false) => {
                        self.sync.insert((b, off), rel.clone());
                    }
                    (true, true) => self.sync.entry((b, off)).or_default().join(&rel),
                    (false, false) => {
                        self.sync.remove(&(b, off));
                    }
                    (false, true) => {}
                }
            }
        }
        self.progs.insert(prog, p);
    }
}

/// Unused-warning guard for the set type (kept for future per-line filters).
#[allow(dead_code)]
type LineSet = HashSet<u32>;
