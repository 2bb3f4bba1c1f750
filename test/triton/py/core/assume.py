# test_core.py test_assume: tl.assume(cond) tells the compiler a fact.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def assume_(out_ptr, N: tl.constexpr, BLOCK_N: tl.constexpr):
    current_size = N - tl.program_id(0) * BLOCK_N
    tl.assume(current_size >= BLOCK_N)
    if current_size >= 128:
        tl.store(out_ptr + tl.program_id(0), current_size.to(tl.float32))
    else:
        tl.store(out_ptr + tl.program_id(0), (current_size + 101024).to(tl.float32))
