//! The elementwise functions a tile program calls by name (`exp`, `maximum`, `fma`, ...):
//! one list for the front end (what sema resolves a call to), tilegen (the op it emits for
//! an element type) and the interpreter (the function an op computes), so a function
//! added here is one every stage must place.

use crate::scalar::ScalarType;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MathFn {
    Exp,
    Exp2,
    Log,
    Log2,
    Sqrt,
    Rsqrt,
    Abs,
    Floor,
    Ceil,
    Sin,
    Cos,
    Erf,
    Tanh,
    Log1p,
    Expm1,
    /// `pow(x, y)`: x to the power y (floats).
    Pow,
    /// `div_rn(x, y)`: IEEE round-to-nearest division (`/` on f32 is the faster `div.full`).
    DivRn,
    /// NaN-propagating (`propagate_nan = "all"`): NaN if either operand is NaN.
    Maximum,
    Minimum,
    /// Triton's default `maximum` / `minimum` (and Python's two-argument `max` / `min`):
    /// a NaN operand is ignored, the other returned (`arith.maxnumf`, PTX `max.f32`).
    MaxNum,
    MinNum,
    /// `fma(a, b, c)`: three args.
    Fma,
}

impl MathFn {
    pub const ALL: [MathFn; 22] = {
        use MathFn::*;
        [
            Exp, Exp2, Log, Log2, Sqrt, Rsqrt, Abs, Floor, Ceil, Sin, Cos, Erf, Tanh, Log1p, Expm1, Pow, DivRn,
            Maximum, Minimum, MaxNum, MinNum, Fma,
        ]
    };

    /// The function a builtin of the same name calls (`exp(x)`, `tanh(x)`, `div_rn(x, y)`).
    /// `maximum` / `minimum` are not here: which of two functions they call depends on
    /// their `propagate_nan` argument; `sqrt_rn` is `Sqrt` (already IEEE).
    pub fn builtin(name: &str) -> Option<MathFn> {
        use MathFn::*;
        Some(match name {
            "exp" => Exp,
            "exp2" => Exp2,
            "log" => Log,
            "log2" => Log2,
            "sqrt" => Sqrt,
            "rsqrt" => Rsqrt,
            "abs" => Abs,
            "floor" => Floor,
            "ceil" => Ceil,
            "sin" => Sin,
            "cos" => Cos,
            "erf" => Erf,
            "tanh" => Tanh,
            "log1p" => Log1p,
            "expm1" => Expm1,
            "pow" => Pow,
            "div_rn" => DivRn,
            "fma" => Fma,
            _ => return None,
        })
    }

    /// The MLIR op computing it on elements of type `s`. `DivRn` is `arith.divf` marked
    /// IEEE (`tile.ieee_rn`, which the emitter adds).
    pub fn op_name(self, s: ScalarType) -> &'static str {
        use MathFn::*;
        let fl = s.is_float();
        match self {
            Exp => "math.exp",
            Exp2 => "math.exp2",
            Log => "math.log",
            Log2 => "math.log2",
            Sqrt => "math.sqrt",
            Rsqrt => "math.rsqrt",
            Abs if fl => "math.absf",
            Abs => "math.absi",
            Floor => "math.floor",
            Ceil => "math.ceil",
            Sin => "math.sin",
            Cos => "math.cos",
            Erf => "math.erf",
            Tanh => "math.tanh",
            Log1p => "math.log1p",
            Expm1 => "math.expm1",
            Pow => "math.powf",
            DivRn => "arith.divf",
            Maximum if fl => "arith.maximumf",
            Minimum if fl => "arith.minimumf",
            MaxNum if fl => "arith.maxnumf",
            MinNum if fl => "arith.minnumf",
            Maximum | MaxNum if s.is_unsigned_int() => "arith.maxui",
            Minimum | MinNum if s.is_unsigned_int() => "arith.minui",
            Maximum | MaxNum => "arith.maxsi",
            Minimum | MinNum => "arith.minsi",
            Fma => "math.fma",
        }
    }

    /// The function an op of MLIR's `math` dialect computes (both `absf` and `absi` are
    /// `Abs`); `None` for other ops (the `arith` ones are arithmetic's to run).
    pub fn of_math_op(name: &str) -> Option<MathFn> {
        if !name.starts_with("math.") {
            return None;
        }
        let probe = [ScalarType::F32, ScalarType::I32];
        MathFn::ALL.into_iter().find(|f| probe.iter().any(|&s| f.op_name(s) == name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_math_op_names_its_function_back() {
        for f in MathFn::ALL {
            for s in [ScalarType::F16, ScalarType::F32, ScalarType::I32, ScalarType::U32] {
                let name = f.op_name(s);
                if name.starts_with("math.") {
                    assert_eq!(MathFn::of_math_op(name), Some(f), "{name}");
                }
            }
        }
        assert_eq!(MathFn::of_math_op("math.absi"), Some(MathFn::Abs));
        assert_eq!(MathFn::of_math_op("arith.maxnumf"), None);
        assert_eq!(MathFn::builtin("erf"), Some(MathFn::Erf));
        assert_eq!(MathFn::builtin("maximum"), None, "the NaN rule picks the function");
    }
}
