//! The front end's last result, so that one compile runs it once. The runtime checks a
//! kernel to read its signature (and specialise on the arguments), then compiles it, and
//! compiles it again when the compiler asks for a larger divisor; the checked program is
//! the same each time: it depends on the source text, the defines and the kernel chosen,
//! never on the specialisation. One entry: a tool compiles one file at a time.

use super::tir::Program;
use crate::diag::Diagnostic;
use crate::source::SourceFile;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

struct Checked {
    name: String,
    text: String,
    defines: Vec<(String, String)>,
    kernel: Option<String>,
    program: Program,
}

static LAST: Mutex<Option<Checked>> = Mutex::new(None);
/// How many times the front end (parse and check) has run in this process: what tests of
/// "once per compile" read.
pub static RUNS: AtomicUsize = AtomicUsize::new(0);

/// `check_kernel(file, defines, kernel)`, from the last result when it was for the same
/// text and defines: the same kernel choice, or every kernel (then `kernel`'s alone, which
/// is what checking it alone gives: kernels are checked independently).
pub fn check_kernel(
    file: &SourceFile,
    defines: &[(String, String)],
    kernel: Option<&str>,
) -> Result<Program, Vec<Diagnostic>> {
    if let Some(c) = LAST.lock().expect("front end memo").as_ref() {
        if c.name == file.name && c.text == file.text && c.defines == defines {
            if c.kernel.as_deref() == kernel {
                return Ok(c.program.clone());
            }
            if let (None, Some(k)) = (&c.kernel, kernel) {
                if let Some(one) = c.program.kernels.iter().find(|x| x.name == k) {
                    return Ok(Program { kernels: vec![one.clone()] });
                }
            }
        }
    }
    RUNS.fetch_add(1, Ordering::Relaxed);
    let program = super::check_kernel(file, defines, kernel)?;
    *LAST.lock().expect("front end memo") = Some(Checked {
        name: file.name.clone(),
        text: file.text.clone(),
        defines: defines.to_vec(),
        kernel: kernel.map(str::to_string),
        program: program.clone(),
    });
    Ok(program)
}
