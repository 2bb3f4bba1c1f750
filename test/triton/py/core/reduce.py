# test_core.py test_reduce (2-D, 3-D, keep_dims, axis None, a negative axis, xor_sum of bools), test_max_returns_zero, test_generic_reduction, test_optimize_thread_locality, test_chained_reductions.
import tilec.triton as triton
import tilec.triton.language as tl


# OP: 0 min, 1 max, 2 sum, 3 argmin, 4 argmax. The result of axis a is stored along the other axis.
@triton.jit
def reduce2d(x, z, zi, BM: tl.constexpr, BN: tl.constexpr, AXIS: tl.constexpr, OP: tl.constexpr,
             KEEP: tl.constexpr):
    range_m = tl.arange(0, BM)
    range_n = tl.arange(0, BN)
    v = tl.load(x + range_m[:, None] * BN + range_n[None, :])
    if KEEP == 0:
        if AXIS == 0:
            if OP == 0:
                tl.store(z + range_n, tl.min(v, AXIS))
            elif OP == 1:
                tl.store(z + range_n, tl.max(v, AXIS))
            elif OP == 2:
                tl.store(z + range_n, tl.sum(v, AXIS))
            elif OP == 3:
                tl.store(zi + range_n, tl.argmin(v, AXIS))
            elif OP == 4:
                tl.store(zi + range_n, tl.argmax(v, AXIS))
        else:
            if OP == 0:
                tl.store(z + range_m, tl.min(v, AXIS))
            elif OP == 1:
                tl.store(z + range_m, tl.max(v, AXIS))
            elif OP == 2:
                tl.store(z + range_m, tl.sum(v, AXIS))
            elif OP == 3:
                tl.store(zi + range_m, tl.argmin(v, AXIS))
            elif OP == 4:
                tl.store(zi + range_m, tl.argmax(v, AXIS))
    else:
        if AXIS == 0:
            p = range_n[None, :]
            if OP == 0:
                tl.store(z + p, tl.min(v, AXIS, keep_dims=True))
            elif OP == 1:
                tl.store(z + p, tl.max(v, AXIS, keep_dims=True))
            elif OP == 2:
                tl.store(z + p, tl.sum(v, AXIS, keep_dims=True))
            elif OP == 3:
                tl.store(zi + p, tl.argmin(v, AXIS, keep_dims=True))
            elif OP == 4:
                tl.store(zi + p, tl.argmax(v, AXIS, keep_dims=True))
        else:
            p = range_m[:, None]
            if OP == 0:
                tl.store(z + p, tl.min(v, AXIS, keep_dims=True))
            elif OP == 1:
                tl.store(z + p, tl.max(v, AXIS, keep_dims=True))
            elif OP == 2:
                tl.store(z + p, tl.sum(v, AXIS, keep_dims=True))
            elif OP == 3:
                tl.store(zi + p, tl.argmin(v, AXIS, keep_dims=True))
            elif OP == 4:
                tl.store(zi + p, tl.argmax(v, AXIS, keep_dims=True))


@triton.jit
def reduce3d(x, z, zi, D0: tl.constexpr, D1: tl.constexpr, D2: tl.constexpr, AX3: tl.constexpr,
             OP3: tl.constexpr, KEEP3: tl.constexpr):
    rm = tl.arange(0, D0)
    rn = tl.arange(0, D1)
    rk = tl.arange(0, D2)
    v = tl.load(x + rm[:, None, None] * D1 * D2 + rn[None, :, None] * D2 + rk[None, None, :])
    if AX3 == 0:
        q = rn[:, None] * D2 + rk[None, :]
        if KEEP3 == 0:
            if OP3 == 0:
                tl.store(z + q, tl.min(v, 0))
            elif OP3 == 1:
                tl.store(z + q, tl.max(v, 0))
            elif OP3 == 2:
                tl.store(z + q, tl.sum(v, 0))
            elif OP3 == 3:
                tl.store(zi + q, tl.argmin(v, 0))
            elif OP3 == 4:
                tl.store(zi + q, tl.argmax(v, 0))
        else:
            q3 = q[None, :, :]
            if OP3 == 0:
                tl.store(z + q3, tl.min(v, 0, keep_dims=True))
            elif OP3 == 1:
                tl.store(z + q3, tl.max(v, 0, keep_dims=True))
            elif OP3 == 2:
                tl.store(z + q3, tl.sum(v, 0, keep_dims=True))
            elif OP3 == 3:
                tl.store(zi + q3, tl.argmin(v, 0, keep_dims=True))
            elif OP3 == 4:
                tl.store(zi + q3, tl.argmax(v, 0, keep_dims=True))
    elif AX3 == 1:
        q = rm[:, None] * D2 + rk[None, :]
        if KEEP3 == 0:
            if OP3 == 0:
                tl.store(z + q, tl.min(v, 1))
            elif OP3 == 1:
                tl.store(z + q, tl.max(v, 1))
            elif OP3 == 2:
                tl.store(z + q, tl.sum(v, 1))
            elif OP3 == 3:
                tl.store(zi + q, tl.argmin(v, 1))
            elif OP3 == 4:
                tl.store(zi + q, tl.argmax(v, 1))
        else:
            q3 = q[:, None, :]
            if OP3 == 0:
                tl.store(z + q3, tl.min(v, 1, keep_dims=True))
            elif OP3 == 1:
                tl.store(z + q3, tl.max(v, 1, keep_dims=True))
            elif OP3 == 2:
                tl.store(z + q3, tl.sum(v, 1, keep_dims=True))
            elif OP3 == 3:
                tl.store(zi + q3, tl.argmin(v, 1, keep_dims=True))
            elif OP3 == 4:
                tl.store(zi + q3, tl.argmax(v, 1, keep_dims=True))
    elif AX3 == 2:
        q = rm[:, None] * D1 + rn[None, :]
        if KEEP3 == 0:
            if OP3 == 0:
                tl.store(z + q, tl.min(v, 2))
            elif OP3 == 1:
                tl.store(z + q, tl.max(v, 2))
            elif OP3 == 2:
                tl.store(z + q, tl.sum(v, 2))
            elif OP3 == 3:
                tl.store(zi + q, tl.argmin(v, 2))
            elif OP3 == 4:
                tl.store(zi + q, tl.argmax(v, 2))
        else:
            q3 = q[:, :, None]
            if OP3 == 0:
                tl.store(z + q3, tl.min(v, 2, keep_dims=True))
            elif OP3 == 1:
                tl.store(z + q3, tl.max(v, 2, keep_dims=True))
            elif OP3 == 2:
                tl.store(z + q3, tl.sum(v, 2, keep_dims=True))
            elif OP3 == 3:
                tl.store(zi + q3, tl.argmin(v, 2, keep_dims=True))
            elif OP3 == 4:
                tl.store(zi + q3, tl.argmax(v, 2, keep_dims=True))


# axis None: the whole tile (OP 0 min, 1 max, 2 sum); keep_dims gives a (1, 1) tile.
@triton.jit
def reduce2d_all(x, z, BM: tl.constexpr, BN: tl.constexpr, OP: tl.constexpr, KEEP: tl.constexpr):
    range_m = tl.arange(0, BM)
    range_n = tl.arange(0, BN)
    v = tl.load(x + range_m[:, None] * BN + range_n[None, :])
    if KEEP == 0:
        if OP == 0:
            tl.store(z, tl.min(v))
        elif OP == 1:
            tl.store(z, tl.max(v))
        else:
            tl.store(z, tl.sum(v))
    else:
        p = z + tl.arange(0, 1)[:, None] + tl.arange(0, 1)[None, :]
        if OP == 0:
            tl.store(p, tl.min(v, axis=None, keep_dims=True))
        elif OP == 1:
            tl.store(p, tl.max(v, axis=None, keep_dims=True))
        else:
            tl.store(p, tl.sum(v, axis=None, keep_dims=True))


@triton.jit
def reduce_negative_axis(x, z):
    r = tl.arange(0, 32)
    tl.store(z + r, tl.sum(tl.load(x + r[:, None] * 32 + r[None, :]), -1))


@triton.jit
def xor_sum_bool(x, z, BM: tl.constexpr, BN: tl.constexpr, AXIS: tl.constexpr):
    range_m = tl.arange(0, BM)
    range_n = tl.arange(0, BN)
    b = tl.load(x + range_m[:, None] * BN + range_n[None, :]).to(tl.int1)
    if AXIS == 0:
        tl.store(z + range_n, tl.xor_sum(b, 0))
    else:
        tl.store(z + range_m, tl.xor_sum(b, 1))


@triton.jit
def max_returns_zero(x, z, BLOCK: tl.constexpr):
    tl.store(z, tl.max(tl.load(x + tl.arange(0, BLOCK)), 0))


@triton.jit
def welford_combine(mean_1, m2_1, weight_1, mean_2, m2_2, weight_2):
    delta = mean_2 - mean_1
    new_weight = weight_1 + weight_2
    w2_over_w = weight_2 / new_weight
    return (
        mean_1 + delta * w2_over_w,
        m2_1 + m2_2 + delta * delta * weight_1 * w2_over_w,
        new_weight,
    )


@triton.jit
def var_mean(x, out_mean, out_var, BLOCK: tl.constexpr):
    xindex = tl.arange(0, BLOCK)
    v = tl.load(x + xindex)
    mean, m2, weight = tl.reduce((v, tl.zeros_like(v), tl.full((BLOCK, ), 1.0, tl.float32)), 0, welford_combine)
    tl.store(out_mean, mean)
    tl.store(out_var, m2 / weight)


# OP: 0 sum, 1 max, 2 min; program (0, p) reduces the column blocks p, p + P, ...
@triton.jit
def thread_locality(x, y, n, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, OP: tl.constexpr):
    start_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    num_pid_n = tl.num_programs(1)
    local = tl.zeros((BLOCK_M, ), dtype=tl.float32)
    if OP == 1:
        local = tl.full((BLOCK_M, ), -float("inf"), tl.float32)
    if OP == 2:
        local = tl.full((BLOCK_M, ), float("inf"), tl.float32)
    off_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    for start_n in range(pid_n, tl.cdiv(n, BLOCK_N), num_pid_n):
        off_n = start_n * BLOCK_N + tl.arange(0, BLOCK_N)
        v = tl.load(x + off_m[:, None] * n + off_n[None, :])
        if OP == 0:
            local += tl.sum(v, 1)
        elif OP == 1:
            local = tl.maximum(local, tl.max(v, 1))
        else:
            local = tl.minimum(local, tl.min(v, 1))
    tl.store(y + off_m * num_pid_n + pid_n, local)


@triton.jit
def chained_reductions(x, out):
    idx = tl.reshape(tl.arange(0, 4 * 32 * 32 * 4 * 2), (4, 32, 32, 4, 2))
    vals = tl.load(x + idx)
    vals = tl.permute(vals, (2, 1, 0, 3, 4))
    r = tl.sum(tl.sum(tl.sum(vals, 3), 1), 0)
    tl.store(out + tl.reshape(tl.arange(0, 4 * 2), (4, 2)), r)
