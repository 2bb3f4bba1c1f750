//! The process's `main`: libFuzzer's driver, called explicitly.
//!
//! libfuzzer-sys leaves `main` to libFuzzer's FuzzerMain.cpp, an archive member; but the
//! MLIR static libraries mlir-sys links include mlir-opt's `main`
//! (libMLIRMlirOptMain.a), which the linker may pick first, and the target then runs as
//! mlir-opt. Defining `main` here, in the target's own object, settles it.

use std::os::raw::{c_char, c_int};

extern "C" {
    fn LLVMFuzzerRunDriver(
        argc: *mut c_int,
        argv: *mut *mut *mut c_char,
        callback: unsafe extern "C" fn(*const u8, usize) -> c_int,
    ) -> c_int;
    /// Defined by libfuzzer-sys; calls the `fuzz_target!` body.
    fn LLVMFuzzerTestOneInput(data: *const u8, size: usize) -> c_int;
}

#[no_mangle]
pub extern "C" fn main(mut argc: c_int, mut argv: *mut *mut c_char) -> c_int {
    // SAFETY: the C runtime's argc and argv, handed on as libFuzzer's main would.
    unsafe { LLVMFuzzerRunDriver(&mut argc, &mut argv, LLVMFuzzerTestOneInput) }
}
