#!/usr/bin/env python3
"""Triton's interpreter (TRITON_INTERPRET=1) on the kernels bench/interp_bench.sh runs in
tilec's interpreter: vector add 2^20 (TILE 1024), row softmax 1024x1024, matmul 256^3 with
a runtime K loop. Prints one `TRITON name seconds` line per kernel (wall time of the
launch, inputs made before), or `TRITON name FAILED: why`.

Needs python3 with numpy, torch and triton (CPU is enough: the interpreter runs on the
host)."""
import os
import sys
import time

os.environ["TRITON_INTERPRET"] = "1"
import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402


@triton.jit
def add_kernel(a, b, out, n, TILE: tl.constexpr):
    offs = tl.program_id(0) * TILE + tl.arange(0, TILE)
    m = offs < n
    tl.store(out + offs, tl.load(a + offs, mask=m) + tl.load(b + offs, mask=m), mask=m)


@triton.jit
def softmax_kernel(y, x, sx, sy, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    o = tl.arange(0, BLOCK)
    v = tl.load(x + row * sx + o, mask=o < cols, other=-float("inf"))
    e = tl.exp(v - tl.max(v, 0))
    tl.store(y + row * sy + o, e / tl.sum(e, 0), mask=o < cols)


@triton.jit
def matmul_kernel(a, b, c, M, N, K, sam, sak, sbk, sbn, scm, scn,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm = tl.program_id(0) // tl.cdiv(N, BN)
    pn = tl.program_id(0) % tl.cdiv(N, BN)
    om = (pm * BM + tl.arange(0, BM)) % M
    on = (pn * BN + tl.arange(0, BN)) % N
    ok = tl.arange(0, BK)
    ap = a + om[:, None] * sam + ok[None, :] * sak
    bp = b + ok[:, None] * sbk + on[None, :] * sbn
    acc = tl.zeros((BM, BN), tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        av = tl.load(ap, mask=ok[None, :] < K - k * BK, other=0.0)
        bv = tl.load(bp, mask=ok[:, None] < K - k * BK, other=0.0)
        acc = tl.dot(av, bv, acc)
        ap += BK * sak
        bp += BK * sbk
    cm = pm * BM + tl.arange(0, BM)
    cn = pn * BN + tl.arange(0, BN)
    tl.store(c + cm[:, None] * scm + cn[None, :] * scn, acc.to(tl.float16), mask=(cm[:, None] < M) & (cn[None, :] < N))


def timed(name, f):
    try:
        t = time.perf_counter()
        f()
        print(f"TRITON {name} {time.perf_counter() - t:.3f}", flush=True)
    except Exception as e:  # noqa: BLE001 - report any failure of the interpreter
        print(f"TRITON {name} FAILED: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}", flush=True)


def main():
    torch.manual_seed(0)
    n = 1 << 20
    a, b, out = torch.randn(n), torch.randn(n), torch.empty(n)
    timed("add_2^20", lambda: add_kernel[(triton.cdiv(n, 1024),)](a, b, out, n, TILE=1024))
    x, y = torch.randn(1024, 1024), torch.empty(1024, 1024)
    timed("softmax_1024x1024", lambda: softmax_kernel[(1024,)](y, x, 1024, 1024, 1024, BLOCK=1024))
    M = N = K = 256
    ma, mb, mc = torch.randn(M, K).half(), torch.randn(K, N).half(), torch.empty(M, N).half()
    timed("matmul_256^3", lambda: matmul_kernel[(triton.cdiv(M, 128) * triton.cdiv(N, 256),)](
        ma, mb, mc, M, N, K, K, 1, N, 1, N, 1, BM=128, BN=256, BK=64))
    return 0


if __name__ == "__main__":
    sys.exit(main())
