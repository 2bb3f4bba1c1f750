# Literal typing: -2147483648 (and -2**40) beside an int64 is that negative value.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def literal_negative_i64(x, oi, o64):
    tl.store(oi, tl.load(x) + (-2147483648))
    tl.store(oi + 1, tl.load(x) - 2147483648)
    tl.store(oi + 2, -2147483648)
    tl.store(o64, -2147483648)
