//! Built-in references of a run plan's `[expect]` table: `sum(x)`, `cumsum(x)`,
//! `sort(x)`, `argsort(x)` of another buffer's contents before the run, computed here on
//! the host.
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
}

/// Parses `cumsum(x)`.
pub fn parse(text: &str) -> Result<HostRef, String> {
    let t = text.trim();
    let usage = || format!("`{text}`: write sum(BUFFER), cumsum(BUFFER), sort(BUFFER) or argsort(BUFFER)");
    let (name, rest) = t.split_once('(').ok_or_else(usage)?;
    let arg = rest.strip_suffix(')').ok_or_else(usage)?.trim();
    let op = match name.trim() {
        "sum" => RefOp::Sum,
        "cumsum" => RefOp::Cumsum,
        "sort" => RefOp::Sort,
        "argsort" => RefOp::Argsort,
        _ => return Err(usage()),
    };
    let ident = arg.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && arg.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !ident {
        return Err(usage());
    }
    Ok(HostRef { op, of: arg.to_string() })
}

/// The reference for an output of type `out`: of that type for integers (wrapped), f64
/// for floats.
pub fn compute(op: RefOp, input: &HostBuffer, out: DType) -> HostBuffer {
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
        (RefOp::Argsort, _) => {
            let mut idx: Vec<usize> = (0..n).collect();
            if input.dtype.is_int() {
                idx.sort_by_key(|&i| input.get_int(i));
            } else {
                idx.sort_by(|&a, &b| input.get_f64(a).total_cmp(&input.get_f64(b)));
            }
            ivalues = idx.into_iter().map(|i| i as i128).collect();
            values = ivalues.iter().map(|&i| i as f64).collect();
        }
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

    fn ints(b: &HostBuffer) -> Vec<i128> {
        (0..b.len()).map(|i| b.get_int(i)).collect()
    }

    #[test]
    fn parses() {
        assert_eq!(parse("cumsum(x)"), Ok(HostRef { op: RefOp::Cumsum, of: "x".into() }));
        assert_eq!(parse(" sum( keys_in ) "), Ok(HostRef { op: RefOp::Sum, of: "keys_in".into() }));
        assert_eq!(parse("sort(k)").unwrap().op, RefOp::Sort);
        for bad in ["mean(x)", "sum x", "sum()", "sum(x + 1)", "cumsum(x"] {
            assert!(parse(bad).unwrap_err().contains("write sum(BUFFER)"), "{bad}");
        }
    }

    #[test]
    fn integer_references_wrap_like_the_gpu() {
        let x = buf(DType::I32, &[3.0, -1.0, 4.0, 1.0, -5.0]);
        assert_eq!(ints(&compute(RefOp::Cumsum, &x, DType::I32)), vec![3, 2, 6, 7, 2]);
        assert_eq!(ints(&compute(RefOp::Sum, &x, DType::I32)), vec![2]);
        assert_eq!(ints(&compute(RefOp::Sort, &x, DType::I32)), vec![-5, -1, 1, 3, 4]);
        // Stable: the two 1s keep their order.
        let d = buf(DType::U32, &[1.0, 0.0, 1.0, 4294967295.0, 0.0]);
        assert_eq!(ints(&compute(RefOp::Argsort, &d, DType::I32)), vec![1, 4, 0, 2, 3]);
        let big = buf(DType::I32, &[2147483647.0, 1.0]);
        assert_eq!(ints(&compute(RefOp::Cumsum, &big, DType::I32)), vec![2147483647, -2147483648]);
        // Into a wider output, no wrap.
        assert_eq!(ints(&compute(RefOp::Sum, &big, DType::I64)), vec![2147483648]);
        let u = buf(DType::U32, &[4294967295.0, 2.0]);
        assert_eq!(ints(&compute(RefOp::Sum, &u, DType::U32)), vec![1]);
    }

    #[test]
    fn float_references_are_f64() {
        let x = buf(DType::F32, &[0.5, 0.25, -2.0]);
        let s = compute(RefOp::Sum, &x, DType::F32);
        assert_eq!((s.dtype, s.get_f64(0)), (DType::F64, -1.25));
        let c = compute(RefOp::Cumsum, &x, DType::F32);
        assert_eq!((0..3).map(|i| c.get_f64(i)).collect::<Vec<_>>(), vec![0.5, 0.75, -1.25]);
        let o = compute(RefOp::Sort, &x, DType::F32);
        assert_eq!((0..3).map(|i| o.get_f64(i)).collect::<Vec<_>>(), vec![-2.0, 0.25, 0.5]);
        assert_eq!(compute(RefOp::Sum, &buf(DType::F32, &[]), DType::F32).get_f64(0), 0.0);
    }
}
