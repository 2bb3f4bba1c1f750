# tl.static_assert of a false constant fails at compile time.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(z, N: tl.constexpr):
    tl.static_assert(N == 64, "N must be 64")  # <- refused here
    tl.store(z, N)
