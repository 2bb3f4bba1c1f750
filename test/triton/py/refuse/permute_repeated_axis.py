# permute with a repeated axis is not a permutation.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(x, z):
    v = tl.load(x + tl.arange(0, 4)[:, None] * 8 + tl.arange(0, 8)[None, :])
    t = tl.permute(v, (0, 0))  # <- refused here
    tl.store(z + tl.arange(0, 4)[:, None] * 8 + tl.arange(0, 8)[None, :], t)
