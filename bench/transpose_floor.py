"""Where the 64x64 tiled transpose's floor is, in Triton alone: copies (1-D and 2-D
tiles), transposes of other tile shapes, other launch orders (super-tiles, groups of
column tiles, diagonal), a persistent grid, and two programs a CTA. Each is checked,
then all are timed in interleaved rounds (bench/gpu_timing.py's method), 8192^2 f32.

Usage (GPU machine): python3 bench/transpose_floor.py -> JSON lines, vs the default 64x64.
Results: bench/results/2026-11-23-h100-transpose-floor.md.
"""
import os, sys
import torch
import triton
import triton.language as tl

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpu_timing import rounds, warm_clocks  # noqa: E402

R = C = 8192
N = R * C


@triton.jit
def tr(inp, o, rows, cols, s_ir, s_ic, s_or, s_oc, RB: tl.constexpr, CB: tl.constexpr,
       SR: tl.constexpr, SC: tl.constexpr, COLFAST: tl.constexpr, DIAG: tl.constexpr):
    # SR x SC super-tiles of tiles in launch order (row tile fastest inside one, or column
    # tile with COLFAST); DIAG shifts each row of tiles' columns by its row.
    nr = tl.num_programs(0)
    nc = tl.num_programs(1)
    if SR == 0:
        pr = tl.program_id(0)
        pc = tl.program_id(1)
    else:
        L = tl.program_id(0) + tl.program_id(1) * nr
        s = L // (SR * SC)
        w = L % (SR * SC)
        if COLFAST:
            pr = (s % (nr // SR)) * SR + w // SC
            pc = (s // (nr // SR)) * SC + w % SC
        else:
            pr = (s % (nr // SR)) * SR + w % SR
            pc = (s // (nr // SR)) * SC + w // SR
    if DIAG:
        pc = (pc + pr) % nc
    ro = pr * RB + tl.arange(0, RB)
    co = pc * CB + tl.arange(0, CB)
    m = (ro[:, None] < rows) & (co[None, :] < cols)
    v = tl.load(inp + ro[:, None] * s_ir + co[None, :] * s_ic, mask=m, other=0.0)
    tl.store(o + co[:, None] * s_or + ro[None, :] * s_oc, tl.trans(v), mask=tl.trans(m))


@triton.jit
def tr_persistent(inp, o, rows, cols, s_ir, s_ic, s_or, s_oc, NT, NR, RB: tl.constexpr, CB: tl.constexpr):
    for t in range(tl.program_id(0), NT, tl.num_programs(0)):
        ro = (t % NR) * RB + tl.arange(0, RB)
        co = (t // NR) * CB + tl.arange(0, CB)
        m = (ro[:, None] < rows) & (co[None, :] < cols)
        v = tl.load(inp + ro[:, None] * s_ir + co[None, :] * s_ic, mask=m, other=0.0)
        tl.store(o + co[:, None] * s_or + ro[None, :] * s_oc, tl.trans(v), mask=tl.trans(m))


@triton.jit
def tr_two(inp, o, rows, cols, s_ir, s_ic, s_or, s_oc, RB: tl.constexpr, CB: tl.constexpr):
    # Programs (r, 2c) and (r, 2c + 1) in one CTA: both loads, then both stores.
    ro = tl.program_id(0) * RB + tl.arange(0, RB)
    c0 = tl.program_id(1) * 2 * CB + tl.arange(0, CB)
    c1 = c0 + CB
    m0 = (ro[:, None] < rows) & (c0[None, :] < cols)
    m1 = (ro[:, None] < rows) & (c1[None, :] < cols)
    v0 = tl.load(inp + ro[:, None] * s_ir + c0[None, :] * s_ic, mask=m0, other=0.0)
    v1 = tl.load(inp + ro[:, None] * s_ir + c1[None, :] * s_ic, mask=m1, other=0.0)
    tl.store(o + c0[:, None] * s_or + ro[None, :] * s_oc, tl.trans(v0), mask=tl.trans(m0))
    tl.store(o + c1[:, None] * s_or + ro[None, :] * s_oc, tl.trans(v1), mask=tl.trans(m1))


@triton.jit
def copy1d(inp, o, n, T: tl.constexpr):
    offs = tl.program_id(0) * T + tl.arange(0, T)
    m = offs < n
    tl.store(o + offs, tl.load(inp + offs, mask=m), mask=m)


@triton.jit
def copy2d(inp, o, rows, cols, s_r, RB: tl.constexpr, CB: tl.constexpr):
    ro = tl.program_id(0) * RB + tl.arange(0, RB)
    co = tl.program_id(1) * CB + tl.arange(0, CB)
    m = (ro[:, None] < rows) & (co[None, :] < cols)
    p = ro[:, None] * s_r + co[None, :]
    tl.store(o + p, tl.load(inp + p, mask=m, other=0.0), mask=m)


def main():
    x = torch.randn(R, C, device="cuda")
    y = torch.empty(C, R, device="cuda")
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    impls = {}

    def add(name, f, want):
        y.fill_(float("nan"))
        f()
        torch.cuda.synchronize()
        assert torch.equal(y, want()), name
        impls[name] = f

    xt = lambda: x.t()  # noqa: E731
    args = (x, y, R, C, C, 1, R, 1)

    def T(RB=64, CB=64, SR=0, SC=0, COLFAST=False, DIAG=False, nw=4):
        return lambda: tr[(R // RB, C // CB)](*args, RB=RB, CB=CB, SR=SR, SC=SC, COLFAST=COLFAST, DIAG=DIAG, num_warps=nw)

    add("transpose 64x64", T(), xt)
    add("copy torch (cudaMemcpy)", lambda: y.copy_(x), lambda: x)
    for t, nw in [(1024, 4), (4096, 4), (8192, 8)]:
        add(f"copy 1-D tiles of {t}", (lambda t, nw: lambda: copy1d[(N // t,)](x, y, N, T=t, num_warps=nw))(t, nw), lambda: x)
    for rb, cb in [(64, 64), (8, 1024)]:
        add(f"copy 2-D tiles {rb}x{cb}", (lambda rb, cb: lambda: copy2d[(R // rb, C // cb)](x, y, R, C, C, RB=rb, CB=cb))(rb, cb), lambda: x)
    add("transpose 32x32", T(32, 32), xt)
    add("transpose 64x128", T(64, 128), xt)
    add("transpose 128x64", T(128, 64), xt)
    add("transpose 128x128, 8 warps", T(128, 128, nw=8), xt)
    add("order: diagonal", T(DIAG=True), xt)
    for g in [4, 16]:
        add(f"order: groups of {g} column tiles", T(SR=128, SC=g, COLFAST=True), xt)
    for sr, sc in [(8, 8), (16, 16), (32, 32), (16, 128)]:
        add(f"order: super-tiles {sr}x{sc}", T(SR=sr, SC=sc), xt)
    for k in [8, 16]:
        add(f"persistent, {k} CTAs an SM", (lambda k: lambda: tr_persistent[(sms * k,)](*args, 128 * 128, 128, RB=64, CB=64))(k), xt)
    add("two programs a CTA", lambda: tr_two[(R // 64, C // 128)](*args, RB=64, CB=64), xt)
    warm_clocks()
    rounds(impls, "transpose 64x64", 8 * N)


if __name__ == "__main__":
    main()
