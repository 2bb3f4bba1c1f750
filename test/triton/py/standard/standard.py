# test_standard.py: test_sort, test_flip, test_flip_inf, test_ravel.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def sort_i32(x, z, N: tl.constexpr, M: tl.constexpr, DESC: tl.constexpr):
    offs_m = tl.arange(0, M)
    offs_x_n = tl.arange(0, N)
    offs_z_n = offs_x_n
    off2d_x = offs_m[None, :] + (offs_x_n * M)[:, None]
    x = tl.load(x + off2d_x)
    x = tl.sort(x, descending=DESC == 1)
    off2d_z = offs_m[None, :] + (offs_z_n * M)[:, None]
    tl.store(z + off2d_z, x)


@triton.jit
def sort_f16(x, z, N: tl.constexpr, M: tl.constexpr, DESC: tl.constexpr):
    offs_m = tl.arange(0, M)
    offs_x_n = tl.arange(0, N)
    offs_z_n = offs_x_n
    off2d_x = offs_m[None, :] + (offs_x_n * M)[:, None]
    x = tl.load(x + off2d_x)
    x = tl.sort(x, descending=DESC == 1)
    off2d_z = offs_m[None, :] + (offs_z_n * M)[:, None]
    tl.store(z + off2d_z, x)


@triton.jit
def sort_f32(x, z, N: tl.constexpr, M: tl.constexpr, DESC: tl.constexpr):
    offs_m = tl.arange(0, M)
    offs_x_n = tl.arange(0, N)
    offs_z_n = offs_x_n
    off2d_x = offs_m[None, :] + (offs_x_n * M)[:, None]
    x = tl.load(x + off2d_x)
    x = tl.sort(x, descending=DESC == 1)
    off2d_z = offs_m[None, :] + (offs_z_n * M)[:, None]
    tl.store(z + off2d_z, x)


@triton.jit
def sort_bf16(x, z, N: tl.constexpr, M: tl.constexpr, DESC: tl.constexpr):
    offs_m = tl.arange(0, M)
    offs_x_n = tl.arange(0, N)
    offs_z_n = offs_x_n
    off2d_x = offs_m[None, :] + (offs_x_n * M)[:, None]
    x = tl.load(x + off2d_x)
    x = tl.sort(x, descending=DESC == 1)
    off2d_z = offs_m[None, :] + (offs_z_n * M)[:, None]
    tl.store(z + off2d_z, x)


@triton.jit
def flip_i32(x, z, N: tl.constexpr, M: tl.constexpr):
    offx = tl.arange(0, M)
    offy = tl.arange(0, N) * M
    off2d = offx[None, :] + offy[:, None]
    x = tl.load(x + off2d)
    x = tl.flip(x)
    tl.store(z + off2d, x)


@triton.jit
def flip_f16(x, z, N: tl.constexpr, M: tl.constexpr):
    offx = tl.arange(0, M)
    offy = tl.arange(0, N) * M
    off2d = offx[None, :] + offy[:, None]
    x = tl.load(x + off2d)
    x = tl.flip(x)
    tl.store(z + off2d, x)


@triton.jit
def flip_f32(x, z, N: tl.constexpr, M: tl.constexpr):
    offx = tl.arange(0, M)
    offy = tl.arange(0, N) * M
    off2d = offx[None, :] + offy[:, None]
    x = tl.load(x + off2d)
    x = tl.flip(x)
    tl.store(z + off2d, x)


@triton.jit
def flip_bf16(x, z, N: tl.constexpr, M: tl.constexpr):
    offx = tl.arange(0, M)
    offy = tl.arange(0, N) * M
    off2d = offx[None, :] + offy[:, None]
    x = tl.load(x + off2d)
    x = tl.flip(x)
    tl.store(z + off2d, x)


@triton.jit
def flip_inf(out, x, L: tl.constexpr):
    pid = tl.program_id(0)
    v = tl.load(x + pid * L + tl.arange(0, L))
    v = v.reshape(L // 2, 2)
    v = tl.flip(v, dim=1)
    v = v.reshape(L)
    tl.store(out + pid * L + tl.arange(0, L), v)


@triton.jit
def ravel_(out):
    a = tl.reshape(tl.arange(0, 256), (32, 8))
    tl.store(out + tl.arange(0, 256), tl.ravel(a))


@triton.jit
def sort_u32(x, z, N: tl.constexpr, M: tl.constexpr, DESC: tl.constexpr):
    offs_m = tl.arange(0, M)
    offs_x_n = tl.arange(0, N)
    offs_z_n = offs_x_n
    off2d_x = offs_m[None, :] + (offs_x_n * M)[:, None]
    x = tl.load(x + off2d_x)
    x = tl.sort(x, descending=DESC == 1)
    off2d_z = offs_m[None, :] + (offs_z_n * M)[:, None]
    tl.store(z + off2d_z, x)


@triton.jit
def sort_u8(x, z, N: tl.constexpr, M: tl.constexpr, DESC: tl.constexpr):
    offs_m = tl.arange(0, M)
    offs_x_n = tl.arange(0, N)
    offs_z_n = offs_x_n
    off2d_x = offs_m[None, :] + (offs_x_n * M)[:, None]
    x = tl.load(x + off2d_x)
    x = tl.sort(x, descending=DESC == 1)
    off2d_z = offs_m[None, :] + (offs_z_n * M)[:, None]
    tl.store(z + off2d_z, x)
