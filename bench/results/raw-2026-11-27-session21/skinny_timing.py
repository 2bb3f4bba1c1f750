#!/usr/bin/env python3
"""Session 21 call 7: is the do_bench gap at 128x4096x4096 (tilec 22.5 us, cuBLAS 18.9)
the kernels' own? Under ncu (call 6, caches invalidated, clocks locked) they ran 16.26
and 15.90 us. Times both here four ways: do_bench as the marks use it (L2 flushed by
writing 256 MB: the L2 left full of dirty lines), do_bench after a flush that reads
256 MB (clean lines), CUDA events around 20 back-to-back launches (L2 warm), and a CUDA
graph of 20 launches."""
import os
import torch
import triton.testing
import tilec

ROOT = os.getcwd()
M, N, K = 128, 4096, 4096
a = torch.randn(M, K, device="cuda", dtype=torch.float16)
b = torch.randn(K, N, device="cuda", dtype=torch.float16)
c = torch.empty(M, N, device="cuda", dtype=torch.float16)
cr = torch.empty_like(c)
k = tilec.compile(os.path.join(ROOT, "examples", "matmul_splitk.tile"))
ws = torch.zeros(64 * 64 * 16 * 256, device="cuda", dtype=torch.float32)
count = torch.zeros(4096, device="cuda", dtype=torch.int32)


def grid(meta):
    return (tilec.cdiv(M, meta["BM"]) * tilec.cdiv(N, meta["BN"]), meta["SPLIT"])


ours = lambda: k[grid](a, b, c, ws, count, M, N, K, a.stride(0), b.stride(0), c.stride(0))
theirs = lambda: torch.matmul(a, b, out=cr)
ours(); theirs(); torch.cuda.synchronize()
print("config", k.best_config["label"], "err", ((c.float() - cr.float()).norm() / cr.float().norm()).item())
big = torch.empty(256 << 20, dtype=torch.int8, device="cuda")


def events(fn, flush, reps=200):
    ts = []
    for _ in range(reps):
        if flush == "write":
            big.zero_()
        elif flush == "read":
            big.sum()
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); fn(); e.record()
        ts.append((s, e))
    torch.cuda.synchronize()
    v = sorted(s.elapsed_time(e) * 1e3 for s, e in ts)
    return v[len(v) // 2]


def burst(fn, n=20, reps=50):
    v = []
    for _ in range(reps):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        for _ in range(n):
            fn()
        e.record(); torch.cuda.synchronize()
        v.append(s.elapsed_time(e) * 1e3 / n)
    v.sort()
    return v[len(v) // 2]


def graph(fn, n=20):
    try:
        return graph_(fn, n)
    except Exception as e:  # a launch that cannot be captured
        print("graph:", type(e).__name__, str(e)[:200])
        return float("nan")


def graph_(fn, n):
    g = torch.cuda.CUDAGraph()
    s = torch.cuda.Stream()
    with torch.cuda.stream(s):
        fn()
        torch.cuda.synchronize()
        with torch.cuda.graph(g, stream=s):
            for _ in range(n):
                fn()
    torch.cuda.synchronize()
    return burst(lambda: g.replay(), 1, 50) / n


for rnd in range(3):
    for name, fn in (("tilec", ours), ("cuBLAS", theirs)):
        db = triton.testing.do_bench(fn, warmup=10, rep=100, return_mode="median") * 1e3
        print(f"round {rnd} {name:7s} do_bench {db:6.2f}  write-flush {events(fn, 'write'):6.2f}  "
              f"read-flush {events(fn, 'read'):6.2f}  no flush {events(fn, None):6.2f}  "
              f"burst {burst(fn):6.2f}  graph {graph(fn):6.2f} us", flush=True)
