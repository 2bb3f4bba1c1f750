//! The typed launch API: a compiled kernel loaded on a device (cudarc's safe layer) and
//! launched on a stream with arguments checked against its signature.
//!
//! This is what a program embedding tilec calls (the Python package does, and
//! `runtime/examples/add.rs` shows it in Rust, and `tilerun` runs on it through `gpu`).
//! Everything but [`Device`] and [`Kernel::launch`] is plain code, tested without a
//! GPU: [`check`] refuses an argument of the wrong kind or type, a value the kernel was
//! specialised not to take, or a buffer too long for its offsets, and [`specialisation`]
//! is the one rule of what a launch's arguments let the compiler assume (Triton's, with
//! divisors below 16 too).
//!
//! ```no_run
//! use tile_runtime::launch::{Arg, Device};
//! let dev = Device::open(0)?;
//! let stream = dev.context().default_stream();
//! let compiled = tilec::compile(std::path::Path::new("examples/add.tile"),
//!     &tilec::CompileOptions { arch: dev.arch()?, ..Default::default() })?;
//! let add = dev.load(&compiled, "add")?;
//! let (a, b) = (stream.clone_htod(&[1.0f32; 1000])?, stream.clone_htod(&[2.0f32; 1000])?);
//! let mut out = stream.alloc_zeros::<f32>(1000)?;
//! // SAFETY: add reads and writes n = 1000 elements of buffers that long.
//! unsafe { add.launch(&stream, [1, 1, 1], &[Arg::from(&a), Arg::from(&b), Arg::from(&mut out), Arg::from(1000i32)])? };
//! assert_eq!(stream.clone_dtoh(&out)?, vec![3.0f32; 1000]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::Arc;

use cudarc::driver::{sys, CudaContext, CudaFunction, CudaSlice, CudaStream, DevicePtr, DevicePtrMut};
use tilec::metadata::KernelMeta;
use tilec::options::Arch;

use crate::dtype::{DType, ElemBytes};
use crate::signature::{signature, Param, ParamKind};
use crate::spec::Scalar;
use crate::Error;

/// A device's primary context (the one PyTorch and the CUDA runtime use); clones share it.
#[derive(Clone)]
pub struct Device {
    ctx: Arc<CudaContext>,
}

impl Device {
    /// Opens device `ordinal`; no CUDA driver on this machine is [`Error::NoDriver`].
    pub fn open(ordinal: usize) -> Result<Device, Error> {
        // SAFETY: only tries dlopen on libcuda's candidate names (cudarc panics without it).
        if !unsafe { sys::is_culib_present() } {
            return Err(Error::NoDriver);
        }
        let count = CudaContext::device_count().map_err(|e| crate::cuda::fail("no usable CUDA device", e))?;
        if ordinal as i32 >= count {
            return Err(Error::msg(format!("device {ordinal}: this machine has {count} CUDA device(s)")));
        }
        let ctx = CudaContext::new(ordinal).map_err(|e| crate::cuda::fail("cannot open the CUDA device", e))?;
        Ok(Device { ctx })
    }

    pub fn context(&self) -> &Arc<CudaContext> {
        &self.ctx
    }

    /// The target tilec compiles for on this device (`Arch::for_capability`).
    pub fn arch(&self) -> Result<Arch, Error> {
        let cc = self.ctx.compute_capability().map_err(|e| crate::cuda::fail("cuDeviceGetAttribute", e))?;
        Ok(Arch::for_capability(cc))
    }

    /// The device's name, `NVIDIA H100 80GB HBM3`.
    pub fn name(&self) -> String {
        self.ctx.name().unwrap_or_else(|_| "CUDA device".into())
    }

    /// One attribute of the device (`CU_DEVICE_ATTRIBUTE_*`).
    pub fn attribute(&self, a: sys::CUdevice_attribute) -> Result<i32, Error> {
        self.ctx.attribute(a).map_err(|e| crate::cuda::fail("cuDeviceGetAttribute", e))
    }

    /// The most shared memory a block may ask for (opt-in), in bytes.
    pub fn max_shared(&self) -> Result<u32, Error> {
        Ok(self.attribute(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)? as u32)
    }

    /// Compute capability, `(9, 0)` for an H100.
    pub fn compute_capability(&self) -> Result<(i32, i32), Error> {
        self.ctx.compute_capability().map_err(|e| crate::cuda::fail("cuDeviceGetAttribute", e))
    }

    /// Loads kernel `name` of `compiled` (JIT-compiling its PTX) and gives it the dynamic
    /// shared memory its metadata asks for.
    pub fn load(&self, compiled: &tilec::Compiled, name: &str) -> Result<Kernel, Error> {
        let meta = compiled.kernel(name).ok_or_else(|| {
            let names: Vec<&str> = compiled.meta.kernels.iter().map(|k| k.name.as_str()).collect();
            Error::msg(format!("no kernel `{name}` was compiled (there is: {})", names.join(", ")))
        })?;
        self.load_ptx(&compiled.ptx, meta)
    }

    /// Loads the kernel `meta` describes from `ptx` (tilec's output, or a `.ptx` with the
    /// `OUT.json` written beside it), refusing a block larger than its registers allow.
    pub fn load_ptx(&self, ptx: &str, meta: &KernelMeta) -> Result<Kernel, Error> {
        let name = meta.name.as_str();
        let module = restoring(|| {
            self.ctx.load_module(cudarc::nvrtc::Ptx::from_src(ptx)).map_err(|e| {
                // cudarc's load keeps no JIT log: load again the raw way for ptxas's message.
                crate::cuda::jit_error(ptx).unwrap_or_else(|| crate::cuda::fail("cannot load the PTX", e))
            })
        })?;
        let func = module.load_function(name).map_err(|e| match e.0 {
            sys::CUresult::CUDA_ERROR_NOT_FOUND => Error::msg(format!(
                "the PTX has no kernel `{name}` (it has: {})",
                crate::cuda::ptx_entries(ptx).join(", ")
            )),
            _ => crate::cuda::fail(format!("kernel `{name}`"), e),
        })?;
        if meta.shared_bytes > 48 * 1024 {
            let attr = sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES;
            func.set_attribute(attr, meta.shared_bytes as i32).map_err(|e| {
                crate::cuda::fail(
                    format!("kernel `{name}`: cannot have {} bytes of shared memory", meta.shared_bytes),
                    e,
                )
            })?;
        }
        let kernel = Kernel { func, params: signature(&meta.params)?, meta: meta.clone() };
        // A block the compiled code's registers do not allow: the launch would fail with
        // an opaque error, so say why here, once, for every caller.
        let info = kernel.info()?;
        let threads = meta.block.iter().product::<u32>();
        if threads as i32 > info.max_threads_per_block {
            return Err(Error::msg(format!(
                "a block of {threads} threads is more than the {} it can have with {} registers per thread \
                 (use fewer warps)",
                info.max_threads_per_block, info.num_regs
            )));
        }
        Ok(kernel)
    }
}

/// `f`, which makes a device's context current (cudarc binds it), with the thread's
/// current context put back after: a program that works on another device (torch, whose
/// runtime reads the current device from it) never sees its context switched under it.
fn restoring<T>(f: impl FnOnce() -> T) -> T {
    let before = cudarc::driver::result::ctx::get_current().ok().flatten();
    let r = f();
    if let Some(ctx) = before {
        if cudarc::driver::result::ctx::get_current().ok().flatten() != Some(ctx) {
            // SAFETY: `ctx` was current on this thread a moment ago, and contexts the
            // program made are alive while it uses them.
            let _ = unsafe { cudarc::driver::result::ctx::set_current(ctx) };
        }
    }
    r
}

/// One argument of a launch: a device buffer (its address, element type and length) or a
/// scalar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Arg {
    Ptr { addr: u64, elem: DType, len: u64 },
    Scalar(Scalar),
}

/// Rust element types and the language's.
pub trait Elem {
    const DTYPE: DType;
}

macro_rules! elems {
    ($($t:ty => $d:ident),* $(,)?) => {
        $(impl Elem for $t { const DTYPE: DType = DType::$d; })*
        $(impl From<$t> for Arg { fn from(v: $t) -> Arg { <$t as IntoScalar>::scalar(v) } })*
    };
}

trait IntoScalar {
    fn scalar(self) -> Arg;
}
macro_rules! ints { ($($t:ty),*) => { $(impl IntoScalar for $t { fn scalar(self) -> Arg { Arg::Scalar(Scalar::Int(self as i128)) } })* } }
ints!(i8, i16, i32, i64, u8, u16, u32, u64);
impl IntoScalar for f32 {
    fn scalar(self) -> Arg {
        Arg::Scalar(Scalar::Float(self as f64))
    }
}
impl IntoScalar for f64 {
    fn scalar(self) -> Arg {
        Arg::Scalar(Scalar::Float(self))
    }
}
impl IntoScalar for half::f16 {
    fn scalar(self) -> Arg {
        Arg::Scalar(Scalar::Float(self.to_f64()))
    }
}
impl IntoScalar for half::bf16 {
    fn scalar(self) -> Arg {
        Arg::Scalar(Scalar::Float(self.to_f64()))
    }
}
impl IntoScalar for bool {
    fn scalar(self) -> Arg {
        Arg::Scalar(Scalar::Bool(self))
    }
}

elems!(i8 => I8, i16 => I16, i32 => I32, i64 => I64, u8 => U8, u16 => U16, u32 => U32, u64 => U64,
       half::f16 => F16, half::bf16 => BF16, f32 => F32, f64 => F64, bool => I1);

impl<T: Elem> From<&CudaSlice<T>> for Arg {
    /// The slice's address, read on its own stream (a launch on another stream must be
    /// ordered after its writes by the caller, as for any raw pointer).
    fn from(s: &CudaSlice<T>) -> Arg {
        let (addr, _sync) = s.device_ptr(s.stream());
        Arg::Ptr { addr, elem: T::DTYPE, len: s.len() as u64 }
    }
}

impl<T: Elem> From<&mut CudaSlice<T>> for Arg {
    fn from(s: &mut CudaSlice<T>) -> Arg {
        let stream = s.stream().clone();
        let len = s.len() as u64;
        let (addr, _sync) = s.device_ptr_mut(&stream);
        Arg::Ptr { addr, elem: T::DTYPE, len }
    }
}

/// A kernel loaded on a device.
pub struct Kernel {
    func: CudaFunction,
    meta: KernelMeta,
    params: Vec<Param>,
}

/// The parameter values of a launch, each in the low bytes of its own 8-byte slot (every
/// parameter type is at most 8 bytes; the driver reads as many as the type has).
pub type Packed = Vec<u64>;

/// What the driver says of a loaded kernel.
#[derive(Clone, Copy, Debug)]
pub struct FunctionInfo {
    pub max_threads_per_block: i32,
    pub num_regs: i32,
    pub static_shared_bytes: i32,
    pub local_bytes: i32,
}

impl Kernel {
    pub fn meta(&self) -> &KernelMeta {
        &self.meta
    }

    /// Registers, local memory and the block size the compiled code allows.
    pub fn info(&self) -> Result<FunctionInfo, Error> {
        use sys::CUfunction_attribute::*;
        let get = |a| {
            self.func
                .get_attribute(a)
                .map_err(|e| crate::cuda::fail(format!("kernel `{}`: cuFuncGetAttribute", self.meta.name), e))
        };
        Ok(FunctionInfo {
            max_threads_per_block: get(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)?,
            num_regs: get(CU_FUNC_ATTRIBUTE_NUM_REGS)?,
            static_shared_bytes: get(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES)?,
            local_bytes: get(CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES)?,
        })
    }

    /// Launches on `stream` with a `grid` of programs, after [`check`]ing `args`.
    ///
    /// # Safety
    /// The check knows types, not what the kernel does: every buffer must stay alive until
    /// the kernel is done and be as long as the kernel's accesses (with the scalars given)
    /// reach, and nothing may write it concurrently.
    pub unsafe fn launch(&self, stream: &CudaStream, grid: [u32; 3], args: &[Arg]) -> Result<(), Error> {
        let mut packed = check(&self.meta, &self.params, args)?;
        crate::requires::check(&self.meta, || Ok(launch_values(args)), grid)?;
        self.launch_packed(stream, grid, &mut packed)
    }

    /// Launches arguments already [`check`]ed for this kernel.
    ///
    /// # Safety
    /// As [`Kernel::launch`], and `packed` must come from [`check`] against this kernel.
    pub unsafe fn launch_packed(&self, stream: &CudaStream, grid: [u32; 3], packed: &mut Packed) -> Result<(), Error> {
        if grid.contains(&0) {
            return Ok(()); // no programs: CUDA refuses the launch, and there is nothing to do
        }
        tile_interp::cluster_grid(&self.meta.name, self.meta.cluster_dims, grid).map_err(Error::msg)?;
        // TMA descriptors follow the kernel's own parameters (`tensormap`).
        let maps = crate::tensormap::encode_all(&self.meta, packed)?;
        let mut builder = stream.launch_builder(&self.func);
        for v in packed.iter() {
            cudarc::driver::PushKernelArg::arg(&mut builder, v);
        }
        for m in &maps {
            cudarc::driver::PushKernelArg::arg(&mut builder, m);
        }
        let cfg = cudarc::driver::LaunchConfig {
            grid_dim: (grid[0], grid[1], grid[2]),
            block_dim: (self.meta.block[0], self.meta.block[1], self.meta.block[2]),
            shared_mem_bytes: self.meta.shared_bytes,
        };
        restoring(|| builder.launch(cfg))
            .map(|_| ())
            .map_err(|e| crate::cuda::fail(format!("kernel `{}`: cannot launch", self.meta.name), e))
    }
}

/// What `args` give each parameter, as a kernel's `#[requires]` reads it (`crate::requires`).
pub fn launch_values(args: &[Arg]) -> Vec<tilec::requires::LaunchValue> {
    use tilec::requires::LaunchValue;
    args.iter()
        .map(|a| match a {
            Arg::Ptr { len, .. } => LaunchValue::Buffer(*len),
            Arg::Scalar(Scalar::Int(v)) => LaunchValue::Int(*v),
            Arg::Scalar(_) => LaunchValue::Other,
        })
        .collect()
}

/// Checks `args` against `meta`'s signature (`params`, from `signature::signature`) and what it
/// was compiled to assume, and packs them: the error names the argument and the reason.
pub fn check(meta: &KernelMeta, params: &[Param], args: &[Arg]) -> Result<Packed, Error> {
    if args.len() != params.len() {
        let list: Vec<String> = params.iter().map(|p| format!("{}: {}", p.name, p.spelling())).collect();
        return Err(Error::msg(format!(
            "kernel `{}` takes {} arguments ({}), but {} were given",
            meta.name,
            params.len(),
            list.join(", "),
            args.len()
        )));
    }
    params.iter().zip(args).map(|(p, a)| check_one(p, meta.index_bits, a)).collect()
}

fn check_one(p: &Param, index_bits: u32, a: &Arg) -> Result<u64, Error> {
    match (p.kind, *a) {
        (ParamKind::Ptr(want), Arg::Ptr { addr, elem, len }) => {
            if elem != want {
                return Err(Error::msg(format!("argument `{}` is *{want}, but the buffer holds {elem}", p.name)));
            }
            if addr % p.divisibility as u64 != 0 {
                return Err(Error::msg(format!(
                    "argument `{}`: the kernel was compiled for a pointer aligned to {} bytes, but it is {addr:#x}",
                    p.name, p.divisibility
                )));
            }
            if index_bits == 32 && len >= 1 << 31 {
                return Err(Error::msg(format!(
                    "argument `{}` has {len} elements; this kernel uses 32-bit offsets (compile with index_bits=64)",
                    p.name
                )));
            }
            Ok(addr)
        }
        (ParamKind::Ptr(want), Arg::Scalar(_)) => {
            Err(Error::msg(format!("argument `{}` is a pointer (*{want}), but a number was given", p.name)))
        }
        (ParamKind::Scalar(d), Arg::Ptr { .. }) => {
            Err(Error::msg(format!("argument `{}` is a scalar ({d}), but a buffer was given", p.name)))
        }
        (ParamKind::Scalar(d), Arg::Scalar(v)) => scalar_bits(p, d, v),
    }
}

/// A scalar in the low bytes of a u64, refused where it does not fit the type or breaks
/// the specialisation.
fn scalar_bits(p: &Param, d: DType, v: Scalar) -> Result<u64, Error> {
    let mut bytes = [0u8; 8];
    let out = &mut bytes[..d.size()];
    match v {
        Scalar::Bool(b) if d == DType::I1 => d.write_int(b as i128, out),
        Scalar::Int(i @ (0 | 1)) if d == DType::I1 => d.write_int(i, out),
        Scalar::Int(i) if d.is_int() && d != DType::I1 => {
            let (lo, hi) = d.int_range();
            if !(lo..=hi).contains(&i) {
                return Err(Error::msg(format!("argument `{}` = {i} does not fit in {d} ({lo}..={hi})", p.name)));
            }
            if p.equal_to_one && i != 1 {
                return Err(Error::msg(format!(
                    "argument `{}` = {i}, but the kernel was compiled with it equal to 1",
                    p.name
                )));
            }
            if p.divisibility > 1 && i % p.divisibility as i128 != 0 {
                return Err(Error::msg(format!(
                    "argument `{}` = {i} is not a multiple of {}, which the kernel was compiled to assume",
                    p.name, p.divisibility
                )));
            }
            d.write_int(i, out)
        }
        Scalar::Int(i) if d.is_float() => d.write_float(i as f64, out),
        Scalar::Float(f) if d.is_float() => d.write_float(f, out),
        v => {
            let given = match v {
                Scalar::Bool(_) => "a boolean",
                Scalar::Float(_) => "a float",
                Scalar::Int(_) => "an integer",
            };
            return Err(Error::msg(format!("argument `{}` is {d}, but {given} was given", p.name)));
        }
    }
    Ok(u64::from_le_bytes(bytes))
}

/// The largest divisor a launch specialises on without being asked, as Triton's 16: an
/// integer's largest power-of-two divisor up to it, a pointer's alignment up to 16 bytes
/// (a 16-byte vector, the widest access, needs no more).
pub const MAX_DIVISOR: u32 = 16;

/// What one argument lets the compiler assume of its parameter: the one rule of
/// specialisation, shared by tilerun (`bind::specialisation`), the Python package (its
/// cache key and compile options) and this API ([`specialisation`]).
///
/// An integer equal to 1 is compiled as the constant (Triton's); any other integer as a
/// multiple of the largest power of two dividing it, up to [`MAX_DIVISOR`] (Triton takes
/// 16 or nothing; 8 matters too: the f16 rows of a 3000-wide matrix are 16-byte aligned,
/// which 16-byte copies and the K loop's pipelining need), or of its parameter's
/// `divisibility_hint` (a larger divisor the compiler asked for, a loop's block size)
/// where the value has it. A pointer is compiled for its alignment, up to 16 bytes; one
/// below 16 (a view starting mid-allocation) must say so: the compiler assumes 16 of a
/// pointer it is told nothing about. An argument that does not match its parameter
/// assumes nothing ([`check`] refuses it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Assume {
    /// An odd integer, a float, a boolean.
    Nothing,
    One,
    /// An integer that is a multiple of this power of two (2 to 16, or the hint above
    /// 16); a pointer aligned to this many bytes (1 to 16).
    Divisible(u32),
}

impl Assume {
    /// One byte that tells the assumptions apart (a specialisation cache's key).
    pub fn code(self) -> u8 {
        match self {
            Assume::Nothing => 0,
            Assume::One => 1,
            Assume::Divisible(d) => 2 + d.trailing_zeros() as u8,
        }
    }
}

/// The largest power of two dividing `v`, at most [`MAX_DIVISOR`] (0 is a multiple of
/// every number).
pub fn pow2_divisor(v: i128) -> u32 {
    if v == 0 {
        MAX_DIVISOR
    } else {
        (1u32 << v.trailing_zeros().min(31)).min(MAX_DIVISOR)
    }
}

pub fn assumption(p: &Param, a: &Arg) -> Assume {
    match (p.kind, a) {
        (ParamKind::Ptr(_), Arg::Ptr { addr, .. }) => Assume::Divisible(pow2_divisor(*addr as i128)),
        (ParamKind::Scalar(d), Arg::Scalar(Scalar::Int(v))) if d.is_int() && d != DType::I1 => match v {
            1 => Assume::One,
            v if p.hint > MAX_DIVISOR && v % p.hint as i128 == 0 => Assume::Divisible(p.hint),
            v => match pow2_divisor(*v) {
                1 => Assume::Nothing,
                d => Assume::Divisible(d),
            },
        },
        _ => Assume::Nothing,
    }
}

/// The [`assumption`]s of a launch as compile options: `(divisibility, equal_to_one)`.
pub fn specialisation(params: &[Param], args: &[Arg]) -> (Vec<(String, u32)>, Vec<String>) {
    let (mut div, mut one) = (vec![], vec![]);
    for (p, a) in params.iter().zip(args) {
        match assumption(p, a) {
            Assume::One => one.push(p.name.clone()),
            Assume::Divisible(d) => div.push((p.name.clone(), d)),
            Assume::Nothing => {}
        }
    }
    (div, one)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{kernel, param};
    use tilec::metadata::ParamMeta;

    fn meta(div_n: u32, one_n: bool) -> (KernelMeta, Vec<Param>) {
        let n = ParamMeta { equal_to_one: one_n, ..param("n", "i32", div_n) };
        let m = kernel("add", vec![param("x", "*f32", 16), n, param("s", "f16", 1)]);
        let params = signature(&m.params).unwrap();
        (m, params)
    }

    fn buf(addr: u64, elem: DType, len: u64) -> Arg {
        Arg::Ptr { addr, elem, len }
    }

    fn err(m: &(KernelMeta, Vec<Param>), args: &[Arg]) -> String {
        check(&m.0, &m.1, args).unwrap_err().to_string()
    }

    #[test]
    fn packs_each_value_in_its_slot() {
        let m = meta(16, false);
        let packed = check(&m.0, &m.1, &[buf(0x1000, DType::F32, 4), 32i32.into(), Arg::from(1.5f32)]).unwrap();
        assert_eq!(packed, vec![0x1000, 32, half::f16::from_f32(1.5).to_bits() as u64]);
    }

    #[test]
    fn refuses_what_the_kernel_cannot_take() {
        let m = meta(16, false);
        let f16 = Arg::from(1.0f32);
        assert_eq!(
            err(&m, &[buf(0x1000, DType::F16, 4), 32i32.into(), f16]),
            "argument `x` is *f32, but the buffer holds f16"
        );
        assert!(
            err(&m, &[buf(0x1008, DType::F32, 4), 32i32.into(), f16]).contains("aligned to 16 bytes, but it is 0x1008")
        );
        assert!(err(&m, &[buf(0x1000, DType::F32, 1 << 31), 32i32.into(), f16]).contains("32-bit offsets"));
        assert!(err(&m, &[buf(0x1000, DType::F32, 4), 33i32.into(), f16]).contains("`n` = 33 is not a multiple of 16"));
        assert!(err(&m, &[buf(0x1000, DType::F32, 4), Arg::from(1i64 << 40), f16]).contains("does not fit in i32"));
        assert!(err(&m, &[buf(0x1000, DType::F32, 4), 1.5f64.into(), f16]).contains("`n` is i32, but a float"));
        assert!(err(&m, &[32i32.into(), 32i32.into(), f16]).contains("`x` is a pointer"));
        assert!(err(&m, &[buf(0x1000, DType::F32, 4)])
            .starts_with("kernel `add` takes 3 arguments (x: *f32, n: i32, s: f16), but 1"));
        let one = meta(1, true);
        assert!(err(&one, &[buf(0x1000, DType::F32, 4), 2i32.into(), f16]).contains("compiled with it equal to 1"));
    }

    /// Integers are specialised on the largest power of two dividing them, up to 16 (the
    /// f16 rows of a 3000-wide matrix are 16-byte aligned: 8 elements), pointers on their
    /// alignment up to 16 bytes; the key tells every such assumption apart.
    #[test]
    fn specialises_on_the_largest_power_of_two_that_fits() {
        let m = meta(1, false);
        let n = |v: i64| assumption(&m.1[1], &Arg::from(v));
        let got: Vec<Assume> = [3000, 4104, 4096, 3001, 6, 12, 24, 0, -24, 1].into_iter().map(n).collect();
        use Assume::*;
        assert_eq!(
            got,
            [
                Divisible(8),
                Divisible(8),
                Divisible(16),
                Nothing,
                Divisible(2),
                Divisible(4),
                Divisible(8),
                Divisible(16),
                Divisible(8),
                One
            ]
        );
        let ptr = |addr| assumption(&m.1[0], &buf(addr, DType::F32, 4));
        assert_eq!(
            [0x1000, 0x1008, 0x1004, 0x1002, 0x1001].map(ptr),
            [Divisible(16), Divisible(8), Divisible(4), Divisible(2), Divisible(1)]
        );
        let args = [buf(0x1008, DType::F32, 4), 3000i32.into(), Arg::from(1.0f32)];
        assert_eq!(specialisation(&m.1, &args), (vec![("x".into(), 8), ("n".into(), 8)], vec![]));
        // An odd integer assumes nothing: no entry (the compiler's default, 1).
        let args = [buf(0x1000, DType::F32, 4), 3001i32.into(), Arg::from(1.0f32)];
        assert_eq!(specialisation(&m.1, &args), (vec![("x".into(), 16)], vec![]));
        let codes: Vec<u8> = [1, 3001, 2, 4, 8, 16, 3000].into_iter().map(|v| n(v).code()).collect();
        let distinct: std::collections::HashSet<u8> = codes.iter().copied().collect();
        assert_eq!(distinct.len(), 6, "{codes:?}"); // 8 (3000 and 8 alike) once
    }

    #[test]
    fn specialises_like_triton() {
        let m = meta(1, false);
        let args = [buf(0x1000, DType::F32, 4), 64i32.into(), Arg::from(1.0f32)];
        assert_eq!(specialisation(&m.1, &args), (vec![("x".into(), 16), ("n".into(), 16)], vec![]));
        // A view 4 bytes into an allocation: compiled for 4-byte alignment, not the
        // 16 the compiler would otherwise assume (the Python launcher's unaligned test).
        let args = [buf(0x1004, DType::F32, 4), 1i32.into(), Arg::from(16.0f32)];
        assert_eq!(specialisation(&m.1, &args), (vec![("x".into(), 4)], vec!["n".into()]));
        let a8 = assumption(&m.1[0], &buf(0x1008, DType::F32, 4));
        assert_eq!(a8, Assume::Divisible(8));
        assert_ne!(a8.code(), assumption(&m.1[0], &buf(0x1004, DType::F32, 4)).code());
        // A divisor the compiler asked for (`divisibility_hint`) where the value has it.
        let mut n = m.1.clone();
        n[1].hint = 64;
        let args = [buf(0x1000, DType::F32, 4), 192i32.into(), Arg::from(1.0f32)];
        assert_eq!(specialisation(&n, &args), (vec![("x".into(), 16), ("n".into(), 64)], vec![]));
        let (h, d) = (assumption(&n[1], &args[1]), assumption(&n[1], &Arg::from(80i32)));
        assert_eq!((h, d), (Assume::Divisible(64), Assume::Divisible(16)));
        // Not a multiple of the hint: the power of two it has, up to 16.
        assert_eq!(assumption(&n[1], &Arg::from(40i32)), Assume::Divisible(8));
        assert_ne!(h.code(), d.code());
    }
}
