//! The TMA descriptors a kernel takes after its parameters (`KernelMeta::tensormaps`),
//! encoded at each launch from the arguments they name (`cuTensorMapEncodeTiled`, a host
//! function: no driver round trip). TMA's rules are checked first, so an argument the
//! copy cannot take is an error naming it, not a driver code or a hang.

use crate::dtype::{DType, ElemBytes};
use crate::Error;
use cudarc::driver::{sys, DeviceRepr};
use tilec::metadata::{Dim, KernelMeta, TensorMapMeta};

/// One encoded descriptor, passed by value (128 bytes, aligned to 64).
#[derive(Clone, Copy)]
#[repr(transparent)]
pub struct TensorMap(pub sys::CUtensorMap);

// SAFETY: plain bytes the kernel reads as its `.param .align 64 .b8 [128]`.
unsafe impl DeviceRepr for TensorMap {}

/// Parameter `i`'s value in the packed launch arguments, as an integer of its type.
fn int_arg(meta: &KernelMeta, packed: &[u64], i: usize) -> Result<i128, Error> {
    let p = meta
        .params
        .get(i)
        .ok_or_else(|| Error::msg(format!("a tensor descriptor names parameter {i}, which the kernel lacks")))?;
    match DType::from_name(&p.ty).filter(|d| d.is_int() && *d != DType::I1) {
        // Each value sits in the low bytes of its slot, as `launch::check` packs it.
        Some(d) => Ok(d.read_int(&packed[i].to_le_bytes(), 0)),
        None => {
            Err(Error::msg(format!("a tensor descriptor's size or stride is `{}`: {}, not an integer", p.name, p.ty)))
        }
    }
}

fn dim(meta: &KernelMeta, packed: &[u64], d: &Dim) -> Result<i128, Error> {
    match d {
        Dim::Param(i) => int_arg(meta, packed, *i),
        Dim::Const(c) => Ok(*c as i128),
    }
}

/// Where a length or stride came from, for an error (not built on the launch path).
fn who(meta: &KernelMeta, d: &Dim) -> String {
    match d {
        Dim::Param(i) => format!("argument `{}`", meta.params[*i].name),
        Dim::Const(_) => "the constant".into(),
    }
}

fn data_type(elem: DType) -> sys::CUtensorMapDataType {
    use sys::CUtensorMapDataType::*;
    match elem {
        DType::I1 | DType::I8 | DType::U8 | DType::F8E4M3 | DType::F8E5M2 => CU_TENSOR_MAP_DATA_TYPE_UINT8,
        DType::I16 | DType::U16 => CU_TENSOR_MAP_DATA_TYPE_UINT16,
        DType::I32 => CU_TENSOR_MAP_DATA_TYPE_INT32,
        DType::U32 => CU_TENSOR_MAP_DATA_TYPE_UINT32,
        DType::I64 => CU_TENSOR_MAP_DATA_TYPE_INT64,
        DType::U64 => CU_TENSOR_MAP_DATA_TYPE_UINT64,
        DType::F16 => CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
        DType::BF16 => CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,
        DType::F32 => CU_TENSOR_MAP_DATA_TYPE_FLOAT32,
        DType::F64 => CU_TENSOR_MAP_DATA_TYPE_FLOAT64,
    }
}

/// The driver's arguments for descriptor `n` (dimensions innermost first), after TMA's
/// rules: plain code, tested without a GPU.
pub struct Encoding {
    pub dtype: sys::CUtensorMapDataType,
    pub address: u64,
    pub dims: Vec<u64>,
    /// Byte strides of every dimension but the innermost.
    pub strides: Vec<u64>,
    pub boxes: Vec<u32>,
    pub swizzle: sys::CUtensorMapSwizzle,
    pub nan: bool,
}

pub fn encoding(meta: &KernelMeta, packed: &[u64], n: usize) -> Result<Encoding, Error> {
    let m: &TensorMapMeta = &meta.tensormaps[n];
    // Errors name the kernel and the descriptor; a launch that passes builds no text.
    let fail = |msg: String| Error::msg(format!("kernel `{}`, tensor descriptor {n}: {msg}", meta.name));
    let elem = DType::from_name(&m.elem).ok_or_else(|| fail(format!("TMA cannot copy elements of {}", m.elem)))?;
    let (dtype, bytes) = (data_type(elem), elem.bytes() as i128);
    let rank = m.shape.len();
    if !(1..=5).contains(&rank) || m.strides.len() != rank || m.box_shape.len() != rank {
        return Err(fail("a descriptor of 1 to 5 axes with a stride and a box length each".into()));
    }
    let address = packed.get(m.base).copied().unwrap_or(0);
    if address % 16 != 0 {
        return Err(fail(format!("the tensor's address {address:#x} is not 16-byte aligned (TMA needs it)")));
    }
    let mut dims = vec![];
    for d in m.shape.iter().rev() {
        let v = dim(meta, packed, d)?;
        if !(1..=1i128 << 32).contains(&v) {
            return Err(fail(format!("{} = {v} is a length TMA cannot take (1 to 2^32)", who(meta, d))));
        }
        dims.push(v as u64);
    }
    let mut strides = vec![];
    for (k, d) in m.strides.iter().enumerate().rev() {
        let v = dim(meta, packed, d)?;
        if k == rank - 1 {
            if v != 1 {
                return Err(fail(format!("the last stride is {} = {v}; TMA copies contiguous rows", who(meta, d))));
            }
            continue;
        }
        let b = v * bytes;
        if v < 0 || b % 16 != 0 || b >= 1i128 << 40 {
            let w = who(meta, d);
            return Err(fail(format!("{w} = {v} is a stride of {b} bytes; TMA needs a multiple of 16 below 2^40")));
        }
        strides.push(b as u64);
    }
    let boxes: Vec<u32> = m.box_shape.iter().rev().copied().collect();
    if boxes.iter().any(|&b| !(1..=256).contains(&b)) || (boxes[0] as i128 * bytes) % 16 != 0 {
        let b = &m.box_shape;
        return Err(fail(format!("box {b:?} is not one TMA copies (1 to 256 a side, rows of 16-byte multiples)")));
    }
    use sys::CUtensorMapSwizzle::*;
    let swizzle = match m.swizzle {
        0 => CU_TENSOR_MAP_SWIZZLE_NONE,
        32 => CU_TENSOR_MAP_SWIZZLE_32B,
        64 => CU_TENSOR_MAP_SWIZZLE_64B,
        128 => CU_TENSOR_MAP_SWIZZLE_128B,
        s => return Err(fail(format!("no TMA swizzle of {s} bytes"))),
    };
    Ok(Encoding { dtype, address, dims, strides, boxes, swizzle, nan: m.nan })
}

/// Every descriptor of `meta` for a launch with these `packed` arguments.
pub fn encode_all(meta: &KernelMeta, packed: &[u64]) -> Result<Vec<TensorMap>, Error> {
    (0..meta.tensormaps.len())
        .map(|n| {
            let e = encoding(meta, packed, n)?;
            let mut map = TensorMap(sys::CUtensorMap { opaque: [0; 16] });
            let ones = vec![1u32; e.dims.len()];
            let fill = if e.nan {
                sys::CUtensorMapFloatOOBfill::CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA
            } else {
                sys::CUtensorMapFloatOOBfill::CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE
            };
            // SAFETY: every array is as long as the rank (strides one shorter), as the
            // driver reads them; the map is written in place.
            let r = unsafe {
                sys::cuTensorMapEncodeTiled(
                    &mut map.0,
                    e.dtype,
                    e.dims.len() as u32,
                    e.address as *mut std::ffi::c_void,
                    e.dims.as_ptr(),
                    e.strides.as_ptr(),
                    e.boxes.as_ptr(),
                    ones.as_ptr(),
                    sys::CUtensorMapInterleave::CU_TENSOR_MAP_INTERLEAVE_NONE,
                    e.swizzle,
                    sys::CUtensorMapL2promotion::CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
                    fill,
                )
            };
            r.result()
                .map_err(|err| crate::cuda::fail(format!("kernel `{}`: tensor descriptor {n}", meta.name), err))?;
            Ok(map)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{kernel, param};

    fn meta(stride: Dim) -> KernelMeta {
        let params = vec![param("a", "*f16", 16), param("M", "i32", 1), param("K", "i32", 1)];
        let map = TensorMapMeta {
            base: 0,
            shape: vec![Dim::Param(1), Dim::Param(2)],
            strides: vec![stride, Dim::Const(1)],
            elem: "f16".into(),
            box_shape: vec![64, 32],
            swizzle: 0,
            nan: false,
        };
        KernelMeta { tensormaps: vec![map], ..kernel("k", params) }
    }

    #[test]
    fn encodes_innermost_first_in_bytes() {
        let e = encoding(&meta(Dim::Param(2)), &[0x1000, 100, 72], 0).unwrap();
        assert_eq!((e.address, e.dims, e.strides, e.boxes), (0x1000, vec![72, 100], vec![144], vec![32, 64]));
    }

    #[test]
    fn refuses_what_tma_cannot_copy() {
        let err = |packed: &[u64]| encoding(&meta(Dim::Param(2)), packed, 0).err().unwrap().to_string();
        assert_eq!(
            err(&[0x1000, 100, 70]),
            "kernel `k`, tensor descriptor 0: argument `K` = 70 is a stride of 140 bytes; TMA needs a multiple of 16 below 2^40"
        );
        assert_eq!(
            err(&[0x1000, 0, 72]),
            "kernel `k`, tensor descriptor 0: argument `M` = 0 is a length TMA cannot take (1 to 2^32)"
        );
        assert!(err(&[0x1008, 100, 72]).contains("not 16-byte aligned"));
        // A negative i32 reads as negative, not as a large unsigned length.
        assert!(err(&[0x1000, (-5i32) as u32 as u64, 72]).contains("= -5 is a length"));
    }
}
