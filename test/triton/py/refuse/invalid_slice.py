# test_invalid_slice: only `:` and `None` index a tensor ("unsupported tensor index").
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(dst):
    v = tl.load(dst + tl.arange(0, 128))
    w = v[10:]  # <- refused here
    tl.store(dst + tl.arange(0, 128), w)
