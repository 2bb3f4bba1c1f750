# test_random.py test_rand_limits: tl.random.uint_to_uniform_float of the extremes of int32 / int64.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def rand_limits_i32(inp, out):
    idx = tl.arange(0, 2)
    tl.store(out + idx, tl.random.uint_to_uniform_float(tl.load(inp + idx)))


@triton.jit
def rand_limits_i64(inp, out):
    idx = tl.arange(0, 2)
    tl.store(out + idx, tl.random.uint_to_uniform_float(tl.load(inp + idx)))
