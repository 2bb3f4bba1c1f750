#!/usr/bin/env python3
"""Session 21 call 8: deeper pipelines for skinny products under do_bench's write flush
(call 7: the dirty L2 it leaves costs tilec's 5-stage tiling ~5 us at 128x4096x4096,
cuBLAS's ~2.5; cuBLAS's kernel holds 230 KB of shared memory). matmul_splitk with one
configuration at a time, do_bench (write flush) and a read flush, beside cuBLAS."""
import os
import re
import torch
import triton.testing
import tilec

ROOT = os.getcwd()
src = open(os.path.join(ROOT, "examples", "matmul_splitk.tile")).read()
big = torch.empty(256 << 20, dtype=torch.int8, device="cuda")


def compile_one(cfg):
    text = ", ".join(f"{k} = {v}" for k, v in cfg.items())
    return tilec.compile(re.sub(r"configs = \[.*?\]\)\]", "configs = [{" + text + "}])]", src, count=1, flags=re.S))


def read_flushed(fn, reps=200):
    ts = []
    for _ in range(reps):
        big.sum()
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); fn(); e.record()
        ts.append((s, e))
    torch.cuda.synchronize()
    v = sorted(s.elapsed_time(e) * 1e3 for s, e in ts)
    return v[len(v) // 2]


CFGS = []
for bm, bn, bk, split, nw in [(64, 64, 128, 1, 4), (64, 64, 64, 1, 4), (128, 64, 128, 1, 8), (128, 64, 64, 1, 8),
                              (64, 128, 64, 1, 4), (128, 64, 128, 2, 8), (64, 64, 128, 2, 4), (128, 128, 64, 1, 8)]:
    for st in range(4, 16):
        if st * (bm * bk + bk * bn) * 2 <= 227 * 1024 - 1024:
            CFGS.append(dict(BM=bm, BN=bn, BK=bk, SPLIT=split, num_warps=nw, num_stages=st))
ks = []
for cfg in CFGS:
    try:
        ks.append((cfg, compile_one(cfg)))
    except Exception as e:
        print("refused", cfg, str(e).splitlines()[0])
for M, N, K in [(128, 4096, 4096), (128, 8192, 8192), (16, 4096, 4096), (128, 4096, 14336)]:
    a = torch.randn(M, K, device="cuda", dtype=torch.float16)
    b = torch.randn(K, N, device="cuda", dtype=torch.float16)
    cr = torch.empty(M, N, device="cuda", dtype=torch.float16)
    ws = torch.zeros(64 * 64 * 16 * 2048, device="cuda", dtype=torch.float32)
    count = torch.zeros(8192, device="cuda", dtype=torch.int32)
    theirs = lambda: torch.matmul(a, b, out=cr)
    theirs()
    res = []
    for cfg, k in ks:
        c = torch.empty(M, N, device="cuda", dtype=torch.float16)
        g = (tilec.cdiv(M, cfg["BM"]) * tilec.cdiv(N, cfg["BN"]), cfg["SPLIT"])
        f = lambda k=k, c=c, g=g: k[g](a, b, c, ws, count, M, N, K, a.stride(0), b.stride(0), c.stride(0))
        f(); torch.cuda.synchronize()
        if not torch.allclose(c.float(), cr.float(), rtol=2e-2, atol=5e-2):
            print("WRONG", cfg); continue
        res.append((triton.testing.do_bench(f, warmup=10, rep=60, return_mode="median") * 1e3, cfg, f))
    res.sort(key=lambda r: r[0])
    cub = triton.testing.do_bench(theirs, warmup=10, rep=100, return_mode="median") * 1e3
    print(f"\n{M}x{N}x{K}: cuBLAS do_bench {cub:.2f} us, read-flush {read_flushed(theirs):.2f}", flush=True)
    for t, cfg, f in res[:6]:
        t2 = triton.testing.do_bench(f, warmup=10, rep=100, return_mode="median") * 1e3
        print(f"  do_bench {t2:6.2f} us x{cub / t2:.3f}  read-flush {read_flushed(f):6.2f}  {cfg}", flush=True)
