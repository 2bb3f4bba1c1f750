"""Cases of check_examples.py for the lowering's f64 math, pointer `where` / casts and
packed inline asm (kept apart: check_examples.py is long, and other work adds to it).
Each entry of KERNELS is (signature, case generator) as there; GPU_ONLY names kernels
the interpreter cannot run, with the reason."""
import numpy as np


def cdiv(a, b):
    return (a + b - 1) // b


class Case:
    """Set by check_examples.py to its Case class (no import cycle)."""


def f64_edges():
    """Range edges and special values of the f64 math functions."""
    tiny = np.array([5e-324, 2.2250738585072014e-308, 1e-310, 1e-300, 1e-20, 2.0 ** -54, 1e-8])
    big = np.array([0.5, 1.0, 2.0, 10.0, 20.0, 100.0, 700.0, 709.78, 710.0, 745.0, 746.0, 1e6, 1048577.5, 1e15,
                    1e22, 1e300, np.finfo(np.float64).max])
    v = np.concatenate([[0.0, np.inf, np.nan], tiny, big, np.arange(1, 64) * (np.pi / 2)])
    return np.concatenate([v, -v])


FUNCS = ["exp", "exp2", "expm1", "log", "log2", "log1p", "sin", "cos", "tanh", "erf", "sqrt", "rsqrt",
         "sigmoid", "pow", "fma", "floor_ceil_abs"]


def libm(f, npf, *xs):
    """f (Python's math: the C library's, within an ulp) per element; numpy's `npf` where
    math raises (domain and range errors: their NaN, inf and 0 are exact anyway). numpy's
    own float64 sin, cos, ... may be SIMD versions several ulp off, too loose for 1e-15."""
    with np.errstate(all="ignore"):
        fallback = npf(*xs)
    out = np.empty(len(xs[0]))
    for i, args in enumerate(zip(*xs)):
        try:
            out[i] = f(*args)
        except (ValueError, OverflowError, ZeroDivisionError):
            out[i] = fallback[i]
    return out


def fma_ref(a, b, c):
    """a * b + c rounded once (numpy rounds the product first): exact rationals."""
    from fractions import Fraction
    with np.errstate(all="ignore"):
        out = a * b + c
    for i in np.flatnonzero(np.isfinite(a) & np.isfinite(b) & np.isfinite(c)):
        v = Fraction(a[i]) * Fraction(b[i]) + Fraction(c[i])
        try:
            out[i] = float(v)
        except OverflowError:
            out[i] = np.inf if v > 0 else -np.inf
    return out


def math_f64_refs(x, y):
    """The C library's results through Python's math (the interpreter's too), numpy's for
    what is exact (sqrt, floor, ...)."""
    import math
    e = libm(math.exp, np.exp, x)
    with np.errstate(all="ignore"):
        return np.stack([e, libm(lambda v: 2.0 ** v, np.exp2, x), libm(math.expm1, np.expm1, x),
                         libm(math.log, np.log, x), libm(math.log2, np.log2, x), libm(math.log1p, np.log1p, x),
                         libm(math.sin, np.sin, x), libm(math.cos, np.cos, x), libm(math.tanh, np.tanh, x),
                         libm(math.erf, lambda v: np.full(len(v), np.nan), x), np.sqrt(x), 1.0 / np.sqrt(x),
                         1.0 / (1.0 + libm(math.exp, np.exp, -x)), libm(math.pow, np.power, x, y), fma_ref(x, y, x),
                         np.floor(x) + np.ceil(y) + np.abs(x)])


def math_f64_cases(c, rng):
    """Every math builtin on f64 against the C library at 1e-15 relative (4.5 to 9 ulp; the
    sequences are within 1-2 ulp of it) over the functions' ranges, edges, NaN, ±inf, ±0
    and subnormals."""
    T = int(c.get("TILE", 256))
    for n in [1, 1000, 40003]:
        k = n // 4
        x = np.concatenate([rng.uniform(-1, 1, k), rng.uniform(-40, 40, k),
                            np.ldexp(rng.uniform(0.5, 1, k), rng.integers(-1074, 1024, k))
                            * rng.choice([-1.0, 1.0], k)])
        x = np.concatenate([f64_edges(), x])[:n] if n > 1 else np.array([0.75])
        x = np.concatenate([x, rng.uniform(0, 3, n - len(x))])
        # pow: bases and exponents whose result stays in range, negative bases with
        # integer exponents, and the special pairs (x^0, 1^y, 0^y, inf^y).
        y = rng.uniform(-30, 30, n)
        y[::3] = np.round(y[::3])
        y[::17] = 0.0
        ref = math_f64_refs(x, y)
        args = [("x", x), ("y", y), ("out", f"empty:f64:{len(FUNCS) * n}"), ("n", n)]
        yield Case(f"n={n}", (cdiv(n, T),), args, {"out": ref.reshape(-1)}, rtol=1e-15, atol=1e-300)


def ptr_where_cases(c, rng):
    """`where` on pointer tiles (a split point inside, before and after the data) and on
    scalar pointers."""
    T = int(c.get("TILE", 256))
    for n, split, pick in [(1, 0, 0), (1000, 300, 1), (4096, 4096, 0), (100003, -5, 1)]:
        a = rng.standard_normal(n).astype(np.float32)
        b = rng.standard_normal(n).astype(np.float32)
        ref = np.where(np.arange(n) < split, a, b)
        args = [("a", a), ("b", b), ("out", f"empty:f32:{n}"), ("whole", f"empty:f32:{n}"), ("n", n),
                ("split", split), ("pick_b", pick)]
        yield Case(f"n={n},split={split}", (cdiv(n, T),), args, {"out": ref, "whole": b if pick else a},
                   rtol=0, atol=0)


def ptr_cast_cases(c, rng):
    """An f32 buffer through `*u32` and `*u8` casts, and through an i64 address."""
    T = int(c.get("TILE", 256))
    for progs, k in [(1, 0), (4, 1000), (64, 12345)]:
        n = progs * T
        x = rng.standard_normal(n).astype(np.float32)
        args = [("x", x), ("bits", f"empty:u32:{n}"), ("bytes", f"empty:u8:{4 * n}"), ("picked", "empty:f32:1"),
                ("k", k)]
        checks = {"bits": x.view(np.uint32), "bytes": x.view(np.uint8), "picked": x[k:k + 1]}
        yield Case(f"n={n},k={k}", (progs,), args, checks, rtol=0, atol=0)


def asm_pack_bytes_cases(c, rng):
    """pack = 4 over u8: four bytes in one register, (x & 0x1F) << 3 each."""
    T = int(c.get("TILE", 1024))
    for n in [1, 1000, 4096, 100003]:
        x = rng.integers(0, 256, n, dtype=np.uint8)
        args = [("x", x), ("y", f"empty:u8:{n}"), ("n", n)]
        yield Case(f"n={n}", (cdiv(n, T),), args, {"y": ((x & 0x1F) << 3).astype(np.uint8)}, rtol=0, atol=0)


def asm_pack_two_cases(c, rng):
    """pack = 4, a u8 and an f32 operand, two results (Triton's packed multiple outputs)."""
    T = int(c.get("TILE", 1024))
    for n in [1, 1000, 4096, 100003]:
        a = rng.integers(0, 256, n, dtype=np.uint8)
        b = (rng.standard_normal(n) * 200).astype(np.float32)
        args = [("a", a), ("b", b), ("c", f"empty:i32:{n}"), ("d", f"empty:f32:{n}"), ("n", n)]
        checks = {"c": a.astype(np.int32), "d": np.maximum(a.astype(np.float32), b)}
        yield Case(f"n={n}", (cdiv(n, T),), args, checks, rtol=0, atol=0)


def asm_pack_half_cases(c, rng):
    """pack = 2 over f16 (both sign bits flipped at once), and a pointer argument."""
    T = int(c.get("TILE", 1024))
    for n in [1, 1000, 4096, 100003]:
        x = rng.standard_normal(n).astype(np.float16)
        args = [("x", x), ("y", f"empty:f16:{n}"), ("addr", f"empty:i64:{n}"), ("n", n)]
        checks = {"y": -x, "addr": np.arange(n, dtype=np.int64) * 2}
        yield Case(f"n={n}", (cdiv(n, T),), args, checks, rtol=0, atol=0)


KERNELS = {
    "math_f64": ([("x", "*f64"), ("y", "*f64"), ("out", "*f64"), ("n", "i32")], math_f64_cases),
    "ptr_where": ([("a", "*f32"), ("b", "*f32"), ("out", "*f32"), ("whole", "*f32"), ("n", "i32"), ("split", "i32"),
                   ("pick_b", "i32")], ptr_where_cases),
    "ptr_cast": ([("x", "*f32"), ("bits", "*u32"), ("bytes", "*u8"), ("picked", "*f32"), ("k", "i32")],
                 ptr_cast_cases),
    "asm_pack_bytes": ([("x", "*u8"), ("y", "*u8"), ("n", "i32")], asm_pack_bytes_cases),
    "asm_pack_two": ([("a", "*u8"), ("b", "*f32"), ("c", "*i32"), ("d", "*f32"), ("n", "i32")], asm_pack_two_cases),
    "asm_pack_half": ([("x", "*f16"), ("y", "*f16"), ("addr", "*i64"), ("n", "i32")], asm_pack_half_cases),
}

GPU_ONLY = {k: "inline_asm_elementwise runs PTX, which the interpreter cannot"
            for k in ["asm_pack_bytes", "asm_pack_two", "asm_pack_half"]}
