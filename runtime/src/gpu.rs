//! tilerun's GPU session, a thin client of the typed launch API (`launch`): the device,
//! one stream of its own (not the legacy default stream, which would serialise against
//! every other stream of the process), device buffers owned as cudarc slices with
//! asynchronous copies on that stream, timing events, and kernels loaded as
//! [`Kernel`] and launched with [`Kernel::launch_packed`].
//!
//! tilerun launches from one thread, in stream order; its buffers live until the session
//! is done with them. So the session works with raw addresses once a buffer exists (the
//! launch closures of `run` and `plan_run` hold many buffers at once), and cudarc's
//! per-slice event tracking, which only orders work across streams, is off.

use std::sync::Arc;

use cudarc::driver::result::{self, DriverError};
use cudarc::driver::{sys, CudaEvent, CudaSlice, CudaStream, DevicePtr};
use tilec::metadata::KernelMeta;

use crate::cuda::fail;
use crate::launch::{Device, Kernel, Packed};
use crate::Error;

/// An open device and the stream every copy, launch and event of the run goes to.
pub struct Gpu {
    dev: Device,
    stream: Arc<CudaStream>,
    pub name: String,
    /// Compute capability, `(9, 0)` for an H100.
    pub cc: (i32, i32),
    pub sm_count: i32,
    /// The most shared memory a block may ask for (opt-in), in bytes.
    pub max_shared: u32,
}

/// Device memory, freed (in stream order) on drop; drop these before the `Gpu`.
pub struct DeviceBuffer {
    _slice: CudaSlice<u8>,
    pub ptr: sys::CUdeviceptr,
    pub bytes: usize,
}

impl Gpu {
    pub fn open(ordinal: usize) -> Result<Gpu, Error> {
        let dev = Device::open(ordinal)?;
        // SAFETY: one stream carries all of the session's work (see the module comment),
        // so nothing needs ordering across streams.
        unsafe { dev.context().disable_event_tracking() };
        let stream = dev.context().new_stream().map_err(|e| fail("cuStreamCreate", e))?;
        Gpu::with_stream(dev, stream)
    }

    /// A session on a stream the caller owns (the Python launcher's autotuning times
    /// configurations on torch's current stream, ordered with the caller's work).
    pub fn with_stream(dev: Device, stream: Arc<CudaStream>) -> Result<Gpu, Error> {
        use sys::CUdevice_attribute::*;
        let sm_count = dev.attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)?;
        let max_shared = dev.max_shared()?;
        Ok(Gpu { name: dev.name(), cc: dev.compute_capability()?, sm_count, max_shared, dev, stream })
    }

    /// `sm_90` for compute capability 9.0.
    pub fn arch(&self) -> String {
        format!("sm_{}{}", self.cc.0, self.cc.1)
    }

    pub fn alloc(&self, bytes: usize) -> Result<DeviceBuffer, Error> {
        // Never 0 bytes: a kernel may still be handed the pointer.
        let n = bytes.max(256);
        // SAFETY: u8 has no invalid values; the contents are written before any read.
        let slice = unsafe { self.stream.alloc::<u8>(n) }
            .map_err(|e| fail(format!("cannot allocate {bytes} bytes on the GPU"), e))?;
        let (ptr, _) = slice.device_ptr(&self.stream);
        Ok(DeviceBuffer { _slice: slice, ptr, bytes: n })
    }

    /// Copies `src` into `dst` in stream order (the host bytes may be dropped on return:
    /// the driver stages pageable memory before the call returns).
    pub fn upload(&self, dst: &DeviceBuffer, src: &[u8]) -> Result<(), Error> {
        assert!(src.len() <= dst.bytes);
        // SAFETY: `dst` holds at least `src.len()` bytes and lives while the copy runs.
        unsafe { result::memcpy_htod_async(dst.ptr, src, self.stream.cu_stream()) }
            .map_err(|e| fail("copy to the GPU", e))
    }

    /// Copies `src` into `dst` once everything before it on the stream is done.
    pub fn download(&self, src: &DeviceBuffer, dst: &mut [u8]) -> Result<(), Error> {
        assert!(dst.len() <= src.bytes);
        // SAFETY: as `upload`; the stream is synchronised before `dst` is read.
        unsafe { result::memcpy_dtoh_async(dst, src.ptr, self.stream.cu_stream()) }
            .map_err(|e| fail("copy from the GPU", e))?;
        self.sync().map_err(|e| fail("copy from the GPU", e))
    }

    /// Sets every byte of `buf` to 0, in stream order (not waited for).
    pub fn zero(&self, buf: &DeviceBuffer) -> Result<(), Error> {
        // SAFETY: `buf` is `bytes` long and alive.
        unsafe { result::memset_d8_async(buf.ptr, 0, buf.bytes, self.stream.cu_stream()) }
            .map_err(|e| fail("cuMemsetD8Async", e))
    }

    /// Loads the kernel `meta` describes from `ptx`.
    pub fn load(&self, ptx: &str, meta: &KernelMeta) -> Result<Kernel, Error> {
        self.dev.load_ptx(ptx, meta)
    }

    /// Launches `k` with parameter values packed as `launch::check` packs them.
    ///
    /// # Safety
    /// As [`Kernel::launch_packed`]: the buffers among `packed` are the session's, alive,
    /// and as long as the kernel reaches with the scalars given (`bind` checked them).
    pub unsafe fn launch(&self, k: &Kernel, grid: [u32; 3], packed: &mut Packed) -> Result<(), Error> {
        k.launch_packed(&self.stream, grid, packed)
    }

    /// Waits for everything launched so far; a kernel's fault surfaces here.
    pub fn sync(&self) -> Result<(), DriverError> {
        self.stream.synchronize()
    }

    /// A timing event (made ahead of the timed launches: creating one is a driver call).
    pub fn event(&self) -> Result<CudaEvent, Error> {
        self.dev.context().new_event(Some(sys::CUevent_flags::CU_EVENT_DEFAULT)).map_err(|e| fail("cuEventCreate", e))
    }

    /// Records `e` at this point of the stream.
    pub fn record(&self, e: &CudaEvent) -> Result<(), Error> {
        e.record(&self.stream).map_err(|e| fail("cuEventRecord", e))
    }

    /// Milliseconds between two recorded events (waits for them).
    pub fn elapsed_ms(&self, start: &CudaEvent, end: &CudaEvent) -> Result<f32, Error> {
        start.elapsed_ms(end).map_err(|e| fail("cuEventElapsedTime", e))
    }
}
