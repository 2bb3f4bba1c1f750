# test_core.py test_math_op / test_unary_math, test_math_erf_op, test_math_fma_op, test_math_divide_op, test_precise_math, test_umulhi, test_clamp, test_clamp_symmetric, test_propagate_nan, test_math_extern.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def math_f32(x, pos, exp_, log_, cos_, sin_, exp2_, log2_, sqrt_, floor_, ceil_, rsqrt_, erf_, tanh_, c,
             N: tl.constexpr):
    o = tl.arange(0, N)
    v = tl.load(x + o)
    p = tl.load(pos + o)
    tl.store(exp_ + o, tl.exp(v))
    tl.store(log_ + o, tl.log(p))
    tl.store(cos_ + o, tl.cos(v))
    tl.store(sin_ + o, tl.sin(v))
    tl.store(exp2_ + o, tl.exp2(v))
    tl.store(log2_ + o, tl.log2(p))
    tl.store(sqrt_ + o, tl.sqrt(p))
    tl.store(floor_ + o, tl.floor(v))
    tl.store(ceil_ + o, tl.ceil(v))
    tl.store(rsqrt_ + o, tl.rsqrt(p))
    tl.store(erf_ + o, tl.math.erf(v))
    tl.store(tanh_ + o, tl.extra.cuda.libdevice.tanh(v))
    tl.store(c, tl.exp(3.0))
    tl.store(c + 1, tl.log(3.0))
    tl.store(c + 2, tl.cos(3.0))
    tl.store(c + 3, tl.sin(3.0))
    tl.store(c + 4, tl.exp2(3.0))
    tl.store(c + 5, tl.log2(3.0))
    tl.store(c + 6, tl.sqrt(3.0))
    tl.store(c + 7, tl.floor(3.0))
    tl.store(c + 8, tl.ceil(3.0))


@triton.jit
def math_f32_binary(x, y, w, fma_, fdiv_, divrn, divref, sqrtrn, sqrtref, N: tl.constexpr):
    o = tl.arange(0, N)
    a = tl.load(x + o)
    b = tl.load(y + o)
    tl.store(fma_ + o, tl.math.fma(a, b, tl.load(w + o)))
    tl.store(fdiv_ + o, tl.math.fdiv(a, b))
    tl.store(divrn + o, tl.math.div_rn(a, b))
    tl.store(divref + o, (a.to(tl.float64) / b.to(tl.float64)).to(tl.float32))
    pa = tl.abs(a)
    tl.store(sqrtrn + o, tl.sqrt_rn(pa))
    tl.store(sqrtref + o, tl.sqrt(pa.to(tl.float64)).to(tl.float32))


@triton.jit
def umulhi_i32(x, y, z, N: tl.constexpr):
    o = tl.arange(0, N)
    tl.store(z + o, tl.umulhi(tl.load(x + o), tl.load(y + o)))


@triton.jit
def clamp_f32(x, lo, hi, out, sym, n, BLOCK: tl.constexpr):
    o = tl.arange(0, BLOCK)
    m = o < n
    v = tl.load(x + o, mask=m)
    tl.store(out + o, tl.clamp(v, tl.load(lo + o, mask=m), tl.load(hi + o, mask=m)), mask=m)
    limit = tl.load(hi + o, mask=m)
    tl.store(sym + o, tl.clamp(v, -tl.abs(limit), tl.abs(limit)), mask=m)


@triton.jit
def clamp_f16(x, lo, hi, out, sym, n, BLOCK: tl.constexpr):
    o = tl.arange(0, BLOCK)
    m = o < n
    v = tl.load(x + o, mask=m)
    tl.store(out + o, tl.clamp(v, tl.load(lo + o, mask=m), tl.load(hi + o, mask=m)), mask=m)
    limit = tl.load(hi + o, mask=m)
    tl.store(sym + o, tl.clamp(v, -tl.abs(limit), tl.abs(limit)), mask=m)


@triton.jit
def clamp_bf16(x, lim, sym, n, BLOCK: tl.constexpr):
    o = tl.arange(0, BLOCK)
    m = o < n
    v = tl.load(x + o, mask=m)
    limit = tl.load(lim + o, mask=m)
    tl.store(sym + o, tl.clamp(v, -limit, limit), mask=m)


@triton.jit
def propagate_nan_f32(a, b, mn, mx, mn_all, mx_all):
    i = tl.program_id(0)
    x = tl.load(a + i)
    y = tl.load(b + i)
    tl.store(mn + i, tl.minimum(x, y))
    tl.store(mx + i, tl.maximum(x, y))
    tl.store(mn_all + i, tl.minimum(x, y, propagate_nan=tl.PropagateNan.ALL))
    tl.store(mx_all + i, tl.maximum(x, y, propagate_nan=tl.PropagateNan.ALL))


@triton.jit
def propagate_nan_f16(a, b, mn, mx, mn_all, mx_all):
    i = tl.program_id(0)
    x = tl.load(a + i)
    y = tl.load(b + i)
    tl.store(mn + i, tl.minimum(x, y))
    tl.store(mx + i, tl.maximum(x, y))
    tl.store(mn_all + i, tl.minimum(x, y, propagate_nan=tl.PropagateNan.ALL))
    tl.store(mx_all + i, tl.maximum(x, y, propagate_nan=tl.PropagateNan.ALL))


@triton.jit
def propagate_nan_clamp_f32(a, b, cl, cl_all):
    i = tl.program_id(0)
    x = tl.load(a + i)
    y = tl.load(b + i)
    tl.store(cl + i, tl.clamp(x, -y, y))
    tl.store(cl_all + i, tl.clamp(x, -y, y, propagate_nan=tl.PropagateNan.ALL))


@triton.jit
def propagate_nan_clamp_f16(a, b, cl, cl_all):
    i = tl.program_id(0)
    x = tl.load(a + i)
    y = tl.load(b + i)
    tl.store(cl + i, tl.clamp(x, -y, y))
    tl.store(cl_all + i, tl.clamp(x, -y, y, propagate_nan=tl.PropagateNan.ALL))
