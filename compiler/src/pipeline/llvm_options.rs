//! Process-wide options of LLVM's back end (the `cl::opt`s `llc` takes), set once before
//! the first `gpu-module-to-binary`.
//!
//! - `-opt-disable=slsr`: NVPTX's StraightLineStrengthReduce searches, for every
//!   candidate, backwards through its basic block asking SCEV whether operands may be
//!   poison, which is quadratic in a block's length. A tile kernel's loop body is one long
//!   block (a 128x256 wgmma matmul: 2,700 LLVM instructions), so the pass was a third of
//!   the whole compile of one; it only rewrote some address arithmetic outside loops
//!   (ptxas strength-reduces addresses itself).
//! - `-opt-disable=slp-vectorizer`: 18 ms of the matmul's O2 pipeline and no change to any
//!   example's PTX: tilec vectorises its accesses itself.
//! - `-disable-lsr`: Loop Strength Reduction rewrote the pipelined matmul's twelve carried
//!   copy pointers into one base plus 64-bit offsets, which ptxas rematerialises with
//!   `IMAD.WIDE` between the loop's first HGMMAs; ncu counted 2.1 dispatch stalls per
//!   issued instruction against Triton's 0.6, and 231 µs against 218 µs at locked clocks
//!   (4096^3 f16). Without it: 0.6 and 218-219 µs; memory-bound kernels unchanged
//!   (bench/results/2026-11-23-h100-session5.md), and 15% less compile time.

use std::ffi::{c_char, c_int, CString};
use std::sync::Once;

const OPTIONS: &[&str] = &["-opt-disable=slsr,slp-vectorizer", "-disable-lsr"];

extern "C" {
    // LLVM's C API (llvm-c/Support.h), linked with MLIR's libraries.
    fn LLVMParseCommandLineOptions(argc: c_int, argv: *const *const c_char, overview: *const c_char);
}

static SET: Once = Once::new();

/// Sets `OPTIONS` in this process's LLVM, once.
pub fn configure() {
    SET.call_once(|| {
        let args: Vec<CString> =
            std::iter::once("tilec").chain(OPTIONS.iter().copied()).map(|s| CString::new(s).expect("no NUL")).collect();
        let argv: Vec<*const c_char> = args.iter().map(|a| a.as_ptr()).collect();
        let overview = CString::new("").expect("no NUL");
        // SAFETY: argv points at NUL-terminated strings that outlive the call; LLVM copies
        // what it keeps.
        unsafe { LLVMParseCommandLineOptions(argv.len() as c_int, argv.as_ptr(), overview.as_ptr()) };
    });
}
