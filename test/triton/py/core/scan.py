# test_core.py test_scan2d (cumsum, cumprod, get_first_element, linear_recurrence, cummax, roll), test_scan_1d, test_histogram.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def get_first_element(a, b):
    return a


@triton.jit
def linear_recurrence(a1, b1, a2, b2):
    return a1 * a2, b1 * a2 + b2


@triton.jit
def linear_recurrence_i32(a1, b1, a2, b2):
    return a1 * a2, b1 * a2 + b2


@triton.jit
def cummax(v0, i0, v1, i1):
    gt = v0 > v1
    return tl.where(gt, v0, v1), tl.where(gt, i0, i1)


@triton.jit
def cummax_i32(v0, i0, v1, i1):
    gt = v0 > v1
    return tl.where(gt, v0, v1), tl.where(gt, i0, i1)


@triton.jit
def roll(a1, b1_last, b1_cur, a2, b2_last, b2_cur):
    return a1 + a2, tl.where(a2 == 1, b1_cur, 0) + b2_last, b2_cur


@triton.jit
def roll_i32(a1, b1_last, b1_cur, a2, b2_last, b2_cur):
    return a1 + a2, tl.where(a2 == 1, b1_cur, 0) + b2_last, b2_cur


# OP: 0 cumsum, 1 cumprod, 2 get_first_element, 3 linear_recurrence, 4 cummax, 5 roll.
@triton.jit
def scan2d_f32(x, y, z, zi, BM: tl.constexpr, BN: tl.constexpr, AXIS: tl.constexpr, REV: tl.constexpr,
               OP: tl.constexpr):
    range_m = tl.arange(0, BM)
    range_n = tl.arange(0, BN)
    offs = range_m[:, None] * BN + range_n[None, :]
    a = tl.load(x + offs)
    b = tl.load(y + offs)
    if OP == 0:
        tl.store(z + offs, tl.cumsum(a, AXIS, reverse=REV == 1))
    if OP == 1:
        tl.store(z + offs, tl.cumprod(a, AXIS, reverse=REV == 1))
    if OP == 2:
        tl.store(z + offs, tl.associative_scan(a, AXIS, get_first_element, reverse=REV == 1))
    if OP == 3:
        _, r = tl.associative_scan((a, b), AXIS, linear_recurrence, reverse=REV == 1)
        tl.store(z + offs, r)
    if OP == 4:
        if AXIS == 0:
            idx = tl.broadcast_to(range_m[:, None].to(tl.int64), (BM, BN))
        else:
            idx = tl.broadcast_to(range_n[None, :].to(tl.int64), (BM, BN))
        _, r = tl.associative_scan((a, idx), AXIS, cummax, reverse=REV == 1)
        tl.store(zi + offs, r)
    if OP == 5:
        _, r, _ = tl.associative_scan((1 + 0 * a, 0 * a, a), AXIS, roll, reverse=REV == 1)
        tl.store(z + offs, r)


@triton.jit
def scan2d_i32(x, y, z, zi, BM: tl.constexpr, BN: tl.constexpr, AXIS: tl.constexpr, REV: tl.constexpr,
               OP: tl.constexpr):
    range_m = tl.arange(0, BM)
    range_n = tl.arange(0, BN)
    offs = range_m[:, None] * BN + range_n[None, :]
    a = tl.load(x + offs)
    b = tl.load(y + offs)
    if OP == 0:
        tl.store(z + offs, tl.cumsum(a, AXIS, reverse=REV == 1))
    if OP == 1:
        tl.store(z + offs, tl.cumprod(a, AXIS, reverse=REV == 1))
    if OP == 2:
        tl.store(z + offs, tl.associative_scan(a, AXIS, get_first_element, reverse=REV == 1))
    if OP == 3:
        _, r = tl.associative_scan((a, b), AXIS, linear_recurrence_i32, reverse=REV == 1)
        tl.store(z + offs, r)
    if OP == 4:
        if AXIS == 0:
            idx = tl.broadcast_to(range_m[:, None].to(tl.int64), (BM, BN))
        else:
            idx = tl.broadcast_to(range_n[None, :].to(tl.int64), (BM, BN))
        _, r = tl.associative_scan((a, idx), AXIS, cummax_i32, reverse=REV == 1)
        tl.store(zi + offs, r)
    if OP == 5:
        _, r, _ = tl.associative_scan((1 + 0 * a, 0 * a, a), AXIS, roll_i32, reverse=REV == 1)
        tl.store(z + offs, r)


@triton.jit
def scan2d_bf16(x, z, BM: tl.constexpr, BN: tl.constexpr, AXIS: tl.constexpr, REV: tl.constexpr, OP: tl.constexpr):
    range_m = tl.arange(0, BM)
    range_n = tl.arange(0, BN)
    offs = range_m[:, None] * BN + range_n[None, :]
    a = tl.load(x + offs)
    if OP == 0:
        tl.store(z + offs, tl.cumsum(a, AXIS, reverse=REV == 1))
    if OP == 1:
        tl.store(z + offs, tl.cumprod(a, AXIS, reverse=REV == 1))
    if OP == 2:
        tl.store(z + offs, tl.associative_scan(a, AXIS, get_first_element, reverse=REV == 1))


@triton.jit
def scan_1d(out, inp, M: tl.constexpr, N: tl.constexpr):
    input = tl.load(inp + tl.arange(0, M))
    output = tl.cumsum(input).reshape([1, M]).broadcast_to([N, M])
    tl.store(out + tl.arange(0, M * N), output.reshape([M * N]))


@triton.jit
def histogram(x, z, M: tl.constexpr, N: tl.constexpr):
    offset1 = tl.arange(0, M)
    offset2 = tl.arange(0, N)
    data = tl.load(x + offset1)
    hist = tl.histogram(data, N)
    bias = tl.full([M, N], 1, dtype=tl.int32)
    v = hist + bias
    tl.store(z + offset2, hist)


@triton.jit
def scan_i8(x, s, p, N: tl.constexpr):
    v = tl.load(x + tl.arange(0, N))
    tl.store(s + tl.arange(0, N), tl.cumsum(v, 0))
    tl.store(p + tl.arange(0, N), tl.cumprod(v, 0))


@triton.jit
def scan_u8(x, s, p, N: tl.constexpr):
    v = tl.load(x + tl.arange(0, N))
    tl.store(s + tl.arange(0, N), tl.cumsum(v, 0))
    tl.store(p + tl.arange(0, N), tl.cumprod(v, 0))


@triton.jit
def scan_i16(x, s, p, N: tl.constexpr):
    v = tl.load(x + tl.arange(0, N))
    tl.store(s + tl.arange(0, N), tl.cumsum(v, 0))
    tl.store(p + tl.arange(0, N), tl.cumprod(v, 0))


@triton.jit
def scan_u64(x, s, p, N: tl.constexpr):
    v = tl.load(x + tl.arange(0, N))
    tl.store(s + tl.arange(0, N), tl.cumsum(v, 0))
    tl.store(p + tl.arange(0, N), tl.cumprod(v, 0))
