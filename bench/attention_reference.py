"""Flash attention forward in Triton and torch, timed like tilerun --bench, for the table
beside examples/attention.tile (issue 10's attention target).

The Triton kernel follows the structure of Triton's tutorial 06-fused-attention forward pass:
online softmax in exp2 units, the causal case split into an unmasked stage over the blocks
strictly before the diagonal and a masked stage on the diagonal block, and the tutorial's
autotune over block sizes, warps and stages (a reduced list so the run stays short). Loads are
plain pointer loads, as tilec's kernel does (the tutorial's TMA descriptors are a later step
for both). torch's scaled_dot_product_attention (flash backend on the H100) is reported too.

    python3 attention_reference.py [--z 4] [--h 32] [--n 4096]
Prints one line per (head dim, causal, impl): TFLOP/s at the median.
"""
import argparse

import torch
import triton
import triton.language as tl

from gpu_timing import bench  # the same method as tilerun --bench


@triton.autotune(
    configs=[triton.Config({"BLOCK_M": bm, "BLOCK_N": bn}, num_warps=w, num_stages=s)
             for bm, bn, w, s in [(128, 64, 8, 3), (128, 128, 8, 3), (128, 64, 4, 3), (64, 64, 4, 3),
                                  (128, 64, 8, 4), (128, 128, 8, 2)]],
    key=["N_CTX", "HEAD_DIM", "CAUSAL"])
@triton.jit
def attn_fwd(Q, K, V, O, sm_scale, H, N_CTX, sqz, sqh, sqm, skz, skh, skn, svz, svh, svn, soz, soh, som,
             HEAD_DIM: tl.constexpr, CAUSAL: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    start_m = tl.program_id(0)
    z = tl.program_id(1) // H
    h = tl.program_id(1) % H
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(Q + z * sqz + h * sqh + offs_m[:, None] * sqm + offs_d[None, :])
    kp = K + z * skz + h * skh
    vp = V + z * svz + h * svh
    qk_scale = sm_scale * 1.44269504
    m_i = tl.full([BLOCK_M], float("-inf"), tl.float32)
    l_i = tl.zeros([BLOCK_M], tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], tl.float32)
    # Stage 1: blocks wholly visible (all of them when not causal).
    hi = start_m * BLOCK_M if CAUSAL else N_CTX
    for start_n in range(0, hi, BLOCK_N):
        kn = start_n + offs_n
        k = tl.load(kp + kn[None, :] * skn + offs_d[:, None])
        qk = tl.dot(q, k)
        m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
        p = tl.math.exp2(qk * qk_scale - m_ij[:, None])
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(vp + kn[:, None] * svn + offs_d[None, :])
        acc = tl.dot(p.to(tl.float16), v, acc * alpha[:, None])
        m_i = m_ij
    if CAUSAL:
        # Stage 2: the diagonal block, masked.
        for start_n in range(start_m * BLOCK_M, (start_m + 1) * BLOCK_M, BLOCK_N):
            kn = start_n + offs_n
            k = tl.load(kp + kn[None, :] * skn + offs_d[:, None])
            qk = tl.dot(q, k) * qk_scale
            qk = tl.where(offs_m[:, None] >= kn[None, :], qk, float("-inf"))
            m_ij = tl.maximum(m_i, tl.max(qk, 1))
            p = tl.math.exp2(qk - m_ij[:, None])
            alpha = tl.math.exp2(m_i - m_ij)
            l_i = l_i * alpha + tl.sum(p, 1)
            v = tl.load(vp + kn[:, None] * svn + offs_d[None, :])
            acc = tl.dot(p.to(tl.float16), v, acc * alpha[:, None])
            m_i = m_ij
    out = acc / l_i[:, None]
    tl.store(O + z * soz + h * soh + offs_m[:, None] * som + offs_d[None, :], out.to(tl.float16))


def triton_attention(q, k, v, causal, scale):
    o = torch.empty_like(q)
    zz, hh, n, d = q.shape
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK_M"]), zz * hh)
    attn_fwd[grid](q, k, v, o, scale, hh, n, *q.stride()[:3], *k.stride()[:3], *v.stride()[:3],
                   *o.stride()[:3], HEAD_DIM=d, CAUSAL=causal)
    return o


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--z", type=int, default=4)
    ap.add_argument("--h", type=int, default=32)
    ap.add_argument("--n", type=int, default=4096)
    args = ap.parse_args()
    torch.manual_seed(0)
    zz, hh, n = args.z, args.h, args.n
    for d in (64, 128):
        q, k, v = (torch.randn(zz, hh, n, d, device="cuda", dtype=torch.float16) for _ in range(3))
        scale = d ** -0.5
        for causal in (0, 1):
            flops = 4 * zz * hh * n * n * d * (0.5 if causal else 1.0)
            ref = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=bool(causal), scale=scale)
            out = triton_attention(q, k, v, causal, scale)
            err = (out.float() - ref.float()).abs().max().item()
            cfg = attn_fwd.best_config
            for name, fn in [("triton", lambda: triton_attention(q, k, v, causal, scale)),
                             ("torch_sdpa", lambda: torch.nn.functional.scaled_dot_product_attention(
                                 q, k, v, is_causal=bool(causal), scale=scale))]:
                us = bench(fn)
                extra = f" config={cfg} max_err={err:.2e}" if name == "triton" else ""
                print(f"attention d={d} causal={causal} {name}: {us:.1f} us {flops / us / 1e6:.1f} TFLOP/s{extra}",
                      flush=True)


if __name__ == "__main__":
    main()
