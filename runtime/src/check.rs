//! `--check NAME=REF.npy`: compare a buffer after the run with a reference.
//!
//! Floats pass where `|out - ref| <= atol + rtol * |ref|` (numpy's `allclose`), with a NaN
//! matching a NaN and an infinity only the same infinity, so a kernel that must produce
//! NaN or inf (softmax of -inf rows) can be checked. Integers must be equal. The reference
//! may be of another type than the buffer (an f64 reference for an f32 output, an i64 one
//! for i32): values are compared, not bytes.

use crate::buffers::HostBuffer;
use crate::dtype::DType;
use crate::dtype::ElemBytes;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tolerance {
    pub rtol: f64,
    pub atol: f64,
}

impl Tolerance {
    /// `--rtol`/`--atol` where given, else the output type's defaults (exact for integers).
    pub fn for_dtype(d: DType, rtol: Option<f64>, atol: Option<f64>) -> Tolerance {
        let (r, a) = d.default_tolerance();
        Tolerance { rtol: rtol.unwrap_or(r), atol: atol.unwrap_or(a) }
    }
}

/// The outcome of one comparison.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckReport {
    pub name: String,
    pub len: usize,
    pub tol: Tolerance,
    /// Largest `|out - ref|` over finite pairs.
    pub max_abs_err: f64,
    /// Largest `|out - ref| / |ref|` over finite pairs with `ref != 0`.
    pub max_rel_err: f64,
    pub mismatches: usize,
    /// `(flat index, out, ref)` of the first mismatch.
    pub first: Option<(usize, f64, f64)>,
    /// The reference's shape, to print the first mismatch as a multi-index.
    pub shape: Vec<usize>,
    /// Set when the sizes differ: nothing was compared.
    pub size_error: Option<String>,
}

impl CheckReport {
    pub fn passed(&self) -> bool {
        self.size_error.is_none() && self.mismatches == 0
    }
}

/// `[i, j]` of flat index `i` in a C-ordered `shape`.
pub fn multi_index(mut flat: usize, shape: &[usize]) -> Vec<usize> {
    let mut idx = vec![0; shape.len()];
    for (k, &d) in shape.iter().enumerate().rev() {
        if d > 0 {
            idx[k] = flat % d;
            flat /= d;
        }
    }
    idx
}

/// Compares `out` with `reference`.
pub fn compare(name: &str, out: &HostBuffer, reference: &HostBuffer, tol: Tolerance) -> CheckReport {
    let mut r = CheckReport {
        name: name.to_string(),
        len: out.len(),
        tol,
        max_abs_err: 0.0,
        max_rel_err: 0.0,
        mismatches: 0,
        first: None,
        shape: reference.shape.clone(),
        size_error: None,
    };
    if out.len() != reference.len() {
        r.size_error = Some(format!(
            "`{name}` has {} elements but the reference has {} (shape {:?})",
            out.len(),
            reference.len(),
            reference.shape
        ));
        return r;
    }
    let exact_ints = out.dtype.is_int() && reference.dtype.is_int();
    for i in 0..out.len() {
        let ok = if exact_ints {
            let (a, b) = (out.get_int(i), reference.get_int(i));
            let d = (a - b).unsigned_abs() as f64;
            r.max_abs_err = r.max_abs_err.max(d);
            if b != 0 {
                r.max_rel_err = r.max_rel_err.max(d / (b as f64).abs());
            }
            a == b
        } else {
            let (a, b) = (out.get_f64(i), reference.get_f64(i));
            float_close(a, b, tol, &mut r)
        };
        if !ok {
            r.mismatches += 1;
            if r.first.is_none() {
                let (a, b) = if exact_ints {
                    (out.get_int(i) as f64, reference.get_int(i) as f64)
                } else {
                    (out.get_f64(i), reference.get_f64(i))
                };
                r.first = Some((i, a, b));
            }
        }
    }
    r
}

fn float_close(a: f64, b: f64, tol: Tolerance, r: &mut CheckReport) -> bool {
    if a.is_nan() || b.is_nan() {
        return a.is_nan() && b.is_nan();
    }
    if a.is_infinite() || b.is_infinite() {
        return a == b;
    }
    let d = (a - b).abs();
    r.max_abs_err = r.max_abs_err.max(d);
    if b != 0.0 {
        r.max_rel_err = r.max_rel_err.max(d / b.abs());
    }
    d <= tol.atol + tol.rtol * b.abs()
}

impl fmt::Display for CheckReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(e) = &self.size_error {
            return write!(f, "check `{}`: FAILED: {e}", self.name);
        }
        let verdict = if self.passed() { "ok" } else { "FAILED" };
        write!(
            f,
            "check `{}`: {verdict}: {} elements, max abs err {:.3e}, max rel err {:.3e} (rtol {:e}, atol {:e})",
            self.name, self.len, self.max_abs_err, self.max_rel_err, self.tol.rtol, self.tol.atol
        )?;
        if let Some((i, a, b)) = self.first {
            let at =
                if self.shape.len() > 1 { format!("{i} {:?}", multi_index(i, &self.shape)) } else { i.to_string() };
            write!(f, "; {} mismatches, first at index {at}: got {a}, expected {b}", self.mismatches)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32s(v: &[f32]) -> HostBuffer {
        HostBuffer { dtype: DType::F32, shape: vec![v.len()], data: v.iter().flat_map(|x| x.to_le_bytes()).collect() }
    }
    fn i32s(v: &[i32]) -> HostBuffer {
        HostBuffer { dtype: DType::I32, shape: vec![v.len()], data: v.iter().flat_map(|x| x.to_le_bytes()).collect() }
    }
    fn tol(d: DType) -> Tolerance {
        Tolerance::for_dtype(d, None, None)
    }

    #[test]
    fn float_tolerances() {
        let r = compare("y", &f32s(&[1.0, 2.0, 1e6]), &f32s(&[1.0, 2.000001, 1e6 + 5.0]), tol(DType::F32));
        assert!(r.passed(), "{r}");
        assert!(r.max_abs_err == 5.0, "{r}");
        let r = compare("y", &f32s(&[1.0, 2.1, 3.0, 0.0]), &f32s(&[1.0, 2.0, 3.0, 1.0]), tol(DType::F32));
        assert!(!r.passed());
        assert_eq!(r.mismatches, 2);
        assert_eq!(r.first.map(|f| f.0), Some(1));
        let text = r.to_string();
        assert!(
            text.contains("FAILED") && text.contains("first at index 1") && text.contains("2 mismatches"),
            "{text}"
        );
        // A looser tolerance passes it.
        let loose = Tolerance::for_dtype(DType::F32, Some(0.1), Some(1.0));
        assert!(compare("y", &f32s(&[1.0, 2.1, 3.0, 0.0]), &f32s(&[1.0, 2.0, 3.0, 1.0]), loose).passed());
    }

    #[test]
    fn half_defaults_are_looser() {
        assert_eq!(tol(DType::F16), Tolerance { rtol: 1e-2, atol: 1e-3 });
        assert_eq!(tol(DType::BF16), Tolerance { rtol: 1e-2, atol: 1e-3 });
        assert_eq!(tol(DType::I32), Tolerance { rtol: 0.0, atol: 0.0 });
    }

    #[test]
    fn nan_and_inf() {
        let (nan, inf) = (f32::NAN, f32::INFINITY);
        assert!(compare("y", &f32s(&[nan, inf, -inf]), &f32s(&[nan, inf, -inf]), tol(DType::F32)).passed());
        assert!(!compare("y", &f32s(&[nan]), &f32s(&[0.0]), tol(DType::F32)).passed());
        assert!(!compare("y", &f32s(&[1.0]), &f32s(&[nan]), tol(DType::F32)).passed());
        assert!(!compare("y", &f32s(&[inf]), &f32s(&[-inf]), tol(DType::F32)).passed());
        assert!(!compare("y", &f32s(&[3e38]), &f32s(&[inf]), tol(DType::F32)).passed());
    }

    #[test]
    fn ints_are_exact_across_types() {
        let i64s = HostBuffer {
            dtype: DType::I64,
            shape: vec![3],
            data: [1i64, -2, 3].iter().flat_map(|x| x.to_le_bytes()).collect(),
        };
        assert!(compare("y", &i32s(&[1, -2, 3]), &i64s, tol(DType::I32)).passed());
        let r = compare("y", &i32s(&[1, -2, 4]), &i64s, tol(DType::I32));
        assert_eq!((r.mismatches, r.max_abs_err), (1, 1.0));
    }

    #[test]
    fn sizes_and_multi_index() {
        let r = compare("y", &f32s(&[1.0]), &f32s(&[1.0, 2.0]), tol(DType::F32));
        assert!(!r.passed() && r.to_string().contains("1 elements but the reference has 2"));
        assert_eq!(multi_index(7, &[2, 4]), vec![1, 3]);
        assert_eq!(multi_index(5, &[2, 3, 1]), vec![1, 2, 0]);
        let mut out = f32s(&[0.0; 6]);
        let mut reference = f32s(&[0.0, 0.0, 0.0, 0.0, 1.0, 0.0]);
        reference.shape = vec![2, 3];
        out.shape = vec![6];
        let r = compare("y", &out, &reference, tol(DType::F32));
        assert!(r.to_string().contains("first at index 4 [1, 1]"), "{r}");
    }
}
