# test_scalar_overflow: x (int32) + 0xFFFFFFFFFFFFFF: the constant is out of range for int32.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(z):
    x = tl.full((), 32, tl.int32)
    y = x + 0xFFFFFFFFFFFFFF  # <- refused here
    tl.store(z, y)
