# test_core.py test_dot: one dot of (BM, BK) x (BK, BN) tiles and an epilogue EPI (0 none, 1 trans: z given
# transposed strides, 2 add-matrix, 3 add-rows, 4 add-cols, 5 softmax, 6 chain-dot); IEEE = 1 asks
# input_precision="ieee"; OUT16 = 1 out_dtype=tl.float16. Also test_dot_without_load, test_join_with_mma.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def dot_f16(x, sxm, sxk, y, syk, syn, w, swn, swl, z, szm,
            szn, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, EPI: tl.constexpr,
            IEEE: tl.constexpr, OUT16: tl.constexpr):
    off_m = tl.arange(0, BM)
    off_n = tl.arange(0, BN)
    off_l = tl.arange(0, BN)
    off_k = tl.arange(0, BK)
    xs = x + off_m[:, None] * sxm + off_k[None, :] * sxk
    ys = y + off_k[:, None] * syk + off_n[None, :] * syn
    ws = w + off_n[:, None] * swn + off_l[None, :] * swl
    zs = z + off_m[:, None] * szm + off_n[None, :] * szn
    a = tl.load(xs)
    b = tl.load(ys)
    if OUT16 == 1:
        r = tl.dot(a, b, out_dtype=tl.float16)
        if EPI == 2:
            r += tl.load(zs)
        if EPI == 3:
            r += tl.load(z + off_m * szm)[:, None]
        if EPI == 4:
            r += tl.load(z + off_n * szn)[None, :]
        if EPI == 5:
            mx = tl.max(r, 1)
            num = tl.exp((r - mx[:, None]).to(tl.float32)).to(tl.float16)
            den = tl.sum(num, 1)
            r = num / den[:, None]
        if EPI == 6:
            wv = tl.load(ws)
            r = tl.dot(r.to(tl.float16), wv, out_dtype=tl.float16)
        tl.store(zs, r)
    else:
        r = tl.dot(a, b)
        if EPI == 2:
            r += tl.load(zs)
        if EPI == 3:
            r += tl.load(z + off_m * szm)[:, None]
        if EPI == 4:
            r += tl.load(z + off_n * szn)[None, :]
        if EPI == 5:
            mx = tl.max(r, 1)
            num = tl.exp((r - mx[:, None]).to(tl.float32)).to(tl.float32)
            den = tl.sum(num, 1)
            r = num / den[:, None]
        if EPI == 6:
            wv = tl.load(ws)
            r = tl.dot(r.to(tl.float16), wv)
        tl.store(zs, r)


@triton.jit
def dot_f32(x, sxm, sxk, y, syk, syn, w, swn, swl, z, szm,
            szn, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, EPI: tl.constexpr,
            IEEE: tl.constexpr, OUT16: tl.constexpr):
    off_m = tl.arange(0, BM)
    off_n = tl.arange(0, BN)
    off_l = tl.arange(0, BN)
    off_k = tl.arange(0, BK)
    xs = x + off_m[:, None] * sxm + off_k[None, :] * sxk
    ys = y + off_k[:, None] * syk + off_n[None, :] * syn
    ws = w + off_n[:, None] * swn + off_l[None, :] * swl
    zs = z + off_m[:, None] * szm + off_n[None, :] * szn
    a = tl.load(xs)
    b = tl.load(ys)
    if IEEE == 1:
        r = tl.dot(a, b, input_precision="ieee")
        if EPI == 2:
            r += tl.load(zs)
        if EPI == 3:
            r += tl.load(z + off_m * szm)[:, None]
        if EPI == 4:
            r += tl.load(z + off_n * szn)[None, :]
        if EPI == 5:
            mx = tl.max(r, 1)
            num = tl.exp((r - mx[:, None]).to(tl.float32)).to(tl.float32)
            den = tl.sum(num, 1)
            r = num / den[:, None]
        if EPI == 6:
            wv = tl.load(ws)
            r = tl.dot(r, wv, input_precision="ieee")
        tl.store(zs, r)
    else:
        r = tl.dot(a, b, input_precision="tf32")
        if EPI == 2:
            r += tl.load(zs)
        if EPI == 3:
            r += tl.load(z + off_m * szm)[:, None]
        if EPI == 4:
            r += tl.load(z + off_n * szn)[None, :]
        if EPI == 5:
            mx = tl.max(r, 1)
            num = tl.exp((r - mx[:, None]).to(tl.float32)).to(tl.float32)
            den = tl.sum(num, 1)
            r = num / den[:, None]
        if EPI == 6:
            wv = tl.load(ws)
            r = tl.dot(r, wv, input_precision="tf32")
        tl.store(zs, r)


@triton.jit
def dot_bf16(x, sxm, sxk, y, syk, syn, w, swn, swl, z, szm,
            szn, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, EPI: tl.constexpr,
            IEEE: tl.constexpr, OUT16: tl.constexpr):
    off_m = tl.arange(0, BM)
    off_n = tl.arange(0, BN)
    off_l = tl.arange(0, BN)
    off_k = tl.arange(0, BK)
    xs = x + off_m[:, None] * sxm + off_k[None, :] * sxk
    ys = y + off_k[:, None] * syk + off_n[None, :] * syn
    ws = w + off_n[:, None] * swn + off_l[None, :] * swl
    zs = z + off_m[:, None] * szm + off_n[None, :] * szn
    a = tl.load(xs)
    b = tl.load(ys)
    r = tl.dot(a, b)
    if EPI == 2:
        r += tl.load(zs)
    if EPI == 3:
        r += tl.load(z + off_m * szm)[:, None]
    if EPI == 4:
        r += tl.load(z + off_n * szn)[None, :]
    if EPI == 5:
        mx = tl.max(r, 1)
        num = tl.exp((r - mx[:, None]).to(tl.float32)).to(tl.float32)
        den = tl.sum(num, 1)
        r = num / den[:, None]
    if EPI == 6:
        wv = tl.load(ws)
        r = tl.dot(r.to(tl.bfloat16), wv)
    tl.store(zs, r)


@triton.jit
def dot_i8(x, sxm, sxk, y, syk, syn, w, swn, swl, z, szm,
            szn, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, EPI: tl.constexpr,
            IEEE: tl.constexpr, OUT16: tl.constexpr):
    off_m = tl.arange(0, BM)
    off_n = tl.arange(0, BN)
    off_l = tl.arange(0, BN)
    off_k = tl.arange(0, BK)
    xs = x + off_m[:, None] * sxm + off_k[None, :] * sxk
    ys = y + off_k[:, None] * syk + off_n[None, :] * syn
    ws = w + off_n[:, None] * swn + off_l[None, :] * swl
    zs = z + off_m[:, None] * szm + off_n[None, :] * szn
    a = tl.load(xs)
    b = tl.load(ys)
    r = tl.dot(a, b)
    if EPI == 2:
        r += tl.load(zs)
    if EPI == 3:
        r += tl.load(z + off_m * szm)[:, None]
    if EPI == 4:
        r += tl.load(z + off_n * szn)[None, :]
    tl.store(zs, r)


@triton.jit
def dot_f8e5m2(x, sxm, sxk, y, syk, syn, w, swn, swl, z, szm,
            szn, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, EPI: tl.constexpr,
            IEEE: tl.constexpr, OUT16: tl.constexpr):
    off_m = tl.arange(0, BM)
    off_n = tl.arange(0, BN)
    off_l = tl.arange(0, BN)
    off_k = tl.arange(0, BK)
    xs = x + off_m[:, None] * sxm + off_k[None, :] * sxk
    ys = y + off_k[:, None] * syk + off_n[None, :] * syn
    ws = w + off_n[:, None] * swn + off_l[None, :] * swl
    zs = z + off_m[:, None] * szm + off_n[None, :] * szn
    a = tl.load(xs)
    b = tl.load(ys)
    if IEEE == 1:
        r = tl.dot(a, b, input_precision="ieee")
        if EPI == 6:
            wv = tl.load(ws)
            r = tl.dot(r.to(tl.float8e5), wv, input_precision="ieee")
        tl.store(zs, r)
    else:
        r = tl.dot(a, b)
        if EPI == 6:
            wv = tl.load(ws)
            r = tl.dot(r.to(tl.float8e5), wv)
        tl.store(zs, r)


@triton.jit
def dot_f8e4m3(x, sxm, sxk, y, syk, syn, w, swn, swl, z, szm,
            szn, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, EPI: tl.constexpr,
            IEEE: tl.constexpr, OUT16: tl.constexpr):
    off_m = tl.arange(0, BM)
    off_n = tl.arange(0, BN)
    off_l = tl.arange(0, BN)
    off_k = tl.arange(0, BK)
    xs = x + off_m[:, None] * sxm + off_k[None, :] * sxk
    ys = y + off_k[:, None] * syk + off_n[None, :] * syn
    ws = w + off_n[:, None] * swn + off_l[None, :] * swl
    zs = z + off_m[:, None] * szm + off_n[None, :] * szn
    a = tl.load(xs)
    b = tl.load(ys)
    if IEEE == 1:
        r = tl.dot(a, b, input_precision="ieee")
        if EPI == 6:
            wv = tl.load(ws)
            r = tl.dot(r.to(tl.float8e4nv), wv, input_precision="ieee")
        tl.store(zs, r)
    else:
        r = tl.dot(a, b)
        if EPI == 6:
            wv = tl.load(ws)
            r = tl.dot(r.to(tl.float8e4nv), wv)
        tl.store(zs, r)


@triton.jit
def dot_without_load_f32(out):
    a = tl.full((32, 32), 1.0, tl.float32)
    b = tl.full((32, 32), 1.0, tl.float32)
    c = tl.dot(a, b)
    out_ptr = out + tl.arange(0, 32)[:, None] * 32 + tl.arange(0, 32)[None, :]
    tl.store(out_ptr, c)


@triton.jit
def dot_without_load_f16(out):
    a = tl.full((32, 32), 1.0, tl.float16)
    b = tl.full((32, 32), 1.0, tl.float16)
    c = tl.dot(a, b)
    out_ptr = out + tl.arange(0, 32)[:, None] * 32 + tl.arange(0, 32)[None, :]
    tl.store(out_ptr, c)


@triton.jit
def join_with_mma(x, z):
    v = tl.load(x + 16 * tl.arange(0, 32)[:, None] + tl.arange(0, 16)[None, :])
    x2 = tl.join(v, 2 * v)
    x3 = tl.reshape(x2, (32, 32))
    z3 = tl.dot(x3, x3)
    tl.store(z + 32 * tl.arange(0, 32)[:, None] + tl.arange(0, 32)[None, :], z3)
