# test_reshape_err: reshape of 64 elements to (32,).
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(z):
    x = tl.arange(0, 8 * 8)
    y = tl.reshape(x, (8 * 4, ))  # <- refused here
    tl.store(z + tl.arange(0, 32), y)
