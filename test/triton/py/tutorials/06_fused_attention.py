# python/tutorials/06-fused-attention.py, the forward pass with plain pointers: for each
# BLOCK_M rows of Q, a loop over BLOCK_N blocks of K and V with an online softmax in base 2;
# causal attention (STAGE 3) runs the blocks left of the diagonal unmasked (stage 1), then
# the diagonal block masked (stage 2). M stores m_i + log2(l_i) per row.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def attn_fwd_inner(acc, l_i, m_i, q, k_base, v_base, stride_kn, stride_vn, start_m, qk_scale, n_ctx,
                   BLOCK_M: tl.constexpr, HEAD_DIM: tl.constexpr, BLOCK_N: tl.constexpr, STAGE: tl.constexpr,
                   offs_m, offs_n):
    if STAGE == 1:
        lo, hi = 0, start_m * BLOCK_M
    elif STAGE == 2:
        lo, hi = start_m * BLOCK_M, (start_m + 1) * BLOCK_M
    else:
        lo, hi = 0, n_ctx
    offs_d = tl.arange(0, HEAD_DIM)
    for start_n in range(lo, hi, BLOCK_N):
        kt = tl.load(k_base + offs_d[:, None] + (start_n + offs_n)[None, :] * stride_kn)
        qk = tl.dot(q, kt)
        if STAGE == 2:
            mask = offs_m[:, None] >= (start_n + offs_n[None, :])
            qk = qk * qk_scale + tl.where(mask, 0, -1.0e6)
            m_ij = tl.maximum(m_i, tl.max(qk, 1))
            qk -= m_ij[:, None]
        else:
            m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
            qk = qk * qk_scale - m_ij[:, None]
        p = tl.math.exp2(qk)
        l_ij = tl.sum(p, 1)
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + l_ij
        acc = acc * alpha[:, None]
        v = tl.load(v_base + (start_n + offs_n)[:, None] * stride_vn + offs_d[None, :])
        p = p.to(tl.float16)
        acc = tl.dot(p, v, acc)
        m_i = m_ij
    return acc, l_i, m_i


@triton.jit
def attn_fwd(Q, K, V, sm_scale, M, Out, stride_qz, stride_qh, stride_qm, stride_kz, stride_kh, stride_kn, stride_vz,
             stride_vh, stride_vk, stride_oz, stride_oh, stride_om, Z, H, N_CTX, HEAD_DIM: tl.constexpr,
             BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, STAGE: tl.constexpr):
    start_m = tl.program_id(0)
    off_hz = tl.program_id(1)
    off_z = off_hz // H
    off_h = off_hz % H
    q_base = Q + off_z * stride_qz + off_h * stride_qh
    k_base = K + off_z * stride_kz + off_h * stride_kh
    v_base = V + off_z * stride_vz + off_h * stride_vh
    o_base = Out + off_z * stride_oz + off_h * stride_oh
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale
    qk_scale *= 1.44269504
    q = tl.load(q_base + offs_m[:, None] * stride_qm + offs_d[None, :])
    if STAGE & 1:
        acc, l_i, m_i = attn_fwd_inner(acc, l_i, m_i, q, k_base, v_base, stride_kn, stride_vk, start_m, qk_scale,
                                       N_CTX, BLOCK_M, HEAD_DIM, BLOCK_N, 4 - STAGE, offs_m, offs_n)
    if STAGE & 2:
        acc, l_i, m_i = attn_fwd_inner(acc, l_i, m_i, q, k_base, v_base, stride_kn, stride_vk, start_m, qk_scale,
                                       N_CTX, BLOCK_M, HEAD_DIM, BLOCK_N, 2, offs_m, offs_n)
    m_i += tl.math.log2(l_i)
    acc = acc / l_i[:, None]
    tl.store(M + off_hz * N_CTX + offs_m, m_i)
    tl.store(o_base + offs_m[:, None] * stride_om + offs_d[None, :], acc.to(Out.type.element_ty))
