# An unsigned tensor and a negative scalar: Triton refuses.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(x, z):
    o = tl.arange(0, 128)
    tl.store(z + o, tl.load(x + o) + -1)  # <- refused here
