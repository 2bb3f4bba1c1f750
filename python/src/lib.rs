//! `tilec._tilec`, the extension module behind the `tilec` Python package
//! (python/tilec/__init__.py is its front): compiling through `tilec::compile`, compile
//! errors as `tilec.CompileError`, and kernels launched on torch tensors (`kernel.rs`).

mod args;
mod kernel;
mod tune;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;
use tilec::{Arch, CompileOptions, NumWarps};

/// `tilec.CompileError(rendered, diagnostics, internal)` (defined in python/tilec/_errors.py).
pub(crate) fn compile_error(py: Python<'_>, d: &tilec::Diagnostics) -> PyErr {
    let make = || -> PyResult<PyErr> {
        let errors = py.import("tilec._errors")?;
        let diagnostic = errors.getattr("Diagnostic")?;
        let items = PyList::empty(py);
        for x in d {
            items.append(diagnostic.call1((
                x.severity.as_str(),
                x.file.clone(),
                x.line,
                x.column,
                x.message.clone(),
                x.notes.clone(),
            ))?)?;
        }
        let e = errors.getattr("CompileError")?.call1((d.render(), items, d.is_internal()))?;
        Ok(PyErr::from_value(e))
    };
    make().unwrap_or_else(|e| e)
}

/// Compiles `text` (or the file at `path`) and returns its kernel `kernel` (the only one
/// when `None`). The Python front (`tilec.compile`) documents the arguments.
#[pyfunction]
#[pyo3(signature = (text, path, kernel, arch, defines, num_warps, index_bits))]
#[allow(clippy::too_many_arguments)]
fn _compile(
    py: Python<'_>,
    text: Option<String>,
    path: Option<String>,
    kernel: Option<String>,
    arch: Option<String>,
    defines: Vec<(String, String)>,
    num_warps: Option<i64>,
    index_bits: u32,
) -> PyResult<kernel::Kernel> {
    let source = match (text, path) {
        (Some(t), _) => tilec::Source::from(t),
        // Read once: the kernel's later specialisations compile this same text.
        (None, Some(p)) => match std::fs::read_to_string(&p) {
            Ok(t) => tilec::Source::text(p, t),
            Err(_) => tilec::Source::file(p), // the compile says why, as a diagnostic
        },
        (None, None) => return Err(PyValueError::new_err("nothing to compile")),
    };
    let arch_given = arch.is_some();
    let arch: Arch = match arch {
        Some(a) => a.parse().map_err(PyValueError::new_err)?,
        None => Arch::default(),
    };
    let num_warps = num_warps.map(NumWarps::new).transpose().map_err(PyValueError::new_err)?;
    let opts = CompileOptions { arch, num_warps, index_bits, defines, kernel: kernel.clone(), ..Default::default() };
    let src = source.clone();
    let o = opts.clone();
    let compiled = py.detach(move || tilec::compile(src, &o)).map_err(|d| compile_error(py, &d))?;
    let name = match kernel {
        Some(k) => k,
        None => match compiled.meta.kernels.as_slice() {
            [k] => k.name.clone(),
            ks => {
                let names: Vec<&str> = ks.iter().map(|k| k.name.as_str()).collect();
                return Err(PyValueError::new_err(format!(
                    "{} has {} kernels ({}): say which with kernel=",
                    source.name(),
                    ks.len(),
                    names.join(", ")
                )));
            }
        },
    };
    let base = CompileOptions { kernel: Some(name.clone()), ..opts };
    kernel::Kernel::new(py, source, base, arch_given, compiled, name)
}

#[pymodule]
fn _tilec(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_compile, m)?)?;
    m.add_class::<kernel::Kernel>()?;
    m.add_class::<kernel::Launcher>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
