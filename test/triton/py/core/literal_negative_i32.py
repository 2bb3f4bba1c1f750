# Literal typing: -2147483648 fits int32 (Python folds the negation).
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def literal_negative_i32(x, oi):
    s = 0
    s = -2147483648
    tl.store(oi, tl.load(x) + (-2147483648))
    tl.store(oi + 1, s)
