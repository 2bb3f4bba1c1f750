# test_core.py test_constexpr (literal typing), test_value_specialization, test_bin_op_constexpr.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def constexpr_literals(o64, o32, oi, oi32):
    tl.store(o64, 1e50)
    tl.store(o64 + 1, 1e-50)
    tl.store(o32, 1e10)
    tl.store(o32 + 1, 1.0)
    tl.store(o32 + 2, float("inf"))
    tl.store(o32 + 3, float("-inf"))
    tl.store(o32 + 4, float("nan"))
    tl.store(o32 + 5, 0.0)
    tl.store(o32 + 6, float("-nan"))
    tl.store(oi32, 5)
    tl.store(oi32 + 1, -1)
    tl.store(oi32 + 2, 2147483647)
    tl.store(oi, 1099511627776)
    tl.store(oi + 1, 9223372036854775807)
    tl.store(oi + 2, 2147483648)
    tl.store(oi + 3, 0xFFFFFFFF)
    tl.store(oi + 4, -1099511627776)


@triton.jit
def value_specialization(a, b, c, d, oa, ob, oc, od):
    tl.store(oa, a)
    tl.store(ob, b)
    tl.store(oc, c)
    tl.store(od, d)


# OP: 0 +, 1 -, 2 *, 3 /, 4 %, 5 <, 6 >; the constexprs 3.14 and 4.13 on either side.
@triton.jit
def bin_op_constexpr_f(z, x, y, OP: tl.constexpr):
    xv = tl.load(x)
    yv = tl.load(y)
    if OP == 0:
        tl.store(z, 3.14 + 4.13)
        tl.store(z + 1, 3.14 + yv)
        tl.store(z + 2, xv + 4.13)
        tl.store(z + 3, xv + yv)
    if OP == 1:
        tl.store(z, 3.14 - 4.13)
        tl.store(z + 1, 3.14 - yv)
        tl.store(z + 2, xv - 4.13)
        tl.store(z + 3, xv - yv)
    if OP == 2:
        tl.store(z, 3.14 * 4.13)
        tl.store(z + 1, 3.14 * yv)
        tl.store(z + 2, xv * 4.13)
        tl.store(z + 3, xv * yv)
    if OP == 3:
        tl.store(z, 3.14 / 4.13)
        tl.store(z + 1, 3.14 / yv)
        tl.store(z + 2, xv / 4.13)
        tl.store(z + 3, xv / yv)
    if OP == 4:
        tl.store(z, 3.14 % 4.13)
        tl.store(z + 1, 3.14 % yv)
        tl.store(z + 2, xv % 4.13)
        tl.store(z + 3, xv % yv)
    if OP == 5:
        tl.store(z, (3.14 < 4.13).to(tl.float32))
        tl.store(z + 1, (3.14 < yv).to(tl.float32))
        tl.store(z + 2, (xv < 4.13).to(tl.float32))
        tl.store(z + 3, (xv < yv).to(tl.float32))
    if OP == 6:
        tl.store(z, (3.14 > 4.13).to(tl.float32))
        tl.store(z + 1, (3.14 > yv).to(tl.float32))
        tl.store(z + 2, (xv > 4.13).to(tl.float32))
        tl.store(z + 3, (xv > yv).to(tl.float32))


# OP: 0 <<, 1 >>, 2 &, 3 ^, 4 |; the constexprs 3 and 4 on either side.
@triton.jit
def bin_op_constexpr_i(z, x, y, OP: tl.constexpr):
    xv = tl.load(x)
    yv = tl.load(y)
    if OP == 0:
        tl.store(z, 3 << 4)
        tl.store(z + 1, 3 << yv)
        tl.store(z + 2, xv << 4)
        tl.store(z + 3, xv << yv)
    if OP == 1:
        tl.store(z, 3 >> 4)
        tl.store(z + 1, 3 >> yv)
        tl.store(z + 2, xv >> 4)
        tl.store(z + 3, xv >> yv)
    if OP == 2:
        tl.store(z, 3 & 4)
        tl.store(z + 1, 3 & yv)
        tl.store(z + 2, xv & 4)
        tl.store(z + 3, xv & yv)
    if OP == 3:
        tl.store(z, 3 ^ 4)
        tl.store(z + 1, 3 ^ yv)
        tl.store(z + 2, xv ^ 4)
        tl.store(z + 3, xv ^ yv)
    if OP == 4:
        tl.store(z, 3 | 4)
        tl.store(z + 1, 3 | yv)
        tl.store(z + 2, xv | 4)
        tl.store(z + 3, xv | yv)
