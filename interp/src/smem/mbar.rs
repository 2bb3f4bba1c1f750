//! mbarriers and the TMA copies they count (`layout.mbarrier_init`, `layout.tma_load`,
//! `layout.mbarrier_wait`, `layout.mbarrier_inval`): a copy arrives when issued, its slot is in flight (the rules
//! on writing a slot are `async_copy`'s) and it lands at the first wait that sees its
//! phase complete, visible to every waiting thread at once (no barrier after the wait).

use super::{err, Copy, Smem, View, Write};
use crate::value::Data;
use crate::Fault;

/// An mbarrier (`layout.mbarrier_init`): `count` arrivals complete a phase. TMA copies
/// arrive when issued and land when a wait sees their phase complete.
pub(super) struct Mbar {
    pub(super) count: u32,
    pub(super) arrived: u32,
    /// Phases completed so far.
    pub(super) phase: u32,
    /// Copies not landed yet, with the phase they arrived in.
    pub(super) pending: Vec<(u32, Copy)>,
}

impl Mbar {
    /// One arrival: the one that brings the count up to the barrier's completes the phase.
    fn arrive(&mut self) {
        self.arrived += 1;
        if self.arrived == self.count {
            self.arrived = 0;
            self.phase += 1;
        }
    }
}

impl Smem {
    fn mbar_key(&self, bar: View, who: &str) -> Result<(usize, usize), Fault> {
        let r = self.slots(bar, who)?;
        Ok((bar.buf, r.start))
    }

    /// `mbarrier_init {count}`: a barrier at phase 0 with no arrivals.
    pub fn mbar_init(&mut self, bar: View, count: u32) -> Result<(), Fault> {
        let key = self.mbar_key(bar, "mbarrier_init")?;
        if let Some(c) = self.mbars.get(&key).and_then(|m| m.pending.first()) {
            return Err(err(
                "`mbarrier_init` of an mbarrier a TMA copy in flight will complete (wait for it first)".into(),
                &c.1.loc,
                "the copy",
            ));
        }
        self.mbars.insert(key, Mbar { count: count.max(1), arrived: 0, phase: 0, pending: vec![] });
        Ok(())
    }

    /// `mbarrier_inval`: every mbarrier of the view (one, or each slot of a ring) is no
    /// longer one; a copy still to complete one is an error (it would land in bytes
    /// that may hold something else).
    pub fn mbar_inval(&mut self, bar: View) -> Result<(), Fault> {
        let r = self.slots(bar, "mbarrier_inval")?;
        for s in r {
            if let Some(m) = self.mbars.remove(&(bar.buf, s)) {
                if let Some(c) = m.pending.first() {
                    return Err(err(
                        "`mbarrier_inval` of an mbarrier a TMA copy in flight will complete (wait for it first)".into(),
                        &c.1.loc,
                        "the copy",
                    ));
                }
            }
        }
        Ok(())
    }

    /// A TMA copy of `data` into `v`, arriving on `bar`: in flight until a wait on
    /// `bar` sees its phase complete. The slot's rules are `async_copy`'s.
    pub fn issue_tma(&mut self, v: View, bar: View, data: Data, loc: &str) -> Result<(), Fault> {
        let key = self.mbar_key(bar, "tma_load")?;
        if !self.mbars.contains_key(&key) {
            return Err(Fault::new("`tma_load` arrives on an mbarrier no `mbarrier_init` initialised"));
        }
        let copies = self.start_copy(v, data, loc, "tma_load")?;
        let m = self.mbars.get_mut(&key).expect("checked above");
        for c in copies {
            m.pending.push((m.phase, c));
        }
        m.arrive();
        Ok(())
    }

    /// `count` arrivals on `bar` with no copy (`mbarrier_arrive`): each completes the
    /// current phase when it brings the count up to the barrier's.
    pub fn mbar_arrive(&mut self, bar: View, count: u32) -> Result<(), Fault> {
        let key = self.mbar_key(bar, "mbarrier_arrive")?;
        let Some(m) = self.mbars.get_mut(&key) else {
            return Err(Fault::new("`mbarrier_arrive` on an mbarrier no `mbarrier_init` initialised"));
        };
        for _ in 0..count {
            m.arrive();
        }
        Ok(())
    }

    /// `mbarrier_wait(bar, parity)`: returns once the phase of that parity has completed
    /// (the current phase's parity differs), landing the copies of completed phases; they
    /// are visible to every waiting thread at once. A wait no arrival can complete is a
    /// deadlock (every arrival here comes from this program's own copies).
    pub fn mbar_wait(&mut self, bar: View, parity: i64) -> Result<(), Fault> {
        let key = self.mbar_key(bar, "mbarrier_wait")?;
        let Some(m) = self.mbars.get_mut(&key) else {
            return Err(Fault::new("`mbarrier_wait` on an mbarrier no `mbarrier_init` initialised"));
        };
        if (m.phase as i64 & 1) == (parity & 1) {
            return Err(Fault::new(format!(
                "deadlock: `mbarrier_wait` for phase parity {parity} of an mbarrier whose phase {} has {} of its {} arrivals and no more to come",
                m.phase, m.arrived, m.count
            )));
        }
        let done = m.phase;
        let (land, keep): (Vec<_>, Vec<_>) = std::mem::take(&mut m.pending).into_iter().partition(|(p, _)| *p < done);
        m.pending = keep;
        for (_, c) in land {
            let slot = &mut self.bufs[c.buf].slots[c.slot];
            slot.data = Some(c.data);
            slot.write = Write::Visible;
        }
        Ok(())
    }
}
