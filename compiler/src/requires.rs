//! `#[requires(cond, ...)]`: what a kernel needs of its launch that its types cannot say,
//! checked by every launcher (tilerun, run plans, the Python package, the Rust API, the
//! interpreter) before the kernel runs. A kernel's memory accesses are computed from its
//! arguments, so a buffer shorter than they reach is a silent wrong result (or a fault)
//! on the GPU; the kernel's author states the lengths it needs once, beside the code that
//! relies on them:
//!
//! ```text
//! #[requires(len(state) >= cdiv(n, TILE), len(counter) >= 1)]
//! kernel scan(x: *i32, y: *i32, state: *u64, counter: *i32, n: i32, const TILE: i32 = 4096)
//! ```
//!
//! A condition compares two integer expressions of numbers, integer parameters, `const`
//! parameters (folded when compiled), `len(p)` (the elements of pointer parameter `p`'s
//! buffer) and `num_programs(axis)` (the launch's grid), with `+ - * / %` (truncating, as
//! the language), `<< >>`, `cdiv`, `min` and `max`, in exact integer arithmetic (no
//! wrap-around: an overflow is a condition with no value, which fails). Sema builds
//! them (`sema::requires`); the kernel's metadata carries them; [`unmet`] evaluates them.

use serde::{Deserialize, Serialize};

/// One condition of a kernel's `#[requires]`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Requirement {
    /// The condition as written (`len(state) >= cdiv(n, TILE)`), and its two sides.
    pub text: String,
    pub sides: [String; 2],
    /// Where: `file.tile:line:col`.
    pub at: String,
    pub op: CmpOp,
    pub lhs: ReqExpr,
    pub rhs: ReqExpr,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CmpOp {
    fn holds(self, a: i128, b: i128) -> bool {
        match self {
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Gt => a > b,
            CmpOp::Ge => a >= b,
        }
    }
}

/// An integer expression of a launch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ReqExpr {
    Num(i64),
    /// The value of the integer launch parameter at this index (into `KernelMeta::params`).
    Param(usize),
    /// The element count of the buffer given for the pointer parameter at this index.
    Len(usize),
    /// `num_programs(axis)`.
    Programs(u8),
    Bin(ReqOp, Box<ReqExpr>, Box<ReqExpr>),
    /// `cdiv`, `min`, `max`.
    Call(ReqFn, Vec<ReqExpr>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ReqOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ReqFn {
    Cdiv,
    Min,
    Max,
}

/// What a launch gives a parameter, as a requirement sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LaunchValue {
    /// An integer scalar (booleans and floats are never named by a requirement).
    Int(i128),
    /// A buffer of this many elements.
    Buffer(u64),
    /// Anything else (a float).
    Other,
}

/// Why an expression has no value at a launch: the message's middle part.
type Why = String;

impl ReqExpr {
    fn eval(&self, args: &[LaunchValue], grid: [u32; 3]) -> Result<i128, Why> {
        let arg = |i: usize| args.get(i).copied().unwrap_or(LaunchValue::Other);
        Ok(match self {
            ReqExpr::Num(v) => *v as i128,
            ReqExpr::Param(i) => match arg(*i) {
                LaunchValue::Int(v) => v,
                _ => return Err(format!("parameter {i} is not an integer")),
            },
            ReqExpr::Len(i) => match arg(*i) {
                LaunchValue::Buffer(n) => n as i128,
                _ => return Err(format!("parameter {i} is not a buffer")),
            },
            ReqExpr::Programs(axis) => grid[*axis as usize] as i128,
            ReqExpr::Bin(op, a, b) => {
                let (a, b) = (a.eval(args, grid)?, b.eval(args, grid)?);
                let r = match op {
                    ReqOp::Add => a.checked_add(b),
                    ReqOp::Sub => a.checked_sub(b),
                    ReqOp::Mul => a.checked_mul(b),
                    ReqOp::Div => a.checked_div(b),
                    ReqOp::Rem => a.checked_rem(b),
                    ReqOp::Shl => u32::try_from(b).ok().filter(|s| *s < 64).and_then(|s| a.checked_mul(1 << s)),
                    ReqOp::Shr => u32::try_from(b).ok().filter(|s| *s < 128).map(|s| a >> s),
                };
                return r.ok_or_else(|| "no value (an overflow, or a division by zero)".to_string());
            }
            ReqExpr::Call(f, xs) => {
                let vs = xs.iter().map(|x| x.eval(args, grid)).collect::<Result<Vec<_>, _>>()?;
                match (f, vs.as_slice()) {
                    // The language's cdiv: (a + b - 1) / b, truncating as its `/` does.
                    (ReqFn::Cdiv, [a, b]) if *b != 0 => (a + b - 1) / b,
                    (ReqFn::Min, [a, rest @ ..]) => rest.iter().fold(*a, |m, &v| m.min(v)),
                    (ReqFn::Max, [a, rest @ ..]) => rest.iter().fold(*a, |m, &v| m.max(v)),
                    _ => return Err("no value (cdiv by 0)".to_string()),
                }
            }
        })
    }
}

/// The first of `requires` a launch of kernel `kernel` with `args` (one per launch
/// parameter, in order) on `grid` does not meet, as a message naming the condition, where
/// it is written and both sides' values; `None` when all hold.
pub fn unmet(kernel: &str, requires: &[Requirement], args: &[LaunchValue], grid: [u32; 3]) -> Option<String> {
    requires.iter().find_map(|r| {
        let (l, rr) = (r.lhs.eval(args, grid), r.rhs.eval(args, grid));
        let sides = match (&l, &rr) {
            (Ok(a), Ok(b)) if r.op.holds(*a, *b) => return None,
            (Ok(a), Ok(b)) => format!("{} is {a}, {} is {b}", r.sides[0], r.sides[1]),
            (Err(e), _) | (_, Err(e)) => e.clone(),
        };
        Some(format!("{}: kernel `{kernel}` requires {}: {sides}", r.at, r.text))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(op: CmpOp, lhs: ReqExpr, rhs: ReqExpr) -> Requirement {
        let sides = ["len(state)".to_string(), "cdiv(n, 4096)".to_string()];
        Requirement { text: "len(state) >= cdiv(n, 4096)".into(), sides, at: "k.tile:1:12".into(), op, lhs, rhs }
    }

    #[test]
    fn evaluates_lengths_params_and_grids() {
        // len(state) >= cdiv(n, 4096)
        let r =
            req(CmpOp::Ge, ReqExpr::Len(0), ReqExpr::Call(ReqFn::Cdiv, vec![ReqExpr::Param(1), ReqExpr::Num(4096)]));
        let rs = [r];
        assert_eq!(unmet("scan", &rs, &[LaunchValue::Buffer(3), LaunchValue::Int(8193)], [3, 1, 1]), None);
        assert_eq!(
            unmet("scan", &rs, &[LaunchValue::Buffer(2), LaunchValue::Int(8193)], [3, 1, 1]).unwrap(),
            "k.tile:1:12: kernel `scan` requires len(state) >= cdiv(n, 4096): len(state) is 2, cdiv(n, 4096) is 3"
        );
        // num_programs(0) * 2 == len(ws)
        let g = req(
            CmpOp::Eq,
            ReqExpr::Bin(ReqOp::Mul, Box::new(ReqExpr::Programs(0)), Box::new(ReqExpr::Num(2))),
            ReqExpr::Len(0),
        );
        assert!(unmet("k", &[g.clone()], &[LaunchValue::Buffer(8)], [4, 1, 1]).is_none());
        assert!(unmet("k", &[g], &[LaunchValue::Buffer(8)], [5, 1, 1]).unwrap().contains("is 10, cdiv(n, 4096) is 8"));
    }

    #[test]
    fn cdiv_truncates_as_the_language_does() {
        // (a + b - 1) / b: cdiv(-5, 4) is -2 / 4 = 0 (the kernel's value), not -1.
        let cdiv = |a, b| ReqExpr::Call(ReqFn::Cdiv, vec![ReqExpr::Num(a), ReqExpr::Num(b)]);
        assert_eq!(cdiv(-5, 4).eval(&[], [1, 1, 1]), Ok(0));
        assert_eq!(cdiv(9, 4).eval(&[], [1, 1, 1]), Ok(3));
        assert!(cdiv(9, 0).eval(&[], [1, 1, 1]).is_err());
    }

    #[test]
    fn no_value_is_unmet_and_says_why() {
        let r = req(
            CmpOp::Ge,
            ReqExpr::Len(0),
            ReqExpr::Bin(ReqOp::Div, Box::new(ReqExpr::Num(1)), Box::new(ReqExpr::Param(1))),
        );
        let m = unmet("k", &[r], &[LaunchValue::Buffer(1), LaunchValue::Int(0)], [1, 1, 1]).unwrap();
        assert!(m.ends_with("no value (an overflow, or a division by zero)"), "{m}");
    }

    #[test]
    fn round_trips_through_json() {
        let r =
            req(CmpOp::Ge, ReqExpr::Len(2), ReqExpr::Call(ReqFn::Max, vec![ReqExpr::Param(0), ReqExpr::Programs(1)]));
        let s = serde_json::to_string(&r).unwrap();
        assert_eq!(serde_json::from_str::<Requirement>(&s).unwrap(), r);
    }
}
