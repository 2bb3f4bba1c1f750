# tl.dot of (32, 16) and (32, 16): the inner dimensions differ.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(x, z):
    a = tl.load(x + tl.arange(0, 32)[:, None] * 16 + tl.arange(0, 16)[None, :])
    c = tl.dot(a, a)  # <- refused here
    tl.store(z + tl.arange(0, 32)[:, None] * 16 + tl.arange(0, 16)[None, :], c)
