# tl.cat of tensors of different shapes.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(x, z):
    a = tl.load(x + tl.arange(0, 64))
    b = tl.load(x + tl.arange(0, 32))
    tl.store(z + tl.arange(0, 128), tl.cat(a, b, can_reorder=True))  # <- refused here
