# test_core.py test_where_broadcast, test_permute (a copy through swapped strides), test_tl_range_num_stages, test_unroll_attr, test_chained_reductions.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def where_broadcast(cond_ptr, a_ptr, out_ptr, BLOCK_SIZE: tl.constexpr):
    xoffsets = tl.arange(0, BLOCK_SIZE)[:, None]
    yoffsets = tl.arange(0, BLOCK_SIZE)[None, :]
    mask = tl.load(cond_ptr + yoffsets)
    vals = tl.load(a_ptr + yoffsets + BLOCK_SIZE * xoffsets)
    res = tl.where(mask, vals, 0.)
    tl.store(out_ptr + yoffsets + BLOCK_SIZE * xoffsets, res)


@triton.jit
def where_scalar_condition(a_ptr, out_ptr, BLOCK_SIZE: tl.constexpr):
    xoffsets = tl.arange(0, BLOCK_SIZE)[:, None]
    yoffsets = tl.arange(0, BLOCK_SIZE)[None, :]
    mask = False
    vals = tl.load(a_ptr + yoffsets + BLOCK_SIZE * xoffsets)
    res = tl.where(mask, vals, 0.)
    tl.store(out_ptr + yoffsets + BLOCK_SIZE * xoffsets, res)


@triton.jit
def permute_copy_f32(x, sxm, sxn, z, szm, szn, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    off_m = tl.arange(0, BLOCK_M)
    off_n = tl.arange(0, BLOCK_N)
    Xs = x + off_m[:, None] * sxm + off_n[None, :] * sxn
    Zs = z + off_m[:, None] * szm + off_n[None, :] * szn
    tl.store(Zs, tl.load(Xs))


@triton.jit
def permute_copy_f16(x, sxm, sxn, z, szm, szn, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    off_m = tl.arange(0, BLOCK_M)
    off_n = tl.arange(0, BLOCK_N)
    Xs = x + off_m[:, None] * sxm + off_n[None, :] * sxn
    Zs = z + off_m[:, None] * szm + off_n[None, :] * szn
    tl.store(Zs, tl.load(Xs))


@triton.jit
def matmul_stages(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr):
    offs_am = tl.arange(0, BLOCK_SIZE_M) % M
    offs_bn = tl.arange(0, BLOCK_SIZE_N) % N
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in tl.range(0, tl.cdiv(K, BLOCK_SIZE_K), num_stages=5):
        a = tl.load(a_ptrs)
        b = tl.load(b_ptrs)
        accumulator = tl.dot(a, b, accumulator)
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk
    offs_cm = tl.arange(0, BLOCK_SIZE_M)
    offs_cn = tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    tl.store(c_ptrs, accumulator)


@triton.jit
def unroll_attr(dst, UNROLL: tl.constexpr):
    pid = tl.program_id(axis=0)
    for i in tl.range(0, 10, loop_unroll_factor=UNROLL):
        tl.atomic_add(dst + pid, (i + pid).to(tl.float32))


@triton.jit
def chained_reductions_2(x, out):
    idx = tl.reshape(tl.arange(0, 8 * 2 * 32 * 4 * 16), (8, 2, 32, 4, 16))
    vals = tl.load(x + idx)
    vals = tl.permute(vals, (4, 0, 1, 3, 2))
    r = tl.sum(tl.sum(tl.sum(vals, 0), 2), 0)
    tl.store(out + tl.reshape(tl.arange(0, 2 * 32), (2, 32)), r)
