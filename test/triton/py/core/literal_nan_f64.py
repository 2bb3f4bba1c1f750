# test_core.py test_constexpr's float("-nan"), stored as f64.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def literal_nan_f64(o):
    tl.store(o, float("-nan"))
    tl.store(o + 1, float("nan"))
