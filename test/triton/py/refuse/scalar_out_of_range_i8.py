# An int scalar beside an int8 tensor takes the tensor's type: 300 does not fit.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(x, z):
    o = tl.arange(0, 128)
    tl.store(z + o, tl.load(x + o) + 300)  # <- refused here
