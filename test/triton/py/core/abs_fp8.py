# test_core.py test_abs_fp8: tl.abs of a float8e4nv / float8e5 tile.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def abs_f8e4m3(x, z, SIZE: tl.constexpr):
    off = tl.arange(0, SIZE)
    tl.store(z + off, tl.abs(tl.load(x + off)))


@triton.jit
def abs_f8e5m2(x, z, SIZE: tl.constexpr):
    off = tl.arange(0, SIZE)
    tl.store(z + off, tl.abs(tl.load(x + off)))
