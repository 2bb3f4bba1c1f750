# tl.arange's length must be a power of two.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(z):
    tl.store(z + tl.arange(0, 100), tl.arange(0, 100))  # <- refused here
