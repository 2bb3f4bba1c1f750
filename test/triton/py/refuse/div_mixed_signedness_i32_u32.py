# test_bin_op: `//` of int32 and uint32 tensors: Triton refuses ("different signedness").
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(x, y, z):
    o = tl.arange(0, 128)
    tl.store(z + o, tl.load(x + o) // tl.load(y + o))  # <- refused here
