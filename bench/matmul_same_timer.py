"""tilec's grouped matmul launched from Python (the `tilec` package) and Triton's reference
kernel of the same tile shape, timed by the same function (bench/gpu_timing.py:
do_bench's budget, L2 flushed, median), alternating with cuBLAS (torch.matmul), in one
process.
    PYTHONPATH=<dir with the tilec package> python3 bench/matmul_same_timer.py"""
import os
import sys

import torch
import tilec
import triton

sys.path.insert(0, os.path.dirname(__file__))
from gpu_timing import bench  # noqa: E402
from matmul_reference import matmul_kernel  # noqa: E402

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for S, dt, name in [(4096, torch.float16, "matmul_f16"), (4096, torch.bfloat16, "matmul_bf16"),
                    (8192, torch.float16, "matmul_f16"), (8192, torch.bfloat16, "matmul_bf16")]:
    k = tilec.compile(os.path.join(root, "examples/matmul_grouped.tile"), kernel=name)
    A = torch.randn(S, S, device="cuda", dtype=dt)
    B = torch.randn(S, S, device="cuda", dtype=dt)
    C = torch.empty(S, S, device="cuda", dtype=dt)
    grid = ((S // 128) * (S // 256),)
    args = (A, B, C, S, S, S, A.stride(0), A.stride(1), B.stride(0), B.stride(1), C.stride(0), C.stride(1))
    ours = lambda: k[grid](*args)
    theirs = lambda: matmul_kernel[grid](*args, BM=128, BN=256, BK=64, GM=8, num_stages=3, num_warps=8)
    ours()
    ref = C.clone()
    theirs()
    assert torch.allclose(C.float(), ref.float(), rtol=1e-2, atol=1e-1), "results differ"
    cublas = lambda: torch.matmul(A, B, out=C)
    for r in range(3):
        a, b, c = bench(ours), bench(theirs), bench(cublas)
        print(f"{S}^3 {str(dt)[6:]} round {r + 1}: tilec {a:.1f} us, triton {b:.1f} us, cublas {c:.1f} us, "
              f"tilec/triton {b / a:.3f}, tilec/cublas {c / a:.3f}", flush=True)
