#!/usr/bin/env python3
"""Session 19: is the TMA kernel's lower rate at 3000^3 and 4096x5000x4104 the rows' 128-byte
misalignment? matmul_tma_strided (128x256x64, 8 warps, 3 and 4 stages, no autotune) on the
same logical shape with row strides as given and padded to multiples of 64 elements (128 B),
beside an aligned shape with the same tile count, do_bench medians, cuBLAS alongside."""
import os
import re
import sys

import torch
import triton.testing

import tilec

ROOT = sys.argv[1] if len(sys.argv) > 1 else "."
text = open(os.path.join(ROOT, "examples", "matmul_tma.tile")).read()


def bench(fn):
    return triton.testing.do_bench(fn, warmup=10, rep=80, return_mode="median")


def kern(stages):
    t = text.replace("#[num_stages(3)]\nkernel matmul_tma_strided", f"#[num_stages({stages})]\nkernel matmul_tma_strided")
    return tilec.compile(t, kernel="matmul_tma_strided", defines={"BM": 128, "BN": 256, "BK": 64})


ks = {s: kern(s) for s in (3, 4)}
for (M, N, K) in ((3000, 3000, 3000), (3072, 3072, 3072), (4096, 5000, 4104), (4096, 5120, 4160)):
    for pad in (False, True):
        up = lambda x: (x + 63) // 64 * 64 if pad else x
        sa, sb, sc = up(K), up(N), up(N)
        if pad and (sa, sb) == (K, N):
            continue
        torch.manual_seed(0)
        a = torch.randn(M, sa, device="cuda", dtype=torch.float16)[:, :K]
        b = torch.randn(K, sb, device="cuda", dtype=torch.float16)[:, :N]
        c = torch.empty(M, sc, device="cuda", dtype=torch.float16)[:, :N]
        ref = a.float() @ b.float()
        line = f"{M}x{N}x{K} strides {sa},{sb},{sc}:"
        for st, k in ks.items():
            g = (tilec.cdiv(M, 128) * tilec.cdiv(N, 256),)
            fn = lambda: k[g](a, b, c, M, N, K, sa, sb, sc)
            fn(); torch.cuda.synchronize()
            err = ((c.float() - ref).norm() / ref.norm()).item()
            ms = bench(fn)
            line += f"  st{st} {2.0 * M * N * K / ms / 1e9:.1f}" + (" WRONG" if err > 1e-2 else "")
        cr = torch.empty(M, N, device="cuda", dtype=torch.float16)
        if not pad:
            a2, b2 = a.contiguous(), b.contiguous()
            ms = bench(lambda: torch.matmul(a2, b2, out=cr))
            line += f"  cuBLAS {2.0 * M * N * K / ms / 1e9:.1f}"
        print(line, flush=True)
