//! Matching the command line's arguments to a kernel's signature, and refusing what the
//! compiled code cannot handle, before any memory is allocated or any GPU touched.
//!
//! The signature comes from the metadata `tilec` writes (`OUT.json`; `signature.rs`). A kernel was compiled
//! under assumptions recorded there (an integer divisible by 8 or 16, a pointer aligned to
//! 16 bytes, offsets that fit in 32 bits); an argument that breaks one would make the kernel
//! silently wrong, so it is refused with the argument's name and the reason.

use crate::buffers::{encode_scalar, HostBuffer};
use crate::dtype::{DType, ElemBytes};
use crate::npy::NpyIn;
use crate::signature::{signature, Param, ParamKind};
use crate::spec::{ArgSpec, ArgValue, BufferSpec, Scalar, Source};
use crate::Error;
use tilec::metadata::KernelMeta;

/// Device buffers tilerun allocates are aligned to this many bytes (cuMemAlloc gives at
/// least 256).
pub const BUFFER_ALIGN: u32 = 256;

fn describe(kernel: &str, params: &[Param]) -> String {
    let list: Vec<String> = params.iter().map(|p| format!("{}: {}", p.name, p.spelling())).collect();
    format!("kernel `{kernel}` takes {} arguments ({})", params.len(), list.join(", "))
}

/// Puts `args` in parameter order: positional ones first, then `name=spec` ones.
pub fn order<'a>(kernel: &str, params: &[Param], args: &'a [ArgSpec]) -> Result<Vec<&'a ArgSpec>, Error> {
    let mut slots: Vec<Option<&ArgSpec>> = vec![None; params.len()];
    let positional: Vec<&ArgSpec> = args.iter().filter(|a| a.name.is_none()).collect();
    if positional.len() > params.len() {
        return Err(Error::msg(format!("{}, but {} were given", describe(kernel, params), positional.len())));
    }
    for (slot, a) in slots.iter_mut().zip(positional) {
        *slot = Some(a);
    }
    for a in args.iter().filter(|a| a.name.is_some()) {
        let name = a.name.as_deref().unwrap();
        let i = params.iter().position(|p| p.name == name).ok_or_else(|| {
            let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
            Error::msg(format!("kernel `{kernel}` has no parameter `{name}` (it has {})", names.join(", ")))
        })?;
        if let Some(prev) = slots[i] {
            return Err(Error::msg(format!("argument `{name}` is given twice (`{}` and `{}`)", prev.text, a.text)));
        }
        slots[i] = Some(a);
    }
    let missing: Vec<String> =
        params.iter().zip(&slots).filter(|(_, s)| s.is_none()).map(|(p, _)| format!("`{}`", p.name)).collect();
    if !missing.is_empty() {
        return Err(Error::msg(format!("{}; missing: {}", describe(kernel, params), missing.join(", "))));
    }
    Ok(slots.into_iter().map(|s| s.unwrap()).collect())
}

/// Triton-style specialisation for a kernel compiled from source here, by the launch
/// API's one rule (`launch::assumption`): `(divisibility, equal_to_one)`. tilerun's
/// buffers are aligned to `BUFFER_ALIGN`, so every buffer counts as aligned to 16 bytes.
pub fn specialisation(params: &[Param], args: &[&ArgSpec]) -> (Vec<(String, u32)>, Vec<String>) {
    let args: Vec<crate::launch::Arg> = params
        .iter()
        .zip(args)
        .map(|(p, a)| match (&a.value, p.kind) {
            (ArgValue::Scalar(v), _) => crate::launch::Arg::Scalar(*v),
            (ArgValue::Buffer(_), ParamKind::Ptr(elem) | ParamKind::Scalar(elem)) => {
                crate::launch::Arg::Ptr { addr: BUFFER_ALIGN as u64, elem, len: 0 }
            }
        })
        .collect();
    crate::launch::specialisation(params, &args)
}

/// Where a buffer's contents come from, its size known (an `.npy`'s header is read).
pub enum BufferPlan {
    Generate { source: Source, dtype: DType, shape: Vec<usize> },
    Npy(NpyIn),
}

impl BufferPlan {
    pub fn len(&self) -> u64 {
        match self {
            BufferPlan::Generate { shape, .. } => shape.iter().map(|&d| d as u64).product(),
            BufferPlan::Npy(f) => f.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Makes the host buffer; `stream` (the parameter's index) decorrelates arguments.
    pub fn materialize(self, elem: DType, seed: u64, stream: u64, poison: bool) -> Result<HostBuffer, Error> {
        match self {
            BufferPlan::Generate { source, dtype, shape } => {
                HostBuffer::generate(&source, dtype, &shape, seed, stream, poison)
            }
            BufferPlan::Npy(f) => f.read(elem),
        }
    }
}

/// One argument, checked against its parameter.
pub enum Bound {
    /// The value's bytes, little-endian, in the low bytes of a u64 (what cuLaunchKernel
    /// reads for a parameter of up to 8 bytes).
    Scalar {
        bits: u64,
    },
    Buffer {
        elem: DType,
        plan: BufferPlan,
    },
}

/// numpy's name of a type, for advice on converting an `.npy`.
fn numpy_name(d: DType) -> &'static str {
    match d {
        DType::I1 => "bool_",
        DType::I8 => "int8",
        DType::I16 => "int16",
        DType::I32 => "int32",
        DType::I64 => "int64",
        DType::U8 => "uint8",
        DType::U16 => "uint16",
        DType::U32 => "uint32",
        DType::U64 => "uint64",
        DType::F16 => "float16",
        DType::BF16 | DType::F32 => "float32",
        DType::F64 => "float64",
        // numpy has no fp8: its bits as uint8 (or float32 values, rounded on reading).
        DType::F8E4M3 | DType::F8E5M2 => "uint8",
    }
}

fn bind_scalar(p: &Param, d: DType, a: &ArgSpec) -> Result<Bound, Error> {
    let v = match &a.value {
        ArgValue::Scalar(v) => *v,
        ArgValue::Buffer(_) => {
            return Err(Error::msg(format!("argument `{}` is a scalar ({d}), but `{}` is a buffer", p.name, a.text)))
        }
    };
    let v = match (v, d) {
        (Scalar::Int(i @ (0 | 1)), DType::I1) => Scalar::Bool(i == 1),
        (Scalar::Bool(_), d) if d != DType::I1 => {
            return Err(Error::msg(format!("argument `{}` is {d}, not a boolean", p.name)));
        }
        (v, _) => v,
    };
    let bytes = encode_scalar(v, d).map_err(|e| Error::msg(format!("argument `{}`: {e}", p.name)))?;
    if let Scalar::Int(i) = v {
        if p.equal_to_one && i != 1 {
            return Err(Error::msg(format!(
                "argument `{}` = {i}, but this kernel was compiled with `{}` equal to 1 (recompile without `--assume {}=1`)",
                p.name, p.name, p.name
            )));
        }
        if p.divisibility > 1 && i % p.divisibility as i128 != 0 {
            return Err(Error::msg(format!(
                "argument `{}` = {i} is not a multiple of {}, which this kernel was compiled to assume \
                 (recompile without `--divisibility {}={}`)",
                p.name, p.divisibility, p.name, p.divisibility
            )));
        }
    }
    let mut bits = [0u8; 8];
    bits[..bytes.len()].copy_from_slice(&bytes);
    Ok(Bound::Scalar { bits: u64::from_le_bytes(bits) })
}

fn bind_buffer(p: &Param, elem: DType, index_bits: u32, a: &ArgSpec) -> Result<Bound, Error> {
    let spec: &BufferSpec = match &a.value {
        ArgValue::Buffer(b) => b,
        ArgValue::Scalar(_) => {
            return Err(Error::msg(format!(
                "argument `{}` is a pointer (*{elem}), but `{}` is a number: give a buffer \
                 (randn:{elem}:N, zeros:{elem}:N, x.npy, ...)",
                p.name, a.text
            )))
        }
    };
    if p.divisibility > BUFFER_ALIGN || !p.divisibility.is_power_of_two() {
        return Err(Error::msg(format!(
            "argument `{}`: this kernel assumes the pointer aligned to {} bytes, but tilerun's buffers are aligned to {BUFFER_ALIGN}",
            p.name, p.divisibility
        )));
    }
    let plan = match &spec.source {
        Source::Npy(path) => {
            let f = NpyIn::open(path)?;
            let ok = f.dtype == elem
                || (elem == DType::BF16 && f.dtype == DType::F32)
                || (elem.is_fp8() && matches!(f.dtype, DType::F32 | DType::U8));
            if !ok {
                return Err(Error::msg(format!(
                    "argument `{}` is *{elem}, but {} holds {} (save it with .astype(np.{}))",
                    p.name,
                    path.display(),
                    f.dtype,
                    numpy_name(elem)
                )));
            }
            BufferPlan::Npy(f)
        }
        source => {
            let dtype = spec.dtype.unwrap_or(elem);
            if dtype != elem {
                return Err(Error::msg(format!(
                    "argument `{}` is *{elem}, but `{}` makes {dtype} elements",
                    p.name, a.text
                )));
            }
            BufferPlan::Generate { source: source.clone(), dtype, shape: spec.shape.clone() }
        }
    };
    let n = plan.len();
    if index_bits == 32 && n >= 1 << 31 {
        return Err(Error::msg(format!(
            "argument `{}` has {n} elements; this kernel uses 32-bit offsets (compile with --index-bits 64)",
            p.name
        )));
    }
    Ok(Bound::Buffer { elem, plan })
}

/// Checks every argument against `kernel`'s signature and its compiled-in assumptions.
/// Reads `.npy` headers, not data: nothing large is allocated here.
pub fn bind(kernel: &KernelMeta, args: &[ArgSpec]) -> Result<Vec<Bound>, Error> {
    let params = signature(&kernel.params)?;
    let ordered = order(&kernel.name, &params, args)?;
    params
        .iter()
        .zip(ordered)
        .map(|(p, a)| match p.kind {
            ParamKind::Scalar(d) => bind_scalar(p, d, a),
            ParamKind::Ptr(d) => bind_buffer(p, d, kernel.index_bits, a),
        })
        .collect()
}

/// What bound arguments give each parameter of `meta`, as its `#[requires]` reads them
/// (`crate::requires`): buffers their lengths, integers their values as `meta` types them.
pub fn launch_values(meta: &KernelMeta, bound: &[Bound]) -> Result<Vec<tilec::requires::LaunchValue>, Error> {
    use tilec::requires::LaunchValue;
    let params = signature(&meta.params)?;
    Ok(params
        .iter()
        .zip(bound)
        .map(|(p, b)| match (p.kind, b) {
            (_, Bound::Buffer { plan, .. }) => LaunchValue::Buffer(plan.len()),
            (ParamKind::Scalar(d), Bound::Scalar { bits }) if d.is_int() && d.bits() > 1 => {
                LaunchValue::Int(d.read_int(&bits.to_le_bytes(), 0))
            }
            _ => LaunchValue::Other,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::parse_arg;
    use crate::testing::{kernel, param};

    fn add_meta(index_bits: u32, n_div: u32) -> KernelMeta {
        let params =
            vec![param("a", "*f32", 16), param("b", "*f32", 16), param("out", "*f32", 16), param("n", "i32", n_div)];
        KernelMeta { index_bits, ..kernel("add", params) }
    }

    fn args(v: &[&str]) -> Vec<ArgSpec> {
        v.iter().map(|s| parse_arg(s).unwrap()).collect()
    }

    fn err(meta: &KernelMeta, v: &[&str]) -> String {
        match bind(meta, &args(v)) {
            Ok(_) => panic!("{v:?} was accepted"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn binds_positional_and_named() {
        let m = add_meta(32, 1);
        let b = bind(&m, &args(&["randn:f32:1000", "rand:1000", "n=1000", "out=empty:f32:1000"])).unwrap();
        assert!(matches!(b[3], Bound::Scalar { bits: 1000 }));
        assert!(matches!(
            &b[2],
            Bound::Buffer { elem: DType::F32, plan: BufferPlan::Generate { source: Source::Empty, .. } }
        ));
        let b = bind(&m, &args(&["zeros:f32:4", "zeros:f32:4", "zeros:f32:4", "-1"])).unwrap();
        assert!(matches!(b[3], Bound::Scalar { bits } if bits == 0xFFFF_FFFF));
    }

    #[test]
    fn refuses_32_bit_overflow_without_allocating() {
        let m = add_meta(32, 1);
        let e = err(&m, &["zeros:f32:3000000000", "zeros:f32:4", "zeros:f32:4", "4"]);
        assert_eq!(
            e,
            "argument `a` has 3000000000 elements; this kernel uses 32-bit offsets (compile with --index-bits 64)"
        );
        // 2^31 - 1 elements still fit; 2^31 do not.
        assert!(err(&m, &["zeros:f32:2147483648", "zeros:f32:4", "zeros:f32:4", "4"]).contains("2147483648 elements"));
        assert!(bind(&m, &args(&["zeros:f32:2147483647", "zeros:f32:4", "zeros:f32:4", "4"])).is_ok());
        // With 64-bit offsets the same buffer is fine.
        assert!(bind(&add_meta(64, 1), &args(&["zeros:f32:3000000000", "zeros:f32:4", "zeros:f32:4", "4"])).is_ok());
    }

    #[test]
    fn refuses_broken_divisibility() {
        let m = add_meta(32, 16);
        assert!(bind(&m, &args(&["zeros:f32:4", "zeros:f32:4", "zeros:f32:4", "1024"])).is_ok());
        let e = err(&m, &["zeros:f32:4", "zeros:f32:4", "zeros:f32:4", "1000"]);
        assert!(e.contains("argument `n` = 1000 is not a multiple of 16"), "{e}");
        let mut m = add_meta(32, 1);
        m.params[0].divisibility = 512;
        let e = err(&m, &["zeros:f32:4", "zeros:f32:4", "zeros:f32:4", "4"]);
        assert!(e.contains("argument `a`") && e.contains("aligned to 512 bytes"), "{e}");
    }

    #[test]
    fn refuses_a_value_compiled_as_one_and_finds_ones() {
        let mut m = add_meta(32, 1);
        m.params[3].equal_to_one = true;
        assert!(bind(&m, &args(&["zeros:f32:4", "zeros:f32:4", "zeros:f32:4", "1"])).is_ok());
        let e = err(&m, &["zeros:f32:4", "zeros:f32:4", "zeros:f32:4", "2"]);
        assert!(e.contains("compiled with `n` equal to 1"), "{e}");
        let params = signature(&add_meta(32, 1).params).unwrap();
        let specs = args(&["zeros:f32:4", "zeros:f32:4", "zeros:f32:4", "1"]);
        let ordered: Vec<&ArgSpec> = specs.iter().collect();
        assert_eq!(specialisation(&params, &ordered).1, vec!["n".to_string()]);
    }

    #[test]
    fn refuses_wrong_counts_and_types() {
        let m = add_meta(32, 1);
        let e = err(&m, &["zeros:f32:4", "zeros:f32:4", "zeros:f32:4"]);
        assert!(e.contains("takes 4 arguments (a: *f32, b: *f32, out: *f32, n: i32); missing: `n`"), "{e}");
        assert!(err(&m, &["zeros:f32:4", "zeros:f32:4", "zeros:f32:4", "4", "5"]).contains("but 5 were given"));
        assert!(err(&m, &["zeros:f32:4", "zeros:f32:4", "zeros:f32:4", "m=4"]).contains("has no parameter `m`"));
        assert!(err(&m, &["zeros:f32:4", "zeros:f32:4", "zeros:f32:4", "4", "n=5"]).contains("given twice"));
        let e = err(&m, &["zeros:f16:4", "zeros:f32:4", "zeros:f32:4", "4"]);
        assert_eq!(e, "argument `a` is *f32, but `zeros:f16:4` makes f16 elements");
        assert!(err(&m, &["1.5", "zeros:f32:4", "zeros:f32:4", "4"]).contains("is a pointer (*f32)"));
        assert!(err(&m, &["zeros:f32:4", "zeros:f32:4", "zeros:f32:4", "zeros:i32:4"]).contains("is a buffer"));
        assert!(err(&m, &["zeros:f32:4", "zeros:f32:4", "zeros:f32:4", "0.5"]).contains("not an integer"));
        assert!(err(&m, &["zeros:f32:4", "zeros:f32:4", "zeros:f32:4", "3000000000"]).contains("does not fit in i32"));
    }

    #[test]
    fn npy_types_must_match() {
        let dir = std::env::temp_dir().join(format!("tile-runtime-bind-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("x64.npy");
        let buf = HostBuffer::generate(&Source::Zeros, DType::F64, &[4], 0, 0, true).unwrap();
        crate::npy::write(&p, &buf).unwrap();
        let m = add_meta(32, 1);
        let a = format!("{}", p.display());
        let e = err(&m, &[&a, "zeros:f32:4", "zeros:f32:4", "4"]);
        assert!(e.contains("is *f32, but") && e.contains("holds f64 (save it with .astype(np.float32))"), "{e}");
    }

    #[test]
    fn specialises_like_triton() {
        let m = add_meta(32, 1);
        let params = signature(&m.params).unwrap();
        let a = args(&["zeros:f32:4", "zeros:f32:4", "zeros:f32:4", "4096"]);
        let ordered = order("add", &params, &a).unwrap();
        let (s, ones) = specialisation(&params, &ordered);
        assert_eq!(s, vec![("a".into(), 16), ("b".into(), 16), ("out".into(), 16), ("n".into(), 16)]);
        assert!(ones.is_empty());
        // Below 16, the largest power of two that divides (3000 and 4104: 8); an odd
        // value, nothing.
        for (n, want) in [("3000", Some(8)), ("4104", Some(8)), ("1000", Some(8)), ("6", Some(2)), ("1001", None)] {
            let a = args(&["zeros:f32:4", "zeros:f32:4", "zeros:f32:4", n]);
            let ordered = order("add", &params, &a).unwrap();
            let s = specialisation(&params, &ordered).0;
            assert_eq!(s.iter().find(|(p, _)| p == "n").map(|e| e.1), want, "{n}");
            assert_eq!(s.len(), 3 + want.is_some() as usize);
        }
    }

    /// What a kernel's `#[requires]` reads of a launch: buffer lengths, and integers as
    /// their parameter types them (u32's 0xFFFF_FFFF is 4294967295, not -1), from bound
    /// arguments (tilerun) and from `launch::Arg`s (the Rust API, the package) alike.
    #[test]
    fn launch_values_for_requirements() {
        use crate::launch::{launch_values as of_args, Arg};
        use tilec::requires::LaunchValue;
        let m = crate::requires::tests::meta();
        let bound = [Bound::Scalar { bits: 0 }, Bound::Scalar { bits: 0xFFFF_FFFF }];
        assert_eq!(launch_values(&m, &bound).unwrap()[1], LaunchValue::Int(4294967295));
        let args = [Arg::Ptr { addr: 0x1000, elem: DType::F32, len: 9 }, Arg::from(10u32)];
        let e = crate::requires::check(&m, || Ok(of_args(&args)), [1, 1, 1]).unwrap_err().to_string();
        assert_eq!(e, "k.tile:1:12: kernel `k` requires len(x) >= n: len(x) is 9, n is 10");
    }
}
