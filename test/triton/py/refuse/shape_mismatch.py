# Tensors of shapes (64,) and (32,) do not broadcast.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(x, y, z):
    a = tl.load(x + tl.arange(0, 64))
    b = tl.load(y + tl.arange(0, 32))
    tl.store(z + tl.arange(0, 64), a + b)  # <- refused here
