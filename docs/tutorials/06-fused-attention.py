"""Triton's tutorial 06: fused attention, the forward pass (06-fused-attention.tile):
for each block of query rows, an online softmax over blocks of keys and values.
Needs an NVIDIA GPU and torch: python3 docs/tutorials/06-fused-attention.py"""

import torch

import tilec
from common import bench_ms, path

attn_fwd = tilec.compile(path("06-fused-attention.tile"), num_warps=4)
BLOCK_M, BLOCK_N = 64, 32  # the kernel's defaults; N_CTX must be a multiple of BLOCK_M


def attention(q, k, v, causal, sm_scale):
    Z, H, N_CTX, HEAD_DIM = q.shape
    o = torch.empty_like(q)
    M = torch.empty((Z, H, N_CTX), device=q.device, dtype=torch.float32)  # log2-sum-exp per row
    grid = (tilec.cdiv(N_CTX, BLOCK_M), Z * H)
    attn_fwd[grid](q, k, v, sm_scale, M, o,
                   q.stride(0), q.stride(1), q.stride(2), k.stride(0), k.stride(1), k.stride(2),
                   v.stride(0), v.stride(1), v.stride(2), o.stride(0), o.stride(1), o.stride(2),
                   Z, H, N_CTX, HEAD_DIM=HEAD_DIM, BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, STAGE=3 if causal else 1)
    return o


torch.manual_seed(0)
Z, H, N_CTX, HEAD_DIM = 2, 4, 1024, 64
q, k, v = (torch.randn((Z, H, N_CTX, HEAD_DIM), device="cuda", dtype=torch.float16) for _ in range(3))
sm_scale = HEAD_DIM**-0.5
for causal in [False, True]:
    ref = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=sm_scale)
    torch.testing.assert_close(attention(q, k, v, causal, sm_scale), ref, atol=2e-2, rtol=0)
    print(f"attention Z={Z} H={H} N_CTX={N_CTX} HEAD_DIM={HEAD_DIM} causal={causal}: matches torch")

Z, H, N_CTX = 4, 32, 4096
q, k, v = (torch.randn((Z, H, N_CTX, HEAD_DIM), device="cuda", dtype=torch.float16) for _ in range(3))
for causal in [False, True]:
    flops = 4 * Z * H * N_CTX * N_CTX * HEAD_DIM * (0.5 if causal else 1)
    ms = bench_ms(lambda: attention(q, k, v, causal, sm_scale))
    ms_sdpa = bench_ms(lambda: torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal))
    print(f"causal={causal}: tilec {flops / ms * 1e-9:6.1f} TFLOP/s, torch SDPA {flops / ms_sdpa * 1e-9:6.1f} TFLOP/s")
