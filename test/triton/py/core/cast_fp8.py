# test_core.py test_cast with float8 (float8e4nv, float8e5).
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def cast_from_f8e4m3(x, h, f, b, SIZE: tl.constexpr):
    o = tl.arange(0, SIZE)
    v = tl.load(x + o)
    tl.store(h + o, v.to(tl.float16))
    tl.store(f + o, v.to(tl.float32))
    tl.store(b + o, v.to(tl.bfloat16))


@triton.jit
def cast_from_f8e5m2(x, h, f, b, SIZE: tl.constexpr):
    o = tl.arange(0, SIZE)
    v = tl.load(x + o)
    tl.store(h + o, v.to(tl.float16))
    tl.store(f + o, v.to(tl.float32))
    tl.store(b + o, v.to(tl.bfloat16))


@triton.jit
def cast_to_f8(h, f, b, h4, f4, b4, h5, f5, b5, SIZE: tl.constexpr):
    o = tl.arange(0, SIZE)
    tl.store(h4 + o, tl.load(h + o).to(tl.float8e4nv))
    tl.store(f4 + o, tl.load(f + o).to(tl.float8e4nv))
    tl.store(b4 + o, tl.load(b + o).to(tl.float8e4nv))
    tl.store(h5 + o, tl.load(h + o).to(tl.float8e5))
    tl.store(f5 + o, tl.load(f + o).to(tl.float8e5))
    tl.store(b5 + o, tl.load(b + o).to(tl.float8e5))
