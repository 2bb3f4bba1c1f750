#!/usr/bin/env python3
"""Which split-K tilings suit skinny problems (issue 27's M = 16 and 128 rows)?
examples/matmul_splitk.tile with one configuration at a time (its autotune list replaced),
every configuration timed once per shape (do_bench median), then the best few again beside
cuBLAS (`torch.matmul`) in interleaved rounds. Each result is checked against torch first.

    PYTHONPATH=<dir with the tilec package> python3 bench/splitk_configs.py [--out DIR]

NOT run by CI (needs a GPU).
"""
import argparse
import itertools
import json
import os
import re

import torch
import triton.testing

import tilec

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHAPES = [(128, 4096, 4096), (128, 8192, 8192), (128, 4096, 14336), (128, 12288, 4096),
          (16, 4096, 4096), (16, 12288, 4096)]


def configs():
    out = []
    for bm, bn, bk, split, nw, st in itertools.product((64, 128), (64, 128, 256), (64, 128), (1, 2, 3, 4, 8),
                                                       (4, 8), (3, 4, 5)):
        smem = st * (bm * bk + bk * bn) * 2
        if smem > 220 * 1024 or (bm == 128 and nw == 4) or (bn == 256 and nw == 4) or (bm == 64 and bn == 64 and nw == 8):
            continue
        out.append(dict(BM=bm, BN=bn, BK=bk, SPLIT=split, num_warps=nw, num_stages=st))
    return out


def compile_one(src, cfg):
    text = ", ".join(f"{k} = {v}" for k, v in cfg.items())
    return tilec.compile(re.sub(r"configs = \[.*?\]\)\]", "configs = [{" + text + "}])]", src, count=1, flags=re.S))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="/tmp/out")
    ap.add_argument("--top", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--file", default=os.path.join(ROOT, "examples", "matmul_splitk.tile"),
                    help="a variant of matmul_splitk.tile (the same signature; its `ws` starts zeroed)")
    args = ap.parse_args()
    src = open(args.file).read()
    cfgs = configs()
    ks = []
    for cfg in cfgs:
        try:
            ks.append((cfg, compile_one(src, cfg)))
        except Exception as e:  # a tiling the compiler refuses (shared memory ...)
            print("refused", cfg, str(e).splitlines()[0])
    print(len(ks), "configurations")
    report = []
    for M, N, K in SHAPES:
        torch.manual_seed(0)
        a = torch.randn(M, K, device="cuda", dtype=torch.float16)
        b = torch.randn(K, N, device="cuda", dtype=torch.float16)
        ref = a.float() @ b.float()
        cr = torch.empty(M, N, device="cuda", dtype=torch.float16)
        tiles = tilec.cdiv(M, 64) * tilec.cdiv(N, 64)
        ws = torch.zeros(tiles * 16 * 64 * 64, device="cuda", dtype=torch.float32)
        count = torch.zeros(tiles, device="cuda", dtype=torch.int32)
        flops = 2.0 * M * N * K
        times = []
        for cfg, k in ks:
            c = torch.empty(M, N, device="cuda", dtype=torch.float16)
            grid = (tilec.cdiv(M, cfg["BM"]) * tilec.cdiv(N, cfg["BN"]), cfg["SPLIT"])

            def f(k=k, c=c, grid=grid):
                k[grid](a, b, c, ws, count, M, N, K, a.stride(0), b.stride(0), c.stride(0))
            f()
            torch.cuda.synchronize()
            err = ((c.float() - ref).norm() / ref.norm()).item()
            if not err < 1e-2:
                print("WRONG", M, N, K, cfg, err)
                continue
            times.append((triton.testing.do_bench(f, warmup=10, rep=50, return_mode="median"), cfg, f))
        times.sort(key=lambda t: t[0])
        cub = lambda: torch.matmul(a, b, out=cr)
        best = times[: args.top]
        meds = {i: [] for i in range(len(best))}
        cb = []
        for _ in range(args.rounds):
            cb.append(triton.testing.do_bench(cub, warmup=10, rep=100, return_mode="median"))
            for i, (_, cfg, f) in enumerate(best):
                meds[i].append(triton.testing.do_bench(f, warmup=10, rep=100, return_mode="median"))
        cbm = sorted(cb)[len(cb) // 2]
        print(f"\n{M}x{N}x{K}: cuBLAS {cbm * 1e3:.2f} us {flops / cbm / 1e9:.1f} TFLOP/s")
        for i, (t0, cfg, _) in enumerate(best):
            m = sorted(meds[i])[len(meds[i]) // 2]
            print(f"  {m * 1e3:7.2f} us {flops / m / 1e9:6.1f} TFLOP/s  x{cbm / m:.3f}  (sweep {t0 * 1e3:.2f})  {cfg}")
            report.append(dict(shape=f"{M}x{N}x{K}", cfg=cfg, us=m * 1e3, cublas_us=cbm * 1e3))
        print("  next:", [(round(t * 1e3, 2), c) for t, c, _ in times[args.top: args.top + 6]])
    os.makedirs(args.out, exist_ok=True)
    name = os.path.splitext(os.path.basename(args.file))[0]
    json.dump(report, open(os.path.join(args.out, f"{name}_configs.json"), "w"), indent=1)


if __name__ == "__main__":
    main()
