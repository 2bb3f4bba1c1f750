//! Global memory: the launch's buffers in one address space, and memcheck.
//!
//! Buffer `b` starts at `(b + 1) << 40`, so a pointer is a plain 64-bit integer, pointer
//! arithmetic wraps as on the GPU, and any address names the buffer whose start is
//! nearest (offsets up to ±2^39 bytes, far beyond what 32-bit element offsets reach):
//! an access outside its buffer is reported with the buffer's name and the element
//! offset, not as some other buffer's data.

use crate::Fault;

/// Bytes between the starts of two buffers.
pub const SPAN: u64 = 1 << 40;

/// One buffer: little-endian bytes, as a `tilerun` host buffer holds them.
#[derive(Clone, Debug)]
pub struct Buffer {
    pub name: String,
    pub bytes: Vec<u8>,
    /// Bytes of one element (what offsets in reports count).
    pub unit: usize,
    /// For buffers made `empty:`: which elements have been written (reading one that
    /// has not is reported when `Options::uninit` is set).
    pub written: Option<Vec<bool>>,
}

#[derive(Clone, Debug, Default)]
pub struct Memory {
    pub buffers: Vec<Buffer>,
}

impl Memory {
    /// Adds a buffer; returns its index (what `Arg::Buffer` names).
    pub fn add(&mut self, name: &str, bytes: Vec<u8>, unit: usize) -> usize {
        self.buffers.push(Buffer { name: name.into(), bytes, unit: unit.max(1), written: None });
        self.buffers.len() - 1
    }
    /// Adds a buffer whose elements count as never written until a store writes them.
    pub fn add_uninit(&mut self, name: &str, bytes: Vec<u8>, unit: usize) -> usize {
        let i = self.add(name, bytes, unit);
        let n = self.buffers[i].bytes.len() / self.buffers[i].unit;
        self.buffers[i].written = Some(vec![false; n]);
        i
    }
    /// The address of buffer `b`'s first byte.
    pub fn base(b: usize) -> u64 {
        (b as u64 + 1) * SPAN
    }

    /// The buffer and byte offset an access of `size` bytes at `addr` touches, or why it
    /// may not: the caller adds the op, program and element.
    pub fn locate(&self, addr: i64, size: usize) -> Result<(usize, usize), String> {
        let a = addr as u64;
        let b = (a.wrapping_add(SPAN / 2) / SPAN).wrapping_sub(1) as usize;
        let Some(buf) = self.buffers.get(b) else {
            return Err(format!("address 0x{a:x} is in no buffer"));
        };
        let off = a.wrapping_sub(Self::base(b)) as i64;
        let unit = buf.unit as i64;
        let n = buf.bytes.len() as i64 / unit;
        if off < 0 || off + size as i64 > buf.bytes.len() as i64 {
            let at = if off % unit == 0 { format!("[{}]", off / unit) } else { format!(" byte {off}") };
            return Err(format!("`{}`{at} is outside `{}` ({n} elements)", buf.name, buf.name));
        }
        if off % size as i64 != 0 {
            return Err(format!("`{}` byte {off} is not aligned to the {size}-byte element", buf.name));
        }
        Ok((b, off as usize))
    }
}

/// An access refused by memcheck: the op's line, the program, the element of the tile.
pub fn memcheck_fault(what: &str, loc: &str, pid: [u32; 3], elem: usize, tile: bool, why: String) -> Fault {
    let at = if tile { format!(", element {elem} of the tile") } else { String::new() };
    Fault::at(loc, format!("{what} out of bounds: program ({}, {}, {}){at}: {why}", pid[0], pid[1], pid[2]))
}
