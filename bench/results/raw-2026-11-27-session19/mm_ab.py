#!/usr/bin/env python3
"""Session 19: matmul_tma against matmul_tma_strided (the same body, row strides given),
128x256x64, 8 warps, 3 and 4 stages, the autotune list stripped, on the same data,
alternating, do_bench medians (an A/B, not a mark)."""
import os
import re
import sys

import torch
import triton.testing

import tilec

ROOT = sys.argv[1] if len(sys.argv) > 1 else "."
text = open(os.path.join(ROOT, "examples", "matmul_tma.tile")).read()
text = re.sub(r"#\[autotune\(.*?\]\)\]\n", "", text, flags=re.S)
text = re.sub(r"#\[num_stages\(\d+\)\]\n", "", text)


def kern(name, stages):
    t = re.sub(r"#\[num_warps\(\d+\)\]\n", f"#[num_warps(8)]\n#[num_stages({stages})]\n", text)
    return tilec.compile(t, kernel=name, defines={"BM": 128, "BN": 256, "BK": 64})


def bench(fn):
    return triton.testing.do_bench(fn, warmup=10, rep=80, return_mode="median")


ks = {(n, s): kern(n, s) for n in ("matmul_tma", "matmul_tma_strided") for s in (3, 4)}
os.makedirs(os.environ.get("OUT", "/tmp/out") + "/ptx", exist_ok=True)
for (n, s), k in ks.items():
    open(os.environ.get("OUT", "/tmp/out") + f"/ptx/{n}_st{s}.ptx", "w").write(k.ptx)
for (M, N, K) in ((3000, 3000, 3000), (4096, 4096, 4096), (4096, 5000, 4104)):
    torch.manual_seed(0)
    a = torch.randn(M, K, device="cuda", dtype=torch.float16)
    b = torch.randn(K, N, device="cuda", dtype=torch.float16)
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    g = (tilec.cdiv(M, 128) * tilec.cdiv(N, 256),)
    res = {key: [] for key in ks}
    for _ in range(3):
        for (n, s), k in ks.items():
            if n == "matmul_tma":
                fn = lambda: k[g](a, b, c, M, N, K)
            else:
                fn = lambda: k[g](a, b, c, M, N, K, K, N, N)
            res[(n, s)].append(2.0 * M * N * K / bench(fn) / 1e9)
    print(f"{M}x{N}x{K}: " + "  ".join(f"{n} st{s} {sorted(v)[1]:.1f}" for (n, s), v in res.items()), flush=True)
