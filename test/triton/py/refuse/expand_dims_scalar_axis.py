# test_expand_dims_error_cases dim_out_of_range3: axis 1 of a scalar.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(z):
    scalar = tl.sum(tl.arange(0, 1), 0)
    t = tl.expand_dims(scalar, 1)  # <- refused here
    tl.store(z + tl.arange(0, 1), t)
