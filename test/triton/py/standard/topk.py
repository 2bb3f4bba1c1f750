# test_standard.py test_topk: tl.topk(x, k) keeps the k largest of each row, in descending order.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def topk_f32(x, z, N: tl.constexpr, M: tl.constexpr, K: tl.constexpr):
    offs_m = tl.arange(0, M)
    offs_x_n = tl.arange(0, N)
    offs_z_n = tl.arange(0, K)
    offs_x = offs_m[None, :] + (offs_x_n * M)[:, None]
    x = tl.load(x + offs_x)
    x = tl.topk(x, K)
    offs_z = offs_z_n[None, :] + (offs_x_n * K)[:, None]
    tl.store(z + offs_z, x)
