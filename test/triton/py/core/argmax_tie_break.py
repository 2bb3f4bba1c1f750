# test_core.py test_reduce1d (argmin-tie-break-left, argmax-tie-break-left).
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def argmax_tie_break_left(x, zi, BLOCK: tl.constexpr):
    v = tl.load(x + tl.arange(0, BLOCK))
    tl.store(zi, tl.argmax(v, 0, tie_break_left=True))
    tl.store(zi + 1, tl.argmin(v, 0, tie_break_left=True))
