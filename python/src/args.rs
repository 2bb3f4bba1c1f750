//! Python objects as launch arguments: torch tensors (the fast path), objects with
//! `__cuda_array_interface__`, DLPack producers (through torch), and Python numbers.
//!
//! Nothing here parses a signature: a launch hands each object with its parameter's name,
//! and gets back the runtime's `Arg` (address, element type, length; or a scalar) and the
//! CUDA device the buffer lives on. The kernel checks types against its signature after.

use pyo3::exceptions::PyTypeError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyTuple};
use tile_runtime::dtype::DType;
use tile_runtime::launch::Arg;
use tile_runtime::spec::Scalar;

/// What tilec needs of torch, looked up once, after the program imported torch.
pub struct Torch {
    tensor: Py<PyAny>,
    dtypes: Vec<(Py<PyAny>, DType)>,
    /// `torch._C._cuda_getCurrentRawStream(device) -> int`: the current stream as Triton's
    /// launcher reads it (`torch.cuda.current_stream().cuda_stream` costs microseconds).
    /// A CPU-only torch has neither this nor a current device.
    raw_stream: Option<Py<PyAny>>,
    current_device: Option<Py<PyAny>>,
}

static TORCH: PyOnceLock<Torch> = PyOnceLock::new();

/// torch, if the program imported it (tilec never imports it itself: without torch there
/// are no tensors to launch on).
pub fn torch(py: Python<'_>) -> PyResult<Option<&'static Torch>> {
    if let Some(t) = TORCH.get(py) {
        return Ok(Some(t));
    }
    let modules = py.import(intern!(py, "sys"))?.getattr(intern!(py, "modules"))?;
    let Some(torch) = modules.cast::<PyDict>()?.get_item("torch")? else { return Ok(None) };
    let names = [
        ("float32", DType::F32),
        ("float16", DType::F16),
        ("bfloat16", DType::BF16),
        ("float64", DType::F64),
        ("int8", DType::I8),
        ("int16", DType::I16),
        ("int32", DType::I32),
        ("int64", DType::I64),
        ("uint8", DType::U8),
        ("uint16", DType::U16),
        ("uint32", DType::U32),
        ("uint64", DType::U64),
        ("bool", DType::I1),
        // fp8 tensors come through their torch dtype: neither __cuda_array_interface__
        // nor DLPack has an fp8 type.
        ("float8_e4m3fn", DType::F8E4M3),
        ("float8_e5m2", DType::F8E5M2),
    ];
    let mut dtypes = vec![];
    for (name, d) in names {
        if let Some(t) = torch.getattr_opt(name)? {
            dtypes.push((t.unbind(), d));
        }
    }
    let c = torch.getattr("_C")?;
    let t = Torch {
        tensor: torch.getattr("Tensor")?.unbind(),
        dtypes,
        raw_stream: c.getattr_opt("_cuda_getCurrentRawStream")?.map(Bound::unbind),
        current_device: torch.getattr("cuda")?.getattr_opt("current_device")?.map(Bound::unbind),
    };
    Ok(Some(TORCH.get_or_init(py, || t)))
}

impl Torch {
    /// The handle of torch's current stream on `device` (0, the legacy default stream,
    /// without CUDA in torch).
    pub fn stream(&self, py: Python<'_>, device: i32) -> PyResult<usize> {
        match &self.raw_stream {
            Some(f) => f.bind(py).call1((device,))?.extract(),
            None => Ok(0),
        }
    }

    /// torch's current CUDA device, for launches with no tensor to say which (0 where
    /// torch cannot tell: opening the device then says why).
    pub fn current_device(&self, py: Python<'_>) -> i32 {
        let f = self.current_device.as_ref().map(|f| f.bind(py).call0().and_then(|d| d.extract()));
        f.and_then(Result::ok).unwrap_or(0)
    }
}

/// `obj` as the argument of parameter `name`, and the CUDA device of a buffer.
pub fn convert(
    py: Python<'_>,
    name: &str,
    obj: &Bound<'_, PyAny>,
    torch: Option<&Torch>,
) -> PyResult<(Arg, Option<i32>)> {
    // Exact types first: bool before int (a Python bool is an int).
    if obj.is_instance_of::<PyBool>() {
        return Ok((Arg::Scalar(Scalar::Bool(obj.extract()?)), None));
    }
    if obj.is_instance_of::<PyInt>() {
        let v: i128 =
            obj.extract().map_err(|_| PyTypeError::new_err(format!("argument `{name}`: {obj} is too large")))?;
        return Ok((Arg::Scalar(Scalar::Int(v)), None));
    }
    if obj.is_instance_of::<PyFloat>() {
        return Ok((Arg::Scalar(Scalar::Float(obj.extract()?)), None));
    }
    if let Some(t) = torch {
        if obj.is_instance(t.tensor.bind(py))? {
            return tensor(py, name, obj, t);
        }
    }
    if let Some(cai) = obj.getattr_opt(intern!(py, "__cuda_array_interface__"))? {
        return cuda_array(name, &cai).map(|a| (a, None));
    }
    if obj.hasattr(intern!(py, "__dlpack__"))? {
        let Some(t) = torch else {
            return Err(PyTypeError::new_err(format!(
                "argument `{name}`: a DLPack object is read through torch (import torch first)"
            )));
        };
        let tensor = py.import("torch")?.getattr("from_dlpack")?.call1((obj,))?;
        return self::tensor(py, name, &tensor, t);
    }
    // numpy scalars and other numbers.
    if obj.hasattr(intern!(py, "__index__"))? {
        let v: i128 = obj.call_method0(intern!(py, "__index__"))?.extract()?;
        return Ok((Arg::Scalar(Scalar::Int(v)), None));
    }
    if obj.hasattr(intern!(py, "__float__"))? {
        let v: f64 = obj.call_method0(intern!(py, "__float__"))?.extract()?;
        return Ok((Arg::Scalar(Scalar::Float(v)), None));
    }
    let ty = obj.get_type().name()?;
    Err(PyTypeError::new_err(format!(
        "argument `{name}`: a {ty} is neither a number nor a CUDA tensor (torch.Tensor, \
         __cuda_array_interface__ or DLPack)"
    )))
}

fn tensor(py: Python<'_>, name: &str, obj: &Bound<'_, PyAny>, t: &Torch) -> PyResult<(Arg, Option<i32>)> {
    let device: i32 = obj.call_method0(intern!(py, "get_device"))?.extract()?;
    if device < 0 {
        return Err(PyTypeError::new_err(format!(
            "argument `{name}` is a tensor on the CPU: tilec kernels take CUDA tensors (.cuda())"
        )));
    }
    let dtype = obj.getattr(intern!(py, "dtype"))?;
    let Some(elem) = t.dtypes.iter().find(|(d, _)| dtype.is(d)).map(|(_, e)| *e) else {
        return Err(PyTypeError::new_err(format!("argument `{name}`: tilec has no element type for {dtype}")));
    };
    let addr: u64 = obj.call_method0(intern!(py, "data_ptr"))?.extract()?;
    let len: u64 = obj.call_method0(intern!(py, "numel"))?.extract()?;
    Ok((Arg::Ptr { addr, elem, len }, Some(device)))
}

/// `__cuda_array_interface__` (version 2 or 3): `data` = (address, read-only), `typestr`,
/// `shape`.
fn cuda_array(name: &str, cai: &Bound<'_, PyAny>) -> PyResult<Arg> {
    let bad = |what: &str| PyTypeError::new_err(format!("argument `{name}`: __cuda_array_interface__ {what}"));
    let cai = cai.cast::<PyDict>().map_err(|_| bad("is not a dict"))?;
    let data = cai.get_item("data")?.ok_or_else(|| bad("has no `data`"))?;
    let addr: u64 = data.cast::<PyTuple>().map_err(|_| bad("`data` is not a tuple"))?.get_item(0)?.extract()?;
    let typestr: String = cai.get_item("typestr")?.ok_or_else(|| bad("has no `typestr`"))?.extract()?;
    let elem = typestr_elem(&typestr)
        .ok_or_else(|| PyTypeError::new_err(format!("argument `{name}`: tilec has no element type for `{typestr}`")))?;
    let shape: Vec<u64> = cai.get_item("shape")?.ok_or_else(|| bad("has no `shape`"))?.extract()?;
    Ok(Arg::Ptr { addr, elem, len: shape.iter().product() })
}

/// numpy's type strings (`<f4`, `|u1`, `|b1`), little-endian or not byte-ordered.
fn typestr_elem(s: &str) -> Option<DType> {
    let body = s.strip_prefix(['<', '|', '='])?;
    Some(match body {
        "b1" => DType::I1,
        "i1" => DType::I8,
        "i2" => DType::I16,
        "i4" => DType::I32,
        "i8" => DType::I64,
        "u1" => DType::U8,
        "u2" => DType::U16,
        "u4" => DType::U32,
        "u8" => DType::U64,
        "f2" => DType::F16,
        "f4" => DType::F32,
        "f8" => DType::F64,
        _ => return None,
    })
}
