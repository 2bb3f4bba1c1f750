#!/usr/bin/env python3
"""Prints the polynomial coefficients of tilec's f64 `erf` and `tanh`
(compiler/src/conversion/tile_to_llvm/math_f64/erf_tanh.rs), fitted with mpmath's
Chebyshev fit (near-minimax) at 50 digits, constant term first:

- erf(x) = x P(x^2) for |x| < 1 (P fitted on t = x^2 in [0, 1]);
- erfc(x) = exp(-x^2) F(x) for 1 <= x <= 6, F(x) = erfc(x) exp(x^2) fitted on each of
  [1, 2], [2, 3.5], [3.5, 6] in u = (x - mid) / half in [-1, 1] (well conditioned);
- tanh(x) = x + x t T(t), t = x^2, for |x| < 0.625 (T fitted on t in [0, 0.625^2]).

Usage: python3 scripts/f64_math_coeffs.py (needs mpmath).
"""
import mpmath as mp

mp.mp.dps = 50
SMALL_N = 13
LARGE_N = 18
INTERVALS = [(1, 2), (2, 3.5), (3.5, 6)]
TANH_N = 13
TANH_X = 0.625


def fmt(cs):
    return "[" + ", ".join(repr(float(c)) for c in cs) + "]"


def max_rel(f, poly, a, b, n=500):
    return max(abs(mp.polyval(poly, a + (b - a) * mp.mpf(i) / n) / f(a + (b - a) * mp.mpf(i) / n) - 1)
               for i in range(n + 1))


def main():
    g = lambda t: mp.erf(mp.sqrt(t)) / mp.sqrt(t) if t else 2 / mp.sqrt(mp.pi)
    p = mp.chebyfit(g, [0, 1], SMALL_N)
    print(f"// erf small: max relative error {mp.nstr(max_rel(g, p, 0, 1), 3)}")
    print(f"const ERF_SMALL: [f64; {SMALL_N}] = {fmt(reversed(p))};")
    F = lambda x: mp.erfc(x) * mp.exp(x * x)
    for a, b in INTERVALS:
        mid, half = mp.mpf(a + b) / 2, mp.mpf(b - a) / 2
        h = lambda u: F(mid + half * u)
        p = mp.chebyfit(h, [-1, 1], LARGE_N)
        print(f"// [{a}, {b}]: mid {float(mid)}, half {float(half)}, max relative error "
              f"{mp.nstr(max_rel(h, p, -1, 1), 3)}")
        print(f"{fmt(reversed(p))},")
    g = lambda t: (mp.tanh(mp.sqrt(t)) / mp.sqrt(t) - 1) / t if t else mp.mpf(-1) / 3
    p = mp.chebyfit(g, [0, TANH_X**2], TANH_N)
    print(f"// tanh small: max relative error {mp.nstr(max_rel(g, p, 0, TANH_X**2), 3)}")
    print(f"const TANH_SMALL: [f64; {TANH_N}] = {fmt(reversed(p))};")


if __name__ == "__main__":
    main()
