//! f64 math functions on the GPU, written out as IEEE double sequences (PTX has f64
//! add / mul / fma / div.rn / sqrt.rn but no f64 transcendental instructions, and a
//! user's PTX must not call libdevice): each sequence is written once over `ops::Ops`,
//! emitted as IR by `../elementwise_f64.rs` and run on the host by the tests (`eval.rs`, `tests.rs`),
//! which measure its error against the host's libm.
//!
//! Error bounds (ulp of the correctly rounded result, measured in `tests.rs`): `exp`,
//! `exp2`, `expm1`, `log`, `log2`, `log1p`, `sin`, `cos` (any finite argument) within 1;
//! `erf` and `pow` within 1 at every point measured (asserted: 2); `tanh` within 2;
//! `rsqrt` (`1 / sqrt.rn`) within 1. Special values
//! (±0, ±inf, NaN, subnormals) follow C's functions.

mod erf_tanh;
#[cfg(test)]
mod eval;
mod exp_log;
pub(super) mod ops;
#[cfg(test)]
mod tests;
mod trig;
pub(super) mod trig_large;

use ops::Ops;

/// `math.<f>` on f64 operands `xs`, or `None` for a function with no f64 sequence here.
pub(crate) fn lower<O: Ops>(o: &mut O, f: &str, xs: &[O::F]) -> Option<O::F> {
    let x = xs[0];
    Some(match f {
        "exp" => exp_log::exp(o, x),
        "exp2" => exp_log::exp2(o, x),
        "expm1" => exp_log::expm1(o, x),
        "log" => exp_log::log(o, x),
        "log2" => exp_log::log2(o, x),
        "log1p" => exp_log::log1p(o, x),
        "powf" => exp_log::pow(o, x, xs[1]),
        "sin" => trig::sin_cos(o, x, false),
        "cos" => trig::sin_cos(o, x, true),
        "erf" => erf_tanh::erf(o, x),
        "tanh" => erf_tanh::tanh(o, x),
        "rsqrt" => {
            let s = o.sqrt(x);
            let one = o.c(1.0);
            o.div(one, s)
        }
        _ => return None,
    })
}
