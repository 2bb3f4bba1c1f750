# test_bitwise_op: ^ of a float16 and an int32 tensor ("invalid operands").
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(x, y, z):
    o = tl.arange(0, 128)
    tl.store(z + o, tl.load(x + o) ^ tl.load(y + o))  # <- refused here
