# test_core.py test_side_effectful_reduction / _scan: a combine function with a device_assert.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def sanitize_add(a, b):
    a64 = a.to(tl.int64)
    b64 = b.to(tl.int64)
    r64 = a64 + b64
    tl.device_assert((r64 >= -2147483647 - 1) & (r64 <= 2147483647), "overflow")
    return a + b


@triton.jit
def sanitize_sum(z, x, zs, BLOCK: tl.constexpr):
    vals = tl.load(x + tl.arange(0, BLOCK))
    tl.store(z, tl.reduce(vals, 0, sanitize_add))
    tl.store(zs + tl.arange(0, BLOCK), tl.associative_scan(vals, 0, sanitize_add))
