# test_core.py test_reduce1d (max-with-indices, min-with-indices).
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def max_with_indices(x, z, zi, BLOCK: tl.constexpr):
    v = tl.load(x + tl.arange(0, BLOCK))
    m, i = tl.max(v, 0, return_indices=True)
    n, j = tl.min(v, 0, return_indices=True)
    tl.store(z, m)
    tl.store(z + 1, n)
    tl.store(zi, i)
    tl.store(zi + 1, j)
