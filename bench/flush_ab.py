"""Triton's reference matmul (4096^3 f16) timed three times in one process by
gpu_timing.bench (do_bench's method), alternating its fill-kernel L2 flush with
cuMemsetD8Async (tilerun's flush): shows the drift from a process's first timing to its
later ones (bench/results/2026-11-23-h100-session6.md). On the GPU machine, from the
repository root: python3 bench/flush_ab.py"""
import sys, numpy as np, cupy as cp, torch
sys.path.insert(0, "bench")
import gpu_timing
from matmul_reference import matmul_kernel
S = 4096
A = torch.randn(S, S, device="cuda", dtype=torch.float16); B = torch.randn(S, S, device="cuda", dtype=torch.float16)
C = torch.empty(S, S, device="cuda", dtype=torch.float16)
g = ((S // 128) * (S // 256),)
f = lambda: matmul_kernel[g](A, B, C, S, S, S, A.stride(0), A.stride(1), B.stride(0), B.stride(1), C.stride(0), C.stride(1), BM=128, BN=256, BK=64, GM=8, num_stages=3, num_warps=8)
f(); torch.cuda.synchronize()
buf = gpu_timing._flush
def memset_flush():
    cp.cuda.runtime.memsetAsync(buf.data.ptr, 0, buf.nbytes, cp.cuda.get_current_stream().ptr)
class Memset:
    def fill(self, v): memset_flush()
fill_buf = gpu_timing._flush
for r in range(3):
    gpu_timing._flush = fill_buf
    a = gpu_timing.bench(f)
    gpu_timing._flush = Memset()
    b = gpu_timing.bench(f)
    print(f"round {r+1}: fill-kernel flush {a:.1f} us, memset flush {b:.1f} us", flush=True)
