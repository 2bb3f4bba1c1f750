//! The CUDA driver, through cudarc's thin `result` layer: the only module that touches
//! the GPU.
//!
//! libcuda is opened with dlopen on first use (cudarc's `dynamic-loading`), so tilerun
//! builds and starts on machines without CUDA; `Gpu::open` looks for the library first and
//! turns its absence into `Error::NoDriver` instead of cudarc's panic. Bindings are those
//! of CUDA 12.8, whose entry points every 12.8+ and 13.x driver exports.
//!
//! One context (the device's primary one) and the legacy default stream: tilerun launches
//! from one thread, in order.

use crate::Error;
use cudarc::driver::result::{self, DriverError};
use cudarc::driver::sys;
use std::ffi::{c_void, CString};

/// `CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was encountered)`.
pub fn describe(e: DriverError) -> String {
    let name = e.error_name().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|_| format!("{:?}", e.0));
    match e.error_string() {
        Ok(s) => format!("{name} ({})", s.to_string_lossy()),
        Err(_) => name,
    }
}

/// `"{what}: {describe(e)}"` as an error.
pub fn fail(what: impl std::fmt::Display, e: DriverError) -> Error {
    Error::msg(format!("{what}: {}", describe(e)))
}

/// An open device: its primary context is current on this thread while this lives.
pub struct Gpu {
    dev: sys::CUdevice,
    pub name: String,
    /// Compute capability, `(9, 0)` for an H100.
    pub cc: (i32, i32),
    pub sm_count: i32,
    /// The most shared memory a block may ask for (opt-in), in bytes.
    pub max_shared: u32,
    stream: sys::CUstream,
}

/// Whether this machine has a CUDA driver and at least one device (else tilerun runs
/// `.tile` kernels in the interpreter).
pub fn has_gpu() -> bool {
    // SAFETY: only tries dlopen on the candidate names.
    if !unsafe { sys::is_culib_present() } {
        return false;
    }
    result::init().is_ok() && result::device::get_count().is_ok_and(|n| n > 0)
}

impl Gpu {
    pub fn open(ordinal: usize) -> Result<Gpu, Error> {
        // SAFETY: only tries dlopen on the candidate names.
        if !unsafe { sys::is_culib_present() } {
            return Err(Error::NoDriver);
        }
        result::init().map_err(|e| match e.0 {
            sys::CUresult::CUDA_ERROR_NO_DEVICE => fail("no CUDA device found (libcuda is here, but no GPU)", e),
            _ => fail("cannot initialise the CUDA driver", e),
        })?;
        let count = result::device::get_count().map_err(|e| fail("cuDeviceGetCount", e))?;
        if ordinal as i32 >= count {
            return Err(Error::msg(format!("--device {ordinal}: this machine has {count} CUDA device(s)")));
        }
        let dev = result::device::get(ordinal as i32).map_err(|e| fail("cuDeviceGet", e))?;
        let name = result::device::get_name(dev).unwrap_or_else(|_| "CUDA device".into());
        let attr = |a| unsafe { result::device::get_attribute(dev, a) }.map_err(|e| fail("cuDeviceGetAttribute", e));
        use sys::CUdevice_attribute::*;
        let cc =
            (attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)?, attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)?);
        let sm_count = attr(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)?;
        let max_shared = attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)? as u32;
        // SAFETY: `dev` is a valid device; the context is released in Drop.
        let ctx = unsafe { result::primary_ctx::retain(dev) }.map_err(|e| fail("cuDevicePrimaryCtxRetain", e))?;
        unsafe { result::ctx::set_current(ctx) }.map_err(|e| fail("cuCtxSetCurrent", e))?;
        Ok(Gpu { dev, name, cc, sm_count, max_shared, stream: result::stream::null() })
    }

    /// `sm_90` for compute capability 9.0.
    pub fn arch(&self) -> String {
        format!("sm_{}{}", self.cc.0, self.cc.1)
    }

    pub fn alloc(&self, bytes: usize) -> Result<DeviceBuffer, Error> {
        // Never 0 bytes: cuMemAlloc refuses them, and a kernel may still be handed the pointer.
        let ptr = unsafe { result::malloc_sync(bytes.max(256)) }
            .map_err(|e| fail(format!("cannot allocate {bytes} bytes on the GPU"), e))?;
        Ok(DeviceBuffer { ptr, bytes })
    }

    pub fn upload(&self, dst: &DeviceBuffer, src: &[u8]) -> Result<(), Error> {
        assert!(src.len() <= dst.bytes.max(256));
        unsafe { result::memcpy_htod_sync(dst.ptr, src) }.map_err(|e| fail("copy to the GPU", e))
    }

    pub fn download(&self, src: &DeviceBuffer, dst: &mut [u8]) -> Result<(), Error> {
        assert!(dst.len() <= src.bytes.max(256));
        unsafe { result::memcpy_dtoh_sync(dst, src.ptr) }.map_err(|e| fail("copy from the GPU", e))
    }

    /// Sets every byte of `buf` to `value`, in stream order (not waited for).
    pub fn memset(&self, buf: &DeviceBuffer, value: u8) -> Result<(), Error> {
        unsafe { result::memset_d8_async(buf.ptr, value, buf.bytes.max(256), self.stream) }
            .map_err(|e| fail("cuMemsetD8Async", e))
    }

    /// JIT-compiles `ptx`; on failure the message carries ptxas's log.
    pub fn load_module(&self, ptx: &str) -> Result<Module, Error> {
        load_raw(ptx).map(|raw| Module { raw })
    }

    /// Launches `f` on the stream; arguments are pointers to each parameter's value.
    pub fn launch(
        &self,
        f: &Function,
        grid: [u32; 3],
        block: [u32; 3],
        params: &mut [*mut c_void],
    ) -> Result<(), Error> {
        // SAFETY: `params` points at values laid out as the kernel's parameters (checked by
        // `bind` against the signature), and every device pointer among them is alive.
        unsafe {
            result::launch_kernel(
                f.raw,
                (grid[0], grid[1], grid[2]),
                (block[0], block[1], block[2]),
                f.shared,
                self.stream,
                params,
            )
        }
        .map_err(|e| fail(format!("kernel `{}`: cannot launch", f.name), e))
    }

    /// Waits for everything launched so far; a kernel's fault surfaces here.
    pub fn sync(&self) -> Result<(), DriverError> {
        unsafe { result::stream::synchronize(self.stream) }
    }

    pub fn event(&self) -> Result<Event, Error> {
        let raw = result::event::create(sys::CUevent_flags::CU_EVENT_DEFAULT).map_err(|e| fail("cuEventCreate", e))?;
        Ok(Event { raw })
    }

    pub fn record(&self, e: &Event) -> Result<(), Error> {
        unsafe { result::event::record(e.raw, self.stream) }.map_err(|e| fail("cuEventRecord", e))
    }

    /// Milliseconds between two recorded, completed events.
    pub fn elapsed_ms(&self, start: &Event, end: &Event) -> Result<f32, Error> {
        unsafe { result::event::elapsed(start.raw, end.raw) }.map_err(|e| fail("cuEventElapsedTime", e))
    }
}

impl Drop for Gpu {
    fn drop(&mut self) {
        unsafe {
            let _ = result::primary_ctx::release(self.dev);
        }
    }
}

/// `cuModuleLoadDataEx` in the current context, with the JIT's error log in the message.
fn load_raw(ptx: &str) -> Result<sys::CUmodule, Error> {
    let image = CString::new(ptx).map_err(|_| Error::msg("the PTX contains a NUL byte"))?;
    let mut log = vec![0u8; 1 << 16];
    let mut options =
        [sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER, sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES];
    let mut values: [*mut c_void; 2] = [log.as_mut_ptr().cast(), log.len() as *mut c_void];
    let mut module = std::ptr::null_mut();
    // SAFETY: the image is NUL-terminated and the log buffer outlives the call.
    let r = unsafe {
        sys::cuModuleLoadDataEx(&mut module, image.as_ptr().cast(), 2, options.as_mut_ptr(), values.as_mut_ptr())
    };
    if let Err(e) = r.result() {
        let text = String::from_utf8_lossy(&log[..log.iter().position(|&b| b == 0).unwrap_or(0)]).trim().to_string();
        let mut msg = format!("the driver cannot load the PTX: {}", describe(e));
        if !text.is_empty() {
            msg.push_str(&format!("\n{text}"));
        }
        return Err(Error::msg(msg));
    }
    Ok(module)
}

/// Why the driver refuses `ptx` in the current context, with the JIT's log (`None` if it
/// loads after all): for loaders that keep no log, such as cudarc's.
pub fn jit_error(ptx: &str) -> Option<Error> {
    match load_raw(ptx) {
        Ok(m) => {
            drop(Module { raw: m });
            None
        }
        Err(e) => Some(e),
    }
}

/// Device memory, freed on drop (drop these before the `Gpu`).
pub struct DeviceBuffer {
    pub ptr: sys::CUdeviceptr,
    pub bytes: usize,
}

impl Drop for DeviceBuffer {
    fn drop(&mut self) {
        unsafe {
            let _ = result::memory_free(self.ptr);
        }
    }
}

pub struct Module {
    raw: sys::CUmodule,
}

impl Module {
    /// The kernel `name`; when missing, the message lists the entries the PTX has.
    pub fn function(&self, name: &str, ptx: &str) -> Result<Function, Error> {
        let c = CString::new(name).map_err(|_| Error::msg(format!("bad kernel name `{name}`")))?;
        match unsafe { result::module::get_function(self.raw, c) } {
            Ok(raw) => Ok(Function { raw, name: name.to_string(), shared: 0 }),
            Err(e) if e.0 == sys::CUresult::CUDA_ERROR_NOT_FOUND => {
                Err(Error::msg(format!("the PTX has no kernel `{name}` (it has: {})", ptx_entries(ptx).join(", "))))
            }
            Err(e) => Err(fail(format!("kernel `{name}`: cuModuleGetFunction"), e)),
        }
    }
}

impl Drop for Module {
    fn drop(&mut self) {
        unsafe {
            let _ = result::module::unload(self.raw);
        }
    }
}

pub struct Function {
    raw: sys::CUfunction,
    pub name: String,
    /// Dynamic shared memory each launch gets (OUT.json's `shared_bytes`).
    shared: u32,
}

/// What the driver says of a loaded kernel.
#[derive(Clone, Copy, Debug)]
pub struct FunctionInfo {
    pub max_threads_per_block: i32,
    pub num_regs: i32,
    pub static_shared_bytes: i32,
    pub local_bytes: i32,
}

impl Function {
    /// Gives every launch `bytes` of dynamic shared memory, raising the kernel's limit
    /// when that is more than the 48 KB a kernel may have without asking.
    pub fn set_shared(&mut self, bytes: u32) -> Result<(), Error> {
        if bytes > 48 * 1024 {
            let attr = sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES;
            unsafe { sys::cuFuncSetAttribute(self.raw, attr, bytes as i32) }
                .result()
                .map_err(|e| fail(format!("kernel `{}`: cannot have {bytes} bytes of shared memory", self.name), e))?;
        }
        self.shared = bytes;
        Ok(())
    }

    pub fn info(&self) -> Result<FunctionInfo, Error> {
        use sys::CUfunction_attribute::*;
        let get = |a| {
            unsafe { result::function::get_function_attribute(self.raw, a) }
                .map_err(|e| fail(format!("kernel `{}`: cuFuncGetAttribute", self.name), e))
        };
        Ok(FunctionInfo {
            max_threads_per_block: get(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)?,
            num_regs: get(CU_FUNC_ATTRIBUTE_NUM_REGS)?,
            static_shared_bytes: get(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES)?,
            local_bytes: get(CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES)?,
        })
    }
}

pub struct Event {
    raw: sys::CUevent,
}

impl Drop for Event {
    fn drop(&mut self) {
        unsafe {
            let _ = result::event::destroy(self.raw);
        }
    }
}

/// Names of the `.entry` functions of a PTX module.
pub fn ptx_entries(ptx: &str) -> Vec<String> {
    ptx.lines()
        .filter_map(|l| {
            let rest = l.trim_start().strip_prefix(".visible").unwrap_or(l.trim_start()).trim_start();
            let rest = rest.strip_prefix(".entry")?.trim_start();
            let end = rest.find(|c: char| c == '(' || c.is_whitespace()).unwrap_or(rest.len());
            Some(rest[..end].to_string())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn finds_entries() {
        let ptx = ".version 8.0\n.visible .entry add(\n\t.param .u64 a\n)\n.entry other (\n)\n.func helper()\n";
        assert_eq!(super::ptx_entries(ptx), vec!["add".to_string(), "other".to_string()]);
    }
}
