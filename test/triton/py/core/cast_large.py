# test_core.py test_cast at the edges: unsigned values above 2^31 / 2^63, large floats to integers.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def cast_large_u32(x, h, f, d, b, N: tl.constexpr):
    v = tl.load(x + tl.arange(0, N))
    tl.store(h + tl.arange(0, N), v.to(tl.float16))
    tl.store(f + tl.arange(0, N), v.to(tl.float32))
    tl.store(d + tl.arange(0, N), v.to(tl.float64))
    tl.store(b + tl.arange(0, N), v.to(tl.bfloat16))


@triton.jit
def cast_large_u64(x, f, d, b, N: tl.constexpr):
    v = tl.load(x + tl.arange(0, N))
    tl.store(f + tl.arange(0, N), v.to(tl.float32))
    tl.store(d + tl.arange(0, N), v.to(tl.float64))
    tl.store(b + tl.arange(0, N), v.to(tl.bfloat16))


@triton.jit
def cast_large_i64(x, f, d, N: tl.constexpr):
    v = tl.load(x + tl.arange(0, N))
    tl.store(f + tl.arange(0, N), v.to(tl.float32))
    tl.store(d + tl.arange(0, N), v.to(tl.float64))


@triton.jit
def cast_large_float(f, d, fu32, fu64, fi64, du32, du64, di64, N: tl.constexpr):
    a = tl.load(f + tl.arange(0, N))
    b = tl.load(d + tl.arange(0, N))
    tl.store(fu32 + tl.arange(0, N), a.to(tl.uint32))
    tl.store(fu64 + tl.arange(0, N), a.to(tl.uint64))
    tl.store(fi64 + tl.arange(0, N), a.to(tl.int64))
    tl.store(du32 + tl.arange(0, N), b.to(tl.uint32))
    tl.store(du64 + tl.arange(0, N), b.to(tl.uint64))
    tl.store(di64 + tl.arange(0, N), b.to(tl.int64))
