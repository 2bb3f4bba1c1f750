# test_core.py test_default: a helper's parameter with a default value.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def impl_(value=10):
    return value


@triton.jit
def default_(ret0, ret1, value):
    tl.store(ret0, impl_())
    tl.store(ret1, impl_(value))
