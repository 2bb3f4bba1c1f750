# An unsigned tensor times a negative scalar: refused, as in Triton.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(x, z):
    o = tl.arange(0, 128)
    tl.store(z + o, tl.load(x + o) * -3)  # <- refused here
