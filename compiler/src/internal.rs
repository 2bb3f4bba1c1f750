//! Internal errors: a panic inside the compiler is a bug of tilec's, not of the program.
//!
//! Our passes run inside MLIR's pass manager, behind an `extern "C"` callback that cannot
//! unwind: a panic there used to abort the process. [`catch`] runs a piece of the compiler
//! (a pass, the front end) and turns a panic into an error message with the panic's text
//! and Rust source line, so the driver can report it at the .tile line being compiled, name
//! the pass, and exit with status 2. Code that knows which op it is working on records its
//! location with [`at`], so the report points at that op's line.

use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

thread_local! {
    /// How many `catch` calls are active on this thread (their panics print nothing).
    static CATCHING: Cell<u32> = const { Cell::new(0) };
    /// The last caught panic's message and where in tilec it was raised.
    static LAST: RefCell<Option<String>> = const { RefCell::new(None) };
    /// The MLIR location of the op being worked on, if the code said (`at`).
    static CURRENT: RefCell<Option<String>> = const { RefCell::new(None) };
}

static HOOK: Once = Once::new();

/// What a caught panic said, and the location last given to [`at`] before it.
#[derive(Clone, Debug, PartialEq)]
pub struct Panic {
    pub message: String,
    pub loc: Option<String>,
}

/// The request every internal error ends with.
pub const REPORT: &str = "this is a bug in tilec: please report it with the file and the command line";

/// Runs `f`; a panic inside it becomes `Err`, and prints nothing (other threads' and
/// uncaught panics still print as usual).
pub fn catch<T>(f: impl FnOnce() -> T) -> Result<T, Panic> {
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if CATCHING.with(Cell::get) == 0 {
                return previous(info);
            }
            let at = info.location().map(|l| format!(" (at {}:{})", l.file(), l.line())).unwrap_or_default();
            let text = payload_text(info.payload());
            LAST.with(|l| *l.borrow_mut() = Some(format!("{text}{at}")));
        }));
    });
    let outer = CURRENT.with(|c| c.borrow_mut().take());
    CATCHING.with(|c| c.set(c.get() + 1));
    let r = panic::catch_unwind(AssertUnwindSafe(f));
    CATCHING.with(|c| c.set(c.get() - 1));
    let loc = CURRENT.with(|c| std::mem::replace(&mut *c.borrow_mut(), outer));
    r.map_err(|payload| Panic {
        message: LAST.with(|l| l.borrow_mut().take()).unwrap_or_else(|| payload_text(&*payload)),
        loc,
    })
}

/// Records the MLIR location (`loc("k.tile":3:5)`) of the op being worked on, for the
/// report of a panic that follows.
pub fn at(loc: &str) {
    CURRENT.with(|c| {
        let mut c = c.borrow_mut();
        match c.as_mut() {
            Some(s) => {
                s.clear();
                s.push_str(loc);
            }
            None => *c = Some(loc.to_string()),
        }
    });
}

fn payload_text(p: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panics_become_errors_with_the_last_location() {
        assert_eq!(catch(|| 3).unwrap(), 3);
        let e = catch(|| {
            at("loc(\"k.tile\":3:5)");
            let v: Vec<u32> = vec![];
            v[1]
        })
        .unwrap_err();
        assert!(e.message.contains("index out of bounds") && e.message.contains("internal.rs"), "{e:?}");
        assert_eq!(e.loc.as_deref(), Some("loc(\"k.tile\":3:5)"));
        // Nested: the inner catch keeps the outer one's location.
        let e = catch(|| {
            at("outer");
            let _ = catch(|| panic!("inner"));
            panic!("outer panic")
        })
        .unwrap_err();
        assert!(e.message.starts_with("outer panic"), "{e:?}");
        assert_eq!(e.loc.as_deref(), Some("outer"));
    }
}
