"""Triton's tutorial 03: a matrix multiplication with grouped program order
(03-matmul.tile), f16 in, f32 accumulation, f16 out, optionally a leaky ReLU.
Needs an NVIDIA GPU and torch: python3 docs/tutorials/03-matmul.py"""

import torch

import tilec
from common import bench_ms, path

# The tutorial's first autotuning configuration, fixed: 128x256 tiles, K steps of 64,
# 8 warps, 3 pipeline stages (the kernel's default num_stages).
CONFIG = dict(BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64, GROUP_SIZE_M=8)
matmul_kernel = tilec.compile(path("03-matmul.tile"), kernel="matmul_kernel", num_warps=8)


def matmul(a, b, activation=0):
    M, K = a.shape
    K, N = b.shape
    c = torch.empty((M, N), device=a.device, dtype=torch.float16)
    grid = lambda meta: (tilec.cdiv(M, meta["BLOCK_SIZE_M"]) * tilec.cdiv(N, meta["BLOCK_SIZE_N"]),)  # noqa: E731
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0),
                        c.stride(1), ACTIVATION=activation, **CONFIG)
    return c


torch.manual_seed(0)
a = torch.randn(512, 512, device="cuda", dtype=torch.float16)
b = torch.randn(512, 512, device="cuda", dtype=torch.float16)
torch.testing.assert_close(matmul(a, b), a @ b, atol=1e-2, rtol=1e-2)
ref = torch.nn.functional.leaky_relu((a @ b).float(), 0.01).half()
torch.testing.assert_close(matmul(a, b, activation=1), ref, atol=1e-2, rtol=1e-2)
print("512x512x512 f16 matmul (and with leaky_relu) matches torch")

for n in [1024, 2048, 4096, 8192]:
    a = torch.randn(n, n, device="cuda", dtype=torch.float16)
    b = torch.randn(n, n, device="cuda", dtype=torch.float16)
    tflops = lambda ms: 2 * n**3 / ms * 1e-9  # noqa: E731
    ms, ms_torch = bench_ms(lambda: matmul(a, b)), bench_ms(lambda: a @ b)
    print(f"{n}^3: tilec {tflops(ms):6.1f} TFLOP/s, cuBLAS {tflops(ms_torch):6.1f} TFLOP/s")
