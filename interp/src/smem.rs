//! A program's shared memory and its asynchronous engines (cp.async groups, warp-group
//! products), as the `layout` level's ops use them (`ops/shared.rs`,
//! `ops/async_copy.rs`, `ops/wgmma.rs`), with the rules that make pipelining bugs
//! errors instead of silently right answers.
//!
//! A buffer (`layout.local_alloc`) holds a tile, or a ring of tiles (slots), by logical
//! coordinates: its shared layout (swizzle, padding) moves bytes, not values, so a slot is
//! the tile's row-major elements. A `!layout.memdesc` value is a `View`: a buffer and one
//! slot, or the whole buffer.
//!
//! The interpreter runs a program as one whole tile, not thread by thread, so the rules
//! are checked per program and per slot:
//!
//! - An asynchronous copy (`async_copy`) reads global memory when it is issued (in the
//!   scheduler's round, as a load), but its data lands in the slot only when its group
//!   completes: `async_commit` closes the open group, `async_wait {pending = N}`
//!   completes all but the N most recent committed groups (copies of the open group
//!   stay in flight, as with cp.async.wait_group).
//! - Reading a slot (`local_load`, a `warp_group_dot` operand) is an error while a copy
//!   into it is in flight, and until a barrier (`layout.barrier`, `tile.debug_barrier`)
//!   follows the wait that completed the copy: a thread's wait covers its own copies
//!   only, and since the interpreter does not know which thread copies or reads which
//!   element, every read counts as another thread's (a thread reading only what it copied
//!   itself would need no barrier on the GPU; no lowering of ours reads that way).
//!   Reading a slot that nothing wrote is an error too.
//! - Writing a slot (`async_copy`) is an error while an earlier copy into it is in
//!   flight, while a warp-group product in flight reads it, and when it was read since the
//!   last barrier (another thread may still be reading it).
//! - `local_alloc` with a tile is complete when it returns, and counts as a barrier on
//!   both sides: up to `membar`, which will order the threads' stores.
//! - After `membar` (`placed`), only its barriers count (`layout.barrier`, `layout.sync`,
//!   `debug_barrier`), and every op's accesses to the bytes `allocate-shared` placed
//!   (`shared_access`) are checked against them: a read of bytes written since the last
//!   barrier, or a write of bytes read or written since it, is an error naming both.
//! - Warp-group products (`warp_group_dot {async = true}`) complete in issue order, at the
//!   `warp_group_dot_wait` that leaves them no longer pending. Until then their result may
//!   only be carried (loops, yields), passed to a wait, or chained into another product's
//!   accumulator (as wgmma chains on the same registers); any other read is an error. A
//!   product's operands are checked and read when it is issued and count as read when it
//!   completes; any write to them in between is an error, so this is the same as reading
//!   them at completion. A synchronous product waits for every product in flight.
//! - `local_dealloc` of a buffer that a copy in flight writes or a product in flight
//!   reads, any use of a buffer after its `local_dealloc`, and a program that ends with
//!   copies not waited for or products in flight are errors.
//!
//! Not checked: proxy fences (`fence_async_shared` does nothing here), the order of an
//! op's own accesses to its scratch, shared-memory capacity, and anything finer than a
//! slot (which thread, which warp group).

use crate::value::{Data, Value};
use crate::Fault;
use std::collections::VecDeque;
use std::ops::Range;
use std::sync::Arc;
use tile_dialects::layout::shared_access::{overlaps, Access, Bytes};

mod mbar;

/// A `!layout.memdesc` value: a buffer and one of its slots (`None`: all of it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    pub buf: usize,
    pub slot: Option<usize>,
}

impl View {
    /// The value a program holds for the view.
    pub fn data(self) -> Data {
        Data::I(vec![self.buf as i64, self.slot.map_or(-1, |s| s as i64)])
    }
    pub fn of(d: &Data) -> Result<View, Fault> {
        match d.ints()? {
            [b, s] if *b >= 0 => Ok(View { buf: *b as usize, slot: usize::try_from(*s).ok() }),
            _ => Err(Fault::internal("a shared-memory value that is not a buffer and slot")),
        }
    }
}

/// The state of a slot's last write.
#[derive(Clone, Debug)]
enum Write {
    /// Nothing in flight: written by the threads (`local_alloc`), or landed and made
    /// visible by a barrier.
    Visible,
    /// An asynchronous copy issued at `copy`, its group not completed.
    InFlight { copy: String },
    /// A copy completed by the wait at `wait` while `epoch` barriers had passed: seen by
    /// every thread after the next barrier.
    Landed { epoch: u32, wait: String },
}

#[derive(Clone, Debug)]
struct Slot {
    data: Option<Data>,
    write: Write,
    /// The last read: barriers passed then, its line, and what read.
    read: Option<(u32, String, &'static str)>,
}

struct Buf {
    numel: usize,
    slots: Vec<Slot>,
    loc: String,
    freed: Option<String>,
}

struct Copy {
    buf: usize,
    slot: usize,
    data: Data,
    loc: String,
}

struct Product {
    reads: Vec<(usize, usize)>,
    result: Value,
    loc: String,
}

/// What a launch's programs did with shared memory (`Outcome::smem`): shows which
/// form of the IR ran (a pipelined loop copies asynchronously).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SmemStats {
    /// `async_copy` ops issued.
    pub copies: u64,
    /// `warp_group_dot` ops, and how many of them were left in flight (`async = true`).
    pub products: u64,
    pub products_in_flight: u64,
}

impl SmemStats {
    pub fn add(&mut self, o: &SmemStats) {
        self.copies += o.copies;
        self.products += o.products;
        self.products_in_flight += o.products_in_flight;
    }
}

/// After `membar`: the bytes read and written since the last barrier, with the line of
/// the op that did it.
#[derive(Default, Debug)]
pub struct Placed {
    reads: Vec<(Bytes, String)>,
    writes: Vec<(Bytes, String)>,
}

/// One program's shared memory, copies and products (see the module doc).
#[derive(Default)]
pub struct Smem {
    /// After `membar` (`Kernel::placed`): accesses checked against its barriers, and
    /// `local_alloc` no longer counts as one.
    pub placed: Option<Placed>,
    pub stats: SmemStats,
    bufs: Vec<Buf>,
    /// The open group of copies (not committed).
    open: Vec<Copy>,
    /// Committed groups not completed, oldest first.
    groups: VecDeque<Vec<Copy>>,
    /// Warp-group products in flight, oldest first.
    products: VecDeque<Product>,
    /// Barriers passed.
    epoch: u32,
    /// The mbarriers by (buffer, slot).
    mbars: std::collections::HashMap<(usize, usize), mbar::Mbar>,
}

fn err(msg: String, at: &str, note: &str) -> Fault {
    Fault::new(msg).note(Some(at.to_string()), note)
}

impl Smem {
    /// A new buffer of `slots` slots of `numel` elements; with `init` (all of its
    /// elements, row-major), stored by the threads between two barriers.
    pub fn alloc(&mut self, slots: usize, numel: usize, init: Option<&Data>, loc: &str) -> Result<View, Fault> {
        let mut b = Buf {
            numel,
            slots: vec![Slot { data: None, write: Write::Visible, read: None }; slots],
            loc: loc.to_string(),
            freed: None,
        };
        if let Some(d) = init {
            if d.len() != numel * slots {
                return Err(Fault::internal("local_alloc of a tile of another size"));
            }
            let placed = self.placed.is_some();
            if !placed {
                self.barrier();
            }
            for (i, s) in b.slots.iter_mut().enumerate() {
                s.data = Some(d.gather(i * numel..(i + 1) * numel));
            }
            if !placed {
                self.barrier();
            }
        }
        self.bufs.push(b);
        Ok(View { buf: self.bufs.len() - 1, slot: None })
    }

    pub fn barrier(&mut self) {
        self.epoch += 1;
        if let Some(p) = &mut self.placed {
            *p = Placed::default();
        }
    }

    /// After `membar`: an op's accesses (`shared_access`), at `loc`. A read of bytes
    /// written, or a write of bytes read or written, since the last barrier is an error:
    /// another thread's access may not be done or visible.
    pub fn placed_access(&mut self, a: &Access, loc: &str) -> Result<(), Fault> {
        let Some(p) = &mut self.placed else { return Ok(()) };
        let hit = |list: &[(Bytes, String)], mine: &[Bytes]| {
            list.iter().find(|(b, _)| overlaps(&[*b], mine)).map(|(_, at)| at.clone())
        };
        if let Some(at) = hit(&p.writes, &a.reads) {
            return Err(err(
                "reads shared memory that other threads wrote, with no barrier since (membar)".into(),
                &at,
                "written here",
            ));
        }
        if let Some(at) = hit(&p.writes, &a.writes).or_else(|| hit(&p.reads, &a.writes)) {
            return Err(err(
                "writes shared memory that other threads may still be reading or writing: no barrier since (membar)"
                    .into(),
                &at,
                "accessed here",
            ));
        }
        // One entry an interval (the first access names it): a loop that reads a buffer
        // every trip with no barrier between keeps the lists short.
        let note = |list: &mut Vec<(Bytes, String)>, bytes: &[Bytes]| {
            for b in bytes {
                if !list.iter().any(|(x, _)| x == b) {
                    list.push((*b, loc.to_string()));
                }
            }
        };
        note(&mut p.reads, &a.reads);
        if !a.ring {
            note(&mut p.writes, &a.writes);
        }
        Ok(())
    }

    fn buf(&self, v: View, who: &str) -> Result<&Buf, Fault> {
        let b = self.bufs.get(v.buf).ok_or_else(|| Fault::internal("a view of no buffer"))?;
        match &b.freed {
            Some(at) => Err(err(format!("`{who}` uses a shared buffer after its `local_dealloc`"), at, "freed here")),
            None => Ok(b),
        }
    }

    fn slots(&self, v: View, who: &str) -> Result<Range<usize>, Fault> {
        let b = self.buf(v, who)?;
        Ok(match v.slot {
            Some(s) if s < b.slots.len() => s..s + 1,
            Some(_) => return Err(Fault::internal("a view of a slot past the ring's end")),
            None => 0..b.slots.len(),
        })
    }

    /// Slot `i` of the ring `v`.
    pub fn index(&self, v: View, i: i64) -> Result<View, Fault> {
        let b = self.buf(v, "memdesc_index")?;
        if v.slot.is_some() {
            return Err(Fault::new("`memdesc_index` of one slot: the interpreter indexes whole rings"));
        }
        match usize::try_from(i) {
            Ok(s) if s < b.slots.len() => Ok(View { buf: v.buf, slot: Some(s) }),
            _ => Err(err(
                format!("`memdesc_index`: slot {i} of a ring of {} slots", b.slots.len()),
                &b.loc,
                "the ring, allocated here",
            )),
        }
    }

    /// The view's elements, after the read rules; with `mark`, recorded as read now
    /// (a product in flight records its reads when it completes).
    pub fn read(&mut self, v: View, who: &'static str, loc: &str, mark: bool) -> Result<Data, Fault> {
        let range = self.slots(v, who)?;
        let b = &self.bufs[v.buf];
        let mut parts = vec![];
        for s in range.clone() {
            let slot = &b.slots[s];
            match &slot.write {
                Write::InFlight { copy } => {
                    return Err(err(
                        format!("`{who}` reads shared memory an asynchronous copy has not finished writing (an `async_wait` must complete the copy's group first)"),
                        copy,
                        "the copy",
                    ))
                }
                Write::Landed { epoch, wait } if *epoch == self.epoch => {
                    return Err(err(
                        format!("`{who}` reads shared memory that asynchronous copies wrote, with no barrier since the `async_wait` that completed them: other threads' copies may not be visible yet"),
                        wait,
                        "completed here (each thread waits for its own copies)",
                    ))
                }
                _ => {}
            }
            match &slot.data {
                Some(d) => parts.push(d),
                None => {
                    return Err(err(
                        format!("`{who}` reads shared memory nothing has written"),
                        &b.loc,
                        "the buffer, allocated here",
                    ))
                }
            }
        }
        let data = concat(&parts);
        if mark {
            self.mark_read(v.buf, range, loc, who);
        }
        Ok(data)
    }

    fn mark_read(&mut self, buf: usize, slots: Range<usize>, loc: &str, who: &'static str) {
        let epoch = self.epoch;
        for s in slots {
            self.bufs[buf].slots[s].read = Some((epoch, loc.to_string(), who));
        }
    }

    /// An asynchronous copy of `data` into the view, joining the open group.
    pub fn issue_copy(&mut self, v: View, data: Data, loc: &str) -> Result<(), Fault> {
        let copies = self.start_copy(v, data, loc, "async_copy")?;
        self.open.extend(copies);
        Ok(())
    }

    /// A copy by `who` of `data` into the view, after the rules on writing a slot: the
    /// slots are in flight, the copies returned for the engine that completes them (a
    /// cp.async group, an mbarrier's phase).
    fn start_copy(&mut self, v: View, data: Data, loc: &str, who: &'static str) -> Result<Vec<Copy>, Fault> {
        let range = self.slots(v, who)?;
        let b = &self.bufs[v.buf];
        if data.len() != b.numel * range.len() {
            return Err(Fault::internal(&format!("{who} of a tile of another size")));
        }
        for s in range.clone() {
            let slot = &b.slots[s];
            if let Write::InFlight { copy } = &slot.write {
                return Err(err(
                    format!("`{who}` into shared memory whose previous asynchronous copy has not completed"),
                    copy,
                    "the previous copy",
                ));
            }
            if let Some(p) = self.products.iter().find(|p| p.reads.contains(&(v.buf, s))) {
                return Err(err(
                    format!("`{who}` overwrites shared memory a warp-group product in flight still reads (a `warp_group_dot_wait` must complete it first)"),
                    &p.loc,
                    "the product",
                ));
            }
            if let Some((epoch, at, reader)) = &slot.read {
                if *epoch == self.epoch {
                    return Err(err(
                        format!("`{who}` overwrites shared memory `{reader}` read with no barrier since: another thread may still be reading it"),
                        at,
                        "the read",
                    ));
                }
            }
        }
        let numel = b.numel;
        self.stats.copies += 1;
        let mut copies = vec![];
        for (i, s) in range.enumerate() {
            self.bufs[v.buf].slots[s].write = Write::InFlight { copy: loc.to_string() };
            let part = data.gather(i * numel..(i + 1) * numel);
            copies.push(Copy { buf: v.buf, slot: s, data: part, loc: loc.to_string() });
        }
        Ok(copies)
    }

    /// `async_commit`: the open group is closed (an empty one too, as on the GPU).
    pub fn commit(&mut self) {
        self.groups.push_back(std::mem::take(&mut self.open));
    }

    /// `async_wait {pending}` at `loc`.
    pub fn wait_copies(&mut self, pending: usize, loc: &str) {
        while self.groups.len() > pending {
            for c in self.groups.pop_front().unwrap_or_default() {
                let slot = &mut self.bufs[c.buf].slots[c.slot];
                slot.data = Some(c.data);
                slot.write = Write::Landed { epoch: self.epoch, wait: loc.to_string() };
            }
        }
    }

    /// A warp-group product, in flight: it reads `reads` until it completes (a
    /// synchronous one is waited for at once: `wait_products(0)`).
    pub fn issue_product(&mut self, reads: &[View], result: Value, loc: &str, in_flight: bool) -> Result<(), Fault> {
        self.stats.products += 1;
        self.stats.products_in_flight += in_flight as u64;
        let mut rs = vec![];
        for v in reads {
            rs.extend(self.slots(*v, "warp_group_dot")?.map(|s| (v.buf, s)));
        }
        self.products.push_back(Product { reads: rs, result, loc: loc.to_string() });
        Ok(())
    }

    /// `warp_group_dot_wait {pending}` (0 for a synchronous product): the oldest products
    /// complete until at most `pending` are in flight.
    pub fn wait_products(&mut self, pending: usize) {
        while self.products.len() > pending {
            let Some(p) = self.products.pop_front() else { break };
            for (b, s) in p.reads {
                self.mark_read(b, s..s + 1, &p.loc, "warp_group_dot");
            }
        }
    }

    /// A product in flight whose result `x` is: its line.
    pub fn in_flight(&self, x: &Value) -> Option<&str> {
        if self.products.is_empty() {
            return None;
        }
        self.products.iter().find(|p| Arc::ptr_eq(&p.result, x)).map(|p| p.loc.as_str())
    }

    /// `local_dealloc` at `loc`.
    pub fn dealloc(&mut self, v: View, loc: &str) -> Result<(), Fault> {
        self.buf(v, "local_dealloc")?;
        if let Some((_, c)) = self.mbars.values().flat_map(|m| &m.pending).find(|(_, c)| c.buf == v.buf) {
            return Err(err(
                "`local_dealloc` of a shared buffer a TMA copy is still writing (an `mbarrier_wait` must complete it first)".into(),
                &c.loc,
                "the copy",
            ));
        }
        if let Some(c) = self.open.iter().chain(self.groups.iter().flatten()).find(|c| c.buf == v.buf) {
            return Err(err(
                "`local_dealloc` of a shared buffer an asynchronous copy is still writing (an `async_wait` must complete it first)".into(),
                &c.loc,
                "the copy",
            ));
        }
        if let Some(p) = self.products.iter().find(|p| p.reads.iter().any(|r| r.0 == v.buf)) {
            return Err(err(
                "`local_dealloc` of a shared buffer a warp-group product in flight still reads (a `warp_group_dot_wait` must complete it first)".into(),
                &p.loc,
                "the product",
            ));
        }
        self.bufs[v.buf].freed = Some(loc.to_string());
        Ok(())
    }

    /// The program has ended: nothing may be left in flight.
    pub fn at_end(&self) -> Result<(), Fault> {
        if let Some(c) = self.groups.iter().flatten().next() {
            return Err(Fault::at(
                &c.loc,
                "the program ends with this asynchronous copy not waited for (no `async_wait` completes its group)",
            ));
        }
        if let Some(c) = self.open.first() {
            return Err(Fault::at(
                &c.loc,
                "the program ends with this asynchronous copy not waited for (its group was never committed by `async_commit`)",
            ));
        }
        if let Some(p) = self.products.front() {
            return Err(Fault::at(
                &p.loc,
                "the program ends with this warp-group product in flight (no `warp_group_dot_wait` completes it)",
            ));
        }
        Ok(())
    }
}

/// The slots' elements one after another.
fn concat(parts: &[&Data]) -> Data {
    match parts {
        [one] => (*one).clone(),
        _ => match parts.first() {
            Some(Data::F(_)) => Data::F(parts.iter().flat_map(|p| p.floats().unwrap_or(&[]).to_vec()).collect()),
            _ => Data::I(parts.iter().flat_map(|p| p.ints().unwrap_or(&[]).to_vec()).collect()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(x: f64) -> Data {
        Data::F(vec![x; 4])
    }

    #[test]
    fn copies_land_at_their_group_s_wait_and_are_read_after_a_barrier() {
        let mut s = Smem::default();
        let ring = s.alloc(2, 4, None, "ring").unwrap();
        let (s0, s1) = (s.index(ring, 0).unwrap(), s.index(ring, 1).unwrap());
        assert!(s.index(ring, 2).unwrap_err().message.contains("slot 2 of a ring of 2 slots"));
        assert!(s.read(s0, "local_load", "r", true).unwrap_err().message.contains("nothing has written"));
        s.issue_copy(s0, tile(1.0), "c0").unwrap();
        s.commit();
        s.commit(); // an empty group counts
        s.issue_copy(s1, tile(2.0), "c1").unwrap(); // open: no wait completes it
        s.wait_copies(1, "w");
        assert!(s.read(s1, "local_load", "r", true).unwrap_err().message.contains("has not finished writing"));
        assert!(s.read(s0, "local_load", "r", true).unwrap_err().message.contains("no barrier since"));
        s.barrier();
        assert_eq!(s.read(s0, "local_load", "r", true).unwrap(), tile(1.0));
        // Read since the last barrier: not to be overwritten yet.
        assert!(s.issue_copy(s0, tile(3.0), "c2").unwrap_err().message.contains("read with no barrier since"));
        s.wait_copies(0, "w");
        assert!(s.read(s1, "local_load", "r", true).is_err(), "the open group is not waited for");
        assert_eq!(s.at_end().unwrap_err().loc.as_deref(), Some("c1"));
        s.commit();
        s.wait_copies(0, "w");
        s.barrier();
        assert_eq!(s.read(s1, "local_load", "r", true).unwrap(), tile(2.0));
        s.dealloc(ring, "d").unwrap();
        assert!(s.read(s0, "local_load", "r", true).unwrap_err().message.contains("after its `local_dealloc`"));
        assert!(s.at_end().is_ok());
    }

    #[test]
    fn products_complete_in_order_and_hold_their_operands() {
        let mut s = Smem::default();
        let a = s.alloc(1, 4, Some(&tile(1.0)), "a").unwrap();
        let (p0, p1): (Value, Value) = (Arc::new(tile(0.0)), Arc::new(tile(0.0)));
        s.issue_product(&[a], p0.clone(), "p0", true).unwrap();
        s.issue_product(&[a], p1.clone(), "p1", true).unwrap();
        assert!(s.issue_copy(a, tile(2.0), "c").unwrap_err().message.contains("product in flight still reads"));
        assert!(s.dealloc(a, "d").is_err());
        s.wait_products(1);
        assert_eq!((s.in_flight(&p0), s.in_flight(&p1)), (None, Some("p1")));
        s.wait_products(0);
        assert_eq!(s.in_flight(&p1), None);
        // Read by the products at this barrier epoch: a barrier before the next write.
        assert!(s.issue_copy(a, tile(2.0), "c").is_err());
        s.barrier();
        s.issue_copy(a, tile(2.0), "c").unwrap();
        assert!(s.at_end().is_err());
    }
}
