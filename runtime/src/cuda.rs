//! What cudarc's safe layer leaves out: driver errors as messages, whether a GPU is
//! there at all, and the JIT's log when a module does not load. Everything else goes
//! through the typed launch API (`launch`) and tilerun's session on it (`gpu`).
//!
//! libcuda is opened with dlopen on first use (cudarc's `dynamic-loading`), so tilerun
//! builds and starts on machines without CUDA; the API looks for the library first and
//! turns its absence into `Error::NoDriver` instead of cudarc's panic. Bindings are those
//! of CUDA 12.8, whose entry points every 12.8+ and 13.x driver exports.

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

/// Whether this machine has a CUDA driver and at least one device (else tilerun runs
/// `.tile` kernels in the interpreter).
pub fn has_gpu() -> bool {
    // SAFETY: only tries dlopen on the candidate names.
    if !unsafe { sys::is_culib_present() } {
        return false;
    }
    result::init().is_ok() && result::device::get_count().is_ok_and(|n| n > 0)
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
/// loads after all): cudarc's loader keeps no log.
pub fn jit_error(ptx: &str) -> Option<Error> {
    match load_raw(ptx) {
        Ok(m) => {
            // SAFETY: the module was just loaded and nothing refers to it.
            unsafe {
                let _ = result::module::unload(m);
            }
            None
        }
        Err(e) => Some(e),
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
