# test_bin_op: `%` of uint16 and int16 tensors: Triton refuses ("different signedness").
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(x, y, z):
    o = tl.arange(0, 128)
    a = tl.load(x + o)
    a %= tl.load(y + o)  # <- refused here
    tl.store(z + o, a)
