"""torch.matmul (cuBLAS) of two S x S matrices, a few launches, for ncu to profile one of
them beside tilec's and Triton's kernels (bench/device_ncu_matmul.sh).
    python3 bench/cublas_once.py [S] [f16|bf16]"""
import sys

import torch

S = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
dt = {"f16": torch.float16, "bf16": torch.bfloat16}[sys.argv[2] if len(sys.argv) > 2 else "f16"]
A = torch.randn(S, S, device="cuda", dtype=dt)
B = torch.randn(S, S, device="cuda", dtype=dt)
C = torch.empty(S, S, device="cuda", dtype=dt)
for _ in range(3):
    torch.matmul(A, B, out=C)
torch.cuda.synchronize()
