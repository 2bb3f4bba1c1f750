"""Triton's tutorial-style attention (bench/attention_reference.py's kernel) at one fixed
configuration, launched twice (compile, then the launch ncu measures), for
bench/device_ncu_attention.sh.
    python3 attention_once.py D CAUSAL BLOCK_M BLOCK_N WARPS STAGES   (batch 4, 32 heads, seq 4096)
"""
import sys

import torch
import triton

from attention_reference import attn_fwd

d, causal, bm, bn, w, s = map(int, sys.argv[1:7])
zz, hh, n = 4, 32, 4096
torch.manual_seed(0)
q, k, v = (torch.randn(zz, hh, n, d, device="cuda", dtype=torch.float16) for _ in range(3))
o = torch.empty_like(q)
for _ in range(2):
    attn_fwd.fn[(triton.cdiv(n, bm), zz * hh)](q, k, v, o, 0.125, hh, n, *q.stride()[:3], *k.stride()[:3],
                                              *v.stride()[:3], *o.stride()[:3], HEAD_DIM=d, CAUSAL=causal,
                                              BLOCK_M=bm, BLOCK_N=bn, num_warps=w, num_stages=s)
torch.cuda.synchronize()
