# test_core.py test_transpose, test_trans_2d, test_trans_4d, test_reshape, test_trans_reshape, test_join(_scalars), test_interleave(_scalars), test_split(_to_scalar), test_cat, test_gather, test_index1d, test_broadcast (broadcast_to), test_expand_dims (single axes).
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def transpose_f32(z, x, SIZE: tl.constexpr):
    off = tl.arange(0, SIZE)
    off2d = off[None, :] + (tl.arange(0, 2) * SIZE)[:, None]
    x_tile = tl.load(x + off2d)
    z_tile = x_tile.T
    tl.store(z + off2d.T, z_tile)


@triton.jit
def transpose_i8(z, x, SIZE: tl.constexpr):
    off = tl.arange(0, SIZE)
    off2d = off[None, :] + (tl.arange(0, 2) * SIZE)[:, None]
    tl.store(z + tl.trans(off2d), tl.trans(tl.load(x + off2d)))


@triton.jit
def trans_2d_i32(inp, out, S0: tl.constexpr, S1: tl.constexpr, O0: tl.constexpr, O1: tl.constexpr,
                 P0: tl.constexpr, P1: tl.constexpr):
    in_offs = tl.arange(0, S0)[:, None] * S1 + tl.arange(0, S1)[None, :]
    ou_offs = tl.arange(0, O0)[:, None] * O1 + tl.arange(0, O1)[None, :]
    tl.store(out + ou_offs, tl.permute(tl.load(inp + in_offs), (P0, P1)))


@triton.jit
def trans_2d_i8(inp, out, S0: tl.constexpr, S1: tl.constexpr, O0: tl.constexpr, O1: tl.constexpr,
                P0: tl.constexpr, P1: tl.constexpr):
    in_offs = tl.arange(0, S0)[:, None] * S1 + tl.arange(0, S1)[None, :]
    ou_offs = tl.arange(0, O0)[:, None] * O1 + tl.arange(0, O1)[None, :]
    tl.store(out + ou_offs, tl.permute(tl.load(inp + in_offs), (P0, P1)))


@triton.jit
def trans_4d_i32(inp, out, A0: tl.constexpr, A1: tl.constexpr, A2: tl.constexpr, A3: tl.constexpr,
                 B0: tl.constexpr, B1: tl.constexpr, B2: tl.constexpr, B3: tl.constexpr, Q0: tl.constexpr,
                 Q1: tl.constexpr, Q2: tl.constexpr, Q3: tl.constexpr):
    in_ptr = tl.make_block_ptr(
        base=inp,
        shape=(A0, A1, A2, A3),
        strides=(A3 * A2 * A1, A3 * A2, A3, 1),
        offsets=(0, 0, 0, 0),
        block_shape=(A0, A1, A2, A3),
        order=(3, 2, 1, 0),
    )
    out_ptr = tl.make_block_ptr(
        base=out,
        shape=(B0, B1, B2, B3),
        strides=(B3 * B2 * B1, B3 * B2, B3, 1),
        offsets=(0, 0, 0, 0),
        block_shape=(B0, B1, B2, B3),
        order=(3, 2, 1, 0),
    )
    tl.store(out_ptr, tl.load(in_ptr).permute((Q0, Q1, Q2, Q3)))


@triton.jit
def reshape_1(z, x):
    v = tl.load(x + tl.arange(0, 64))
    r = tl.reshape(v, (8, 8))
    tl.store(z + tl.arange(0, 8)[:, None] * 8 + tl.arange(0, 8)[None, :], r)


@triton.jit
def reshape_2(z, x):
    v = tl.load(x + tl.arange(0, 2)[:, None] * 32 + tl.arange(0, 32)[None, :])
    tl.store(z + tl.arange(0, 16)[:, None] * 4 + tl.arange(0, 4)[None, :], tl.reshape(v, (16, 4)))


@triton.jit
def reshape_3(z, x):
    v = tl.load(x + tl.arange(0, 512))
    r = tl.reshape(v, (2, 2, 2, 2, 2, 2, 2, 2, 2))
    tl.store(z + tl.arange(0, 512), tl.reshape(r, (512, )))


@triton.jit
def reshape_4(z, x):
    v = tl.load(x + tl.arange(0, 64)[:, None] * 32 + tl.arange(0, 32)[None, :])
    r = tl.reshape(v, (16, 8, 16))
    offs = tl.arange(0, 16)[:, None, None] * 128 + tl.arange(0, 8)[None, :, None] * 16 + tl.arange(0, 16)[None, None, :]
    tl.store(z + offs, r)


@triton.jit
def trans_reshape(inp, out):
    in_block_ptr = tl.make_block_ptr(base=inp, shape=(32, 32), strides=(32, 1), offsets=(0, 0), block_shape=(32, 32),
                                     order=(1, 0))
    x = tl.load(in_block_ptr)
    x = tl.reshape(x, (32, 4, 4, 2))
    x = tl.permute(x, (1, 2, 3, 0))
    x = tl.reshape(x, (1024, ))
    tl.store(out + tl.arange(0, 1024), x)


@triton.jit
def join_(x, y, z, N: tl.constexpr):
    offs = tl.arange(0, N)
    r = tl.join(tl.load(x + offs), tl.load(y + offs))
    tl.store(z + tl.arange(0, N)[:, None] * 2 + tl.arange(0, 2)[None, :], r)


@triton.jit
def join_scalars(x, y, z):
    a = tl.load(x)
    b = tl.load(y)
    c = tl.join(a, b)
    tl.store(z + tl.arange(0, 2), c)


@triton.jit
def interleave_(z, N: tl.constexpr):
    tl.store(z + tl.arange(0, 2 * N), tl.interleave(tl.arange(0, N), tl.arange(N, 2 * N)))


@triton.jit
def interleave_scalars(a, b, z):
    tl.store(z + tl.arange(0, 2), tl.interleave(a, b))


@triton.jit
def split_(x, z1, z2, N: tl.constexpr):
    offs = tl.arange(0, N)
    v = tl.reshape(tl.load(x + offs), (N // 2, 2))
    a, b = tl.split(v)
    tl.store(z1 + tl.arange(0, N // 2), a)
    tl.store(z2 + tl.arange(0, N // 2), b)


@triton.jit
def split_to_scalar(x, z1, z2):
    a, b = tl.split(tl.load(x + tl.arange(0, 2)))
    tl.store(z1, a)
    tl.store(z2, b)


@triton.jit
def cat_i32(x, y, z, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(z + tl.arange(0, 2 * N), tl.cat(tl.load(x + offs), tl.load(y + offs), can_reorder=True))


@triton.jit
def cat_f16(x, y, z, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(z + tl.arange(0, 2 * N), tl.cat(tl.load(x + offs), tl.load(y + offs), can_reorder=True))


@triton.jit
def cat_i8(x, y, z, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(z + tl.arange(0, 2 * N), tl.cat(tl.load(x + offs), tl.load(y + offs), can_reorder=True))


@triton.jit
def cat_f64(x, y, z, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(z + tl.arange(0, 2 * N), tl.cat(tl.load(x + offs), tl.load(y + offs), can_reorder=True))


@triton.jit
def gather_(src_ptr, idx_ptr, out_ptr, AX: tl.constexpr, SD0: tl.constexpr, SD1: tl.constexpr, ID0: tl.constexpr,
            ID1: tl.constexpr):
    src_offs = tl.arange(0, SD0)[:, None] * SD1 + tl.arange(0, SD1)[None, :]
    src = tl.load(src_ptr + src_offs)
    idx_offs = tl.arange(0, ID0)[:, None] * ID1 + tl.arange(0, ID1)[None, :]
    idx = tl.load(idx_ptr + idx_offs)
    out = tl.gather(src, idx, AX)
    tl.store(out_ptr + idx_offs, out)


@triton.jit
def index1d_row(z, x):
    m = tl.arange(0, 32)
    v = tl.load(x + m)
    tl.store(z + m[:, None] * 32 + m[None, :], tl.broadcast_to(v[None, :], (32, 32)))


@triton.jit
def index1d_col(z, x):
    m = tl.arange(0, 32)
    v = tl.load(x + m)
    tl.store(z + m[:, None] * 32 + m[None, :], tl.broadcast_to(v[:, None], (32, 32)))


@triton.jit
def index2d_front(z, x):
    m = tl.arange(0, 32)
    v = tl.load(x + m[:, None] * 32 + m[None, :])
    offs = m[:, None, None] * 1024 + m[None, :, None] * 32 + m[None, None, :]
    tl.store(z + offs, tl.broadcast_to(v[None, :, :], (32, 32, 32)))


@triton.jit
def index2d_back(z, x):
    m = tl.arange(0, 32)
    v = tl.load(x + m[:, None] * 32 + m[None, :])
    offs = m[:, None, None] * 1024 + m[None, :, None] * 32 + m[None, None, :]
    tl.store(z + offs, tl.broadcast_to(v[:, :, None], (32, 32, 32)))


@triton.jit
def broadcast_to_(x, y, yb, M: tl.constexpr, N: tl.constexpr):
    offset1 = tl.arange(0, M)
    offset2 = tl.arange(0, N)
    xv = tl.load(x + N * offset1[:, None] + offset2[None, :])
    yv = tl.load(y + offset2)
    tl.store(yb + N * offset1[:, None] + offset2[None, :], tl.broadcast_to(yv, (M, N)) + 0.0 * xv)


@triton.jit
def expand_dims_single(z):
    offset1 = tl.arange(0, 32)
    r = tl.expand_dims(offset1, 0)
    c = tl.expand_dims(offset1, -1)
    tl.store(z + tl.arange(0, 32)[:, None] * 32 + tl.arange(0, 32)[None, :], r + c)
