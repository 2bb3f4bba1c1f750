//! Built-in references of a run plan's `[expect]` table: `sum(x)`, `cumsum(x)`,
//! `sort(x)`, `argsort(x)` of another buffer's contents before the run, computed here on
//! the host. The orders take options: `sort(x as f32, descending)` orders the bits of
//! `x` (a u32 buffer, say) as another type of the same size, largest first (stable:
//! equal keys keep their order), and sorts the elements themselves, bits unchanged: what
//! a radix sort of floats held as unsigned bits must produce. Floats are ordered as IEEE
//! totalOrder (-NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN), as a sort by bits is.
//!
//! They spare a user of a multi-kernel algorithm a numpy script per check: the reduction
//! and scan families of issue 4 are checked against these, with no .npy written.
//! Integers are summed exactly and then wrapped to the output's type, as the GPU's
//! fixed-width adds wrap; floats are summed in f64 (the plan sets the tolerance, since
//! the GPU's order of f32 adds is its own).

use crate::buffers::HostBuffer;
use crate::dtype::DType;
use crate::dtype::ElemBytes;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefOp {
    /// The total, one element.
    Sum,
    /// Inclusive prefix sums.
    Cumsum,
    /// Ascending order.
    Sort,
    /// The positions that put it in ascending order, equal values in their original
    /// order (what a stable key-value sort moves a value `arange` to).
    Argsort,
}

/// `op(of)`: what an `[expect]` entry asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostRef {
    pub op: RefOp,
    /// The buffer whose initial contents it is computed from.
    pub of: String,
    /// `sort` / `argsort` only: the type whose order the elements' bits are sorted in
    /// (`of as f32`), same size as the buffer's.
    pub view: Option<DType>,
    /// `sort` / `argsort` only: largest first.
    pub descending: bool,
}

impl HostRef {
    /// Whether a view fits the buffer's elements (`dtype`): the same width.
    pub fn fits(&self, dtype: DType) -> Result<(), String> {
        match self.view {
            Some(v) if v.size() != dtype.size() => Err(format!(
                "`{}` holds {} ({} bytes an element), not {} ({} bytes)",
                self.of,
                dtype.name(),
                dtype.size(),
                v.name(),
                v.size()
            )),
            _ => Ok(()),
        }
    }
}

/// As written: `sort(x as f32, descending)`.
impl std::fmt::Display for HostRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}({}", format!("{:?}", self.op).to_lowercase(), self.of)?;
        if let Some(v) = self.view {
            write!(f, " as {}", v.name())?;
        }
        write!(f, "{})", if self.descending { ", descending" } else { "" })
    }
}

/// Parses `cumsum(x)`, `sort(x as i64, descending)`.
pub fn parse(text: &str) -> Result<HostRef, String> {
    let t = text.trim();
    let usage = || {
        format!(
            "`{text}`: write sum(BUFFER), cumsum(BUFFER), sort(BUFFER) or argsort(BUFFER); \
             the orders also take `BUFFER as TYPE` and `, descending`"
        )
    };
    let (name, rest) = t.split_once('(').ok_or_else(usage)?;
    let args = rest.strip_suffix(')').ok_or_else(usage)?;
    let op = match name.trim() {
        "sum" => RefOp::Sum,
        "cumsum" => RefOp::Cumsum,
        "sort" => RefOp::Sort,
        "argsort" => RefOp::Argsort,
        _ => return Err(usage()),
    };
    let mut parts = args.split(',').map(str::trim);
    let first: Vec<&str> = parts.next().unwrap_or("").split_whitespace().collect();
    let descending = match parts.next() {
        None => false,
        Some("descending") => true,
        Some(_) => return Err(usage()),
    };
    if parts.next().is_some() {
        return Err(usage());
    }
    let (arg, view) = match first[..] {
        [b] => (b, None),
        [b, "as", ty] => (b, Some(DType::from_name(ty).ok_or_else(|| format!("`{text}`: `{ty}` is not a type"))?)),
        _ => return Err(usage()),
    };
    let ident = arg.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && arg.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    let order = matches!(op, RefOp::Sort | RefOp::Argsort);
    if !ident || (!order && (view.is_some() || descending)) {
        return Err(usage());
    }
    Ok(HostRef { op, of: arg.to_string(), view, descending })
}

/// The positions of `input`'s elements in order (stable), their bits read as `view`.
fn order(input: &HostBuffer, view: DType, descending: bool) -> Vec<usize> {
    let w = view.size();
    let key = |i: usize| -> i128 {
        if view.is_int() {
            return view.read_int(&input.data, i);
        }
        // totalOrder from the bits themselves (no conversion to touch a NaN's payload):
        // negative ones with every bit flipped, the others with the sign bit set.
        let bits = input.data[i * w..(i + 1) * w].iter().rev().fold(0u128, |a, &b| a << 8 | b as u128);
        let (top, all) = (1u128 << (8 * w - 1), (1u128 << (8 * w)) - 1);
        (if bits & top != 0 { !bits & all } else { bits | top }) as i128
    };
    let keys: Vec<i128> = (0..input.len()).map(key).collect();
    let mut idx: Vec<usize> = (0..input.len()).collect();
    if descending {
        idx.sort_by(|&a, &b| keys[b].cmp(&keys[a]));
    } else {
        idx.sort_by_key(|&i| keys[i]);
    }
    idx
}

/// The reference for an output of type `out`: of that type for integers (wrapped), f64
/// for floats; a sort with a view or descending: the input's own elements, reordered.
pub fn compute(r: &HostRef, input: &HostBuffer, out: DType) -> HostBuffer {
    let op = r.op;
    if op == RefOp::Argsort {
        let idx = order(input, r.view.unwrap_or(input.dtype), r.descending);
        let dtype = if out.is_int() { out } else { DType::F64 };
        let mut data = vec![0u8; idx.len() * dtype.size()];
        for (&i, c) in idx.iter().zip(data.chunks_exact_mut(dtype.size())) {
            dtype.write_int(i as i128, c);
        }
        return HostBuffer { dtype, shape: vec![idx.len()], data };
    }
    if r.view.is_some() || r.descending {
        let idx = order(input, r.view.unwrap_or(input.dtype), r.descending);
        let w = input.dtype.size();
        let data = idx.iter().flat_map(|&i| input.data[i * w..(i + 1) * w].iter().copied()).collect();
        return HostBuffer { dtype: input.dtype, shape: vec![idx.len()], data };
    }
    let n = input.len();
    let ints = (input.dtype.is_int() || op == RefOp::Argsort) && out.is_int();
    let dtype = if ints { out } else { DType::F64 };
    let mut values: Vec<f64> = vec![];
    let mut ivalues: Vec<i128> = vec![];
    match (op, ints) {
        (RefOp::Sum, true) => ivalues.push((0..n).fold(0i128, |a, i| a.wrapping_add(input.get_int(i)))),
        (RefOp::Sum, false) => values.push((0..n).map(|i| input.get_f64(i)).sum()),
        (RefOp::Cumsum, true) => {
            let mut acc = 0i128;
            ivalues = (0..n)
                .map(|i| {
                    acc = acc.wrapping_add(input.get_int(i));
                    acc
                })
                .collect();
        }
        (RefOp::Cumsum, false) => {
            let mut acc = 0f64;
            values = (0..n)
                .map(|i| {
                    acc += input.get_f64(i);
                    acc
                })
                .collect();
        }
        (RefOp::Sort, true) => {
            ivalues = (0..n).map(|i| input.get_int(i)).collect();
            ivalues.sort_unstable();
        }
        (RefOp::Argsort, _) => unreachable!("argsort is ordered above"),
        (RefOp::Sort, false) => {
            values = (0..n).map(|i| input.get_f64(i)).collect();
            values.sort_unstable_by(|a, b| a.total_cmp(b));
        }
    }
    let len = if ints { ivalues.len() } else { values.len() };
    let mut data = vec![0u8; len * dtype.size()];
    for (k, c) in data.chunks_exact_mut(dtype.size()).enumerate() {
        if ints {
            dtype.write_int(ivalues[k], c);
        } else {
            dtype.write_float(values[k], c);
        }
    }
    HostBuffer { dtype, shape: vec![len], data }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn buf(dtype: DType, v: &[f64]) -> HostBuffer {
        let mut data = vec![0u8; v.len() * dtype.size()];
        for (x, c) in v.iter().zip(data.chunks_exact_mut(dtype.size())) {
            if dtype.is_int() {
                dtype.write_int(*x as i128, c)
            } else {
                dtype.write_float(*x, c)
            }
        }
        HostBuffer { dtype, shape: vec![v.len()], data }
    }

    fn plain(op: RefOp) -> HostRef {
        HostRef { op, of: "x".into(), view: None, descending: false }
    }

    fn ints(b: &HostBuffer) -> Vec<i128> {
        (0..b.len()).map(|i| b.get_int(i)).collect()
    }

    #[test]
    fn parses() {
        assert_eq!(parse("cumsum(x)"), Ok(plain(RefOp::Cumsum)));
        assert_eq!(parse(" sum( keys_in ) ").map(|r| r.of), Ok("keys_in".into()));
        assert_eq!(parse("sort(k)").unwrap().op, RefOp::Sort);
        for bad in ["mean(x)", "sum x", "sum()", "sum(x + 1)", "cumsum(x"] {
            assert!(parse(bad).unwrap_err().contains("write sum(BUFFER)"), "{bad}");
        }
    }

    #[test]
    fn integer_references_wrap_like_the_gpu() {
        let x = buf(DType::I32, &[3.0, -1.0, 4.0, 1.0, -5.0]);
        assert_eq!(ints(&compute(&plain(RefOp::Cumsum), &x, DType::I32)), vec![3, 2, 6, 7, 2]);
        assert_eq!(ints(&compute(&plain(RefOp::Sum), &x, DType::I32)), vec![2]);
        assert_eq!(ints(&compute(&plain(RefOp::Sort), &x, DType::I32)), vec![-5, -1, 1, 3, 4]);
        // Stable: the two 1s keep their order.
        let d = buf(DType::U32, &[1.0, 0.0, 1.0, 4294967295.0, 0.0]);
        assert_eq!(ints(&compute(&plain(RefOp::Argsort), &d, DType::I32)), vec![1, 4, 0, 2, 3]);
        let big = buf(DType::I32, &[2147483647.0, 1.0]);
        assert_eq!(ints(&compute(&plain(RefOp::Cumsum), &big, DType::I32)), vec![2147483647, -2147483648]);
        // Into a wider output, no wrap.
        assert_eq!(ints(&compute(&plain(RefOp::Sum), &big, DType::I64)), vec![2147483648]);
        let u = buf(DType::U32, &[4294967295.0, 2.0]);
        assert_eq!(ints(&compute(&plain(RefOp::Sum), &u, DType::U32)), vec![1]);
    }

    #[test]
    fn parses_views_and_descending() {
        let r = parse("sort(k as f32, descending)").unwrap();
        assert_eq!((r.op, r.of.as_str(), r.view, r.descending), (RefOp::Sort, "k", Some(DType::F32), true));
        let r = parse("argsort( k as i64 )").unwrap();
        assert_eq!((r.view, r.descending), (Some(DType::I64), false));
        assert!(parse("argsort(k, descending)").unwrap().descending);
        // Printed as written (tilerun's check reports name it so).
        assert_eq!(parse(" sort( k  as f32 ,descending)").unwrap().to_string(), "sort(k as f32, descending)");
        assert_eq!(parse("cumsum(x)").unwrap().to_string(), "cumsum(x)");
        assert!(parse("sort(k as float)").unwrap_err().contains("`float` is not a type"));
        for bad in ["sum(k as i32)", "cumsum(k, descending)", "sort(k, up)", "sort(k as)", "sort(k, descending, x)"] {
            assert!(parse(bad).unwrap_err().contains("the orders also take"), "{bad}");
        }
    }

    #[test]
    fn views_order_the_bits_as_another_type() {
        let r = |t: &str| parse(t).unwrap();
        // u32 bits of floats: -1.5, NaN (positive), -0, +0, 2, -inf.
        let f: Vec<f64> =
            [-1.5f32, f32::NAN, -0.0, 0.0, 2.0, f32::NEG_INFINITY].iter().map(|x| x.to_bits() as f64).collect();
        let x = buf(DType::U32, &f);
        let sorted = compute(&r("sort(x as f32)"), &x, DType::U32);
        let back: Vec<f32> = (0..6).map(|i| f32::from_bits(sorted.get_int(i) as u32)).collect();
        assert_eq!(format!("{back:?}"), "[-inf, -1.5, -0.0, 0.0, 2.0, NaN]");
        assert_eq!(ints(&compute(&r("argsort(x as f32, descending)"), &x, DType::I32)), vec![1, 4, 3, 2, 0, 5]);
        // i32 order of u32 bits; descending keeps equal keys in their order (stable).
        let y = buf(DType::U32, &[4294967295.0, 1.0, 4294967295.0, 0.0]);
        assert_eq!(ints(&compute(&r("sort(y as i32)"), &y, DType::U32)), vec![4294967295, 4294967295, 0, 1]);
        assert_eq!(ints(&compute(&r("argsort(y as i32, descending)"), &y, DType::I32)), vec![1, 3, 0, 2]);
        assert_eq!(ints(&compute(&r("argsort(y, descending)"), &y, DType::I32)), vec![0, 2, 1, 3]);
    }

    #[test]
    fn views_of_every_width() {
        let r = |t: &str| parse(t).unwrap();
        // u16 bits of f16: 1.0 (0x3C00), -2.0 (0xC000), -0.0 (0x8000), +inf (0x7C00).
        let h = buf(DType::U16, &[15360.0, 49152.0, 32768.0, 31744.0]);
        assert_eq!(ints(&compute(&r("argsort(h as f16)"), &h, DType::I32)), vec![1, 2, 0, 3]);
        // u64 bits as i64: the top bit makes a key negative.
        let mut data = vec![];
        for v in [1u64 << 63, 5, u64::MAX, 0] {
            data.extend(v.to_le_bytes());
        }
        let w = HostBuffer { dtype: DType::U64, shape: vec![4], data };
        assert_eq!(ints(&compute(&r("argsort(w as i64)"), &w, DType::I32)), vec![0, 2, 3, 1]);
        assert_eq!(ints(&compute(&r("argsort(w, descending)"), &w, DType::I32)), vec![2, 0, 1, 3]);
        // f64 bits: -1.0 < 0.5; the sort moves the bits unchanged.
        let mut data = vec![];
        for v in [0.5f64, -1.0] {
            data.extend(v.to_bits().to_le_bytes());
        }
        let f = HostBuffer { dtype: DType::U64, shape: vec![2], data };
        let sorted = compute(&r("sort(f as f64)"), &f, DType::U64);
        assert_eq!(sorted.data[..8], (-1.0f64).to_bits().to_le_bytes());
    }

    #[test]
    fn float_references_are_f64() {
        let x = buf(DType::F32, &[0.5, 0.25, -2.0]);
        let s = compute(&plain(RefOp::Sum), &x, DType::F32);
        assert_eq!((s.dtype, s.get_f64(0)), (DType::F64, -1.25));
        let c = compute(&plain(RefOp::Cumsum), &x, DType::F32);
        assert_eq!((0..3).map(|i| c.get_f64(i)).collect::<Vec<_>>(), vec![0.5, 0.75, -1.25]);
        let o = compute(&plain(RefOp::Sort), &x, DType::F32);
        assert_eq!((0..3).map(|i| o.get_f64(i)).collect::<Vec<_>>(), vec![-2.0, 0.25, 0.5]);
        assert_eq!(compute(&plain(RefOp::Sum), &buf(DType::F32, &[]), DType::F32).get_f64(0), 0.0);
    }
}
