#!/usr/bin/env python3
"""Session 21 call 14: 4096^3 and 8192^3 f16, matmul_tma (tuned) beside Triton's tutorial
kernel (tuned as the sweep does) and cuBLAS, timed three ways in rotated order: do_bench
(256 MB written before each launch), a 256 MB read before each, and back to back (no
flush, events around 10 launches). Under ncu (call 13, clocks locked) tilec's 4096^3 ran
232.1 us, Triton's 234.0, cuBLAS's 225.2."""
import os
import sys
import torch
import triton.testing
import tilec

ROOT = os.getcwd()
sys.path.insert(0, os.path.join(ROOT, "bench"))
import matmul_sweep as ms  # noqa: E402

ref_mod, why = ms.load_reference(os.path.join(ROOT, ".carry"))
k = tilec.compile(os.path.join(ROOT, "examples", "matmul_tma.tile"), kernel="matmul_tma")
big = torch.empty(256 << 20, dtype=torch.int8, device="cuda")


def flushed(fn, how, reps):
    ts = []
    for _ in range(reps):
        if how == "read":
            big.sum()
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); fn(); e.record()
        ts.append((s, e))
    torch.cuda.synchronize()
    v = sorted(s.elapsed_time(e) * 1e3 for s, e in ts)
    return v[len(v) // 2]


def burst(fn, n=10, reps=10):
    v = []
    for _ in range(reps):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        for _ in range(n):
            fn()
        e.record(); torch.cuda.synchronize()
        v.append(s.elapsed_time(e) * 1e3 / n)
    return sorted(v)[len(v) // 2]


for S in (4096, 8192):
    a = torch.randn(S, S, device="cuda", dtype=torch.float16)
    b = torch.randn(S, S, device="cuda", dtype=torch.float16)
    c1, c2, c3 = (torch.empty(S, S, device="cuda", dtype=torch.float16) for _ in range(3))
    fns = {"tilec": lambda: k[lambda m: (tilec.cdiv(S, m["BM"]) * tilec.cdiv(S, m["BN"]),)](a, b, c1, S, S, S),
           "cuBLAS": lambda: torch.matmul(a, b, out=c2),
           "Triton": ms.tuned_reference(ref_mod.matmul_kernel, a, b, c3)}
    for f in fns.values():
        f()
    torch.cuda.synchronize()
    reps = 100 if S == 4096 else 30
    res = {n: {"do_bench": [], "read": [], "burst": []} for n in fns}
    order = list(fns)
    for r in range(3):
        for n in order[r:] + order[:r]:
            res[n]["do_bench"].append(triton.testing.do_bench(fns[n], warmup=25, rep=200, return_mode="median") * 1e3)
            res[n]["read"].append(flushed(fns[n], "read", reps))
            res[n]["burst"].append(burst(fns[n]))
    for n, d in res.items():
        print(f"{S}^3 {n:7s} " + "  ".join(f"{m} {sorted(v)[1]:8.1f} us" for m, v in d.items()), flush=True)
