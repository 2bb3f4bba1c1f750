# test_reduce invalid_config: sum of a (32, 32) tensor along axis 2.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(x, z):
    r = tl.arange(0, 32)
    v = tl.load(x + r[:, None] * 32 + r[None, :])
    tl.store(z + r, tl.sum(v, 2))  # <- refused here
