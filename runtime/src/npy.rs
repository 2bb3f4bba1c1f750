//! `.npy` files in and out, as raw bytes (npyz parses and writes the header).
//!
//! numpy has no bfloat16: a bf16 buffer is saved widened to `<f4` (exact), and a bf16
//! parameter accepts an `<f4` file (rounded to nearest even) or raw 2-byte `|V2` records,
//! which is how `ml_dtypes.bfloat16` arrays are saved.

use crate::buffers::HostBuffer;
use crate::dtype::DType;
use crate::dtype::ElemBytes;
use crate::Error;
use npyz::{Endianness, Order, TypeChar, TypeStr, WriterBuilder};
use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// An opened `.npy` whose header has been read: its size is known before the data is.
pub struct NpyIn {
    pub path: PathBuf,
    pub dtype: DType,
    pub shape: Vec<usize>,
    swap: bool,
    reader: BufReader<File>,
}

fn io_err(path: &Path, e: impl std::fmt::Display) -> Error {
    Error::msg(format!("{}: {e}", path.display()))
}

fn dtype_of(ts: &TypeStr) -> Option<DType> {
    let size = ts.size_field();
    Some(match (ts.type_char(), size) {
        (TypeChar::Bool, 1) => DType::I1,
        (TypeChar::Int, 1) => DType::I8,
        (TypeChar::Int, 2) => DType::I16,
        (TypeChar::Int, 4) => DType::I32,
        (TypeChar::Int, 8) => DType::I64,
        (TypeChar::Uint, 1) => DType::U8,
        (TypeChar::Uint, 2) => DType::U16,
        (TypeChar::Uint, 4) => DType::U32,
        (TypeChar::Uint, 8) => DType::U64,
        (TypeChar::Float, 2) => DType::F16,
        (TypeChar::Float, 4) => DType::F32,
        (TypeChar::Float, 8) => DType::F64,
        (TypeChar::RawData, 2) => DType::BF16,
        _ => return None,
    })
}

fn type_str(d: DType) -> &'static str {
    match d {
        DType::I1 => "|b1",
        DType::I8 => "|i1",
        DType::I16 => "<i2",
        DType::I32 => "<i4",
        DType::I64 => "<i8",
        DType::U8 => "|u1",
        DType::U16 => "<u2",
        DType::U32 => "<u4",
        DType::U64 => "<u8",
        DType::F16 => "<f2",
        // No numpy type for bf16 or fp8: saved widened to f32 (exact).
        DType::BF16 | DType::F32 | DType::F8E4M3 | DType::F8E5M2 => "<f4",
        DType::F64 => "<f8",
    }
}

impl NpyIn {
    /// Reads the header only.
    pub fn open(path: &Path) -> Result<NpyIn, Error> {
        let file = File::open(path).map_err(|e| io_err(path, e))?;
        let mut reader = BufReader::with_capacity(1 << 22, file);
        let header =
            npyz::NpyHeader::from_reader(&mut reader).map_err(|e| io_err(path, format!("not a .npy file ({e})")))?;
        let ts = match header.dtype() {
            npyz::DType::Plain(ts) => ts,
            other => return Err(io_err(path, format!("holds records ({}), not plain numbers", other.descr()))),
        };
        let dtype =
            dtype_of(&ts).ok_or_else(|| io_err(path, format!("holds `{ts}`, which no kernel parameter takes")))?;
        let shape: Vec<usize> = header.shape().iter().map(|&d| d as usize).collect();
        if header.order() == Order::Fortran && shape.iter().filter(|&&d| d > 1).count() > 1 {
            return Err(io_err(path, "is Fortran-ordered: save it with np.ascontiguousarray(a)"));
        }
        let swap = ts.endianness() == Endianness::Big && dtype.size() > 1;
        Ok(NpyIn { path: path.to_path_buf(), dtype, shape, swap, reader })
    }

    pub fn len(&self) -> u64 {
        self.shape.iter().map(|&d| d as u64).product()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Reads the data; `want` converts an `<f4` file for a bf16 or fp8 parameter, and takes a
    /// `|u1` file as the bits of an fp8 one (nothing else is converted: a mismatch is the
    /// caller's error to report).
    pub fn read(mut self, want: DType) -> Result<HostBuffer, Error> {
        let n = self.len() as usize;
        let mut data = vec![0u8; n * self.dtype.size()];
        self.reader.read_exact(&mut data).map_err(|e| io_err(&self.path, format!("truncated data ({e})")))?;
        if self.swap {
            data.chunks_exact_mut(self.dtype.size()).for_each(|c| c.reverse());
        }
        let buf = HostBuffer { dtype: self.dtype, shape: self.shape, data };
        if want == DType::BF16 && buf.dtype == DType::F32 {
            let data = (0..n).flat_map(|i| DType::BF16.encode_float(buf.get_f64(i))).collect();
            return Ok(HostBuffer { dtype: DType::BF16, shape: buf.shape, data });
        }
        // numpy has no fp8: a uint8 file holds the bits, a float32 file values to round.
        if want.is_fp8() && buf.dtype == DType::U8 {
            return Ok(HostBuffer { dtype: want, ..buf });
        }
        if want.is_fp8() && buf.dtype == DType::F32 {
            let data = (0..n).flat_map(|i| want.encode_float(buf.get_f64(i))).collect();
            return Ok(HostBuffer { dtype: want, shape: buf.shape, data });
        }
        Ok(buf)
    }
}

/// Reads a whole `.npy` as it is.
pub fn read(path: &Path) -> Result<HostBuffer, Error> {
    let f = NpyIn::open(path)?;
    let d = f.dtype;
    f.read(d)
}

/// Writes `buf` (bf16 and fp8 widened to f32).
pub fn write(path: &Path, buf: &HostBuffer) -> Result<(), Error> {
    let file = File::create(path).map_err(|e| io_err(path, format!("cannot create ({e})")))?;
    let ts: TypeStr = type_str(buf.dtype).parse().expect("valid type string");
    let shape: Vec<u64> = buf.shape.iter().map(|&d| d as u64).collect();
    let mut w = npyz::WriteOptions::new_header_only()
        .dtype(npyz::DType::Plain(ts))
        .shape(&shape)
        .writer(BufWriter::with_capacity(1 << 22, file))
        .write_header_only()
        .map_err(|e| io_err(path, e))?;
    let res = if buf.dtype == DType::BF16 || buf.dtype.is_fp8() {
        let wide: Vec<u8> = (0..buf.len()).flat_map(|i| (buf.get_f64(i) as f32).to_le_bytes()).collect();
        w.write_all(&wide)
    } else {
        w.write_all(&buf.data)
    };
    res.and_then(|_| w.flush()).map_err(|e| io_err(path, format!("cannot write ({e})")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Source;

    fn tmp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tile-runtime-npy-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    #[test]
    fn round_trip_every_type() {
        for d in DType::ALL {
            let src = if d.is_float() { Source::Randn } else { Source::Randint { lo: 0, hi: 2 } };
            let buf = HostBuffer::generate(&src, d, &[3, 5], 7, 0, true).unwrap();
            let p = tmp(&format!("rt_{d}.npy"));
            write(&p, &buf).unwrap();
            let f = NpyIn::open(&p).unwrap();
            assert_eq!(f.shape, vec![3, 5]);
            let back = f.read(d).unwrap();
            assert_eq!(back, buf, "{d}");
        }
    }

    /// numpy has no fp8: a uint8 file is taken as the bits of an fp8 parameter.
    #[test]
    fn uint8_file_holds_fp8_bits() {
        let bits = HostBuffer { dtype: DType::U8, shape: vec![3], data: vec![0x38, 0xC0, 0x7E] };
        let p = tmp("fp8_bits.npy");
        write(&p, &bits).unwrap();
        let b = NpyIn::open(&p).unwrap().read(DType::F8E4M3).unwrap();
        assert_eq!((b.dtype, b.get_f64(0), b.get_f64(1), b.get_f64(2)), (DType::F8E4M3, 1.0, -2.0, 448.0));
    }

    /// Bytes numpy itself writes for `np.save(p, np.array([1.5, -2], dtype='>f4'))` and
    /// `np.array([[1, 2], [3, 4]], dtype=np.int64)`.
    #[test]
    fn reads_numpy_files() {
        let mut be = b"\x93NUMPY\x01\x00v\x00{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }".to_vec();
        be.resize(10 + 0x76 - 1, b' ');
        be.push(b'\n');
        be.extend_from_slice(&1.5f32.to_be_bytes());
        be.extend_from_slice(&(-2f32).to_be_bytes());
        let p = tmp("be.npy");
        std::fs::write(&p, be).unwrap();
        let b = read(&p).unwrap();
        assert_eq!((b.dtype, b.get_f64(0), b.get_f64(1)), (DType::F32, 1.5, -2.0));

        let mut i8s = b"\x93NUMPY\x01\x00v\x00{'descr': '<i8', 'fortran_order': False, 'shape': (2, 2), }".to_vec();
        i8s.resize(10 + 0x76 - 1, b' ');
        i8s.push(b'\n');
        for v in [1i64, 2, 3, 4] {
            i8s.extend_from_slice(&v.to_le_bytes());
        }
        let p = tmp("i8.npy");
        std::fs::write(&p, i8s).unwrap();
        let b = read(&p).unwrap();
        assert_eq!((b.dtype, b.shape.clone(), b.get_int(3)), (DType::I64, vec![2, 2], 4));
    }

    #[test]
    fn bf16_goes_through_f32() {
        let buf = HostBuffer::generate(&Source::Randn, DType::BF16, &[16], 1, 0, true).unwrap();
        let p = tmp("bf16.npy");
        write(&p, &buf).unwrap();
        let f = NpyIn::open(&p).unwrap();
        assert_eq!(f.dtype, DType::F32);
        assert_eq!(f.read(DType::BF16).unwrap(), buf);
    }

    #[test]
    fn bad_files_say_why() {
        let p = tmp("junk.npy");
        std::fs::write(&p, b"hello").unwrap();
        assert!(NpyIn::open(&p).err().unwrap().to_string().contains("not a .npy file"));
        assert!(NpyIn::open(&tmp("missing.npy")).is_err());
        let mut c = b"\x93NUMPY\x01\x00v\x00{'descr': '<c8', 'fortran_order': False, 'shape': (2,), }".to_vec();
        c.resize(10 + 0x76 - 1, b' ');
        c.push(b'\n');
        c.extend_from_slice(&[0; 16]);
        std::fs::write(&p, c).unwrap();
        assert!(NpyIn::open(&p).err().unwrap().to_string().contains("which no kernel parameter takes"));
    }
}
