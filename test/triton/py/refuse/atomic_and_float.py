# atomic_and on float32: no such atomic (Triton refuses it).
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(x):
    tl.atomic_and(x, 1.0)  # <- refused here
