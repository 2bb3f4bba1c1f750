# test_expand_dims_error_cases dim_out_of_range1: axis -3 of a 1-D tensor.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(z):
    offset1 = tl.arange(0, 32)
    t = tl.expand_dims(offset1, -3)  # <- refused here
    tl.store(z + tl.arange(0, 32)[None, :], t)
