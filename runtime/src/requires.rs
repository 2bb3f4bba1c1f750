//! A kernel's `#[requires(...)]` (`tilec::requires`) at a launch: the launch's buffer
//! lengths, integer arguments and grid, checked before the kernel runs, by every launcher
//! (tilerun and its interpreter, run plans, the Python package, `launch::Kernel::launch`).

use crate::Error;
use tilec::internals::metadata::KernelMeta;
pub use tilec::requires::LaunchValue;

/// Refuses a launch of `meta` on `grid` that breaks one of its requirements; the message
/// names the condition, its line and both sides' values. `values` gives the launch's
/// value for each parameter; it is called only for a kernel with requirements (most have
/// none: their launches compute nothing here).
pub fn check(
    meta: &KernelMeta,
    values: impl FnOnce() -> Result<Vec<LaunchValue>, Error>,
    grid: [u32; 3],
) -> Result<(), Error> {
    if meta.requires.is_empty() {
        return Ok(());
    }
    match tilec::requires::unmet(&meta.name, &meta.requires, &values()?, grid) {
        None => Ok(()),
        Some(m) => Err(Error::msg(m)),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::testing::{kernel, param};
    use tilec::requires::{CmpOp, ReqExpr, Requirement};

    /// `len(x) >= n` on `k(x: *f32, n: u32)`.
    pub(crate) fn meta() -> KernelMeta {
        let r = Requirement {
            text: "len(x) >= n".into(),
            sides: ["len(x)".into(), "n".into()],
            at: "k.tile:1:12".into(),
            op: CmpOp::Ge,
            lhs: ReqExpr::Len(0),
            rhs: ReqExpr::Param(1),
        };
        KernelMeta { requires: vec![r], ..kernel("k", vec![param("x", "*f32", 16), param("n", "u32", 1)]) }
    }

    #[test]
    fn unmet_requirements_are_errors() {
        let m = meta();
        assert!(check(&m, || Ok(vec![LaunchValue::Buffer(10), LaunchValue::Int(10)]), [1, 1, 1]).is_ok());
        let e =
            check(&m, || Ok(vec![LaunchValue::Buffer(9), LaunchValue::Int(10)]), [1, 1, 1]).unwrap_err().to_string();
        assert_eq!(e, "k.tile:1:12: kernel `k` requires len(x) >= n: len(x) is 9, n is 10");
    }
}
