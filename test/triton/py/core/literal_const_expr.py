# Constant expressions are Python integers in Triton: 1 << 40 is an int64 constant.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def literal_const_expr(oi):
    tl.store(oi, 1 << 40)
    tl.store(oi + 1, 2147483647 + 1)
    tl.store(oi + 2, 65536 * 65536)
