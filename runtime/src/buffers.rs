//! Host-side buffers: made from a spec (seeded, reproducible) or read from `.npy`.
//!
//! Generation is split into fixed chunks of 2^20 elements, each with its own generator
//! seeded from (seed, argument index, chunk index): the chunks fill in parallel, and the
//! contents depend on the seed only, never on the number of threads.

use crate::dtype::DType;
use crate::dtype::ElemBytes;
use crate::spec::{Scalar, Source};
use crate::Error;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use rand_distr::StandardNormal;

/// A buffer's bytes on the host, little-endian, with the shape it is saved with.
#[derive(Clone, Debug, PartialEq)]
pub struct HostBuffer {
    pub dtype: DType,
    pub shape: Vec<usize>,
    pub data: Vec<u8>,
}

const CHUNK: usize = 1 << 20;

impl HostBuffer {
    pub fn len(&self) -> usize {
        self.data.len() / self.dtype.size()
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    pub fn get_f64(&self, i: usize) -> f64 {
        self.dtype.read_f64(&self.data, i)
    }

    pub fn get_int(&self, i: usize) -> i128 {
        self.dtype.read_int(&self.data, i)
    }

    /// Makes the buffer `source` describes (not `.npy`: see `npy::read`). `stream` tells
    /// buffers of one run apart (the argument's index), so `a` and `b` differ.
    pub fn generate(
        source: &Source,
        dtype: DType,
        shape: &[usize],
        seed: u64,
        stream: u64,
        poison: bool,
    ) -> Result<HostBuffer, Error> {
        let n: usize = shape.iter().product();
        let bytes = n
            .checked_mul(dtype.size())
            .ok_or_else(|| Error::msg(format!("a buffer of {n} {dtype} elements does not fit in memory")))?;
        let mut data = vec![0u8; bytes];
        match source {
            Source::Zeros => {}
            Source::Empty => {
                if poison {
                    data.fill(0xFF);
                }
            }
            Source::Full(v) => {
                let elem = encode_scalar(*v, dtype)?;
                data.chunks_exact_mut(dtype.size()).for_each(|c| c.copy_from_slice(&elem));
            }
            Source::Arange => {
                if dtype.is_int() && n > 0 && (n as i128 - 1) > dtype.int_range().1 {
                    return Err(Error::msg(format!("arange of {n} elements overflows {dtype}")));
                }
                fill_chunks(&mut data, dtype, |start, out| {
                    for (k, c) in out.chunks_exact_mut(dtype.size()).enumerate() {
                        dtype.write_int((start + k) as i128, c);
                    }
                });
            }
            Source::Randn | Source::Rand => {
                if dtype.is_int() {
                    let kind = if *source == Source::Randn { "randn" } else { "rand" };
                    return Err(Error::msg(format!("{kind} makes floats, not {dtype}: use randint:{dtype}:N:LO:HI")));
                }
                let normal = *source == Source::Randn;
                fill_chunks(&mut data, dtype, |start, out| {
                    let mut rng = chunk_rng(seed, stream, start / CHUNK);
                    for c in out.chunks_exact_mut(dtype.size()) {
                        let v: f64 = if normal { rng.sample::<f64, _>(StandardNormal) } else { rng.random::<f64>() };
                        dtype.write_float(v, c);
                    }
                });
            }
            Source::Randint { lo, hi } => {
                let (tlo, thi) = dtype.int_range();
                if dtype.is_int() && (*lo < tlo || *hi - 1 > thi) {
                    return Err(Error::msg(format!("randint range [{lo}, {hi}) does not fit in {dtype}")));
                }
                let (lo, hi) = (*lo, *hi);
                fill_chunks(&mut data, dtype, |start, out| {
                    let mut rng = chunk_rng(seed, stream, start / CHUNK);
                    for c in out.chunks_exact_mut(dtype.size()) {
                        let v = lo + (rng.random::<u64>() as u128 % (hi - lo) as u128) as i128;
                        dtype.write_int(v, c);
                    }
                });
            }
            Source::Npy(_) => unreachable!("npy buffers are read, not generated"),
        }
        Ok(HostBuffer { dtype, shape: shape.to_vec(), data })
    }
}

/// The bytes of one element of `dtype` holding `v`, if it fits.
pub fn encode_scalar(v: Scalar, dtype: DType) -> Result<Vec<u8>, Error> {
    match v {
        Scalar::Bool(b) => Ok(dtype.encode_int(b as i128)),
        Scalar::Int(i) => {
            let (lo, hi) = dtype.int_range();
            if dtype.is_int() && !(lo..=hi).contains(&i) {
                return Err(Error::msg(format!("{i} does not fit in {dtype} (range {lo}..={hi})")));
            }
            Ok(dtype.encode_int(i))
        }
        Scalar::Float(f) if dtype.is_float() => Ok(dtype.encode_float(f)),
        Scalar::Float(f) => Err(Error::msg(format!("{f} is not an integer, and the type is {dtype}"))),
    }
}

fn chunk_rng(seed: u64, stream: u64, chunk: usize) -> Xoshiro256PlusPlus {
    // SplitMix-style mixing, so neighbouring (seed, stream, chunk) triples start far apart.
    let mut z = seed ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (chunk as u64).wrapping_mul(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    Xoshiro256PlusPlus::seed_from_u64(z ^ (z >> 31))
}

/// Runs `f(first_element, bytes)` over chunks of `CHUNK` elements, on all cores.
fn fill_chunks(data: &mut [u8], dtype: DType, f: impl Fn(usize, &mut [u8]) + Sync) {
    let chunk_bytes = CHUNK * dtype.size();
    let chunks: Vec<(usize, &mut [u8])> =
        data.chunks_mut(chunk_bytes).enumerate().map(|(i, c)| (i * CHUNK, c)).collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(chunks.len().max(1));
    if threads <= 1 {
        chunks.into_iter().for_each(|(s, c)| f(s, c));
        return;
    }
    let work = std::sync::Mutex::new(chunks.into_iter());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let next = work.lock().unwrap().next();
                match next {
                    Some((s, c)) => f(s, c),
                    None => break,
                }
            });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gen(src: Source, dtype: DType, n: usize, seed: u64) -> HostBuffer {
        HostBuffer::generate(&src, dtype, &[n], seed, 0, true).unwrap()
    }

    #[test]
    fn reproducible_and_seeded() {
        let n = CHUNK * 2 + 17;
        let a = gen(Source::Randn, DType::F32, n, 0);
        assert_eq!(a, gen(Source::Randn, DType::F32, n, 0));
        assert_ne!(a, gen(Source::Randn, DType::F32, n, 1));
        // Different arguments of one run get different data.
        assert_ne!(a.data, HostBuffer::generate(&Source::Randn, DType::F32, &[n], 0, 1, true).unwrap().data);
        let mean = (0..n).map(|i| a.get_f64(i)).sum::<f64>() / n as f64;
        let var = (0..n).map(|i| a.get_f64(i).powi(2)).sum::<f64>() / n as f64;
        assert!(mean.abs() < 0.01 && (var - 1.0).abs() < 0.01, "{mean} {var}");
    }

    #[test]
    fn ranges() {
        let u = gen(Source::Rand, DType::F16, 10000, 3);
        assert!((0..u.len()).all(|i| (0.0..=1.0).contains(&u.get_f64(i))));
        let r = gen(Source::Randint { lo: -5, hi: 5 }, DType::I8, 10000, 3);
        let vals: Vec<i128> = (0..r.len()).map(|i| r.get_int(i)).collect();
        assert!(vals.iter().all(|v| (-5..5).contains(v)));
        assert!(vals.contains(&-5) && vals.contains(&4));
        let a = gen(Source::Arange, DType::I32, 5, 0);
        assert_eq!((0..5).map(|i| a.get_int(i)).collect::<Vec<_>>(), vec![0, 1, 2, 3, 4]);
        let f = gen(Source::Full(Scalar::Float(0.5)), DType::BF16, 3, 0);
        assert_eq!(f.get_f64(2), 0.5);
    }

    #[test]
    fn empty_is_poisoned_unless_asked_not_to() {
        assert!(gen(Source::Empty, DType::F32, 4, 0).get_f64(3).is_nan());
        assert_eq!(gen(Source::Empty, DType::I32, 4, 0).get_int(0), -1);
        let clean = HostBuffer::generate(&Source::Empty, DType::F32, &[4], 0, 0, false).unwrap();
        assert_eq!(clean.get_f64(0), 0.0);
        // zeros stays zeros.
        assert_eq!(gen(Source::Zeros, DType::F32, 4, 0).get_f64(1), 0.0);
    }

    #[test]
    fn refusals() {
        let e = |s: Source, d: DType, n: usize| HostBuffer::generate(&s, d, &[n], 0, 0, true).unwrap_err().to_string();
        assert!(e(Source::Randn, DType::I32, 4).contains("randint"));
        assert!(e(Source::Arange, DType::I8, 1000).contains("overflows i8"));
        assert!(e(Source::Randint { lo: 0, hi: 300 }, DType::U8, 4).contains("does not fit"));
        assert!(e(Source::Full(Scalar::Float(0.5)), DType::I32, 4).contains("not an integer"));
        assert!(e(Source::Full(Scalar::Int(-1)), DType::U32, 4).contains("does not fit in u32"));
    }
}
