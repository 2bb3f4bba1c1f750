#!/usr/bin/env python3
"""Session 19: where stream-K's split programs lose at 3000^3 (examples/matmul_streamk.tile,
plan 264 whole tiles + 24 split 5 ways). Variants of the text, wrong on purpose where they
drop a step (timing only), each timed with do_bench (median)."""
import os
import sys

import torch
import triton.testing

import tilec

ROOT = sys.argv[1] if len(sys.argv) > 1 else "."
M = N = K = 3000
src = open(os.path.join(ROOT, "examples", "matmul_streamk.tile")).read()
fix = "        if ticket == split - 1 {"
assert fix in src
variants = {
    "full": src,
    "no fix-up (partials written, tickets taken)": src.replace(fix, "        if ticket < 0 {"),
    "no partial store, no fix-up": src.replace("        store(ws + (slot * split + s) * (BM * BN) + rows, acc);\n", "").replace(fix, "        if ticket < 0 {"),
    "4 stages": src.replace("#[num_stages(3)]", "#[num_stages(4)]"),
}
torch.manual_seed(0)
a = torch.randn(M, K, device="cuda", dtype=torch.float16)
b = torch.randn(K, N, device="cuda", dtype=torch.float16)
c = torch.empty(M, N, device="cuda", dtype=torch.float16)
tiles = tilec.cdiv(M, 128) * tilec.cdiv(N, 256)
for split in (5, 3):
    dp = tiles - tiles % 132
    parts = tiles - dp
    ws = torch.empty(parts * split * 128 * 256, device="cuda", dtype=torch.float32)
    count = torch.zeros(parts, device="cuda", dtype=torch.int32)
    for name, text in variants.items():
        k = tilec.compile(text, kernel="matmul_streamk")
        fn = lambda: k[(dp + parts * split,)](a, b, c, ws, count, M, N, K, a.stride(0), b.stride(0), c.stride(0), dp, split)
        fn(); torch.cuda.synchronize(); count.zero_()
        ms = triton.testing.do_bench(fn, warmup=10, rep=80, return_mode="median")
        print(f"split {split} {name}: {ms * 1e3:.1f} us, {2.0 * M * N * K / ms / 1e9:.1f} TFLOP/s", flush=True)
    k = tilec.compile(src, kernel="matmul_streamk")
    fn = lambda: k[(dp,)](a, b, c, ws, count, M, N, K, a.stride(0), b.stride(0), c.stride(0), dp, 1)
    print(f"the {dp} whole tiles alone: {triton.testing.do_bench(fn, warmup=10, rep=80, return_mode='median') * 1e3:.1f} us", flush=True)
