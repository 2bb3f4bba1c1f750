# test_reduce invalid_config: max of a (32, 32) tensor along axis 3.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(x, z):
    r = tl.arange(0, 32)
    v = tl.load(x + r[:, None] * 32 + r[None, :])
    tl.store(z + r, tl.max(v, 3))  # <- refused here
