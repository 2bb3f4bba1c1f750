#!/usr/bin/env python3
"""Triton's own language tests, ported to the tile language (test/triton/README.md).

    TILERUN=path/to/tilerun python3 test/triton/run.py --interpret   # CI: no GPU
    TILERUN=path/to/tilerun python3 test/triton/run.py               # on the GPU

Each case runs one kernel of a .tile here with tilerun on numpy-made inputs and compares
the buffers with numpy references of what Triton's test asserts (test/gpu/check_examples.py
runs them: `Case`, `run_case`). With --interpret the kernel runs in tilec's interpreter
(`tilerun --interpret --uninit --races`: memcheck, never-written reads and races between
programs fail too); without it, tilerun compiles the .tile and runs it on the GPU.
Refusal cases compile a program Triton refuses and require a .tile error (exit 1,
`file:line:col`, a caret, no panic or internal error).

A case that fails today because of a tilec defect or a missing feature is listed in XFAIL
below with the reason; it prints XFAIL, and one that passes is a FAILURE (unmark it).
The last line is `N passed, N failed, N xfailed`; the exit status is 1 when anything failed.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [HERE, os.path.join(ROOT, "test", "gpu")]
import check_examples as ce  # noqa: E402
from check_examples import Case, cdiv, fp8_bits, fp8_value, run_case, tail  # noqa: E402
import gen  # noqa: E402
import triton_ref as tr  # noqa: E402
import via_translator as vt  # noqa: E402
from triton_ref import (DTYPES, DTYPES_BF16, INTS, NP, UINTS, bits, cast, is_float, is_int,  # noqa: E402
                        is_signed)

# ------------------------------------------------------------------ expected failures
# case name -> reason. A reason starting "[gpu] " or "[interpreter] " applies in that mode only.
# A listed case that passes is a FAILURE: remove it from here (README.md). Every case passes
# in the interpreter now; a case that fails on the GPU only goes here with "[gpu] ".

XFAIL = {}


# ------------------------------------------------------------------ the registry
class Entry:
    """One case: a run (`case`, a check_examples Case) of `kernel` in `tile`, or a
    refusal (`refuse`: a regex the error must match, or "" for any .tile error), or a
    type check (`types`: label -> expected static_print text)."""

    def __init__(self, name, tile, kernel, case=None, refuse=None, types=None, gpu_only=None):
        self.name, self.tile, self.kernel, self.case = name, tile, kernel, case
        self.refuse, self.types, self.gpu_only = refuse, types, gpu_only


ENTRIES = []


def add(name, tile, kernel, grid, args, checks, rtol=None, atol=None, defines=None, flags=None, gpu_only=None):
    ENTRIES.append(Entry(name, tile, kernel, Case(name, grid, args, checks, rtol, atol, defines, flags),
                         gpu_only=gpu_only))


def add_custom(name, tile, kernel, grid, args, saves, verify, defines=None):
    """A run whose result is checked in Python: `saves` names the buffers tilerun saves,
    `verify(dict name -> array)` returns (ok, message)."""
    e = Entry(name, tile, kernel, Case(name, grid, args, {}, None, None, defines, None))
    e.saves, e.verify = saves, verify
    ENTRIES.append(e)


def type_check(name, tile, kernel, expected):
    """A compile whose static_print lines must give each label its expected type."""
    ENTRIES.append(Entry(name, tile, kernel, types=expected))


def refuse(name, tile, want="", kernel=None):
    ENTRIES.append(Entry(name, tile, kernel, refuse=want))


def empty(t, shape):
    n = "x".join(str(d) for d in np.atleast_1d(shape)) if not isinstance(shape, int) else str(shape)
    return f"empty:{t}:{n}"


def rng_for(name):
    """A fixed seed per case (its name), so cases do not depend on each other's order."""
    return np.random.default_rng(abs(hash_str(name)) % (1 << 32))


def hash_str(s):
    h = 1469598103934665603
    for ch in s.encode():
        h = ((h ^ ch) * 1099511628211) & ((1 << 64) - 1)
    return h


def g(*parts):
    return os.path.join(HERE, *parts)


# ------------------------------------------------------------------ test_core.py: dtype matrices
def mod_value_range(tx, ty):
    """Triton's _min_max_integral_mod_value: an integer operand beside a float one stays
    in a type of half the narrower width (floats have few integer bits)."""
    mb = min(bits(tx), bits(ty), 32)
    mx = max(mb >> 1, 8)
    t = ("i" if is_signed(tx) else "u") + str(mx)
    lo, hi = tr.int_range(t)
    if mx >= 16 and not is_signed(tx):
        hi //= 4
    return lo, hi + 1


def bin_op_cases():
    n = gen.N
    for tx in DTYPES_BF16:
        for ty in DTYPES_BF16:
            name = f"core/bin_op[{tx},{ty}]"
            rng = rng_for(name)
            lo = hi = None
            if is_int(tx) and is_float(ty):
                lo, hi = mod_value_range(tx, ty)
            x = tr.random_values(tx, n, rng, lo, hi)
            y = tr.random_values(ty, n, rng)
            if is_float(tx):
                x[:5] = [0.0, -0.0, np.inf, -np.inf, np.nan]
            if tx in ("f16", "bf16") and ty in ("f16", "bf16"):
                x[5], y[5] = 60000.0, 0.25  # the quotient exceeds f16's range: Triton divides in f32
            d = tr.computation_type(tx, ty, True)
            if d is not None:
                y = tr.zero_safe(y, ty, x, tx, d)
            checks = {}
            for buf, op in [("add", "+"), ("sub", "-"), ("mul", "*")] + ([("div", "/"), ("rem", "%")] if d else []):
                checks[buf] = tr.binop(op, x, tx, y, ty)[0]
            checks["bl"] = tr.binop("-", x[:1], tx, y, ty)[0]
            checks["br"] = tr.binop("*", x, tx, y[:1], ty)[0]
            r = tr.computation_type(tx, ty)
            args = [("x", x), ("y", y)] + [(b, empty(d if b in ("div", "rem") else r, n)) for b in checks]
            add(name, g("core", "gen", f"bin_op_{tx}.tile"), f"bin_op_{tx}_{ty}", (1,), args, checks,
                rtol=0.01, atol=7e-3)


def scalar_type(tx, kind, div_or_mod):
    """Triton's type of `x op scalar` (a Python int 3 or float 0.75): a scalar of a kind no
    higher than the tile's takes the tile's type (f16 / bf16 under / and %: f32)."""
    if kind == "int" or is_float(tx):
        return "f32" if div_or_mod and tx in ("f16", "bf16") else tx
    return tr.computation_type(tx, "f32", div_or_mod)


def bin_op_type_cases():
    tile = g("core", "gen", "bin_op_types.tile")
    for group, ops in gen.TYPE_OPS:
        expected = {}
        for op in ops:
            dm = op in "/%"
            for tx in DTYPES_BF16:
                for ty in DTYPES_BF16:
                    t = tr.computation_type(tx, ty, dm)
                    if t is not None:
                        expected[f"T {tx} {ty} {op}"] = f"tile<128x{t}>"
                for kind in ["int", "float"]:
                    expected[f"T {tx} {kind} {op}"] = f"tile<128x{scalar_type(tx, kind, dm)}>"
        type_check(f"core/bin_op_types[{' '.join(ops)}]", tile, f"types_{group}", expected)


def scalar_op_cases():
    n = gen.N
    for tx in DTYPES_BF16:
        for kind in ["int", "float"]:
            name = f"core/bin_op_scalar[{tx},{kind}]"
            rng = rng_for(name)
            x = tr.random_values(tx, n, rng)
            if kind == "int":
                yv, ty = gen.SCALAR_INT.get(tx, 3), tx
                r, d = tx, ("f32" if tx in ("f16", "bf16") else tx)
            else:
                yv, ty = 0.75, "f32"
                r = tx if is_float(tx) else "f32"
                d = "f32" if tx in ("f16", "bf16") else r
            if is_int(tx) and kind == "int":
                y = np.array([yv], dtype=NP[tx])
                ty = tx
            else:
                ty = r if kind == "float" else tx
                y = np.array([yv], dtype=np.float64)
            checks = {}
            for buf, op in [("add", "+"), ("sub", "-"), ("mul", "*"), ("div", "/"), ("rem", "%")]:
                t = d if op in "/%" else r
                if is_float(t):
                    checks[buf] = tr.float_op(op, cast(x, tx, t), np.asarray(y, np.float64).astype(
                        np.float32 if t == "bf16" else NP[t]), t)
                else:
                    checks[buf] = tr.int_op(op, cast(x, tx, t), cast(y, ty, t), t)
            args = [("x", x)] + [(b, empty(d if b in ("div", "rem") else r, n)) for b in checks]
            add(name, g("core", "gen", "scalar_op.tile"), f"scalar_op_{tx}_{kind}", (1,), args, checks,
                rtol=0.01, atol=7e-3)


def bitwise_cases():
    n = gen.N
    for tx in INTS + UINTS:
        for ty in INTS + UINTS:
            name = f"core/bitwise_op[{tx},{ty}]"
            rng = rng_for(name)
            x, y = tr.random_values(tx, n, rng), tr.random_values(ty, n, rng)
            checks = {f"{k}_": tr.binop(op, x, tx, y, ty)[0] for k, op in [("and", "&"), ("or", "|"), ("xor", "^")]}
            r = tr.integer_promote(tx, ty)
            args = [("x", x), ("y", y)] + [(b, empty(r, n)) for b in checks]
            add(name, g("core", "gen", f"bitwise_{tx}.tile"), f"bitwise_{tx}_{ty}", (1,), args, checks)


def shift_cases():
    n = gen.N
    for tx in INTS + UINTS:
        for ty in UINTS:
            name = f"core/shift_op[{tx},{ty}]"
            rng = rng_for(name)
            bw = max(bits(tx), bits(ty))
            x = tr.random_values(tx, n, rng)
            y = rng.integers(0, bw, n).astype(NP[ty])
            y[:4] = [0, 1, bw - 1, bw // 2]
            checks = {k: tr.shift(op, x, tx, y, ty)[0] for k, op in [("shl", "<<"), ("shr", ">>")]}
            r = tr.integer_promote(tx, ty)
            args = [("x", x), ("y", y)] + [(b, empty(r, n)) for b in checks]
            add(name, g("core", "gen", f"shift_{tx}.tile"), f"shift_{tx}_{ty}", (1,), args, checks)


def compare_cases():
    n = gen.N
    for tx in DTYPES:
        for ty in DTYPES:
            name = f"core/compare_op[{tx},{ty}]"
            rng = rng_for(name)
            x, y = tr.random_values(tx, n, rng), tr.random_values(ty, n, rng)
            # equal values (after promotion) in a few places, so == and <= see ties
            k = n // 8
            with np.errstate(all="ignore"):
                yv = cast(cast(x[-k:], tx, ty), ty, tx)
                same = (yv == x[-k:]) if not is_float(tx) else np.isfinite(x[-k:].astype(np.float64)) & (yv == x[-k:])
                y[-k:][same] = cast(x[-k:], tx, ty)[same]
            if tx == ty == "f32":  # test_compare_op's NaN modes
                x[8:12], y[10:14] = np.nan, np.nan
            checks = {nm: tr.compare(op, x, tx, y, ty) for nm, op in gen.CMP}
            checks = {k: v.astype(np.int8) for k, v in checks.items()}
            args = [("x", x), ("y", y)] + [(b, empty("i8", n)) for b in checks]
            add(name, g("core", "gen", f"compare_{tx}.tile"), f"cmp_{tx}_{ty}", (1,), args, checks)


def unary_cases():
    n = gen.N
    for t in DTYPES_BF16:
        name = f"core/unary_op[{t}]"
        rng = rng_for(name)
        x = tr.random_values(t, n, rng)
        if is_float(t):
            x[:5] = [0.0, -0.0, np.inf, -np.inf, np.nan]
        with np.errstate(all="ignore"):
            if is_int(t):
                neg = np.array([tr.wrap(-int(v), t) for v in x], dtype=NP[t])
                ab = x.copy() if not is_signed(t) else np.array([tr.wrap(abs(int(v)), t) for v in x], dtype=NP[t])
                checks = {"neg": neg, "ab": ab, "inv": np.array([tr.wrap(~int(v), t) for v in x], dtype=NP[t])}
            else:
                checks = {"neg": -x, "ab": np.abs(x)}
        args = [("x", x)] + [(b, empty(t, n)) for b in checks]
        add(name, g("core", "gen", "unary.tile"), f"unary_{t}", (1,), args, checks, rtol=0.01, atol=0)


def cast_cases():
    """test_cast: integers in [-10, 10) * 10, floats normal(0, 1) * 10 (bf16 rounded), signed
    zeros; non-negative inputs for every destination, negative ones for every signed or
    float destination (the test leaves negatives out of unsigned targets)."""
    n = 1024
    for s in DTYPES + ["bf16"]:
        for sign in (["", ",negative"] if is_signed(s) or is_float(s) else [""]):
            name = f"core/cast[{s}{sign}]"
            rng = rng_for(name)
            if is_int(s):
                x = (rng.integers(0, 10, n) * 10).astype(NP[s])
                x[:2] = [0, 1]
            else:
                x = np.abs(rng.standard_normal(n) * 10)
                x[:4] = [0.0, 0.0, 0.5, 1.5]
                x = tr.bf16_round(x.astype(np.float32)) if s == "bf16" else x.astype(NP[s])
            dsts = gen.CAST_DST
            if sign:
                x = -x
                dsts = [d for d in gen.CAST_DST if not (is_int(d) and not is_signed(d))]
            checks = {f"to_{d}": cast(x, s, d) for d in dsts}
            args = [("x", x)] + [(f"to_{d}", empty(d, n)) for d in gen.CAST_DST]
            add(name, g("core", "gen", "cast.tile"), f"cast_{s}", (1,), args, checks, rtol=0, atol=0)


def cast_to_bool_cases():
    n = 256
    name = "core/cast[to_bool]"
    rng = rng_for(name)
    args, checks = [], {}
    for s in DTYPES + ["bf16"]:
        x = tr.random_values(s, n, rng, specials=True) if is_float(s) else tr.random_values(s, n, rng)
        x[rng.random(n) < 0.3] = 0
        args += [(f"x_{s}", x), (f"b_{s}", empty("i1", n))]
        checks[f"b_{s}"] = (x != 0) | (np.isnan(x) if is_float(s) else False)
    add(name, g("core", "gen", "cast_to_bool.tile"), "cast_to_bool", (1,), args, checks)


def bitcast_cases():
    n = 1024
    for s, d in gen.BITCASTS:
        name = f"core/cast_bitcast[{s},{d}]"
        rng = rng_for(name)
        if is_int(s):
            x = tr.random_values(s, n, rng)
        else:
            x = tr.random_values(s, n, rng, specials=True)
        if s == "bf16":
            ref = (x.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
        elif d == "bf16":
            x[(x & 0x7F80) == 0x7F80] = 0x3F80  # no NaN / inf patterns: values compare, not bits
            ref = (x.astype(np.uint32) << 16).view(np.float32)
        else:
            if is_float(d):
                e = (x.view(NP[d]))
                x[~np.isfinite(e)] = 1
            ref = x.view(NP[d])
        args = [("x", x), ("z", empty(d, n))]
        add(name, g("core", "gen", "bitcast.tile"), f"bitcast_{s}_{d}", (1,), args, {"z": ref}, rtol=0, atol=0)


def where_cases():
    n = 1000
    for t in DTYPES_BF16:
        name = f"core/where[{t}]"
        rng = rng_for(name)
        c = rng.random(n) < 0.5
        a, b = tr.random_values(t, n, rng), tr.random_values(t, n, rng)
        args = [("cond", c), ("a", a), ("b", b), ("z", empty(t, n)), ("n", n)]
        add(name, g("core", "gen", "where.tile"), f"where_{t}", (1,), args, {"z": np.where(c, a, b)}, rtol=0, atol=0)


def reduce1d_cases():
    for t in DTYPES_BF16:
        for shape in [32, 128, 512]:
            name = f"core/reduce1d[{t},{shape}]"
            rng = rng_for(name)
            x = tr.random_values(t, shape, rng, edges=False)
            if is_int(t):  # limited so the sum does not overflow
                lo, hi = tr.int_range(t)
                x = tr.random_values(t, shape, rng, max(lo, -100), min(hi, 100), edges=False)
            # ties for argmin / argmax: the leftmost wins (tie_break_left)
            x[3:10] = x[np.argmax(x)]
            x[20:25] = x[np.argmin(x)]
            st = ("i32" if is_signed(t) else "u32") if is_int(t) and bits(t) < 32 else t
            if is_int(t):
                sm = np.array([sum(int(v) for v in x)], dtype=NP[st])
            else:
                sm = np.array([x.astype(np.float64).sum()], dtype=np.float32 if t == "bf16" else NP[t])
            checks = {"mn": np.array([x.min()]), "mx": np.array([x.max()]), "sm": sm,
                      "amin": np.array([np.argmin(x)], np.int32), "amax": np.array([np.argmax(x)], np.int32)}
            args = [("x", x), ("mn", empty(t, 1)), ("mx", empty(t, 1)), ("sm", empty(st, 1)), ("amin", empty("i32", 1)),
                    ("amax", empty("i32", 1))]
            # f16 / bf16 sums accumulate in their type (Triton's too): allow a typical rounding
            # error of a tree sum, u * sqrt(n) * |x|_2 / 2 (u = 2^-11 / 2^-8).
            atol = 1e-4
            if t in ("f16", "bf16"):
                u = 2.0 ** -11 if t == "f16" else 2.0 ** -8
                atol = float(u * np.sqrt(shape) * np.sqrt((x.astype(np.float64) ** 2).sum()) / 2)
            add(name, g("core", "gen", "reduce1d.tile"), f"reduce1d_{t}", (1,), args, checks,
                rtol=0.01, atol=atol, defines={"BLOCK": shape})


def atomic_cases():
    for op, types in gen.ATOMIC_TYPES.items():
        for t in types:
            name = f"core/atomic_rmw[{op},{t}]"
            rng = rng_for(name)
            # test_atomic_rmw: x = 2^i (5 programs); modes all_neg, all_pos, min_neg, max_pos
            base = np.array([2 ** i for i in range(5)], dtype=np.float64)
            xs = []
            for mode in ["all_neg", "all_pos", "min_neg", "max_pos"]:
                v = base.copy()
                if mode == "all_neg":
                    v = -np.abs(v)
                if mode == "min_neg":
                    v[rng.integers(5)] = -np.max(np.abs(v)) - 1
                if mode == "max_pos":
                    v[rng.integers(5)] = np.max(np.abs(v)) + 1
                if op in ("and", "or", "xor", "xchg") and is_int(t):
                    v = rng.integers(-1000, 1000, 5).astype(np.float64) if is_signed(t) else \
                        rng.integers(0, 1 << 30, 5).astype(np.float64)
                xs.append(v)
            if is_int(t):
                x = np.concatenate([np.array([tr.wrap(int(v), t) for v in row], dtype=NP[t]) for row in xs])
            else:
                x = np.concatenate(xs).astype(np.float32 if t == "bf16" else NP[t])
            # the start value: the op's neutral element (xchg: an arbitrary one)
            if op == "add":
                z0 = 0
            elif op == "max":
                z0 = -np.inf if is_float(t) else tr.int_range(t)[0]
            elif op == "min":
                z0 = np.inf if is_float(t) else tr.int_range(t)[1]
            elif op == "and":
                z0 = tr.wrap(-1, t)
            else:
                z0 = 0
            z = np.full(20, z0, dtype=np.float32 if t == "bf16" else NP[t])
            ref = z.copy()
            for grp in range(4):
                vals = x[grp * 5:grp * 5 + 5]
                if op == "add":
                    r = vals.astype(np.float64).sum() if is_float(t) else tr.wrap(sum(int(v) for v in vals), t)
                elif op == "max":
                    r = vals.max()
                elif op == "min":
                    r = vals.min()
                elif op in ("and", "or", "xor"):
                    acc = int(z0)
                    for v in vals:
                        acc = {"and": acc & int(v), "or": acc | int(v), "xor": acc ^ int(v)}[op]
                    r = tr.wrap(acc, t)
                else:
                    r = None  # xchg: the last program's value, any of them
                if r is not None:
                    ref[grp * 5:grp * 5 + 5] = r
            checks = {"z": ref}
            if op == "xchg":
                # each word ends as one of its five programs' values (the last to swap)
                def verify(out, x=x):
                    z = out["z"]
                    for grp in range(4):
                        vals = set(np.asarray(x[grp * 5:grp * 5 + 5], dtype=np.float64).tolist())
                        for w in z[grp * 5:grp * 5 + 5]:
                            if float(w) not in vals:
                                return False, f"a word of group {grp} is {w}, none of its programs' values {sorted(vals)}"
                    return True, ""
                add_custom(name, g("core", "gen", f"atomic_{op}.tile"), f"atomic_{op}_{t}", (5, 4),
                           [("x", x), ("z", z)], ["z"], verify)
                continue
            add(name, g("core", "gen", f"atomic_{op}.tile"), f"atomic_{op}_{t}", (5, 4), [("x", x), ("z", z)], checks,
                rtol=0.01 if t in ("f16", "bf16") else 1e-6, atol=0)


def tensor_atomic_cases():
    for t in ["f16", "f32", "u64", "i64", "f64"]:
        for s0, s1 in [(2, 2), (2, 8), (8, 2), (8, 8), (32, 32), (2, 256)]:
            for axis in [0, 1]:
                if (s0, s1) == (2, 256) and axis == 1:
                    continue
                name = f"core/tensor_atomic_rmw[{t},{s0}x{s1},axis={axis}]"
                rng = rng_for(name)
                if is_int(t):
                    x = tr.random_values(t, s0 * s1, rng, 0 if t == "u64" else -1000, 1000, edges=False).reshape(s0, s1)
                else:
                    x = rng.standard_normal((s0, s1)).astype(NP[t])
                zn = s0 if axis == 1 else s1
                z = tr.random_values(t, zn, rng, 0 if t == "u64" else -1000, 1000, edges=False) if is_int(t) else \
                    rng.standard_normal(zn).astype(NP[t])
                if is_int(t):
                    zref = np.array([tr.wrap(int(a) + int(b), t) for a, b in
                                     zip(z, [sum(int(v) for v in col) for col in (x.T if axis == 0 else x)])], dtype=NP[t])
                elif t == "f16":
                    zref = (z.astype(np.float32) + x.astype(np.float32).sum(axis=axis).astype(np.float16)).astype(np.float16)
                else:
                    zref = z + x.sum(axis=axis)
                args = [("z", z), ("x", x), ("old", empty(t, zn))]
                add(name, g("core", "gen", "tensor_atomics.tile"), f"tensor_atomic_{t}", (1,), args,
                    {"z": zref, "old": z.copy()}, rtol=1e-4 if t != "f16" else 0.01, atol=0 if t != "f16" else 0.01,
                    defines={"SHAPE0": s0, "SHAPE1": s1, "AXIS": axis})


def minmax_cases():
    n = gen.N
    for t in INTS + UINTS + tr.FLOATS + ["bf16"]:
        name = f"standard/maximum_minimum[{t}]"
        rng = rng_for(name)
        x, y = tr.random_values(t, n, rng), tr.random_values(t, n, rng)
        if is_float(t):  # a NaN in either operand is ignored (Triton's default; numpy's fmax)
            x[:3], y[2:5] = [np.nan, -0.0, 0.0], [0.0, -0.0, np.nan]
        f = (np.fmax, np.fmin) if is_float(t) else (np.maximum, np.minimum)
        args = [("x", x), ("y", y), ("mx", empty(t, n)), ("mn", empty(t, n))]
        add(name, g("core", "gen", "minmax.tile"), f"minmax_{t}", (1,), args, {"mx": f[0](x, y), "mn": f[1](x, y)},
            rtol=0, atol=0)


def math_cases():
    n = 128
    tile = g("core", "math.tile")
    for t in ["f32", "f64"]:
        name = f"core/math_op[{t}]"
        rng = rng_for(name)
        x = rng.standard_normal(n).astype(NP[t])
        pos = (np.abs(x) + 0.01).astype(NP[t])
        d, p = x.astype(np.float64), pos.astype(np.float64)
        import math as _m
        erf = np.array([_m.erf(v) for v in d])
        checks = {"exp_": np.exp(d), "log_": np.log(p), "cos_": np.cos(d), "sin_": np.sin(d), "exp2_": np.exp2(d),
                  "log2_": np.log2(p), "sqrt_": np.sqrt(p), "floor_": np.floor(d), "ceil_": np.ceil(d),
                  "erf_": erf, "tanh_": np.tanh(d)}
        if t == "f32":
            checks["rsqrt_"] = 1 / np.sqrt(p)
            checks["c"] = np.array([_m.exp(3), _m.log(3), _m.cos(3), _m.sin(3), 8.0, _m.log2(3), _m.sqrt(3), 3.0, 3.0])
            args = [("x", x), ("pos", pos)] + [(k, empty(t, n)) for k in checks if k != "c"] + [("c", empty(t, 9))]
            order = ["x", "pos", "exp_", "log_", "cos_", "sin_", "exp2_", "log2_", "sqrt_", "floor_", "ceil_",
                     "rsqrt_", "erf_", "tanh_", "c"]
            args = sorted(args, key=lambda a: order.index(a[0]))
            checks = {k: v.astype(np.float32) for k, v in checks.items()}
            add(name, tile, "math_f32", (1,), args, checks, rtol=1e-3, atol=1e-5)
        else:
            checks["fma_"] = d * p + d
            args = [("x", x), ("pos", pos)] + [(k, empty(t, n)) for k in checks]
            add(name, g("core", "math_f64.tile"), "math_f64", (1,), args, checks, rtol=1e-10, atol=1e-12)
    # fma, fdiv, div_rn / sqrt_rn (bit-exact), each its own tolerance
    rng = rng_for("core/math_binary")
    x = rng.standard_normal(n).astype(np.float32)
    y = (rng.standard_normal(n) + 1e-6).astype(np.float32)
    w = rng.standard_normal(n).astype(np.float32)
    outs = ["fma_", "fdiv_", "divrn", "divref", "sqrtrn", "sqrtref"]
    args = [("x", x), ("y", y), ("w", w)] + [(k, empty("f32", n)) for k in outs]
    d = x.astype(np.float64)
    add("core/math_fma_op[f32]", tile, "math_f32_binary", (1,), args,
        {"fma_": (d * y.astype(np.float64) + w).astype(np.float32)}, rtol=1.3e-6, atol=1e-5)
    add("core/math_divide_op[fdiv]", tile, "math_f32_binary", (1,), args, {"fdiv_": x / y}, rtol=0.01, atol=7e-3)
    add("core/precise_math[div_rn]", tile, "math_f32_binary", (1,), args, {"divrn": x / y, "divref": x / y},
        rtol=0, atol=0)
    add("core/precise_math[sqrt_rn]", tile, "math_f32_binary", (1,), args,
        {"sqrtrn": np.sqrt(np.abs(x)), "sqrtref": np.sqrt(np.abs(x))}, rtol=0, atol=0)
    for neg in [False, True]:
        name = f"core/umulhi[i32{',negative' if neg else ''}]"
        rng = rng_for(name)
        lo = -(1 << 31) if neg else 0
        a = rng.integers(lo, 1 << 31, n).astype(np.int32)
        b = rng.integers(lo, 1 << 31, n).astype(np.int32)
        if neg:
            a[:4], b[:4] = [-1, -(1 << 31), 0x7FFFFFFF, -1], [-1, -1, -(1 << 31), 2]
        ref = ((a.view(np.uint32).astype(np.uint64) * b.view(np.uint32).astype(np.uint64)) >> np.uint64(32))
        add(name, tile, "umulhi_i32", (1,), [("x", a), ("y", b), ("z", empty("i32", n))],
            {"z": ref.astype(np.uint32).view(np.int32)})
    for t in ["f32", "f16"]:
        name = f"core/clamp[{t}]"
        rng = rng_for(name)
        x, a, b = (rng.standard_normal(n).astype(NP[t]) for _ in range(3))
        lo, hi = np.minimum(a, b), np.maximum(a, b)
        args = [("x", x), ("lo", lo), ("hi", hi), ("out", empty(t, n)), ("sym", empty(t, n)), ("n", n)]
        add(name, tile, f"clamp_{t}", (1,), args,
            {"out": np.minimum(np.maximum(x, lo), hi), "sym": np.clip(x, -np.abs(hi), np.abs(hi))}, rtol=0, atol=0)
    name = "core/clamp_symmetric[bf16]"
    rng = rng_for(name)
    x = tr.bf16_round(rng.standard_normal(n).astype(np.float32))
    lim = tr.bf16_round(np.abs(rng.standard_normal(n)).astype(np.float32))
    add(name, tile, "clamp_bf16", (1,), [("x", x), ("lim", lim), ("sym", empty("bf16", n)), ("n", n)],
        {"sym": np.clip(x, -lim, lim)}, rtol=0, atol=0)
    for t in ["f32", "f16"]:
        name = f"core/propagate_nan[{t},minimum_maximum]"
        rng = rng_for(name)
        a = rng.standard_normal(4).astype(NP[t])
        b = rng.standard_normal(4).astype(NP[t])
        a[[0, 2]] = np.nan  # modes: A, B, both, none
        b[[1, 2]] = np.nan
        args = [("a", a), ("b", b)] + [(k, empty(t, 4)) for k in ["mn", "mx", "mn_all", "mx_all"]]
        add(name, tile, f"propagate_nan_{t}", (4,), args,
            {"mn": np.fmin(a, b), "mx": np.fmax(a, b), "mn_all": np.minimum(a, b), "mx_all": np.maximum(a, b)},
            rtol=0, atol=0)
        name = f"core/propagate_nan[{t},clamp]"
        rng = rng_for(name)
        a = rng.standard_normal(3).astype(NP[t])
        b = np.abs(rng.standard_normal(3)).astype(NP[t])
        a[[0, 1]] = np.nan  # modes: A, both, none
        b[1] = np.nan
        args = [("a", a), ("b", b), ("cl", empty(t, 3)), ("cl_all", empty(t, 3))]
        # default: the NaN is not propagated (Triton's test: not NaN; max then min gives the
        # lower bound), except when the bounds are NaN too; "all": NaN
        cl = np.array([-b[0], np.nan, np.clip(a[2], -b[2], b[2])], dtype=NP[t])
        add(name, tile, f"propagate_nan_clamp_{t}", (3,), args,
            {"cl": cl, "cl_all": np.array([np.nan, np.nan, cl[2]], dtype=NP[t])}, rtol=0, atol=0)


REDUCE_OPS = ["min", "max", "sum", "argmin", "argmax"]


def np_reduce(op, x, axis, keep):
    f = {"min": np.min, "max": np.max, "sum": np.sum, "argmin": np.argmin, "argmax": np.argmax}[op]
    if op.startswith("arg"):
        r = f(x, axis=axis)
        return np.expand_dims(r, axis).astype(np.int32) if keep else r.astype(np.int32)
    return f(x.astype(np.float64), axis=axis, keepdims=keep).astype(np.float32)


def reduce_cases():
    tile = g("core", "reduce.tile")
    configs = [(op, shape, axis, False) for op in REDUCE_OPS for shape in [(2, 32), (4, 32), (4, 128)]
               for axis in [0, 1]]
    configs += [(op, (1, 1024), 1, False) for op in REDUCE_OPS]
    configs += [(op, (32, 32), axis, True) for op in REDUCE_OPS for axis in [0, 1]]
    for op, shape, axis, keep in configs:
        name = f"core/reduce[{op},{shape[0]}x{shape[1]},axis={axis}{',keep_dims' if keep else ''}]"
        rng = rng_for(name)
        x = rng.standard_normal(shape).astype(np.float32)
        ref = np_reduce(op, x, axis, keep)
        out = "zi" if op.startswith("arg") else "z"
        args = [("x", x), ("z", empty("f32", ref.size)), ("zi", empty("i32", ref.size))]
        add(name, tile, "reduce2d", (1,), args, {out: ref.reshape(-1)}, rtol=0.01, atol=1e-5,
            defines={"BM": shape[0], "BN": shape[1], "AXIS": axis, "OP": REDUCE_OPS.index(op), "KEEP": int(keep)})
    for op in ["min", "max", "sum"]:
        for keep in [False, True]:
            name = f"core/reduce[{op},16x32,axis=None{',keep_dims' if keep else ''}]"
            rng = rng_for(name)
            x = rng.standard_normal((16, 32)).astype(np.float32)
            ref = np.array([np_reduce(op, x, None, False)], dtype=np.float32)
            add(name, g("core", "reduce.tile"), "reduce2d_all", (1,), [("x", x), ("z", empty("f32", 1))], {"z": ref},
                rtol=0.01, atol=1e-5, defines={"OP": REDUCE_OPS.index(op), "KEEP": int(keep)})
    for op in REDUCE_OPS:
        for shape in [(2, 32, 16), (32, 2, 16), (32, 16, 2)]:
            for axis in [0, 1, 2]:
                for keep in ([False, True] if shape == (32, 2, 16) else [False]):
                    name = f"core/reduce[{op},{'x'.join(map(str, shape))},axis={axis}{',keep_dims' if keep else ''}]"
                    rng = rng_for(name)
                    x = rng.standard_normal(shape).astype(np.float32)
                    ref = np_reduce(op, x, axis, keep)
                    out = "zi" if op.startswith("arg") else "z"
                    args = [("x", x), ("z", empty("f32", ref.size)), ("zi", empty("i32", ref.size))]
                    add(name, tile, "reduce3d", (1,), args, {out: ref.reshape(-1)}, rtol=0.01, atol=1e-5,
                        defines={"D0": shape[0], "D1": shape[1], "D2": shape[2], "AX3": axis,
                                 "OP3": REDUCE_OPS.index(op), "KEEP3": int(keep)})
    name = "core/reduce[sum,32x32,axis=-1]"
    x = rng_for(name).standard_normal((32, 32)).astype(np.float32)
    add(name, tile, "reduce_negative_axis", (1,), [("x", x), ("z", empty("f32", 32))], {"z": x.sum(1)},
        rtol=0.01, atol=1e-5)
    for shape in [(2, 32), (4, 32), (4, 128)]:
        for axis in [0, 1]:
            name = f"core/reduce[xor_sum,bool,{shape[0]}x{shape[1]},axis={axis}]"
            rng = rng_for(name)
            x = (rng.random(shape) < 0.5).astype(np.float32) * rng.standard_normal(shape).astype(np.float32)
            ref = np.bitwise_xor.reduce(x != 0, axis=axis).astype(np.int8)
            add(name, tile, "xor_sum_bool", (1,), [("x", x), ("z", empty("i8", ref.size))], {"z": ref},
                defines={"BM": shape[0], "BN": shape[1], "AXIS": axis})
    add("core/max_returns_zero", tile, "max_returns_zero", (1,), [("x", np.zeros(128, np.float32)),
                                                                    ("z", np.ones(1, np.float32))],
        {"z": np.zeros(1, np.float32)}, rtol=0, atol=0)
    rng = rng_for("core/generic_reduction")
    x = rng.random(512).astype(np.float32)
    add("core/generic_reduction[welford]", tile, "var_mean", (1,),
        [("x", x), ("out_mean", empty("f32", 1)), ("out_var", empty("f32", 1))],
        {"out_mean": np.array([x.astype(np.float64).mean()]), "out_var": np.array([x.astype(np.float64).var()])},
        rtol=1.3e-6, atol=1e-5)
    for op_i, op in enumerate(["sum", "max", "min"]):
        for block_n, n, pids in [(32, 512, 2), (64, 1024, 4), (128, 2048, 2)]:
            name = f"core/optimize_thread_locality[{op},BLOCK_N={block_n},N={n},pids={pids}]"
            rng = rng_for(name)
            x = rng.standard_normal((32, n)).astype(np.float32)
            y = rng.standard_normal((32, pids)).astype(np.float32)
            xs = x.astype(np.float64)
            parts = np.stack([{"sum": np.sum, "max": np.max, "min": np.min}[op](
                xs[:, np.concatenate([np.arange(s * block_n, (s + 1) * block_n) for s in range(p, n // block_n, pids)])],
                axis=1) for p in range(pids)], axis=1)
            add(name, tile, "thread_locality", (1, pids), [("x", x), ("y", y), ("n", n)], {"y": parts.astype(np.float32)},
                rtol=0.01, atol=1e-3, defines={"BLOCK_N": block_n, "OP": op_i})
    rng = rng_for("core/chained_reductions")
    x = rng.integers(0, 1000, (4, 32, 32, 4, 2)).astype(np.int32)
    ref = np.transpose(x, (2, 1, 0, 3, 4)).astype(np.int64).sum(3).sum(1).sum(0).astype(np.int32)
    add("core/chained_reductions[(4,32,32,4,2),(2,1,0,3,4),(3,1,0)]", tile, "chained_reductions", (1,),
        [("x", x), ("out", empty("i32", 8))], {"out": ref.reshape(-1)})


SCAN_OPS = ["cumsum", "cumprod", "get_first_element", "linear_recurrence", "cummax", "roll"]
SCAN_SHAPES = [(8, 32), (16, 32), (32, 16), (2, 1024), (1024, 2), (32, 32), (1, 1024)]


def scan_reference(op, x, y, axis, reverse):
    x_in = np.flip(x, axis) if reverse else x
    if op in ("cumsum", "cumprod"):
        f = np.cumsum if op == "cumsum" else np.cumprod
        if is_int(str(x.dtype).replace("int", "i")):
            r = f(x_in.astype(np.int64), axis=axis).astype(x.dtype)
        else:
            r = f(x_in.astype(np.float64), axis=axis).astype(np.float32)
        return np.flip(r, axis) if reverse else r
    if op == "get_first_element":
        r = x.copy()
        if axis == 0:
            if reverse:
                r[:-1] = x[-1]
            else:
                r[1:] = x[0]
        else:
            if reverse:
                r[:, :-1] = x[:, -1:]
            else:
                r[:, 1:] = x[:, 0:1]
        return r
    if op == "cummax":
        xi = np.moveaxis(x_in, axis, -1)
        idx = np.zeros(xi.shape, np.int64)
        for row in np.ndindex(xi.shape[:-1]):
            best, bi = None, 0
            for j, v in enumerate(xi[row]):
                if best is None or not (best > v):  # combine: keep the left only when strictly greater
                    best, bi = v, j
                idx[row + (j,)] = bi
        r = np.moveaxis(idx, -1, axis)
        return (x.shape[axis] - np.flip(r, axis) - 1) if reverse else r
    if op == "roll":
        r = np.roll(x_in, 1, axis=axis)
        if axis == 0:
            r[:1] = 0
        else:
            r[:, :1] = 0
        return np.flip(r, axis) if reverse else r
    assert op == "linear_recurrence"
    xr = x.T if axis == 0 else x
    yr = y.T if axis == 0 else y
    if reverse:
        xr, yr = np.flip(xr, 1), np.flip(yr, 1)
    out = np.zeros(xr.shape, dtype=np.float64 if x.dtype.kind == "f" else np.int64)
    for i in range(xr.shape[0]):
        acc = 0
        for j in range(xr.shape[1]):
            acc = xr[i, j] * acc + yr[i, j]
            if x.dtype.kind != "f":
                acc = tr.wrap(int(acc), "i32")
            out[i, j] = acc
    if reverse:
        out = np.flip(out, 1)
    out = out.T if axis == 0 else out
    return out.astype(x.dtype)


def scan_cases():
    tile = g("core", "scan.tile")
    k = 0
    for op in SCAN_OPS:
        for t in ["i32", "f32", "bf16"]:
            if t == "bf16" and op in ("cummax", "linear_recurrence", "roll"):
                continue  # the test skips these for bf16
            for axis in [1, 0]:
                for rev in [False, True]:
                    shape = SCAN_SHAPES[k % len(SCAN_SHAPES)]
                    warps = [4, 16][k % 2]
                    k += 1
                    name = f"core/scan2d[{op},{t},{shape[0]}x{shape[1]},axis={axis}{',reverse' if rev else ''}]"
                    rng = rng_for(name)
                    if op == "linear_recurrence" and t == "i32":
                        x, y = rng.integers(-1, 2, shape).astype(np.int32), rng.integers(-1, 2, shape).astype(np.int32)
                    elif t == "i32":
                        x = tr.random_values("i32", shape[0] * shape[1], rng, edges=False).reshape(shape)
                        y = tr.random_values("i32", shape[0] * shape[1], rng, edges=False).reshape(shape)
                    else:
                        x, y = rng.standard_normal(shape).astype(np.float32), rng.standard_normal(shape).astype(np.float32)
                        if t == "bf16":
                            x = tr.bf16_round(x)
                    ref = scan_reference(op, x, y, axis, rev)
                    defines = {"BM": shape[0], "BN": shape[1], "AXIS": axis, "REV": int(rev), "OP": SCAN_OPS.index(op)}
                    size = x.size
                    if t == "bf16":
                        args = [("x", x), ("z", empty("f32", size))]
                    else:
                        args = [("x", x), ("y", y), ("z", empty(t, size)), ("zi", empty("i64", size))]
                    out = "zi" if op == "cummax" else "z"
                    add(name, tile, f"scan2d_{t}", (1,), args, {out: ref.reshape(-1)},
                        rtol=0.01, atol=1e-3 if op == "cumprod" else 0, defines=defines,
                        flags=["--num-warps", str(warps)])
    for m, n in [(1, 64), (2, 32), (4, 16), (8, 8), (16, 4), (32, 2), (64, 1)]:
        name = f"core/scan_1d[{m},{n}]"
        x = rng_for(name).integers(-100, 100, m).astype(np.int32)
        add(name, tile, "scan_1d", (1,), [("out", empty("i32", m * n)), ("inp", x)],
            {"out": np.broadcast_to(np.cumsum(x).reshape(1, m), (n, m)).reshape(-1)}, defines={"M": m, "N": n})
    for m, n in [(2048, 2), (1024, 8), (1024, 128), (256, 512), (32, 512), (8, 512), (8, 2)]:
        name = f"core/histogram[{m},{n}]"
        x = rng_for(name).integers(0, n, m).astype(np.int32)
        add(name, tile, "histogram", (1,), [("x", x), ("z", empty("i32", n))],
            {"z": np.bincount(x, minlength=n).astype(np.int32)}, defines={"M": m, "N": n})


def standard_cases():
    tile = g("standard", "standard.tile")
    for m, n in [(1, 512), (8, 64), (256, 16), (512, 8)]:
        for t in ["i32", "f16", "f32", "bf16"]:
            for desc in [False, True]:
                name = f"standard/sort[{t},{m},{n}{',descending' if desc else ''}]"
                rng = rng_for(name)
                x = tr.random_values(t, n * m, rng, edges=False).reshape(n, m)
                if t != "i32":
                    x[rng.random((n, m)) < 0.05] = 0.0  # ties
                ref = np.sort(x, axis=1)
                if desc:
                    ref = np.flip(ref, 1)
                add(name, tile, f"sort_{t}", (1,), [("x", x), ("z", empty(t, n * m))], {"z": ref.reshape(-1)},
                    rtol=0, atol=0, defines={"N": n, "M": m, "DESC": int(desc)}, flags=["--num-warps", "8"])
            name = f"standard/flip[{t},{m},{n}]"
            x = tr.random_values(t, n * m, rng_for(name), edges=False).reshape(n, m)
            add(name, tile, f"flip_{t}", (1,), [("x", x), ("z", empty(t, n * m))], {"z": np.flip(x, 1).reshape(-1)},
                rtol=0, atol=0, defines={"N": n, "M": m}, flags=["--num-warps", "8"])
    x = np.arange(16, dtype=np.float32).reshape(1, 16)
    x[:, -1] = np.inf
    add("standard/flip_inf", tile, "flip_inf", (1,), [("out", empty("f32", 16)), ("x", x)],
        {"out": np.flip(x.reshape(-1, 8, 2), -1).reshape(-1)}, rtol=0, atol=0)
    add("standard/ravel", tile, "ravel_", (1,), [("out", empty("i32", 256))], {"out": np.arange(256, dtype=np.int32)})
    expected = np.array([[0, 3, 6, 9, 12, 15, 18], [1, 4, 7, 10, 13, 16, 19], [2, 5, 8, 11, 14, 17, 20],
                         [21, 23, 25, 27, 29, 31, 33], [22, 24, 26, 28, 30, 32, 34]], dtype=np.float32)
    add("standard/swizzle2d[5,7,3]", g("standard", "swizzle2d.tile"), "swizzle2d_kernel", (1,),
        [("output", np.zeros((5, 7), np.float32)), ("size_i", 5), ("size_j", 7), ("size_g", 3)],
        {"output": expected.reshape(-1)}, rtol=0, atol=0)
    for n, m, k in [(8, 64, 4), (1, 512, 1), (256, 16, 4)]:
        name = f"standard/topk[f32,{m},{n},k={k}]"
        x = rng_for(name).standard_normal((n, m)).astype(np.float32)
        ref = -np.sort(-x, axis=1)[:, :k]
        add(name, g("standard", "topk.tile"), "topk_f32", (1,), [("x", x), ("z", empty("f32", n * k))],
            {"z": ref.reshape(-1)}, rtol=0, atol=0, defines={"N": n, "M": m, "K": k})


def atomic_extra_cases():
    tile = g("core", "atomics.tile")
    add("core/atomic_rmw_predicate", tile, "atomic_rmw_predicate", (4096,), [("x", np.zeros(1, np.int32))],
        {"x": np.array([63], np.int32)})
    for t in ["f32", "f16"]:
        for size in [2, 4, 8, 32, 64, 128]:
            name = f"core/tensor_atomic_add_non_exclusive_offset[{t},{size}]"
            val = rng_for(name).standard_normal(size * size).astype(NP[t])
            add(name, tile, f"atomic_add_non_exclusive_{t}", (1,),
                [("x", np.zeros(size * size // 2, NP[t])), ("val", val)], {"x": (val[0::2] + val[1::2]).astype(NP[t])},
                rtol=1e-3 if t == "f16" else 1.3e-6, atol=1e-5, defines={"NUM": size})
    ref = np.ones((8, 8), np.float32)
    ref[0, 0] = 0
    add("core/tensor_atomic_rmw_block", tile, "atomic_rmw_block", (2,), [("x", np.ones(64, np.float32))],
        {"x": np.minimum(np.ones(64), np.arange(64)).astype(np.float32)}, rtol=0, atol=0)
    add("core/atomic_cas[change_value]", tile, "change_value", (1,), [("lock", np.zeros(1, np.int32))],
        {"lock": np.ones(1, np.int32)})
    for i, sem in enumerate(["None", "acquire", "release", "acq_rel", "relaxed"]):
        racy = None
        if sem in ("release", "relaxed"):
            racy = ("the lock is taken without acquire semantics: a data race by the memory model, which the "
                    "interpreter's race detector rightly reports (Triton's test relies on the GPU)")
        add(f"core/atomic_cas[serialized_add,{sem}]", tile, "serialized_add", (200,),
            [("data", np.zeros(128, np.float32)), ("lock", np.zeros(1, np.int32))],
            {"data": np.full(128, 200, np.float32)}, rtol=0, atol=0, defines={"SEM": i}, gpu_only=racy)
        add(f"core/tensor_atomic_cas[{sem}]", tile, "tensor_atomic_cas", (2,),
            [("x", np.array([0, 1, 0, 1, 0, 1, 0, 1], np.int64))], {"x": np.array([2, 1, 2, 1, 2, 1, 2, 1], np.int64)},
            defines={"SEM": i})
    add("core/constexpr_if_return[total=1]", tile, "constexpr_if_return", (1,),
        [("semaphore", np.zeros(1, np.int32)), ("out", np.full(1, -1, np.int32))], {"out": np.zeros(1, np.int32)},
        defines={"TOTAL": 1})
    add_custom("core/constexpr_if_return[total=4]", tile, "constexpr_if_return", (4,),
               [("semaphore", np.zeros(1, np.int32)), ("out", np.full(1, -1, np.int32))], ["out", "semaphore"],
               lambda o: (o["semaphore"][0] == 4 and 3 <= o["out"][0] <= 6,
                          f"semaphore {o['semaphore'][0]} (expected 4), out {o['out'][0]} (expected 3 + the last program)"),
               defines={"TOTAL": 4})
    for (s0, s1), order, step in [((2, 2), "increase", 2), ((4, 4), "decrease", 3), ((5, 5), "random", 2),
                                  ((6, 6), "random_no_duplication", 4), ((8, 8), "random", 1), ((8, 8), "increase", 3)]:
        name = f"core/tensor_atomic_add_access_patterns[{s0}x{s1},{order},step={step}]"
        rng = rng_for(name)
        row = np.arange(s1)
        if order == "increase":
            idx = np.stack([np.repeat(row, i + 1)[:s1] for i in range(s0)])
        elif order == "decrease":
            idx = np.stack([np.repeat(row[::-1], i + 1)[:s1] for i in range(s0)])
        elif order == "random_no_duplication":
            idx = np.stack([rng.permutation(s1) for _ in range(s0)])
        else:
            idx = rng.integers(0, s1, (s0, s1))
        val = rng.standard_normal((s0, s1)).astype(np.float32)
        dst = rng.standard_normal((s0, s1)).astype(np.float32)
        ref = dst.astype(np.float64).copy()
        cnt = 0
        for i in range(s0):
            for j in range(s1):
                if cnt % step != 0:
                    ref[i, idx[i, j]] += val[i, j]
                cnt += 1
        absolute = (idx + (np.arange(s0) * s1)[:, None]).astype(np.int32)
        add(name, tile, "atomic_add_masked", (1,), [("out", dst.reshape(-1)), ("idx", absolute.reshape(-1)),
                                                   ("val", val.reshape(-1)), ("n", s0 * s1), ("step", step)],
            {"out": ref.reshape(-1).astype(np.float32)}, rtol=1e-5, atol=1e-2)


def memory_cases():
    gtile = g("core", "gen", "memory.tile")
    tile = g("core", "memory.tile")
    for t in gen.MEM_TYPES:
        for size, diff, other in [(128, 0, 0), (512, 3, 1), (128, 1, 0)]:
            name = f"core/masked_load[{t},{size},size_diff={diff},other={other}]"
            rng = rng_for(name)
            n_in = size - diff
            if t == "i1":
                x = rng.random(n_in) < 0.5
            elif is_int(t):
                x = rng.integers(0, 127, n_in).astype(NP[t])
            else:
                x = rng.random(n_in).astype(np.float32)
                x = tr.bf16_round(x) if t == "bf16" else x.astype(NP[t])
            ref = np.concatenate([x, np.full(diff, other, dtype=x.dtype)])
            add(name, gtile, f"masked_load_{t}", (1,), [("in_ptr", x), ("out_ptr", empty(t, size)), ("in_size", n_in)],
                {"out_ptr": ref}, rtol=0, atol=0, defines={"OUT_SIZE": size, "OTHER": other})
    for t in DTYPES_BF16:
        for order in [0, 1]:
            name = f"core/addptr[{t},order={order}]"
            x = tr.random_values(t, 1024, rng_for(name))
            add(name, gtile, f"addptr_{t}", (1,), [("x", x), ("y", empty(t, 1024))], {"y": x}, rtol=0, atol=0,
                defines={"ORDER": order})
    for t in INTS + UINTS + tr.FLOATS + ["bf16"]:
        name = f"core/full[{t}]"
        args = [(k, empty(t, 128)) for k in ["s0", "s1", "s128", "d0", "d1", "d128"]] + [("val", 2)]
        add(name, gtile, f"full_{t}", (1,), args, {k: np.full(128, 2, NP[t]) for k, _ in args[:6]}, rtol=0, atol=0)
    for mask in [1, 0]:
        for other in [0, 1]:
            name = f"core/masked_load_scalar[mask={bool(mask)},other={other}]"
            add(name, tile, "masked_load_scalar", (1,), [("in_ptr", np.full(128, 4.0, np.float32)),
                                                         ("out_ptr", empty("f32", 128))],
                {"out_ptr": np.full(128, 4.0 if mask else other, np.float32)}, rtol=0, atol=0,
                defines={"MASK": mask, "OTHER": other})
    for t in ["f16", "f32", "bf16"]:
        name = f"core/masked_load_shared_memory[{t}]"
        rng = rng_for(name)
        a = rng.random((32, 16)).astype(np.float32)
        b = rng.random((16, 32)).astype(np.float32)
        if t == "bf16":
            a, b = tr.bf16_round(a), tr.bf16_round(b)
        else:
            a, b = a.astype(NP[t]), b.astype(NP[t])
        ref = a.astype(np.float64) @ b.astype(np.float64)
        add(name, tile, f"masked_load_dot_{t}", (1,), [("in1", a), ("in2", b), ("out", empty(t, 32 * 32)),
                                                     ("in_stride", 16), ("in2_stride", 32), ("out_stride", 32)],
            {"out": ref.reshape(-1)}, rtol=0.01 if t != "f32" else 1e-3, atol=1e-2)
    src = rng_for("core/cache").standard_normal(128).astype(np.float32)
    for i, c in enumerate(["", ".ca", ".cg", ".cv"]):
        add(f"core/load_cache_modifier[{c or 'none'}]", tile, "load_cache_modifier", (1,),
            [("dst", empty("f32", 128)), ("src", src)], {"dst": src}, rtol=0, atol=0, defines={"CACHE": i})
    for i, c in enumerate(["", ".wb", ".cg", ".cs", ".wt"]):
        add(f"core/store_cache_modifier[{c or 'none'}]", tile, "store_cache_modifier", (1,),
            [("dst", empty("f32", 128)), ("src", src)], {"dst": src}, rtol=0, atol=0, defines={"CACHE": i})
    for i, c in enumerate(["", "evict_last", "evict_first"]):
        add(f"core/store_eviction_policy[{c or 'none'}]", tile, "store_eviction_policy", (1,),
            [("dst", empty("f32", 128)), ("src", src)], {"dst": src}, rtol=0, atol=0, defines={"POLICY": i})
    for n in [16, 10, 11, 1024]:
        name = f"core/vectorization[{n}]"
        x = rng_for(name).standard_normal(1024).astype(np.float32)
        dst = np.zeros(1024, np.float32)
        ref = dst.copy()
        ref[:n] = x[:n]
        add(name, tile, "vectorization", (1,), [("dst", dst), ("src", x), ("n", n)], {"dst": ref}, rtol=0, atol=0)
    for hint in [0, 1]:
        name = f"core/vectorization_hints[{bool(hint)}]"
        x = rng_for(name).standard_normal(1024).astype(np.float32)
        add(name, tile, "vectorization_hints", (1,), [("dst", empty("f32", 1024)), ("src", x),
                                                      ("off", np.zeros(1, np.int32)), ("n", 1024)], {"dst": x},
            rtol=0, atol=0, defines={"HINT": hint})
    outs = ["i1", "i8", "i16", "i32", "i64", "u8", "f16", "f32", "f64", "bf16"]
    for mode in [0, 1]:
        name = f"core/store_constant[{'value' if mode == 0 else 'mask'}]"
        args = [(f"o_{t}", np.zeros(128, NP[t])) for t in outs] + [("n", 128)]
        checks = {f"o_{t}": np.full(128, 1 if mode == 0 else 0, NP[t]) for t in outs}
        add(name, tile, "store_constant", (1,), args, checks, rtol=0, atol=0, defines={"MODE": mode})
    add("core/load_scalar_with_mask", tile, "load_scalar_with_mask", (1,),
        [("inp", np.zeros(1, np.int32)), ("index", np.zeros(1, np.int32)), ("out", np.full(1, 7, np.int32)), ("n", 1)],
        {"out": np.zeros(1, np.int32)})
    add("core/load_store_same_ptr", tile, "load_store_same_ptr", (4096,), [("in_out", np.ones(4096, np.float32))],
        {"in_out": np.full(4096, 2, np.float32)}, rtol=0, atol=0, flags=["--num-warps", "32"])
    for start in [0, 1, 7, 16]:
        add(f"core/arange[{start}]", tile, "arange_", (1,), [("z", empty("i32", 128))],
            {"z": np.arange(start, start + 128, dtype=np.int32)}, defines={"START": start})
    add("core/empty_kernel", tile, "empty_kernel", (1,), [("x", np.ones(128, np.float32))],
        {"x": np.ones(128, np.float32)}, rtol=0, atol=0)


EPILOGUES = ["none", "trans", "add-matrix", "add-rows", "add-cols", "softmax", "chain-dot"]


def tf32(a):
    return (a.astype(np.float32).view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32)


def dot_case(m, n, k, epilogue, in_t, out_t, precision, col_a=False, col_b=False, prefix="core/dot"):
    tile = g("core", "dot.tile")
    name = (f"{prefix}[{m}x{n}x{k},{epilogue},{in_t}->{out_t},{precision}"
            f"{',col_a' if col_a else ''}{',col_b' if col_b else ''}]")
    rng = rng_for(name)
    if in_t == "i8":
        x, y, w = (rng.integers(-128, 128, s).astype(np.int8) for s in [(m, k), (k, n), (n, n)])
    elif in_t.startswith("f8"):
        fmt = "e4m3" if in_t == "f8e4m3" else "e5m2"
        if precision == "ieee":  # exact sums asked for: every finite value, up to the format's largest
            bits = [rng.integers(0, 256, s).astype(np.uint8) for s in [(m, k), (k, n), (n, n)]]
            for b in bits:  # no NaN / inf patterns
                bad = (b & 0x7F) >= (0x78 if fmt == "e5m2" else 0x7F)
                b[bad] = 0x38
        else:  # the tensor cores: test_dot's normal values (their sums round to about 14 bits)
            bits = [fp8_bits(rng.standard_normal(s), fmt) for s in [(m, k), (k, n), (n, n)]]
        xb, yb, wb = bits
        x, y, w = (fp8_value(b, fmt) for b in bits)
    else:
        x, y, w = (rng.standard_normal(s).astype(np.float32) for s in [(m, k), (k, n), (n, n)])
        x, y = x * np.float32(0.1), y * np.float32(0.1)
        if in_t == "f32" and precision == "tf32":
            x, y, w = tf32(x), tf32(y), tf32(w)
        if in_t == "bf16":
            x, y, w = tr.bf16_round(x), tr.bf16_round(y), tr.bf16_round(w)
        elif in_t == "f16":
            x, y, w = x.astype(np.float16), y.astype(np.float16), w.astype(np.float16)
    zt = {"f16": "f16" if out_t == "f16" else "f16", "f32": "f32", "bf16": "f32", "i8": "i32"}.get(in_t, "f32")
    if in_t == "f16":
        zt = "f16"  # test_dot's z buffer has the input type
    if in_t == "i8":
        z = 1 + tr.random_values("i32", m * n, rng, -1000, 1000, edges=False).reshape(m, n)
    else:
        z = (1 + rng.standard_normal((m, n)) * 0.1).astype(np.float32)
        if zt == "f16":
            z = z.astype(np.float16)
    ref = x.astype(np.float64) @ y.astype(np.float64)
    zf = z.astype(np.float64)
    if epilogue == "add-matrix":
        ref = ref + zf
    if epilogue == "add-rows":
        ref = ref + zf[:, 0][:, None]
    if epilogue == "add-cols":
        ref = ref + zf[0, :][None, :]
    if epilogue == "softmax":
        num = np.exp(ref - ref.max(-1, keepdims=True))
        ref = num / num.sum(-1, keepdims=True)
    if epilogue == "chain-dot":
        if in_t.startswith("f8"):
            fmt = "e4m3" if in_t == "f8e4m3" else "e5m2"
            ref = fp8_value(fp8_bits(ref, fmt), fmt).astype(np.float64)
        ref = ref @ w.astype(np.float64)
    szm, szn = n, 1
    if epilogue == "trans":  # z given as a transposed view: element (i, j) at i + j * m
        szm, szn = 1, m
        zin = np.ascontiguousarray(z.T)
        refout = np.ascontiguousarray(ref.T)
    else:
        zin, refout = z, ref
    xa = np.ascontiguousarray(x.T) if col_a else x
    ya = np.ascontiguousarray(y.T) if col_b else y
    if in_t.startswith("f8"):
        xa = np.ascontiguousarray(xb.T) if col_a else xb
        ya = np.ascontiguousarray(yb.T) if col_b else yb
        w = wb
    sx = (1, m) if col_a else (k, 1)
    sy = (1, k) if col_b else (n, 1)
    args = [("x", xa), ("sxm", sx[0]), ("sxk", sx[1]), ("y", ya), ("syk", sy[0]), ("syn", sy[1]), ("w", w),
            ("swn", n), ("swl", 1), ("z", zin), ("szm", szm), ("szn", szn)]
    if in_t == "f32" or in_t.startswith("f8"):
        rtol, atol = 0.01, 1e-3
    elif out_t == "f16" or in_t == "bf16":
        rtol, atol = 0.01, 1e-2
    else:
        rtol, atol = 0.01, 1e-3
    if in_t == "f8e4m3" or (in_t.startswith("f8") and precision != "ieee"):
        rtol, atol = 0.01, 0.01
    defines = {"BM": m, "BN": n, "BK": k, "EPI": EPILOGUES.index(epilogue), "IEEE": int(precision == "ieee"),
               "OUT16": int(out_t == "f16")}
    add(name, tile, f"dot_{in_t}", (1,), args, {"z": refout.reshape(-1)}, rtol=rtol, atol=atol, defines=defines)


def dot_cases():
    shapes = [(16, 16, 16), (32, 32, 32), (64, 64, 64)]
    i = 0
    for in_t, out_t, precision in [("f16", "f16", "ieee"), ("f16", "f32", "ieee"), ("f32", "f32", "tf32"),
                                   ("f32", "f32", "ieee")]:
        for epi in EPILOGUES:
            out = out_t
            if epi == "softmax" and out_t == "f16":
                out = "f32"  # test_dot: softmax with f16 out uses an f32 accumulator
            shape = shapes[i % 3]
            i += 1
            dot_case(*shape, epi, in_t, out, precision)
        for shape in shapes:
            if shape != shapes[(i - 1) % 3]:
                dot_case(*shape, "none", in_t, out_t, precision)
    # test_dot's transposed-operand and mixed-size cases, int8, the h100 bf16 chain, fp8
    for col_a in [False, True]:
        for col_b in [False, True]:
            if col_a or col_b:
                dot_case(64, 64, 64, "none", "f32", "f32", "ieee", col_a, col_b)
            dot_case(32, 128, 64, "none", "i8", "i32", "tf32", col_a, col_b)
            dot_case(128, 16, 32, "none", "f16", "f16", "tf32", col_a, col_b)
    dot_case(64, 128, 32, "add-matrix", "i8", "i32", "tf32")
    dot_case(64, 64, 64, "chain-dot", "bf16", "f32", "ieee")
    for f8 in ["f8e5m2", "f8e4m3"]:
        dot_case(64, 64, 32, "none", f8, "f32", "ieee")
        dot_case(64, 64, 32, "chain-dot", f8, "f32", "ieee")
        dot_case(64, 64, 32, "none", f8, "f32", "default")
        dot_case(128, 64, 64, "none", f8, "f32", "default", col_b=True)
    # get_test_dot_small_mn_fma_cases: dimensions under 16
    for m, n, k in [(2, 2, 16), (1, 64, 64), (64, 2, 64), (64, 64, 4)]:
        for epi in ["none", "add-rows"]:
            dot_case(m, n, k, epi, "f32", "f32", "ieee")
        dot_case(m, n, k, "add-cols", "f16", "f16", "ieee")
    tile = g("core", "dot.tile")
    add("core/dot_without_load[f32]", tile, "dot_without_load_f32", (1,), [("out", empty("f32", 1024))],
        {"out": np.full(1024, 32, np.float32)}, rtol=0, atol=0)
    add("core/dot_without_load[f16]", tile, "dot_without_load_f16", (1,), [("out", empty("f16", 1024))],
        {"out": np.full(1024, 32, np.float16)}, rtol=0, atol=0)
    x = np.arange(32 * 16, dtype=np.float32).reshape(32, 16)
    r = np.stack([x, 2 * x], axis=-1).reshape(32, 32).astype(np.float64)
    add("core/join_with_mma", tile, "join_with_mma", (1,), [("x", x), ("z", empty("f32", 1024))],
        {"z": (r @ r).reshape(-1)}, rtol=1.3e-6, atol=1e-5)
    rng = rng_for("core/dot_mulbroadcasted")
    M, N, K = 256, 192, 160
    xm = (rng.standard_normal((M, K)) * 0.1).astype(np.float32)
    ym = (rng.standard_normal((K, N)) * 0.1).astype(np.float32)
    add("core/dot_mulbroadcasted[f32]", g("core", "dot_mulbroadcasted.tile"), "dot_mulbroadcasted", (M // 128, N // 32),
        [("z", rng.standard_normal((M, N)).astype(np.float32)), ("x", xm), ("y", ym)],
        {"z": (xm.astype(np.float64) @ ym).reshape(-1)}, rtol=0, atol=0.01)
    for b, m, n, k, bm, bn in [(2, 32, 32, 32, 32, 32), (4, 64, 64, 64, 32, 32), (1, 32, 32, 32, 8, 8)]:
        name = f"core/dot3d[B={b},{m}x{n}x{k},block={bm}x{bn},f32]"
        rng = rng_for(name)
        q = rng.standard_normal((b, m, k)).astype(np.float32)
        kk = rng.standard_normal((b, k, n)).astype(np.float32)
        add(name, g("core", "dot3d.tile"), "dot3d_f32", (m // bm, n // bn),
            [("q", q), ("k", kk), ("o", rng.standard_normal((b, m, n)).astype(np.float32)),
             ("sqb", m * k), ("sqm", k), ("sqk", 1), ("skb", k * n), ("skk", n), ("skn", 1),
             ("sob", m * n), ("som", n), ("son", 1)],
            {"o": np.matmul(q.astype(np.float64), kk).reshape(-1)}, rtol=0.01, atol=1e-2,
            defines={"BLOCK_B": b, "BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": k})


def shape_cases():
    import itertools
    tile = g("core", "shape.tile")
    for t in ["f32", "i8"]:
        name = f"core/transpose[{t}]"
        x = tr.random_values(t, 256, rng_for(name)).reshape(2, 128)
        # x (2, 128) row-major: z[j][i] = x[i][j] stored at offset j * 2 + i... the kernel stores
        # x.T through off2d.T: element (i, j) of x goes to offset i * 128 + j of z
        add(name, tile, f"transpose_{t}", (1,), [("z", empty(t, 256)), ("x", x)], {"z": x.reshape(-1)}, rtol=0, atol=0)
    for t in ["i32", "i8"]:
        for shape in [(2, 4), (16, 16)]:
            for perm in [(0, 1), (1, 0)]:
                name = f"core/trans_2d[{t},{shape[0]}x{shape[1]},{perm}]"
                x = np.arange(shape[0] * shape[1]).astype(NP[t]).reshape(shape)
                o = [shape[p] for p in perm]
                add(name, tile, f"trans_2d_{t}", (1,), [("inp", x), ("out", empty(t, x.size))],
                    {"out": np.transpose(x, perm).reshape(-1)},
                    defines={"S0": shape[0], "S1": shape[1], "O0": o[0], "O1": o[1], "P0": perm[0], "P1": perm[1]})
    perms = list(itertools.permutations([0, 1, 2, 3]))
    for i, perm in enumerate(perms[::3]):
        shape = [(2, 2, 8, 64), (4, 4, 4, 4)][i % 2]
        name = f"core/trans_4d[i32,{'x'.join(map(str, shape))},{perm}]"
        x = np.arange(np.prod(shape), dtype=np.int32).reshape(shape)
        o = [shape[p] for p in perm]
        d = {f"A{j}": shape[j] for j in range(4)}
        d.update({f"B{j}": o[j] for j in range(4)})
        d.update({f"Q{j}": perm[j] for j in range(4)})
        add(name, tile, "trans_4d_i32", (1,), [("inp", x), ("out", empty("i32", x.size))],
            {"out": np.transpose(x, perm).reshape(-1)}, defines=d, flags=["--num-warps", "8"])
    for i, (a, b) in enumerate([((64,), (8, 8)), ((2, 32), (16, 4)), ((512,), (2,) * 9), ((64, 32), (16, 8, 16))]):
        name = f"core/reshape[{a},{b}]"
        x = tr.random_values("i32", int(np.prod(a)), rng_for(name))
        add(name, tile, f"reshape_{i + 1}", (1,), [("z", empty("i32", x.size)), ("x", x)], {"z": x})
    x = np.arange(1024, dtype=np.int32).reshape(32, 32)
    add("core/trans_reshape", tile, "trans_reshape", (1,), [("inp", x), ("out", empty("i32", 1024))],
        {"out": np.transpose(x.reshape(32, 4, 4, 2), (1, 2, 3, 0)).reshape(-1)})
    xa, ya = np.arange(128, dtype=np.int32), np.arange(-128, 0, dtype=np.int32)
    add("core/join", tile, "join_", (1,), [("x", xa), ("y", ya), ("z", empty("i32", 256))],
        {"z": np.stack([xa, ya], -1).reshape(-1)})
    add("core/join_scalars", tile, "join_scalars", (1,), [("x", np.array([42], np.int32)), ("y", np.array([100], np.int32)),
                                                         ("z", empty("f32", 2))], {"z": np.array([42, 100], np.float32)})
    add("core/interleave", tile, "interleave_", (1,), [("z", empty("i32", 256))],
        {"z": np.stack([np.arange(128), np.arange(128, 256)], -1).reshape(-1).astype(np.int32)})
    add("core/interleave_scalars", tile, "interleave_scalars", (1,), [("a", 10), ("b", 20), ("z", empty("f32", 2))],
        {"z": np.array([10, 20], np.float32)})
    x = np.arange(256, dtype=np.int32)
    add("core/split", tile, "split_", (1,), [("x", x), ("z1", empty("i32", 128)), ("z2", empty("i32", 128))],
        {"z1": x[0::2], "z2": x[1::2]})
    add("core/split_to_scalar", tile, "split_to_scalar", (1,), [("x", np.array([0, 1], np.int32)),
                                                               ("z1", empty("i32", 1)), ("z2", empty("i32", 1))],
        {"z1": np.array([0], np.int32), "z2": np.array([1], np.int32)})
    for t in ["i32", "i8", "f16", "f64"]:
        for warps in [4, 8]:
            name = f"core/cat[{t},num_warps={warps}]"
            xa = np.arange(0, 128).astype(NP[t])
            ya = np.arange(-128, 0).astype(NP[t])
            add(name, tile, f"cat_{t}", (1,), [("x", xa), ("y", ya), ("z", empty(t, 256))],
                {"z": np.concatenate([xa, ya])}, rtol=0, atol=0, flags=["--num-warps", str(warps)])
    for src_shape, idx_shape, axis in [((4, 4), (8, 4), 0), ((128, 64), (256, 64), 0), ((128, 64), (128, 128), 1)]:
        name = f"core/gather[{src_shape},{idx_shape},axis={axis}]"
        rng = rng_for(name)
        src = rng.standard_normal(src_shape).astype(np.float32)
        idx = rng.integers(0, src_shape[axis], idx_shape).astype(np.int64)
        add(name, tile, "gather_", (1,), [("src_ptr", src), ("idx_ptr", idx), ("out_ptr", empty("f32", idx.size))],
            {"out_ptr": np.take_along_axis(src, idx, axis).reshape(-1)}, rtol=0, atol=0,
            defines={"AX": axis, "SD0": src_shape[0], "SD1": src_shape[1], "ID0": idx_shape[0], "ID1": idx_shape[1]})
    x = tr.random_values("u16", 32, rng_for("core/index1d"))
    add("core/index1d[None, :]", tile, "index1d_row", (1,), [("z", empty("u16", 1024)), ("x", x)],
        {"z": np.broadcast_to(x[None, :], (32, 32)).reshape(-1)})
    add("core/index1d[:, None]", tile, "index1d_col", (1,), [("z", empty("u16", 1024)), ("x", x)],
        {"z": np.broadcast_to(x[:, None], (32, 32)).reshape(-1)})
    x2 = tr.random_values("i32", 1024, rng_for("core/index2d")).reshape(32, 32)
    add("core/index1d[None, :, :]", tile, "index2d_front", (1,), [("z", empty("i32", 32768)), ("x", x2)],
        {"z": np.broadcast_to(x2[None, :, :], (32, 32, 32)).reshape(-1)})
    x3 = x2.view(np.uint32)
    add("core/index1d[:, :, None]", tile, "index2d_back", (1,), [("z", empty("u32", 32768)), ("x", x3)],
        {"z": np.broadcast_to(x3[:, :, None], (32, 32, 32)).reshape(-1)})
    rng = rng_for("core/broadcast")
    xb, yb = rng.standard_normal((32, 64)).astype(np.float32), rng.standard_normal(64).astype(np.float32)
    add("core/broadcast_to[f32]", tile, "broadcast_to_", (1,), [("x", xb), ("y", yb), ("yb", empty("f32", 2048))],
        {"yb": np.broadcast_to(yb, (32, 64)).reshape(-1)}, rtol=0, atol=0)
    add("core/broadcast[f32]", g("core", "broadcast.tile"), "broadcast_kernel", (1,),
        [("x", xb), ("y", yb), ("yb", empty("f32", 2048))], {"yb": np.broadcast_to(yb, (32, 64)).reshape(-1)},
        rtol=0, atol=0)
    a = np.arange(32)
    add("core/expand_dims[single axis]", tile, "expand_dims_single", (1,), [("z", empty("i32", 1024))],
        {"z": (a[None, :] + a[:, None]).reshape(-1).astype(np.int32)})
    add("core/expand_dims[tuple of axes]", g("core", "expand_dims_tuple.tile"), "expand_dims_tuple", (1,),
        [("z", empty("i32", 32))], {"z": (4 * a + a.sum()).astype(np.int32)})
    z = np.concatenate([np.broadcast_to(a[:, None], (32, 32)).reshape(-1), np.arange(32).reshape(4, 8).T.reshape(-1),
                        np.transpose(np.arange(64).reshape(2, 4, 8), (2, 1, 0)).reshape(-1), np.arange(64)])
    add("core/shapes_as_params", g("core", "shapes_as_params.tile"), "shapes_as_params", (1,),
        [("z", empty("i32", z.size))], {"z": z.astype(np.int32)})


def one(v, t="i32"):
    return np.array([v], dtype=NP[t])


def control_cases():
    tile = g("core", "control.tile")
    for lo, hi, iv in [(2 ** 35, 2 ** 35 + 20, 1), (2 ** 35, 2 ** 35 + 20, 2), (2 ** 35, 2 ** 35 + 20, 3),
                       (15, -16, -1), (15, -16, -2), (15, -16, -3), (-18, -22, -1), (22, 18, -1)]:
        add(f"core/for_iv[{lo},{hi},{iv}]", tile, "for_iv", (1,), [("out", np.zeros(1, np.int64)), ("lo", lo), ("hi", hi)],
            {"out": one(sum(range(lo, hi, iv)), "i64")}, defines={"IV": iv})
        if abs(lo) < 2 ** 31:
            add(f"core/for_iv[i32,{lo},{hi},{iv}]", tile, "for_iv_i32", (1,),
                [("out", np.zeros(1, np.int32)), ("lo", lo), ("hi", hi)], {"out": one(sum(range(lo, hi, iv)))},
                defines={"IV": iv})
    for i, kind in enumerate(["if", "if_and_dynamic", "if_exp_static", "if_exp_dynamic", "if_exp_dynamic_constexpr",
                              "if_exp_dynamic_void", "if_and_static"]):
        add(f"core/if[{kind}]", tile, "if_", (1,), [("cond", one(1)), ("x_true", one(3.14, "f32")),
                                                    ("x_false", one(1.51, "f32")), ("ret", np.zeros(1, np.float32))],
            {"ret": one(3.14, "f32")}, rtol=0, atol=0, defines={"IF_TYPE": [0, 1, 2, 3, 4, 5, 6][i]})
    for c in [1, 0]:
        add(f"core/if_else[{bool(c)}]", tile, "if_else", (1,), [("cond", one(c)), ("true_val", one(1)),
                                                                ("false_val", one(2)), ("out", np.zeros(1, np.int32))],
            {"out": one(1 if c else 2)})
    for mode in [0, 1]:
        for early in [1, 0]:
            add(f"core/if_return[{'dynamic' if mode == 0 else 'static'},exit_early={bool(early)}]", tile, "if_return",
                (1,), [("exit_early", one(early)), ("out", np.full(1, 5, np.int32))], {"out": one(0 if early else 1)},
                defines={"COND": early, "MODE": mode})
    import itertools
    for c1, c2, c3 in itertools.product([True, False], repeat=3):
        target = (1 if c2 else -1) if c1 else (2 if c3 else 3)
        add(f"core/nested_if_else_return[{c1},{c2},{c3}]", tile, "nested_if_else_return", (1,),
            [("cond1", one(c1)), ("cond2", one(c2)), ("cond3", one(c3)), ("val1", one(1)), ("val2", one(2)),
             ("val3", one(3)), ("out", np.full(1, -1, np.int32))], {"out": one(target)})
    add("core/while", tile, "while_", (1,), [("init_i", one(1)), ("bound", one(10)), ("cut_off", one(5)),
                                             ("out_i", np.zeros(1, np.int32)), ("out_init_i", np.zeros(1, np.int32)),
                                             ("out_j", np.zeros(1, np.int32))],
        {"out_i": one(2), "out_init_i": one(1), "out_j": one(10)})
    add("core/nested_while", tile, "nested_while", (1,), [("data", np.zeros(1, np.float32)), ("count_ptr", one(8))],
        {"data": one(40, "f32")}, rtol=0, atol=0)
    for i, kind in enumerate(["attribute", "attribute_jit", "jit", "jit_expr", "jit_static_cond", "jit_extern"]):
        add(f"core/if_call[{kind}]", tile, "if_call", (1,), [("out", np.zeros(1, np.int32))], {"out": one(1)},
            defines={"CALL": i})
    add("core/if_call[jit_if]", g("core", "helper_branch_return.tile"), "if_call_jit_if", (1,),
        [("out", np.zeros(1, np.int32))], {"out": one(1)})
    rng = rng_for("core/call")
    v = rng.standard_normal(1024).astype(np.float32)
    add("core/call[inline]", tile, "call_", (8,), [("ptr", v), ("n_elements", 1024), ("num1", 3), ("num2", 5)],
        {"ptr": v * np.float32(1 * 2 * 1 * 2 * 3 * 4)}, rtol=0, atol=0)
    acc = np.zeros(32, np.int32)
    for i in range(10):
        acc = np.full(32, 2, np.int32) if i == 0 else acc + 1
        acc = acc + 1
    add("core/temp_var_in_loop", tile, "temp_var_in_loop", (1,), [("z", empty("i32", 32))], {"z": acc})
    add("core/static_range[100,7]", tile, "static_range_", (1,), [("z", empty("i32", 1))], {"z": one(sum(range(0, 100, 7)))})
    add("core/num_programs[11,21,31]", tile, "num_programs_", (11, 21, 31), [("inp", empty("i32", 3 * 7161))],
        {"inp": np.tile(np.array([11, 21, 31], np.int32), 7161)})
    for i, mode in enumerate(["simple", "call_graph", "shared", "dynamic", "multi_values"]):
        z = np.ones((16, 16), np.float32).reshape(-1) if mode == "shared" else np.zeros(1, np.float32)
        ref = np.full(256, 16 + 1 + 2, np.float32) if mode == "shared" else one(3.0 if mode == "simple" else 6.0, "f32")
        add(f"core/noinline[{mode}]", tile, "noinline", (1,), [("x", one(1.0, "f32")), ("y", one(2.0, "f32")), ("z", z)],
            {"z": ref}, rtol=0, atol=0, defines={"MODE": i})
    for with_fn in [1, 0]:
        x, y = np.float32(1.3), np.float32(1.9)
        add(f"core/tuples[{'with_fn' if with_fn else 'without_fn'}]", tile, "tuples", (1,),
            [("x", one(x, "f32")), ("y", one(y, "f32")), ("a", empty("f32", 1)), ("b", empty("f32", 1)),
             ("c", empty("f32", 1))], {"a": one(x + y, "f32"), "b": one(x - y, "f32"), "c": one(x * y, "f32")},
            rtol=0, atol=0, defines={"WITH_FN": with_fn})
    for lo, hi, iv in [(15, -10, -2), (10, -7, -3)]:  # not symmetric around 0: the sum is not 0
        add(f"core/for_iv[i32,{lo},{hi},{iv}]", tile, "for_iv_i32", (1,),
            [("out", np.zeros(1, np.int32)), ("lo", lo), ("hi", hi)], {"out": one(sum(range(lo, hi, iv)))},
            defines={"IV": iv})
    add("core/constexpr_shape", tile, "constexpr_shape", (1,), [("x", empty("i32", 256))],
        {"x": np.arange(256, dtype=np.int32)})
    add("core/constexpr_scalar_shape", tile, "constexpr_scalar_shape", (1,), [("x", empty("i32", 256)), ("s", 32)],
        {"x": (np.arange(256) % 8).astype(np.int32)})
    add("core/default", g("core", "default_param.tile"), "default_", (1,),
        [("ret0", np.zeros(1, np.int32)), ("ret1", np.zeros(1, np.int32)), ("value", 5)],
        {"ret0": one(10), "ret1": one(5)})
    x = tr.random_values("i32", 128, rng_for("core/helper_as_argument"), -1000, 1000)
    add("core/helper_as_argument", g("core", "helper_as_argument.tile"), "helper_as_argument", (1,),
        [("x", x), ("z", empty("i32", 128))], {"z": x + 2})


def literal_cases():
    tile = g("core", "literals.tile")
    add("core/constexpr[literal types]", tile, "constexpr_literals", (1,),
        [("o64", empty("f64", 2)), ("o32", empty("f32", 7)), ("oi", empty("i64", 5)), ("oi32", empty("i32", 3))],
        {"o64": np.array([1e50, 1e-50]), "o32": np.array([1e10, 1.0, np.inf, -np.inf, np.nan, 0.0, np.nan], np.float32),
         "oi": np.array([2 ** 40, 2 ** 63 - 1, 2 ** 31, 2 ** 32 - 1, -2 ** 40], np.int64),
         "oi32": np.array([5, -1, 2 ** 31 - 1], np.int32)}, rtol=0, atol=0)
    for a, b, c, d in [(-1, 0, 0, 0), (-2 ** 31, 2 ** 31, 2 ** 63, 2 ** 32 - 1), (2 ** 31 - 1, 2 ** 63 - 1, 2 ** 64 - 1, 2 ** 31),
                       (0, -2 ** 63, 2 ** 32, 1)]:
        add(f"core/value_specialization[{a},{b},{c},{d}]", tile, "value_specialization", (1,),
            [("a", a), ("b", b), ("c", c), ("d", d), ("oa", empty("i32", 1)), ("ob", empty("i64", 1)),
             ("oc", empty("u64", 1)), ("od", empty("u32", 1))],
            {"oa": one(a), "ob": one(b, "i64"), "oc": one(c, "u64"), "od": one(d, "u32")})
    rng = rng_for("core/bin_op_constexpr")
    xf, yf = rng.standard_normal(1).astype(np.float32), rng.standard_normal(1).astype(np.float32)
    for i, op in enumerate(["+", "-", "*", "/", "%", "<", ">"]):
        vals = []
        for xs, ys in [(3.14, 4.13), (3.14, yf[0]), (xf[0], 4.13), (xf[0], yf[0])]:
            both_const = isinstance(xs, float) and isinstance(ys, float)
            if op == "%" and not both_const:  # a tile operand: C's fmod, in f32
                vals.append(np.fmod(np.float32(xs), np.float32(ys)))
            elif op in "<>":
                vals.append(float(eval(f"np.float32(xs) {op} np.float32(ys)")) if not both_const else float(eval(f"xs {op} ys")))
            else:
                vals.append(eval(f"xs {op} ys") if both_const else eval(f"np.float32(xs) {op} np.float32(ys)"))
        add(f"core/bin_op_constexpr[{op}]", tile, "bin_op_constexpr_f", (1,), [("z", empty("f32", 4)), ("x", xf), ("y", yf)],
            {"z": np.array(vals, np.float32)}, rtol=1e-3, atol=1e-6, defines={"OP": i})
    xi = rng.integers(-1000, 1000, 1).astype(np.int32)
    yi = rng.integers(0, 32, 1).astype(np.int32)
    for i, op in enumerate(["<<", ">>", "&", "^", "|"]):
        vals = [tr.wrap(eval(f"{a} {op} {b}"), "i32") for a, b in [(3, 4), (3, int(yi[0])), (int(xi[0]), 4),
                                                                       (int(xi[0]), int(yi[0]))]]
        add(f"core/bin_op_constexpr[{op}]", tile, "bin_op_constexpr_i", (1,), [("z", empty("i32", 4)), ("x", xi), ("y", yi)],
            {"z": np.array(vals, np.int32)}, defines={"OP": i})
    add("core/literal[-2147483648 beside i64]", g("core", "literal_negative_i64.tile"), "literal_negative_i64", (1,),
        [("x", np.zeros(1, np.int64)), ("oi", empty("i64", 3)), ("o64", empty("f64", 1))],
        {"oi": np.full(3, -2 ** 31, np.int64), "o64": np.array([-2.0 ** 31])})
    add("core/literal[-2147483648 as i32]", g("core", "literal_negative_i32.tile"), "literal_negative_i32", (1,),
        [("x", np.zeros(1, np.int32)), ("oi", empty("i32", 2))], {"oi": np.full(2, -2 ** 31, np.int32)})
    add("core/literal[-2**63 as i64]", g("core", "literal_i64_min.tile"), "literal_i64_min", (1,),
        [("x", np.zeros(1, np.int64)), ("oi", empty("i64", 2))], {"oi": np.full(2, -2 ** 63, np.int64)})
    add("core/constexpr[-nan as f64]", g("core", "literal_nan_f64.tile"), "literal_nan_f64", (1,),
        [("o", empty("f64", 2))], {"o": np.array([np.nan, np.nan])}, rtol=0, atol=0)
    add("core/literal[constant expressions beyond i32]", g("core", "literal_const_expr.tile"), "literal_const_expr", (1,),
        [("oi", empty("i64", 3))], {"oi": np.array([2 ** 40, 2 ** 31, 2 ** 32], np.int64)})


SEEDS = [0, 42, 124, 54, 0xFFFFFFFF, 0x0000000FCAFEB0BA]


def random_cases():
    tile = g("random", "random.tile")
    for size in [10, 4 * 53, 400]:
        for seed in SEEDS:
            for const in [False, True]:
                name = f"random/randint[{size},seed={seed:#x},i32{',const_seed' if const else ''}]"
                ref = tr.philox(seed, np.arange(size))[0].view(np.int32)
                args = [("x", empty("i32", size)), ("n", size)] + ([] if const else [("seed", seed)])
                add(name, tile, "randint_const" if const else "randint_", (cdiv(size, 1024),), args, {"x": ref},
                    defines={"SEED": seed} if const else None)
    n = 10000
    for seed in SEEDS[:4]:
        for const in [False, True]:
            w = tr.philox(seed, np.arange(n))
            suffix = ",const_seed" if const else ""
            args = [("x", empty("f32", n)), ("n", n)] + ([] if const else [("seed", seed)])
            # Triton's test checks 0 <= x < 1 and a KS statistic; the reference here is the
            # exact value (uint_to_uniform_float's f32 scale 4.6566127342e-10)
            add(f"random/rand[{n},seed={seed},i32{suffix}]", tile, "rand_const" if const else "rand_", (cdiv(n, 1024),),
                args, {"x": tr.uniform(w[0])}, rtol=0, atol=0, defines={"SEED": seed} if const else None)
            add(f"random/randn[{n},seed={seed},i32{suffix}]", tile, "randn_const" if const else "randn_",
                (cdiv(n, 1024),), args, {"x": tr.normal(w[0], w[1])}, rtol=1e-4, atol=1e-4,
                defines={"SEED": seed} if const else None)
    for seed in [7, -3]:
        n = 1500
        w = tr.philox(seed, np.arange(n))
        w7 = tr.philox(seed, np.arange(n), n_rounds=7)[0]
        add(f"random/randint4x[{n},seed={seed}]", tile, "randint4x_", (cdiv(n, 1024),),
            [(f"w{i}", empty("u32", n)) for i in range(4)] + [("r7", empty("u32", n)), ("n", n), ("seed", seed)],
            {"w0": w[0], "w1": w[1], "w2": w[2], "w3": w[3], "r7": w7})
    # 64-bit offsets (test_randint / test_rand with dtype int64), past 2^32 too
    t64 = g("random", "random_i64.tile")
    # Triton's randint4x on 64-bit offsets: Philox-4x32 on the counter (low word, high
    # word, 0, 0); randint gives u32 (stored widened), rand the 32-bit uniform scale.
    import philox_ref
    for seed in [0, 0xFFFFFFFF]:
        size = 400
        ref = philox_ref.randint64(seed, np.arange(size, dtype=np.int64)).astype(np.int64)
        add(f"random/randint[{size},seed={seed:#x},i64]", t64, "randint_i64", (1,),
            [("x", empty("i64", size)), ("n", size), ("seed", seed)], {"x": ref})
    n = 10000
    add(f"random/rand[{n},seed=42,i64]", t64, "rand_i64", (cdiv(n, 1024),),
        [("x", empty("f32", n)), ("n", n), ("seed", 42)], {"x": philox_ref.rand64(42, np.arange(n, dtype=np.int64))},
        rtol=0, atol=0)
    # test_rand_limits: uint_to_uniform_float of the extremes
    tu = g("random", "uniform_float.tile")
    lim = np.float32(1.0) - np.finfo(np.float32).eps
    for t in ["i32", "i64"]:
        mn, mx = tr.int_range(t)
        ref = np.full(2, np.float32(2 ** 31 - 1) * tr.UNIFORM_SCALE if t == "i32" else
                      np.float32(2 ** 63 - 1) * np.float32(1.0842020432e-19), np.float32)
        assert lim <= ref[0] < 1.0
        add(f"random/rand_limits[{t}]", tu, f"rand_limits_{t}", (1,),
            [("inp", np.array([mn, mx], NP[t])), ("out", empty("f32", 2))], {"out": ref}, rtol=0, atol=0)


def block_pointer_cases():
    tile = g("block_pointer", "block_pointer.tile")
    k = 0
    for t in ["i1", "i16", "i32", "f16", "f32", "bf16"]:
        for pad in ([None, "zero", "nan"] if is_float(t) else [None, "zero"]):
            for bound in [None, "lower", "upper"]:
                n = [64, 128, 256, 512, 1024][k % 5]
                k += 1
                name = f"block_pointer/block_copy[{t},{n},padding={pad},boundary={bound}]"
                rng = rng_for(name)
                if is_int(t) or t == "i1":
                    a = rng.integers(0, 2, n).astype(NP[t])
                else:
                    a = rng.standard_normal(n).astype(np.float32)
                    a = tr.bf16_round(a) if t == "bf16" else a.astype(NP[t])
                b = np.zeros(n, NP[t])
                defines = {"PAD": {None: 0, "zero": 1, "nan": 2}[pad], "BOUND": {None: 0, "lower": 1, "upper": 2}[bound]}
                args = [("a", a), ("b", b), ("n", n)]
                if bound is not None:
                    add(name, tile, f"block_copy_{t}", (n // 64,), args, {"b": b}, rtol=0, atol=0, defines=defines)
                elif pad is None:  # Triton leaves the padding undefined: only the copied half is checked
                    add_custom(name, tile, f"block_copy_{t}", (n // 64,), args, ["b"],
                               lambda o, a=a, n=n: (np.array_equal(o["b"][:n // 2], a[:n // 2]),
                                                    f"first half {o['b'][:n // 2][:8]}... expected {a[:n // 2][:8]}..."),
                               defines=defines)
                else:
                    ref = b.copy()
                    ref[:n // 2] = a[:n // 2]
                    if pad == "nan":
                        ref[n // 2:] = np.nan
                    add(name, tile, f"block_copy_{t}", (n // 64,), args, {"b": ref}, rtol=0, atol=0, defines=defines)
    for m, n, kk in [(64, 64, 16), (64, 64, 32), (64, 64, 64)]:
        for warps in [4, 8]:
            name = f"block_pointer/block_ptr_matmul_no_scf[{m}x{n}x{kk},num_warps={warps}]"
            rng = rng_for(name)
            a = rng.standard_normal((m, kk)).astype(np.float16)
            b = rng.standard_normal((kk, n)).astype(np.float16)
            add(name, tile, "matmul_no_scf_with_advance", (1,),
                [("a", a), ("b", b), ("c", empty("f32", m * n)), ("M", m), ("N", n), ("K", kk), ("sam", kk), ("sak", 1),
                 ("sbk", n), ("sbn", 1), ("scm", n), ("scn", 1)],
                {"c": (a.astype(np.float64) @ b.astype(np.float64)).reshape(-1)}, rtol=1e-2, atol=1e-2,
                defines={"BM": m, "BN": n, "BK": kk}, flags=["--num-warps", str(warps)])
    src = np.arange(60, dtype=np.float32).reshape(3, 4, 5)
    exp = np.zeros_like(src)
    exp[2:3, 0:4, 3:5] = src[2:3, 0:4, 3:5]
    add("block_pointer/block_ptr_rank_3", tile, "block_copy_3d", (1,),
        [("src", src), ("dst", np.zeros(60, np.float32)), ("dim0", 3), ("dim1", 4), ("dim2", 5), ("stride0", 20),
         ("stride1", 5), ("stride2", 1)], {"dst": exp.reshape(-1)}, rtol=0, atol=0)
    src = np.arange(16, dtype=np.float16)
    add("block_pointer/block_ptr_dtype_element_ty", tile, "block_ptr_dtype", (1,),
        [("src", src), ("dst", np.zeros(16, np.float16)), ("n", 16)], {"dst": src}, rtol=0, atol=0)


def attention_ref(q, k, v, scale, causal):
    s = np.einsum("zhmd,zhnd->zhmn", q.astype(np.float64), k.astype(np.float64)) * scale
    if causal:
        n = s.shape[-1]
        s = np.where(np.tril(np.ones((n, n), dtype=bool)), s, -np.inf)
    mx = s.max(-1, keepdims=True)
    e = np.exp(s - mx)
    lse = (mx[..., 0] + np.log(e.sum(-1))) / np.log(2)  # the kernel's M: log2-sum-exp of the scaled rows
    return np.einsum("zhmn,zhnd->zhmd", e / e.sum(-1, keepdims=True), v.astype(np.float64)), lse


def tutorial_cases():
    d = g("tutorials")
    for n in [1, 1000, 5000]:
        name = f"tutorials/01-vector-add[{n}]"
        rng = rng_for(name)
        x, y = rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)
        add(name, os.path.join(d, "01_vector_add.tile"), "add_kernel", (cdiv(n, 1024),),
            [("x_ptr", x), ("y_ptr", y), ("output_ptr", empty("f32", n)), ("n_elements", n)], {"output_ptr": x + y},
            rtol=0, atol=0)
    for rows, cols, progs in [(37, 300, 8), (64, 512, 64), (5, 17, 2)]:
        name = f"tutorials/02-fused-softmax[{rows}x{cols},programs={progs}]"
        x = rng_for(name).standard_normal((rows, cols)).astype(np.float32)
        e = np.exp(x.astype(np.float64) - x.max(1, keepdims=True))
        block = 1 << max(0, (cols - 1).bit_length())
        add(name, os.path.join(d, "02_fused_softmax.tile"), "softmax_kernel", (progs,),
            [("output_ptr", empty("f32", rows * cols)), ("input_ptr", x), ("input_row_stride", cols),
             ("output_row_stride", cols), ("n_rows", rows), ("n_cols", cols)],
            {"output_ptr": (e / e.sum(1, keepdims=True)).reshape(-1)}, rtol=1e-5, atol=1e-6, defines={"BLOCK_SIZE": block})
    for (m, n, k), act, group in [((128, 192, 96), 0, 8), ((100, 130, 70), 1, 2), ((256, 64, 128), 0, 1)]:
        name = f"tutorials/03-matmul[f16,{m}x{n}x{k},{'leaky_relu' if act else 'none'},group={group}]"
        rng = rng_for(name)
        a = rng.standard_normal((m, k)).astype(np.float16)
        b = rng.standard_normal((k, n)).astype(np.float16)
        ref = a.astype(np.float64) @ b.astype(np.float64)
        if act:
            ref = np.where(ref >= 0, ref, 0.01 * ref)
        add(name, os.path.join(d, "03_matmul.tile"), "matmul_kernel", (cdiv(m, 64) * cdiv(n, 64),),
            [("a_ptr", a), ("b_ptr", b), ("c_ptr", empty("f16", m * n)), ("M", m), ("N", n), ("K", k),
             ("stride_am", k), ("stride_ak", 1), ("stride_bk", n), ("stride_bn", 1), ("stride_cm", n), ("stride_cn", 1)],
            {"c_ptr": ref.reshape(-1).astype(np.float16)}, rtol=1e-2, atol=1e-2,
            defines={"ACTIVATION": act, "GROUP_SIZE_M": group})
    name = "tutorials/03-matmul[f8e5m2,128x128x128]"
    rng = rng_for(name)
    m = n = k = 128
    # The tutorial's data and tolerance: randn rounded to e5m2, B given transposed ((N, K)
    # storage), atol 0.125 (the tensor cores' fp8 sums round to about 14 bits).
    ab = fp8_bits(rng.standard_normal((m, k)), "e5m2")
    bb = fp8_bits(rng.standard_normal((n, k)), "e5m2")
    af, bf = fp8_value(ab, "e5m2"), fp8_value(bb, "e5m2")
    add(name, os.path.join(d, "03_matmul.tile"), "matmul_kernel_fp8", (4,),
        [("a_ptr", ab), ("b_ptr", bb), ("c_ptr", empty("f16", m * n)), ("M", m), ("N", n), ("K", k), ("stride_am", k),
         ("stride_ak", 1), ("stride_bk", 1), ("stride_bn", k), ("stride_cm", n), ("stride_cn", 1)],
        {"c_ptr": (af.astype(np.float64) @ bf.T.astype(np.float64)).reshape(-1).astype(np.float16)}, rtol=0, atol=0.125)
    for n, p in [(1000, 0.5), (4096, 0.2)]:
        name = f"tutorials/04-low-memory-dropout[{n},p={p}]"
        rng = rng_for(name)
        x = rng.standard_normal(n).astype(np.float32)
        keep = (rng.random(n) > p).astype(np.int8)
        add(name, os.path.join(d, "04_dropout.tile"), "dropout", (cdiv(n, 1024),),
            [("x_ptr", x), ("x_keep_ptr", keep), ("output_ptr", empty("f32", n)), ("n_elements", n), ("p", p)],
            {"output_ptr": np.where(keep != 0, x / np.float32(1 - p), 0).astype(np.float32)}, rtol=1e-6, atol=0)
        for seed in [123, 512]:
            r = tr.uniform(tr.philox(seed, np.arange(n))[0])
            add(f"tutorials/04-low-memory-dropout[seeded,{n},p={p},seed={seed}]", os.path.join(d, "04_dropout.tile"),
                "seeded_dropout", (cdiv(n, 1024),),
                [("x_ptr", x), ("output_ptr", empty("f32", n)), ("n_elements", n), ("p", p), ("seed", seed)],
                {"output_ptr": np.where(r > np.float32(p), x / np.float32(1 - p), 0).astype(np.float32)}, rtol=1e-6, atol=0)
    ln = os.path.join(d, "05_layer_norm.tile")
    for m, n, block in [(17, 300, 128), (8, 256, 256), (64, 1000, 256)]:
        name = f"tutorials/05-layer-norm[forward,{m}x{n}]"
        rng = rng_for(name)
        x = (-2.3 + 0.5 * rng.standard_normal((m, n))).astype(np.float32)
        w, b = rng.random(n).astype(np.float32), rng.random(n).astype(np.float32)
        xd = x.astype(np.float64)
        mean = xd.mean(1)
        rstd = 1 / np.sqrt(xd.var(1) + 1e-5)
        y = (xd - mean[:, None]) * rstd[:, None] * w + b
        add(name, ln, "layer_norm_fwd_fused", (m,),
            [("X", x), ("Y", empty("f32", m * n)), ("W", w), ("B", b), ("Mean", empty("f32", m)), ("Rstd", empty("f32", m)),
             ("stride", n), ("N", n), ("eps", 1e-5)], {"Y": y.reshape(-1), "Mean": mean, "Rstd": rstd},
            rtol=1e-4, atol=1e-4, defines={"BLOCK_SIZE": block})
    for m, n, groups in [(16, 200, 4), (64, 256, 8)]:
        name = f"tutorials/05-layer-norm[backward,{m}x{n},groups={groups}]"
        rng = rng_for(name)
        x = (-2.3 + 0.5 * rng.standard_normal((m, n))).astype(np.float32)
        w = rng.random(n).astype(np.float32)
        dy = (0.1 * rng.standard_normal((m, n))).astype(np.float32)
        xd = x.astype(np.float64)
        mean = xd.mean(1)
        rstd = 1 / np.sqrt(xd.var(1) + 1e-5)
        xhat = (xd - mean[:, None]) * rstd[:, None]
        wdy = w * dy.astype(np.float64)
        c1 = (xhat * wdy).mean(1, keepdims=True)
        c2 = wdy.mean(1, keepdims=True)
        dx = (wdy - (xhat * c1 + c2)) * rstd[:, None]
        pdw = np.zeros((groups, n))
        pdb = np.zeros((groups, n))
        for r in range(m):
            pdw[r % groups] += dy[r] * xhat[r]
            pdb[r % groups] += dy[r]
        add(name, ln, "layer_norm_bwd_dx_fused", (m,),
            [("DX", empty("f32", m * n)), ("DY", dy), ("DW", np.zeros(groups * n, np.float32)),
             ("DB", np.zeros(groups * n, np.float32)), ("X", x), ("W", w), ("Mean", mean.astype(np.float32)),
             ("Rstd", rstd.astype(np.float32)), ("Lock", np.zeros(2 * groups, np.int32)), ("stride", n), ("N", n)],
            {"DX": dx.reshape(-1), "DW": pdw.reshape(-1), "DB": pdb.reshape(-1)}, rtol=1e-4, atol=1e-4,
            defines={"GROUP_SIZE_M": groups, "BLOCK_SIZE_N": 1 << (n - 1).bit_length()})
        add(f"tutorials/05-layer-norm[backward dwdb,{groups}x{n}]", ln, "layer_norm_bwd_dwdb", (cdiv(n, 128),),
            [("DW", pdw.astype(np.float32)), ("DB", pdb.astype(np.float32)), ("FINAL_DW", empty("f32", n)),
             ("FINAL_DB", empty("f32", n)), ("M", groups), ("N", n)],
            {"FINAL_DW": pdw.astype(np.float32).astype(np.float64).sum(0), "FINAL_DB": pdb.astype(np.float32).sum(0)},
            rtol=1e-5, atol=1e-5)
    at = os.path.join(d, "06_fused_attention.tile")
    for (z, h, n, dh), causal in [((1, 2, 128, 64), False), ((1, 2, 128, 64), True), ((2, 1, 64, 32), True)]:
        name = f"tutorials/06-fused-attention[forward,Z={z},H={h},N_CTX={n},HEAD_DIM={dh}{',causal' if causal else ''}]"
        rng = rng_for(name)
        q, k, v = (rng.uniform(-1, 1, (z, h, n, dh)).astype(np.float16) for _ in range(3))
        scale = 0.5
        o, lse = attention_ref(q, k, v, scale, causal)
        st = [h * n * dh, n * dh, dh]
        args = [("Q", q), ("K", k), ("V", v), ("sm_scale", scale), ("M", empty("f32", z * h * n)),
                ("Out", empty("f16", z * h * n * dh))]
        for t in "qkvo":
            args += [(f"stride_{t}z", st[0]), (f"stride_{t}h", st[1]), (f"stride_{t}{'m' if t in 'qo' else ('n' if t == 'k' else 'k')}", st[2])]
        args += [("Z", z), ("H", h), ("N_CTX", n)]
        add(name, at, "attn_fwd", (n // 64, z * h), args, {"Out": o.reshape(-1), "M": lse.reshape(-1)}, rtol=2e-2, atol=2e-2,
            defines={"HEAD_DIM": dh, "STAGE": 3 if causal else 1})


def refusal_cases():
    """refuse/*.tile: programs Triton refuses. Each marks the line the error must point at
    (`// <- refused here`) and may say what the message must match (`// want: REGEX`)."""
    d = g("refuse")
    for f in sorted(os.listdir(d)):
        if f.endswith(".tile"):
            text = open(os.path.join(d, f)).read()
            m = re.search(r"^// want: (.*)$", text, re.M)
            refuse(f"refuse/{f[:-5]}", os.path.join(d, f), m.group(1).strip() if m else "")


def extra_core_cases():
    c = lambda f: g("core", f)  # noqa: E731
    n = 1000
    rng = rng_for("core/where[pointers]")
    cond = rng.random(n) < 0.5
    a = tr.random_values("i64", n, rng)
    b = tr.random_values("i64", n, rng)
    add("core/where[scalar pointers]", c("where_pointers.tile"), "where_scalar_pointers", (1,),
        [("cond_ptr", cond), ("a_ptr", a), ("b_ptr", b), ("output_ptr", empty("i64", n)), ("n_elements", n)],
        {"output_ptr": a if cond[0] else b})
    add_custom("core/where[pointer tiles, .to(*i32)]", c("pointer_cast.tile"), "where_tile_pointers", (1,),
               [("cond_ptr", cond), ("a_ptr", a), ("b_ptr", b), ("output_ptr", empty("i64", n)), ("n_elements", n)],
               ["output_ptr"], lambda o, cond=cond, a=a, b=b: (np.array_equal(o["output_ptr"], np.where(cond, a, b)),
                                                                "where of pointer values"))
    add("core/pointer_cast[*f32 to *i32]", c("pointer_cast.tile"), "store_through_cast", (1,),
        [("out_ptr", np.zeros(2, np.float32))], {"out_ptr": np.array([5, 1099511627], np.int32).view(np.float32)},
        rtol=0, atol=0)
    add("core/assume", c("assume.tile"), "assume_", (8,), [("out_ptr", np.zeros(8, np.float32))],
        {"out_ptr": (1024 - 128 * np.arange(8)).astype(np.float32)}, rtol=0, atol=0)
    x = rng_for("core/reduce1d[with-indices]").standard_normal(128).astype(np.float32)
    x[3:10] = x.max()
    x[20:25] = x.min()
    add("core/reduce1d[max-with-indices,min-with-indices]", c("reduce_return_indices.tile"), "max_with_indices", (1,),
        [("x", x), ("z", empty("f32", 2)), ("zi", empty("i32", 2))],
        {"z": np.array([x.max(), x.min()], np.float32), "zi": np.array([np.argmax(x), np.argmin(x)], np.int32)},
        rtol=0, atol=0)
    add("core/reduce1d[argmax-tie-break-left,argmin-tie-break-left]", c("argmax_tie_break.tile"), "argmax_tie_break_left",
        (1,), [("x", x), ("zi", empty("i32", 2))], {"zi": np.array([np.argmax(x), np.argmin(x)], np.int32)})
    add("core/sum_dtype", c("sum_dtype.tile"), "sum_dtype", (1,), [("out", empty("i32", 5))],
        {"out": np.array([1024, 0, (7 * 1024) % 256 - 256 * ((7 * 1024) % 256 >= 128), 1024, 1024], np.int32)})
    for fmt in ["e4m3", "e5m2"]:
        bits = np.arange(-128, 128).astype(np.int8).view(np.uint8).copy()
        top = 0x7F if fmt == "e4m3" else 0x7C
        bits[(bits & 0x7C) == 0x7C] = 0 if fmt == "e5m2" else bits[(bits & 0x7C) == 0x7C]
        bits[(bits & 0x7F) == top] = 0
        vals = np.abs(fp8_value(bits, fmt))
        add(f"core/abs_fp8[f8{fmt}]", c("abs_fp8.tile"), f"abs_f8{fmt}", (1,), [("x", bits), ("z", empty(f"f8{fmt}", 256))],
            {"z": vals}, rtol=0, atol=0)
    x = np.zeros(512, np.int32)
    x[:300] = 32
    add("core/side_effectful_reduction_and_scan", c("side_effect_reduce.tile"), "sanitize_sum", (1,),
        [("z", empty("i32", 1)), ("x", x), ("zs", empty("i32", 512))],
        {"z": np.array([x.sum()], np.int32), "zs": np.cumsum(x).astype(np.int32)})
    rng = rng_for("core/inline_asm")
    xa, ya = tr.random_values("u32", 128, rng), tr.random_values("u32", 128, rng)
    gpu = "the interpreter cannot run PTX (inline_asm_elementwise): GPU only"
    add("core/inline_asm[shf.l.wrap]", c("inline_asm.tile"), "inline_asm_shf", (1,),
        [("x", xa), ("y", ya), ("z", empty("u32", 128))],
        {"z": ((ya.astype(np.uint64) << 17) | (xa.astype(np.uint64) >> 15)).astype(np.uint32)}, gpu_only=gpu)
    A, B = tr.random_values("u32", 512, rng), tr.random_values("u32", 512, rng)
    add("core/inline_asm_multiple_outputs", c("inline_asm.tile"), "inline_asm_multiple_outputs", (1,),
        [("a_ptr", A), ("b_ptr", B), ("c_ptr", empty("u32", 512)), ("d_ptr", empty("u32", 512))],
        {"c_ptr": A - B, "d_ptr": B - A}, gpu_only=gpu)
    u8 = tr.random_values("u8", 512, rng)
    add("core/inline_asm_with_pointers", c("inline_asm_pointers.tile"), "inline_asm_with_pointers", (1,),
        [("x", u8), ("y", empty("u8", 512))], {"y": (u8 << 3).astype(np.uint8)}, gpu_only=gpu)
    add("core/inline_asm_packed[pack=4]", c("inline_asm_packed.tile"), "inline_asm_packed", (1,),
        [("x", u8), ("y", empty("u8", 512))], {"y": ((u8 & 0x1F) << 3).astype(np.uint8)}, gpu_only=gpu)
    wb = c("where_broadcast.tile")
    rng = rng_for("core/where_broadcast")
    xw = rng.standard_normal((32, 32)).astype(np.float32)
    mask = rng.random(32) < 0.5
    add("core/where_broadcast", wb, "where_broadcast", (1,), [("cond_ptr", mask), ("a_ptr", xw),
                                                             ("out_ptr", empty("f32", 1024))],
        {"out_ptr": np.where(mask, xw, 0).reshape(-1)}, rtol=0, atol=0)
    add("core/where_broadcast[scalar condition]", wb, "where_scalar_condition", (1,),
        [("a_ptr", xw), ("out_ptr", empty("f32", 1024))], {"out_ptr": np.zeros(1024, np.float32)}, rtol=0, atol=0)
    for t in ["f16", "f32"]:
        for shape in [(64, 64), (128, 128)]:
            name = f"core/permute[{t},{shape[0]}x{shape[1]}]"
            xp = rng_for(name).standard_normal(shape).astype(NP[t])
            m, nn = shape
            add(name, wb, f"permute_copy_{t}", (1,), [("x", xp), ("sxm", nn), ("sxn", 1), ("z", empty(t, m * nn)),
                                                    ("szm", 1), ("szn", m)], {"z": np.ascontiguousarray(xp.T).reshape(-1)},
                rtol=0, atol=0, defines={"BLOCK_M": m, "BLOCK_N": nn})
            add(name + ",contiguous", wb, f"permute_copy_{t}", (1,), [("x", xp), ("sxm", 1), ("sxn", nn),
                                                                    ("z", empty(t, m * nn)), ("szm", nn), ("szn", 1)],
                {"z": np.ascontiguousarray(xp.T).reshape(-1)}, rtol=0, atol=0, defines={"BLOCK_M": m, "BLOCK_N": nn})
    rng = rng_for("core/tl_range_num_stages")
    a = rng.standard_normal((64, 512)).astype(np.float16)
    b = rng.standard_normal((512, 64)).astype(np.float16)
    add("core/tl_range_num_stages[5]", wb, "matmul_stages", (1,),
        [("a_ptr", a), ("b_ptr", b), ("c_ptr", empty("f32", 64 * 64)), ("M", 64), ("N", 64), ("K", 512), ("stride_am", 512),
         ("stride_ak", 1), ("stride_bk", 64), ("stride_bn", 1), ("stride_cm", 64), ("stride_cn", 1)],
        {"c_ptr": (a.astype(np.float64) @ b.astype(np.float64)).reshape(-1)}, rtol=1e-3, atol=1e-3)
    for u in [1, 2, 4, 5, 8]:
        add(f"core/unroll_attr[{u}]", wb, "unroll_attr", (4,), [("dst", np.zeros(4, np.float32))],
            {"dst": (45 + 10 * np.arange(4)).astype(np.float32)}, rtol=0, atol=0, defines={"UNROLL": u})
    xr = rng_for("core/chained_reductions_2").integers(0, 1000, (8, 2, 32, 4, 16)).astype(np.int32)
    ref = np.transpose(xr, (4, 0, 1, 3, 2)).astype(np.int64).sum(0).sum(2).sum(0).astype(np.int32)
    add("core/chained_reductions[(8,2,32,4,16),(4,0,1,3,2),(0,2,0)]", wb, "chained_reductions_2", (1,),
        [("x", xr), ("out", empty("i32", 64))], {"out": ref.reshape(-1)})
    cf = c("cast_fp8.tile")
    for fmt in ["e4m3", "e5m2"]:
        for size in [1024, 32]:
            name = f"core/cast[f8{fmt}->f16/f32/bf16,{size}]"
            h = (rng_for(name).standard_normal(size) * 4).astype(np.float16)
            bits = fp8_bits(h, fmt)
            v = fp8_value(bits, fmt)
            add(name, cf, f"cast_from_f8{fmt}", (1,), [("x", bits), ("h", empty("f16", size)), ("f", empty("f32", size)),
                                                      ("b", empty("bf16", size))],
                {"h": v.astype(np.float16), "f": v, "b": v}, rtol=0, atol=0, defines={"SIZE": size})
    for size in [1024, 32]:
        name = f"core/cast[f16/f32/bf16->f8e4m3/f8e5m2,{size}]"
        rng = rng_for(name)
        f = (rng.standard_normal(size) * 8).astype(np.float32)
        f[:6] = [0.0, -0.0, 448.0, -500.0, 1e-4, 57344.0]
        h = f.astype(np.float16)
        b = tr.bf16_round(f)
        args = [("h", h), ("f", f), ("b", b)] + [(k, empty(t, size)) for k, t in
                                               [("h4", "f8e4m3"), ("f4", "f8e4m3"), ("b4", "f8e4m3"),
                                                ("h5", "f8e5m2"), ("f5", "f8e5m2"), ("b5", "f8e5m2")]]
        checks = {}
        for k, src in [("h", h), ("f", f), ("b", b)]:
            checks[k + "4"] = fp8_value(fp8_bits(src, "e4m3"), "e4m3")
            checks[k + "5"] = fp8_value(fp8_bits(src, "e5m2"), "e5m2")
        add(name, cf, "cast_to_f8", (1,), args, checks, rtol=0, atol=0, defines={"SIZE": size})


DIVISORS = [1, 2, 4, 8, 16, 3, -2, -4, -8, 7]  # not -1: INT_MIN / -1 is undefined


def divmod_const_cases():
    for t in ["i8", "i16", "i32", "i64", "u8", "u32", "u64"]:
        name = f"core/floordiv[{t},constant divisors]"
        x = tr.random_values(t, 128, rng_for(name))
        ds = [d for d in DIVISORS if d > 0] if not is_signed(t) else DIVISORS
        args, checks = [("x", x)], {}
        for i, d in enumerate(ds):
            args += [(f"q{i}", empty(t, 128)), (f"r{i}", empty(t, 128))]
            checks[f"q{i}"] = np.array([tr.wrap(tr.c_div(int(v), d), t) for v in x], dtype=NP[t])
            checks[f"r{i}"] = np.array([tr.wrap(tr.c_rem(int(v), d), t) for v in x], dtype=NP[t])
        add(name, g("core", "divmod_const.tile"), f"divmod_const_{t}", (1,), args, checks)


def edge_cases():
    """Beyond the ranges Triton's tests draw: unsigned values at and above 2^(w-1) through
    conversions, reductions, scans and sorts (signedness mistakes show only there)."""
    rng = rng_for("core/cast_large")
    cl = g("core", "cast_large.tile")
    u32 = rng.integers(2 ** 31, 2 ** 32, 128, dtype=np.uint64).astype(np.uint32)
    u32[:4] = [2 ** 31, 2 ** 32 - 1, 3_000_000_000, 2 ** 31 + 1]
    add("core/cast[u32 >= 2^31 to floats]", cl, "cast_large_u32", (1,),
        [("x", u32), ("h", empty("f16", 128)), ("f", empty("f32", 128)), ("d", empty("f64", 128)), ("b", empty("bf16", 128))],
        {"h": cast(u32, "u32", "f16"), "f": cast(u32, "u32", "f32"), "d": u32.astype(np.float64),
         "b": cast(u32, "u32", "bf16")}, rtol=0, atol=0)
    u64 = rng.integers(2 ** 63, 2 ** 64 - 1, 128, dtype=np.uint64, endpoint=True)
    u64[:3] = [2 ** 63, 2 ** 64 - 1, 2 ** 63 + 2 ** 40]
    add("core/cast[u64 >= 2^63 to floats]", cl, "cast_large_u64", (1,),
        [("x", u64), ("f", empty("f32", 128)), ("d", empty("f64", 128)), ("b", empty("bf16", 128))],
        {"f": cast(u64, "u64", "f32"), "d": np.array([float(int(v)) for v in u64]), "b": cast(u64, "u64", "bf16")},
        rtol=0, atol=0)
    i64 = rng.integers(-2 ** 63, 2 ** 63 - 1, 128, dtype=np.int64)
    i64[:2] = [-2 ** 63, 2 ** 63 - 1]
    add("core/cast[i64 large to floats]", cl, "cast_large_i64", (1,),
        [("x", i64), ("f", empty("f32", 128)), ("d", empty("f64", 128))],
        {"f": cast(i64, "i64", "f32"), "d": np.array([float(int(v)) for v in i64])}, rtol=0, atol=0)
    f = rng.uniform(2 ** 31, 4.2e9, 128).astype(np.float32)
    d = rng.uniform(2 ** 63, 1.8e19, 128)
    f[:2], d[:2] = [2.0 ** 31, 4.0e9], [2.0 ** 63, 1.8e19]
    add("core/cast[large floats to u32 / u64 / i64]", cl, "cast_large_float", (1,),
        [("f", f), ("d", d)] + [(k, empty(t, 128)) for k, t in [("fu32", "u32"), ("fu64", "u64"), ("fi64", "i64"),
                                                                ("du32", "u32"), ("du64", "u64"), ("di64", "i64")]],
        {"fu32": np.array([int(v) for v in f], np.uint64).astype(np.uint32), "fu64": np.array([int(v) for v in f], np.uint64),
         "fi64": np.array([int(v) for v in f], np.int64),
         "du64": np.array([int(v) for v in d], dtype=np.uint64)}, rtol=0, atol=0)
    for t in ["u8", "u16", "u32", "u64", "i8", "i16"]:
        for shape in [128, 512]:
            name = f"core/reduce1d[{t},{shape},whole range]"
            rng = rng_for(name)
            x = tr.random_values(t, shape, rng, edges=False)
            st = ("i32" if is_signed(t) else "u32") if bits(t) < 32 else t
            sm = np.array([tr.wrap(sum(int(v) for v in x), st)], dtype=NP[st])
            checks = {"mn": np.array([x.min()]), "mx": np.array([x.max()]), "sm": sm,
                      "amin": np.array([np.argmin(x)], np.int32), "amax": np.array([np.argmax(x)], np.int32)}
            args = [("x", x), ("mn", empty(t, 1)), ("mx", empty(t, 1)), ("sm", empty(st, 1)), ("amin", empty("i32", 1)),
                    ("amax", empty("i32", 1))]
            add(name, g("core", "gen", "reduce1d.tile"), f"reduce1d_{t}", (1,), args, checks, defines={"BLOCK": shape})
    for t, st in [("i8", "i32"), ("u8", "u32"), ("i16", "i32"), ("u64", "u64")]:
        name = f"core/scan[cumsum,cumprod,{t},whole range]"
        rng = rng_for(name)
        x = tr.random_values(t, 1024, rng, edges=False)
        s, p, acc_s, acc_p = [], [], 0, 1
        for v in x:
            acc_s, acc_p = tr.wrap(acc_s + int(v), st), tr.wrap(acc_p * int(v), st)
            s.append(acc_s)
            p.append(acc_p)
        add(name, g("core", "scan.tile"), f"scan_{t}", (1,), [("x", x), ("s", empty(st, 1024)), ("p", empty(st, 1024))],
            {"s": np.array(s, dtype=NP[st]), "p": np.array(p, dtype=NP[st])})
    for t in ["u32", "u8"]:
        for desc in [False, True]:
            name = f"standard/sort[{t},whole range{',descending' if desc else ''}]"
            x = tr.random_values(t, 8 * 64, rng_for(name), edges=False).reshape(8, 64)
            ref = np.sort(x, axis=1)
            add(name, g("standard", "standard.tile"), f"sort_{t}", (1,), [("x", x), ("z", empty(t, 512))],
                {"z": (np.flip(ref, 1) if desc else ref).reshape(-1)}, defines={"N": 8, "M": 64, "DESC": int(desc)})


# ------------------------------------------------------------------ running
class Report(ce.Results):
    """PASS / FAIL / XFAIL lines and counts; thread-safe (cases run in parallel)."""

    def __init__(self):
        super().__init__()
        self.xfailed = 0
        self.lock = threading.Lock()

    def line(self, kind, name, text):
        with self.lock:
            if kind == "PASS":
                self.passed += 1
            elif kind == "FAIL":
                self.failed += 1
            elif kind == "XFAIL":
                self.xfailed += 1
            else:
                self.skipped += 1
            print(f"{kind:5} {name}{text}", flush=True)


class Outcome:
    """Stands in for check_examples' Results in one run_case call: keeps the verdict."""

    def __init__(self):
        self.ok_ = None
        self.why = ""
        self.secs = 0.0

    def ok(self, name, secs, note=None):
        self.ok_, self.secs = True, secs or 0.0

    def fail(self, name, why):
        self.ok_, self.why = False, why


def xfail_reason(name, mode):
    r = XFAIL.get(name)
    if r is None:
        return None
    m = re.match(r"\[(gpu|interpreter)\] ", r)
    if m and m.group(1) != mode:
        return None
    return r


def refused_lines(path):
    """The lines of a refusal's source marked `// <- refused here` (`# <- refused here` in Python)."""
    return [i + 1 for i, l in enumerate(open(path).read().splitlines()) if re.search(r"(//|#) <- refused here", l)]


def run_refusal(tilerun, e, marked_in=None):
    """A program Triton refuses: tilec must refuse it with a .tile error (at a line marked
    in `marked_in`, by default the .tile itself)."""
    kernel = e.kernel or ce.kernels_in_tile(e.tile)[0]
    cmd = [tilerun, e.tile, "--compile-only", "--kernel", kernel]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    out = p.stdout + p.stderr
    base = re.escape(os.path.basename(e.tile))
    m = re.search(rf"{base}:(\d+):(\d+): error: (.*)", out)
    marked = refused_lines(marked_in or e.tile)
    problems = []
    if p.returncode != 1:
        problems.append(f"exit {p.returncode} (expected 1)")
    if re.search(r"panick|internal error|RUST_BACKTRACE", out, re.I):
        problems.append("a panic / internal error")
    if not m:
        problems.append("no `file:line:col: error:`")
    elif marked and int(m.group(1)) not in marked:
        problems.append(f"the error is at line {m.group(1)}, not at the marked line {marked}")
    if not re.search(r"^\s*(\d+\s*)?\|.*\^", out, re.M):
        problems.append("no caret under the source")
    if e.refuse and not re.search(e.refuse, out, re.I | re.S):
        problems.append(f"the message does not match /{e.refuse}/")
    return (not problems), ("; ".join(problems) + ":" + tail(out) + "\n      $ " + " ".join(cmd)) if problems else \
        f"refused: {m.group(3).strip()}"


def run_types(tilerun, e):
    """Compiles the kernel and compares its static_print types with `e.types`."""
    cmd = [tilerun, e.tile, "--compile-only", "--kernel", e.kernel]
    # static_print prints when the kernel is compiled, not when the compile cache hands it
    # back (as Triton's): compile afresh, or a second run of the suite reads no types.
    env = dict(os.environ, TILEC_CACHE="0")
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)
    out = p.stdout + p.stderr
    if p.returncode != 0:
        return False, f"tilerun exited {p.returncode}:{tail(out)}\n      $ " + " ".join(cmd)
    got = {}
    for line in out.splitlines():
        m = re.match(r"(T \S+ \S+ \S+) (\S+)$", line.strip())
        if m:
            got[m.group(1)] = m.group(2)
    wrong = [f"{k[2:]} is {got.get(k, 'missing')}, Triton's {v}" for k, v in e.types.items() if got.get(k) != v]
    if wrong:
        return False, f"{len(wrong)} of {len(e.types)} result types differ from Triton's: " + "; ".join(wrong)
    return True, ""


def run_custom(tilerun, e, case_dir, via):
    """Runs the case saving `e.saves`, then `e.verify` judges the saved buffers."""
    os.makedirs(case_dir, exist_ok=True)
    case = e.case
    case.flags = [f for nm in e.saves for f in ("--save", f"{nm}={os.path.join(case_dir, nm + '_out.npy')}")]
    o = Outcome()
    run_case(tilerun, e.tile, e.kernel, case, case_dir, via, o, False)
    if not o.ok_:
        return False, o.why
    try:
        return e.verify({nm: np.load(os.path.join(case_dir, nm + "_out.npy")) for nm in e.saves})
    except Exception as ex:  # a missing file, a shape mismatch
        return False, f"verification raised {ex!r}"


def run_entry(tilerun, e, work, via, verbose, marked_in=None):
    case_dir = os.path.join(work, re.sub(r"[^\w.-]", "_", e.name)[:80] + f"-{hash_str(e.name) % 10 ** 8:08d}")
    t0 = time.time()
    if e.refuse is not None:
        ok, msg = run_refusal(tilerun, e, marked_in)
        return ok, msg, time.time() - t0
    if e.types is not None:
        ok, msg = run_types(tilerun, e)
        return ok, msg, time.time() - t0
    if getattr(e, "verify", None) is not None:
        ok, msg = run_custom(tilerun, e, case_dir, via)
        return ok, msg, time.time() - t0
    o = Outcome()
    run_case(tilerun, e.tile, e.kernel, e.case, case_dir, via, o, verbose)
    return bool(o.ok_), o.why, time.time() - t0


def run_translated(tilerun, e, work, via, verbose):
    """The case run against its kernel translated from the Python twin (via_translator.py):
    (ran through the translator, ok, message, seconds)."""
    t0 = time.time()
    why = vt.not_translated(e.name)
    if why is not None:
        ok, msg, secs = run_entry(tilerun, e, work, via, verbose)
        return False, ok, msg + (f" (run from its .tile: {why})" if not ok else ""), secs
    try:
        t = vt.translate_entry(e, work)
    except Exception as ex:  # a malformed .tile header, a translator crash
        return True, False, f"translating {vt.py_source(e.tile)} raised {ex!r}", time.time() - t0
    if t is None:
        return False, False, (f"no Python source {os.path.relpath(vt.py_source(e.tile), ROOT)} (write it, or list the "
                              "case in via_translator.NO_TRANSLATION with the reason)"), time.time() - t0
    if t.error is not None:
        if e.refuse is None:
            return True, False, f"the translator refused it: {t.error}", time.time() - t0
        marked = refused_lines(t.py)
        problems = []
        if marked and t.error.line not in marked:
            problems.append(f"the translator's error is at line {t.error.line}, not at the marked line {marked}")
        if e.refuse and not re.search(e.refuse, t.error.message, re.I | re.S):
            problems.append(f"the message does not match /{e.refuse}/")
        msg = "; ".join(problems) + f": {t.error}" if problems else f"refused by the translator: {t.error.message}"
        return True, not problems, msg, time.time() - t0
    te = Entry(e.name, t.tile, e.kernel, e.case, e.refuse, e.types, e.gpu_only)
    if getattr(e, "verify", None) is not None:
        te.saves, te.verify = e.saves, e.verify
    ok, msg, secs = run_entry(tilerun, te, work, via, verbose, marked_in=t.py)
    return True, ok, msg + (f"\n      (translated from {os.path.relpath(t.py, ROOT)})" if not ok else ""), secs


def register_all():
    for f in [bin_op_cases, bin_op_type_cases, scalar_op_cases, bitwise_cases, shift_cases, compare_cases, unary_cases, cast_cases,
              cast_to_bool_cases, bitcast_cases, where_cases, minmax_cases, math_cases, reduce1d_cases, reduce_cases, scan_cases, standard_cases, atomic_extra_cases, memory_cases, dot_cases, shape_cases, control_cases, literal_cases, random_cases, block_pointer_cases, tutorial_cases, refusal_cases, extra_core_cases, edge_cases, divmod_const_cases, atomic_cases, tensor_atomic_cases]:
        f()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--interpret", action="store_true", help="run in tilec's interpreter (no GPU), as CI does")
    ap.add_argument("-k", "--only", nargs="*", help="only cases whose name contains one of these")
    ap.add_argument("-j", "--jobs", type=int, help="cases run at once (default: the CPUs, at most 8)")
    ap.add_argument("--work", help="scratch directory (default: a temporary one, removed at the end)")
    ap.add_argument("--list", action="store_true", help="list the cases and exit")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every tilerun command")
    ap.add_argument("--via-translator", action="store_true",
                    help="run each case's kernel translated from its Triton-syntax twin under py/ (via_translator.py)")
    args = ap.parse_args()
    start = time.time()
    register_all()
    names = [e.name for e in ENTRIES]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        print(f"duplicate case names: {sorted(dup)}\n0 passed, 1 failed, 0 xfailed")
        return 1
    if args.list:
        for e in ENTRIES:
            print(e.name)
        print(f"{len(ENTRIES)} cases")
        return 0
    tilerun = os.environ.get("TILERUN")
    if not tilerun or not os.access(tilerun, os.X_OK):
        print(f"TILERUN={tilerun!r} is not an executable tilerun\n0 passed, 1 failed, 0 xfailed")
        return 1
    mode = "interpreter" if args.interpret else "gpu"
    if args.interpret:
        ce.INTERPRET.extend(["--interpret", "--uninit", "--races"])
    rep = Report()
    stale = gen.stale()
    if stale:
        rep.line("FAIL", "test/triton/core/gen is up to date", f": stale {stale}: run python3 test/triton/gen.py")
    unknown = [k for k in XFAIL if k not in names]
    for k in unknown:
        rep.line("FAIL", k, ": listed in XFAIL but no such case (renamed or removed?)")
    selected = [e for e in ENTRIES if not args.only or any(s in e.name for s in args.only)]
    work = args.work or tempfile.mkdtemp(prefix="tile-triton-port-")
    jobs = args.jobs or min(8, os.cpu_count() or 1)

    translated = [0, 0]  # cases run through the translator, of which passed

    def run_one(e):
        if e.gpu_only and args.interpret:
            rep.line("SKIP", e.name, f": {e.gpu_only}")
            return
        via = "interpreter" if args.interpret else "tile"
        if args.via_translator:
            through, ok, msg, secs = run_translated(tilerun, e, work, via, args.verbose)
            with rep.lock:
                translated[0] += through
                translated[1] += through and ok
        else:
            ok, msg, secs = run_entry(tilerun, e, work, via, args.verbose)
        why = xfail_reason(e.name, mode)
        if why is None:
            rep.line("PASS" if ok else "FAIL", e.name, f"  ({secs:.2f} s)" if ok else f": {msg}")
        elif ok:
            rep.line("FAIL", e.name, f": passes but is listed in XFAIL ({why}): remove it from XFAIL")
        else:
            rep.line("XFAIL", e.name, f": {why}")

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        list(ex.map(run_one, selected))
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    print(f"total time: {time.time() - start:.1f} s ({len(selected)} cases, {jobs} at a time, {mode})")
    if args.via_translator:
        print(f"through the translator: {translated[0]} of {len(selected)} cases ran, {translated[1]} passed "
              f"({rep.skipped} GPU-only skipped; the rest ran their .tile, listed in via_translator.NO_TRANSLATION, "
              "or failed for want of a Python source)")
    skipped = f", {rep.skipped} skipped" if rep.skipped else ""
    print(f"{rep.passed} passed, {rep.failed} failed, {rep.xfailed} xfailed{skipped}")
    return 1 if rep.failed else 0


if __name__ == "__main__":
    sys.exit(main())
