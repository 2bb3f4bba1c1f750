# test_core.py test_sum_dtype: tl.sum(x, dtype=T) converts the input to T first.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def sum_dtype(out):
    b = tl.full((32, 32), 1, tl.int1)
    tl.store(out, tl.sum(b).to(tl.int32))
    tl.store(out + 1, tl.sum(b, dtype=tl.int1).to(tl.int32))
    s = tl.full((32, 32), 7, tl.int8)
    tl.store(out + 2, tl.sum(s, dtype=tl.int8).to(tl.int32))
    tl.store(out + 3, tl.sum(tl.full((32, 32), 1, tl.int32), dtype=tl.int32))
    tl.store(out + 4, tl.sum(tl.full((32, 32), 1.0, tl.bfloat16), dtype=tl.float32).to(tl.int32))
