# test_bin_op: `%` of uint8 and int8 tensors: Triton refuses ("different signedness").
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(x, y, z):
    o = tl.arange(0, 128)
    tl.store(z + o, tl.load(x + o) % tl.load(y + o))  # <- refused here
