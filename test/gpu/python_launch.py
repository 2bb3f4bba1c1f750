#!/usr/bin/env python3
"""GPU tests of the Python package: every example of check_examples.py launched on torch
tensors with `k[grid](*args, **consts)` and compared with its numpy reference, then the
launcher's own behaviour (grid callables, the specialisation cache, torch's current
stream, unaligned and wrong-device tensors, equal-to-1 arguments).

Run on the GPU machine with the package installed (a wheel built by
`maturin build --release` under python/, then `pip install tilec-*.whl`):

    python3 test/gpu/python_launch.py [--only add sum]

The last line is `N passed, N failed, N skipped`; the exit status is 1 when anything failed.
"""
import argparse
import os
import sys
import time

import numpy as np
import torch

import tilec

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import check_examples as ce  # noqa: E402  (the cases and their references)

DTYPES = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32, "f64": torch.float64,
          "i8": torch.int8, "i16": torch.int16, "i32": torch.int32, "i64": torch.int64,
          "u8": torch.uint8, "u16": torch.uint16, "u32": torch.uint32, "u64": torch.uint64,
          "f8e4m3": torch.float8_e4m3fn, "f8e5m2": torch.float8_e5m2}
FP8 = (torch.float8_e4m3fn, torch.float8_e5m2)
TOLERANCE = {torch.float16: (1e-2, 1e-3), torch.bfloat16: (1e-2, 1e-3), torch.float32: (1e-5, 1e-6),
             torch.float64: (1e-7, 1e-9)}


def host_tensor(a):
    """An ndarray as a CPU tensor: always a copy, since `ascontiguousarray` keeps a
    one-element reversed view (stride -4 counts as contiguous), which torch refuses."""
    return torch.from_numpy(np.array(a, copy=True, order="C"))


def tensor_of(v, ty=None):
    """A case's argument as launch argument: an ndarray or a buffer spec becomes a CUDA tensor.
    numpy has no fp8: the cases give an fp8 parameter's bits as uint8 (`ty` is `*f8e4m3`)."""
    if isinstance(v, np.ndarray):
        t = host_tensor(v)
        if ty and ty.lstrip("*") in ("f8e4m3", "f8e5m2") and t.dtype == torch.uint8:
            t = t.view(DTYPES[ty.lstrip("*")])
        return t.cuda()
    if isinstance(v, str):
        how, dtype, dims = v.split(":")[:3]
        shape = [int(d) for d in dims.split("x")]
        if how == "full":  # full:T:SHAPE:VALUE
            return torch.full(shape, float(v.split(":")[3]), dtype=DTYPES[dtype], device="cuda")
        make = {"empty": torch.empty, "zeros": torch.zeros}[how]
        return make(shape, dtype=DTYPES[dtype], device="cuda")
    return v


def grid_of(case):
    """A case's grid for `k[grid]`: its numbers, or, where a dimension is one of tilerun's
    expressions (an autotuned kernel's `cdiv(M, BM) * cdiv(N, BN)`), a callable of the
    launch's meta-parameters and the case's integer arguments."""
    if all(isinstance(g, int) for g in case.grid):
        return case.grid
    ints = {n: v for n, v in case.args if isinstance(v, int)}

    def grid(meta):
        env = {"cdiv": tilec.cdiv, "min": min, "max": max, **ints, **meta}
        return tuple(g if isinstance(g, int) else int(eval(g, {"__builtins__": {}}, env)) for g in case.grid)
    return grid


def compare(name, got, ref, rtol, atol):
    ref_t = host_tensor(ref).to(got.device)
    if got.dtype in (torch.float16, torch.bfloat16) + FP8:
        got, ref_t = got.float(), ref_t.float()
    d_rtol, d_atol = TOLERANCE.get(got.dtype, (0.0, 0.0))
    rtol = d_rtol if rtol is None else rtol
    atol = d_atol if atol is None else atol
    got, ref_t = got.reshape(ref_t.shape), ref_t.to(got.dtype)
    if not torch.allclose(got, ref_t, rtol=rtol, atol=atol, equal_nan=True):
        bad = (~torch.isclose(got, ref_t, rtol=rtol, atol=atol, equal_nan=True)).nonzero()
        i = tuple(bad[0].tolist())
        return f"`{name}` differs at {len(bad)} places, first at {i}: {got[i].item()} vs {ref_t[i].item()}"
    return None


def run_examples(results, only):
    found = {}
    for f in sorted(os.listdir(os.path.join(ROOT, "examples"))):
        if f.endswith(".tile"):
            for k in ce.kernels_in_tile(os.path.join(ROOT, "examples", f)):
                found[k] = os.path.join(ROOT, "examples", f)
    for kname, (want_sig, gen) in ce.KERNELS.items():
        if kname in ce.FIXTURE_ONLY or (only and kname not in only):
            continue
        if kname not in found:
            results.skip(kname, "no example defines it")
            continue
        try:
            k = tilec.compile(found[kname], kernel=kname)
        except tilec.CompileError as e:
            results.fail(f"compile {kname}", str(e))
            continue
        sig = list(k.signature.items())
        if sig != want_sig:
            results.skip(kname, f"signature {sig} is not the one the cases are written for")
            continue
        consts = {n: str(v) for n, v in k.constants.items()}
        for case in gen(consts, np.random.default_rng(0)):
            name = f"{kname}[{case.label}] via python"
            t = time.time()
            try:
                args = [tensor_of(v, ty) for (_, v), (_, ty) in zip(case.args, want_sig)]
                k[grid_of(case)](*args, **case.defines)
                torch.cuda.synchronize()
                by_name = dict(zip((n for n, _ in case.args), args))
                why = [compare(n, by_name[n], ref, case.rtol, case.atol) for n, ref in case.checks.items()]
                why = [w for w in why if w]
            except Exception as e:  # a launch error or a fault is this case's failure
                why = [f"{type(e).__name__}: {e}"]
            if why:
                results.fail(name, "; ".join(why))
            else:
                results.ok(name, time.time() - t)


def check(results, name, fn):
    try:
        why = fn()
    except Exception as e:
        why = f"{type(e).__name__}: {e}"
    if why:
        results.fail(name, why)
    else:
        results.ok(name, None, "ok")


def launcher_tests(results):
    add = tilec.compile(os.path.join(ROOT, "examples", "add.tile"))

    def grid_callable():
        n = 5000
        a, b = torch.randn(n, device="cuda"), torch.randn(n, device="cuda")
        out = torch.empty_like(a)
        add[lambda meta: (tilec.cdiv(meta["n"], meta["TILE"]),)](a, b, out, n, TILE=256)
        torch.cuda.synchronize()
        return None if torch.equal(out, a + b) else "out != a + b with TILE=256 from a grid callable"

    def cache():
        a = torch.randn(4096, device="cuda")
        out = torch.empty_like(a)
        add[(4,)](a, a, out, 4096)
        before = add.cache_size()
        add[(4,)](a, a, out, 4096)  # same specialisation: no compile
        same = add.cache_size()
        add[(4,)](a, a, out, 4095)  # n not a multiple of 16: another one
        t = time.perf_counter()
        add[(4,)](a, a, out, 4095)
        hit_us = (time.perf_counter() - t) * 1e6
        torch.cuda.synchronize()
        if (before, same, add.cache_size()) != (before, before, before + 1):
            return f"cache sizes {before}, {same}, {add.cache_size()}: expected n, n, n + 1"
        return None if hit_us < 1000 else f"a cached launch took {hit_us:.0f} us"

    def unaligned():
        base = torch.randn(1001, device="cuda")
        a = base[1:]  # 4 bytes past a 16-byte boundary: no alignment may be assumed
        out = torch.zeros(1000, device="cuda")
        add[(1,)](a, a, out, 1000)
        torch.cuda.synchronize()
        return None if torch.equal(out, a + a) else "wrong result on an unaligned tensor"

    def current_stream():
        s = torch.cuda.Stream()
        n = 1 << 22
        a = torch.randn(n, device="cuda")
        out = torch.zeros_like(a)
        with torch.cuda.stream(s):
            add[(tilec.cdiv(n, 1024),)](a, a, out, n)
            done = torch.cuda.Event()
            done.record(s)
        done.synchronize()
        return None if torch.equal(out, a + a) else "not launched on torch's current stream"

    def cpu_tensor_refused():
        a = torch.randn(16)
        try:
            add[(1,)](a, a, a, 16)
        except TypeError as e:
            return None if "on the CPU" in str(e) else f"wrong message: {e}"
        return "a CPU tensor was accepted"

    def requires_refused():
        # examples/scan_lookback_types.tile's `#[requires]`: a state word for each tile
        # (folded with the TILE this launch compiles) and a grid covering the input.
        k = tilec.compile(os.path.join(ROOT, "examples", "scan_lookback_types.tile"), kernel="scan_i32")
        n, tile = 5000, 1024
        x = torch.randint(-5, 5, (n,), device="cuda", dtype=torch.int32)
        y = torch.empty_like(x)
        counter = torch.zeros(1, device="cuda", dtype=torch.int32)
        short = torch.zeros(4, device="cuda", dtype=torch.uint64)
        try:
            k[(5,)](x, y, short, counter, n, TILE=tile)
            return "a state of 4 words was accepted for 5 tiles"
        except ValueError as e:
            if "requires len(state) >= cdiv(n, TILE): len(state) is 4, cdiv(n, TILE) is 5" not in str(e):
                return f"wrong message: {e}"
        state = torch.zeros(5, device="cuda", dtype=torch.uint64)
        k[(5,)](x, y, state, counter, n, TILE=tile)
        torch.cuda.synchronize()
        return None if torch.equal(y, torch.cumsum(x, 0, dtype=torch.int32)) else "wrong scan"

    def dtype_refused():
        a = torch.randn(16, device="cuda", dtype=torch.float16)
        try:
            add[(1,)](a, a, a, 16)
        except TypeError as e:
            return None if "is *f32, but the buffer holds f16" in str(e) else f"wrong message: {e}"
        return "an f16 tensor was accepted for *f32"

    def fp8_tensors():
        # torch's fp8 tensors launch as *f8e4m3 / *f8e5m2 (their torch dtype: neither
        # __cuda_array_interface__ nor DLPack has fp8). No overflow here, where torch's
        # conversion (no saturation) and the kernel's `satfinite` one agree bit for bit.
        k = tilec.compile(os.path.join(ROOT, "examples", "fp8.tile"), kernel="fp8_scale")
        n = 5000
        x = torch.randn(n, device="cuda").to(torch.float8_e4m3fn)
        y = torch.empty(n, device="cuda", dtype=torch.float8_e4m3fn)
        k[(tilec.cdiv(n, int(k.constants.get("TILE", 1024))),)](x, y, 2.5, n)
        torch.cuda.synchronize()
        ref = (x.float() * 2.5).to(torch.float8_e4m3fn)
        if not torch.equal(y.view(torch.uint8), ref.view(torch.uint8)):
            return "fp8_scale on torch fp8 tensors differs from torch's rounding"
        try:
            k[(1,)](x.to(torch.float8_e5m2), y, 1.0, n)
        except TypeError as e:
            return None if "f8e5m2" in str(e) else f"wrong message: {e}"
        return "an f8e5m2 tensor was accepted for *f8e4m3"

    def equal_to_one():
        t = tilec.compile(os.path.join(ROOT, "examples", "transpose.tile"), kernel="transpose")
        R, C = 100, 37
        x = torch.randn(R, C, device="cuda")
        y = torch.empty(C, R, device="cuda")
        rb, cb = int(t.constants.get("RB", 64)), int(t.constants.get("CB", 64))
        t[(tilec.cdiv(R, rb), tilec.cdiv(C, cb))](x, y, R, C, C, 1, R, 1)  # unit strides: compiled as 1
        torch.cuda.synchronize()
        return None if torch.equal(y, x.T) else "transpose with unit strides is wrong"

    def autotuned():
        # `#[autotune]` at launch: the first launch tunes (each configuration's time
        # printed: TILEC_PRINT_AUTOTUNING=1), the grid callable sees the chosen BM / BN,
        # a second launch tunes nothing, and a new kernel object finds the choice on
        # disk (the caller sets TILEC_CACHE_DIR to a fresh directory).
        path = os.path.join(ROOT, "examples", "matmul_autotune.tile")
        k = tilec.compile(path)
        if k.best_config is not None:
            return "best_config before any launch"
        M = N = K = 512
        a = torch.randn(M, K, device="cuda", dtype=torch.float16)
        b = torch.randn(K, N, device="cuda", dtype=torch.float16)
        c = torch.empty(M, N, device="cuda", dtype=torch.float16)
        seen = []

        def grid(meta):
            seen.append((meta["BM"], meta["BN"]))
            return (tilec.cdiv(meta["M"], meta["BM"]) * tilec.cdiv(meta["N"], meta["BN"]),)

        args = (a, b, c, M, N, K, K, 1, N, 1, N, 1)
        t = time.perf_counter()
        k[grid](*args)
        torch.cuda.synchronize()
        tune_s = time.perf_counter() - t
        ref = (a.float() @ b.float())
        if not torch.allclose(c.float(), ref, rtol=2e-2, atol=2e-1):
            return f"tuned matmul wrong: max err {(c.float() - ref).abs().max().item()}"
        best = k.best_config
        if best is None or (best["BM"], best["BN"]) != seen[-1]:
            return f"best_config {best} does not match the grid's last meta {seen[-1:]}"
        size = k.cache_size()
        c.zero_()
        t = time.perf_counter()
        k[grid](*args)
        torch.cuda.synchronize()
        again_s = time.perf_counter() - t
        if k.cache_size() != size or not torch.allclose(c.float(), ref, rtol=2e-2, atol=2e-1):
            return "the second launch compiled again or was wrong"
        k2 = tilec.compile(path)
        t = time.perf_counter()
        k2[grid](*args)
        torch.cuda.synchronize()
        disk_s = time.perf_counter() - t
        if k2.best_config is None or k2.best_config["index"] != best["index"]:
            return f"a new kernel object chose {k2.best_config}, not {best} from the disk cache"
        # Another shape tunes again; launching the first shape again recalls its choice,
        # and best_config follows the latest launch (as Triton's), not the latest tuning.
        S = 4096  # large enough to prefer bigger tiles than 512's
        big = (torch.randn(S, S, device="cuda", dtype=torch.float16),
               torch.randn(S, S, device="cuda", dtype=torch.float16),
               torch.empty(S, S, device="cuda", dtype=torch.float16))
        k[grid](*big, S, S, S, S, 1, S, 1, S, 1)
        other = k.best_config
        if other is None or (other["BM"], other["BN"]) != seen[-1]:
            return f"after a second shape best_config {other} does not match its meta {seen[-1:]}"
        if other["index"] == best["index"]:
            return f"both shapes chose {best['label']}: the recall below could not be told apart"
        k[grid](*args)
        torch.cuda.synchronize()
        if k.best_config is None or k.best_config["index"] != best["index"]:
            return f"back to the first shape best_config is {k.best_config}, not its choice {best}"
        try:
            k[grid](*args, BM=64)
            return "an override of a tuned const was accepted"
        except ValueError as e:
            if "set by the kernel's #[autotune] configurations" not in str(e):
                return f"wrong message: {e}"
        print(f"     autotune: chose {best['label']}; first launch {tune_s:.2f} s, "
              f"second {again_s * 1e3:.1f} ms, new object from disk {disk_s:.2f} s")
        return None

    def divisors_below_16():
        # 3000 is a multiple of 8: compiled as such (16-byte copies, the K loop pipelined);
        # K = 3004 (4) is another specialisation, right too; M = 3001, 3002 and 3000 compile
        # to the same code (only masks read M's divisor below 16): one module for them.
        mm = tilec.compile(os.path.join(ROOT, "examples", "matmul.tile"))

        def run(m, n, k):
            a = torch.randn(m, k, device="cuda", dtype=torch.float16)
            b = torch.randn(k, n, device="cuda", dtype=torch.float16)
            c = torch.empty(m, n, device="cuda", dtype=torch.float16)
            mm[lambda meta: (tilec.cdiv(m, meta["BM"]) * tilec.cdiv(n, meta["BN"]),)](
                a, b, c, m, n, k, k, 1, n, 1, n, 1)
            ref = a.float() @ b.float()
            return (c.float() - ref).abs().max().item() / ref.abs().max().item()

        spec = mm.specialisation(*(torch.empty(8, device="cuda", dtype=torch.float16),) * 3,
                                 3000, 3000, 3000, 3000, 1, 3000, 1, 3000, 1)
        if spec["divisibility"].get("K") != 8:
            return f"3000 specialised as {spec}"
        errs = [run(3000, 3000, 3000), run(3000, 3000, 3004)]
        keys = mm.cache_size()
        errs += [run(m, 3000, 3000) for m in (3001, 3002)]
        if max(errs) > 1e-2:
            return f"relative errors {errs}"
        if (keys, mm.cache_size()) != (2, 4):
            return f"{keys} then {mm.cache_size()} specialisations: expected 2 then 4"
        n = mm._module_count()
        return None if n == 2 else f"{n} modules loaded: expected 2 (M's divisor below 16 changes no code)"

    for name, fn in [("grid callable with a const override", grid_callable), ("specialisation cache", cache),
                     ("specialisation on divisors below 16", divisors_below_16),
                     ("autotune at launch", autotuned),
                     ("unaligned tensor", unaligned), ("torch's current stream", current_stream),
                     ("CPU tensor refused", cpu_tensor_refused), ("dtype refused", dtype_refused),
                     ("buffers too short for #[requires] refused", requires_refused),
                     ("equal-to-1 specialisation", equal_to_one), ("torch fp8 tensors", fp8_tensors)]:
        check(results, f"python launcher: {name}", fn)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", nargs="*", help="only these kernels")
    args = ap.parse_args()
    if not torch.cuda.is_available():
        print("torch sees no GPU: these tests need the GPU machine\n0 passed, 1 failed")
        return 1
    results = ce.Results()
    launcher_tests(results)
    run_examples(results, args.only)
    print(f"{results.passed} passed, {results.failed} failed, {results.skipped} skipped")
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
