//! `--grid X[,Y,Z]`: each dimension an integer expression (`tilec::internals::int_expr`) of numbers,
//! the kernel's `const` parameters (as compiled, `-D` included) and its integer
//! arguments: `--grid 'cdiv(M, BM) * cdiv(N, BN)'`, `--grid 'cdiv(n, TILE)'`, `64*64`.
//! The text is checked when given and evaluated once the kernel and its arguments are
//! known.

use std::collections::HashMap;

use crate::bind;
use crate::signature::{signature, ParamKind};
use crate::spec::{ArgSpec, ArgValue, Scalar};
use crate::Error;
use tilec::internals::int_expr::{self, ExprError};
use tilec::metadata::KernelMeta;

#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    text: String,
    dims: Vec<String>,
}

impl Grid {
    /// Parses `--grid`: 1 to 3 dimensions separated by commas outside parentheses; what
    /// can be evaluated now (no names) is, so a bad number is refused before compiling.
    pub fn parse(s: &str) -> Result<Grid, Error> {
        let dims: Vec<String> = int_expr::split_top(s, ',').into_iter().map(|d| d.trim().to_string()).collect();
        let g = Grid { text: s.to_string(), dims };
        if g.dims.len() > 3 {
            return Err(g.bad("a grid has 1 to 3 dimensions"));
        }
        for d in &g.dims {
            int_expr::check_syntax(d).map_err(|e| g.bad(&e.to_string()))?;
            match int_expr::eval_number(d) {
                Ok(v) => {
                    g.dim(d, v)?;
                }
                Err(ExprError::Unknown(_)) => {}
                Err(e) => return Err(g.bad(&e.to_string())),
            }
        }
        Ok(g)
    }

    /// A grid of numbers.
    pub fn of(grid: [u32; 3]) -> Grid {
        let dims: Vec<String> = grid.iter().map(|d| d.to_string()).collect();
        Grid { text: dims.join(","), dims }
    }

    /// The grid of a launch of `kernel` with `args`: names are its consts and integer
    /// arguments.
    pub fn resolve(&self, kernel: &KernelMeta, args: &[ArgSpec]) -> Result<[u32; 3], Error> {
        let names = names(kernel, args)?;
        let mut grid = [1u32; 3];
        for (g, d) in grid.iter_mut().zip(&self.dims) {
            let v = int_expr::eval(d, &names).map_err(|e| match e {
                ExprError::Unknown(n) => {
                    let mut known: Vec<&String> = names.keys().collect();
                    known.sort();
                    let known: Vec<String> = known.iter().map(|k| format!("`{k}`")).collect();
                    let have = if known.is_empty() { "none".to_string() } else { known.join(", ") };
                    self.bad(&format!(
                        "`{n}` is neither a const parameter nor an integer argument of kernel `{}` (it has {have})",
                        kernel.name
                    ))
                }
                e => self.bad(&e.to_string()),
            })?;
            *g = self.dim(d, v)?;
        }
        Ok(grid)
    }

    /// The grid when it names nothing (a launch with no kernel metadata to name from).
    pub fn numbers(&self) -> Result<[u32; 3], Error> {
        let mut grid = [1u32; 3];
        for (g, d) in grid.iter_mut().zip(&self.dims) {
            let v = int_expr::eval_number(d).map_err(|e| match e {
                ExprError::Unknown(n) => self.bad(&format!("`{n}`: only numbers here")),
                e => self.bad(&e.to_string()),
            })?;
            *g = self.dim(d, v)?;
        }
        Ok(grid)
    }

    fn dim(&self, d: &str, v: i128) -> Result<u32, Error> {
        u32::try_from(v).ok().filter(|&v| v >= 1).ok_or_else(|| self.bad(&format!("`{d}` is {v}, not in 1..2^32")))
    }

    fn bad(&self, why: &str) -> Error {
        Error::msg(format!("--grid `{}`: {why} (write X, X,Y or X,Y,Z, each a number or an expression)", self.text))
    }
}

/// The values a grid may name: the kernel's integer consts, then its integer arguments.
fn names(kernel: &KernelMeta, args: &[ArgSpec]) -> Result<HashMap<String, i128>, Error> {
    let mut names: HashMap<String, i128> =
        kernel.consts.iter().filter_map(|c| Some((c.name.clone(), c.value.parse::<i128>().ok()?))).collect();
    let params = signature(&kernel.params)?;
    // Arguments that do not bind are left to the binding's own error, which comes next.
    if let Ok(ordered) = bind::order(&kernel.name, &params, args) {
        for (p, a) in params.iter().zip(ordered) {
            if let (ParamKind::Scalar(_), ArgValue::Scalar(Scalar::Int(v))) = (p.kind, &a.value) {
                names.insert(p.name.clone(), *v);
            }
        }
    }
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{self, param};
    use tilec::metadata::ConstMeta;

    fn kernel() -> KernelMeta {
        let c = |n: &str, v: &str| ConstMeta { name: n.into(), value: v.into() };
        KernelMeta {
            consts: vec![c("BM", "128"), c("BN", "256"), c("SCALE", "0.5")],
            ..testing::kernel("mm", vec![param("a", "*f16", 1), param("M", "i32", 1), param("N", "i32", 1)])
        }
    }

    fn args(a: &[&str]) -> Vec<ArgSpec> {
        a.iter().map(|s| crate::spec::parse_arg(s).unwrap()).collect()
    }

    #[test]
    fn expressions_of_consts_and_arguments() {
        let k = kernel();
        let a = args(&["zeros:f16:1", "1000", "N=4096"]);
        let g = |s: &str| Grid::parse(s).and_then(|g| g.resolve(&k, &a)).map_err(|e| e.to_string());
        assert_eq!(g("cdiv(M, BM) * cdiv(N, BN)"), Ok([8 * 16, 1, 1]));
        assert_eq!(g("cdiv(M, BM), cdiv(N, BN)"), Ok([8, 16, 1]));
        assert_eq!(g("64*64"), Ok([4096, 1, 1]));
        assert_eq!(g("2, 3, 1<<2"), Ok([2, 3, 4]));
        assert_eq!(Grid::of([4, 5, 6]).resolve(&k, &a).unwrap(), [4, 5, 6]);
        assert!(g("K").unwrap_err().contains(
            "`K` is neither a const parameter nor an integer argument of kernel `mm` (it has `BM`, `BN`, `M`, `N`)"
        ));
        assert!(g("SCALE").unwrap_err().contains("`SCALE` is neither"), "floats are not grid sizes");
        assert!(g("M - 1000").unwrap_err().contains("`M - 1000` is 0, not in 1..2^32"));
    }

    #[test]
    fn bad_text_is_refused_when_given() {
        assert!(Grid::parse("0").unwrap_err().to_string().contains("`0` is 0"));
        assert!(Grid::parse("1,2,3,4").unwrap_err().to_string().contains("1 to 3 dimensions"));
        assert!(Grid::parse("4294967296").is_err());
        assert!(Grid::parse("cdiv(M,").unwrap_err().to_string().contains("--grid `cdiv(M,`"));
        assert!(Grid::parse("cdiv(M, BM)").is_ok(), "names wait for the kernel");
    }
}
