# Literal typing: -9223372036854775808 (-2**63) is an int64 constant in Triton.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def literal_i64_min(x, oi):
    tl.store(oi, tl.load(x) + (-9223372036854775808))
    tl.store(oi + 1, -9223372036854775808)
