# test_core.py test_math_op / test_math_erf_op / test_math_fma_op / test_math_extern in float64.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def math_f64(x, pos, exp_, log_, cos_, sin_, exp2_, log2_, sqrt_, floor_, ceil_, erf_, tanh_, fma_, N: tl.constexpr):
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
    tl.store(erf_ + o, tl.math.erf(v))
    tl.store(tanh_ + o, tl.extra.cuda.libdevice.tanh(v))
    tl.store(fma_ + o, tl.math.fma(v, p, v))
