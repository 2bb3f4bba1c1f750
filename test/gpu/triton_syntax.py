#!/usr/bin/env python3
"""Triton's tutorial kernels in Triton's own syntax (python/tests/triton_kernels/tutorials.py:
01 vector add, 02 fused softmax, 03 matmul with and without leaky_relu, 05 layer norm
forward, 06 attention forward as Triton 3.0 wrote it and as 3.6 writes it with tensor descriptors, a matmul through
host descriptors), launched through `tilec.triton.jit` on torch tensors and checked against torch,
plus an autotuned kernel. Needs a GPU, torch and the tilec package:

    PYTHONPATH=... python3 test/gpu/triton_syntax.py

Prints one line per case and `N passed, N failed`; exit 1 on a failure."""

import pathlib
import sys

import torch

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "python" / "tests" / "triton_kernels"))
import descriptors as d  # noqa: E402
import tutorials as t  # noqa: E402

import tilec.triton as triton  # noqa: E402
from tilec.triton.tools.tensor_descriptor import TensorDescriptor  # noqa: E402

results = []


def case(name, fn):
    try:
        fn()
        results.append(True)
        print(f"PASS  {name}")
    except Exception as e:  # noqa: BLE001
        results.append(False)
        print(f"FAIL  {name}: {type(e).__name__}: {e}")


def vector_add():
    for n in (1, 98432, 1 << 20):
        x, y = torch.rand(n, device="cuda"), torch.rand(n, device="cuda")
        out = torch.empty_like(x)
        t.add_kernel[lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),)](x, y, out, n, BLOCK_SIZE=1024)
        torch.testing.assert_close(out, x + y, rtol=0, atol=0)


def softmax():
    for rows, cols in ((1823, 781), (4, 4096)):
        x = torch.randn(rows, cols, device="cuda")
        y = torch.empty_like(x)
        block = 1 << (cols - 1).bit_length()  # triton.next_power_of_2
        t.softmax_kernel[(min(rows, 264),)](y, x, x.stride(0), y.stride(0), rows, cols, BLOCK_SIZE=block,
                                             num_stages=2, num_warps=8)
        torch.testing.assert_close(y, torch.softmax(x, dim=1))


def matmul(activation):
    def run():
        for m, n, k in ((512, 512, 512), (1000, 700, 300)):
            a = torch.randn(m, k, device="cuda", dtype=torch.float16)
            b = torch.randn(k, n, device="cuda", dtype=torch.float16)
            c = torch.empty(m, n, device="cuda", dtype=torch.float16)
            grid = lambda meta: (triton.cdiv(m, meta["BLOCK_SIZE_M"]) * triton.cdiv(n, meta["BLOCK_SIZE_N"]),)  # noqa
            t.matmul_kernel[grid](a, b, c, m, n, k, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0),
                                  c.stride(1), BLOCK_SIZE_M=128, BLOCK_SIZE_N=128, BLOCK_SIZE_K=64, GROUP_SIZE_M=8,
                                  ACTIVATION=activation, num_warps=8, num_stages=3)
            want = a @ b
            if activation:
                want = torch.nn.functional.leaky_relu(want, 0.01)
            torch.testing.assert_close(c, want, rtol=1e-2, atol=1e-1)
    return run


def layer_norm():
    m, n = 1151, 8192
    x = torch.randn(m, n, device="cuda")
    w, b = torch.rand(n, device="cuda"), torch.rand(n, device="cuda")
    y, mean, rstd = torch.empty_like(x), torch.empty(m, device="cuda"), torch.empty(m, device="cuda")
    t._layer_norm_fwd_fused[(m,)](x, y, w, b, mean, rstd, x.stride(0), n, 1e-5, BLOCK_SIZE=1024, num_warps=8)
    torch.testing.assert_close(y, torch.nn.functional.layer_norm(x, (n,), w, b, 1e-5), rtol=1e-4, atol=1e-4)


def attention(causal):
    def run():
        z, h, n, d = 2, 4, 1024, 64
        q, k, v = (torch.randn(z, h, n, d, device="cuda", dtype=torch.float16) for _ in range(3))
        o = torch.empty_like(q)
        m = torch.empty(z * h, n, device="cuda", dtype=torch.float32)
        bm = 128
        t._attn_fwd[(triton.cdiv(n, bm), z * h)](q, k, v, 0.125, m, o, *q.stride(), *k.stride(), *v.stride(), *o.stride(),
                                                 z, h, n, HEAD_DIM=d, BLOCK_M=bm, BLOCK_N=64,
                                                 STAGE=3 if causal else 1, num_warps=8, num_stages=3)
        want = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=0.125)
        torch.testing.assert_close(o, want, rtol=2e-2, atol=2e-2)
    return run


def attention_tma(causal):
    # Triton 3.6's Hopper form: host tensor descriptors over (Z * H * N, D) views.
    def run():
        z, h, n, d = 2, 4, 1024, 64
        q, k, v = (torch.randn(z, h, n, d, device="cuda", dtype=torch.float16) for _ in range(3))
        o = torch.empty_like(q)
        m = torch.empty(z * h, n, device="cuda", dtype=torch.float32)
        bm, bn = 128, 64
        y = z * h * n
        descs = [TensorDescriptor(x.view(y, d), [y, d], [d, 1], [bm if x is q or x is o else bn, d]) for x in (q, k, v, o)]
        t._attn_fwd_tma[(triton.cdiv(n, bm), z * h)](0.125, m, z, h, *descs, n, HEAD_DIM=d, BLOCK_M=bm, BLOCK_N=bn,
                                                     FP8_OUTPUT=False, STAGE=3 if causal else 1, num_warps=8,
                                                     num_stages=3)
        want = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=0.125)
        torch.testing.assert_close(o, want, rtol=2e-2, atol=2e-2)
    return run


def matmul_desc():
    # Host descriptors, B K-major; edges not multiples of the blocks.
    for m, n, k in ((512, 512, 512), (1000, 760, 328)):
        a = torch.randn(m, k, device="cuda", dtype=torch.float16)
        bt = torch.randn(n, k, device="cuda", dtype=torch.float16)
        c = torch.empty(m, n, device="cuda", dtype=torch.float16)
        da, db, dc = (TensorDescriptor.from_tensor(a, [128, 64]), TensorDescriptor.from_tensor(bt, [128, 64]),
                      TensorDescriptor.from_tensor(c, [128, 128]))
        d.matmul_desc[(triton.cdiv(m, 128), triton.cdiv(n, 128))](da, db, dc, k, BLOCK_M=128, BLOCK_N=128, BLOCK_K=64,
                                                                  num_warps=8)
        torch.testing.assert_close(c, (a.float() @ bt.float().T).half(), rtol=1e-2, atol=5e-2)


def bench():
    # triton.testing.do_bench times a tilec.triton launch (the CUDA events see tilec's
    # launches on the current stream): a 2^24-element add takes tens of microseconds.
    n = 1 << 24
    x, y = torch.rand(n, device="cuda"), torch.rand(n, device="cuda")
    out = torch.empty_like(x)
    ms = triton.testing.do_bench(lambda: t.add_kernel[(triton.cdiv(n, 1024),)](x, y, out, n, BLOCK_SIZE=1024))
    lo, mid, hi = triton.testing.do_bench(lambda: t.add_kernel[(triton.cdiv(n, 1024),)](x, y, out, n, BLOCK_SIZE=1024),
                                          quantiles=[0.2, 0.5, 0.8])
    assert 0.005 < ms < 5 and lo <= mid <= hi, (ms, lo, mid, hi)
    print(f"      do_bench: {ms * 1e3:.1f} us, {3 * 4 * n / ms / 1e6:.0f} GB/s")


def tuned():
    n = 100000
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)  # noqa: E731
    # The first launch for a key tunes (every configuration runs on its tensors), the next
    # one runs the chosen configuration once.
    t.tuned_scale[grid](torch.randn(n, device="cuda"), n, 3.0, EVEN=False)
    x = torch.randn(n, device="cuda")
    want = x * 3.0
    t.tuned_scale[grid](x, n, 3.0, EVEN=False)
    torch.testing.assert_close(x, want)


case("01 vector add", vector_add)
case("02 fused softmax", softmax)
case("03 matmul", matmul(""))
case("03 matmul leaky_relu", matmul("leaky_relu"))
case("05 layer norm forward", layer_norm)
case("06 attention forward", attention(False))
case("06 attention forward causal", attention(True))
case("06 attention forward, Triton 3.6 (host descriptors)", attention_tma(False))
case("06 attention forward causal, Triton 3.6 (host descriptors)", attention_tma(True))
case("matmul through host descriptors", matmul_desc)
case("autotuned scale", tuned)
case("triton.testing.do_bench on a tilec kernel", bench)
print(f"{sum(results)} passed, {len(results) - sum(results)} failed")
sys.exit(0 if all(results) else 1)
