# test_core.py test_dot3d: tl.dot of 3-D tiles (a batch of products in one call).
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def dot3d_f32(q, k, o, sqb, sqm, sqk, skb, skk, skn, sob, som, son, BLOCK_B: tl.constexpr, BLOCK_M: tl.constexpr,
              BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    startm = tl.program_id(0) * BLOCK_M
    startn = tl.program_id(1) * BLOCK_N
    offs_b = tl.arange(0, BLOCK_B)
    offs_m = startm + tl.arange(0, BLOCK_M)
    offs_n = startn + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    q_ptrs = q + offs_b[:, None, None] * sqb + offs_m[None, :, None] * sqm + offs_k[None, None, :] * sqk
    k_ptrs = k + offs_b[:, None, None] * skb + offs_k[None, :, None] * skk + offs_n[None, None, :] * skn
    qv = tl.load(q_ptrs)
    kv = tl.load(k_ptrs)
    qk = tl.dot(qv, kv, input_precision="ieee")
    o_ptrs = o + offs_b[:, None, None] * sob + offs_m[None, :, None] * som + offs_n[None, None, :] * son
    tl.store(o_ptrs, qk)
