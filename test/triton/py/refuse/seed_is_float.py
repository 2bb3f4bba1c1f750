# test_seed_is_int: a float seed for tl.rand.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(x, seed):
    offset = tl.arange(0, 1)
    tl.store(x + offset, tl.rand(seed, offset))  # <- refused here
