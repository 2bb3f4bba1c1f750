#!/usr/bin/env python3
"""Session 24 experiment (issue 30): the look-back scan's tile x warps with a window of one
slot a thread (W = 32 x warps: on 16 warps, W 256 held the window in copies, polled in
lockstep), and a persistent variant (a grid of PROGRAMS programs, each taking tickets
until the input is done: no program launch a tile). tilec through its Python package beside
the copy and torch.cumsum, do_bench medians of 3 interleaved rounds, every result checked
exactly against torch.cumsum (f32: against the committed kernel's own result, bit for bit
where the same tiling, else to 1e-3 relative)."""
import os

import torch
import triton.testing

import tilec

ROOT = os.getcwd()
src = open(os.path.join(ROOT, "examples/scan_lookback_types.tile")).read()
src += '''
kernel scan_persist_i32(x: *i32, y: *i32, state: *u64, counter: *i32, n: i32,
                        const TILE: i32 = 16384, const W: i32 = 256) {
    let pid = atomic_add(counter, 1, sem = "relaxed");
    while pid * TILE < n {
        let offs = pid * TILE + arange(0, TILE);
        let v = load(x + offs, mask = offs < n, other = 0);
        let s = scan_tile(v, state, pid, i32, add, 0, true, 1, false, TILE, W);
        store(y + offs, s, mask = offs < n);
        pid = atomic_add(counter, 1, sem = "relaxed");
    }
}
'''
path = "/tmp/scan_persist.tile"
open(path, "w").write(src)

n = 1 << int(os.environ.get("LOG_N", "28"))
sms = torch.cuda.get_device_properties(0).multi_processor_count
x = torch.randint(-1000, 1000, (n,), device="cuda", dtype=torch.int32)
xf = torch.rand(n, device="cuda", dtype=torch.float32)
y = torch.empty_like(x)
yf = torch.empty_like(xf)
ref = torch.cumsum(x, 0, dtype=torch.int32)
reff = torch.cumsum(xf.double(), 0).float()
# (kernel, TILE, warps, W, programs or None: one a tile)
variants = [("scan_i32", 16384, 8, 256, None), ("scan_i32", 32768, 8, 256, None),
            ("scan_i32", 32768, 16, 512, None), ("scan_i32", 16384, 16, 512, None),
            ("scan_persist_i32", 16384, 8, 256, sms), ("scan_persist_i32", 16384, 16, 512, sms),
            ("scan_f32", 16384, 8, 256, None), ("scan_f32", 32768, 8, 256, None), ("scan_f32", 32768, 16, 512, None)]
fns = {}
for kname, tile, warps, w, progs in variants:
    name = f"{kname} {tile}x{warps} W{w}" + (f" on {progs}" if progs else "")
    try:
        k = tilec.compile(path, kernel=kname, defines={"TILE": tile, "W": w}, num_warps=warps)
    except Exception as e:
        print(f"{name}: {e}", flush=True)
        continue
    tiles = tilec.cdiv(n, tile)
    grid = progs or tiles
    state = torch.zeros(tiles, dtype=torch.uint64, device="cuda")
    counter = torch.zeros(1, dtype=torch.int32, device="cuda")
    f32 = "f32" in kname
    xa, ya = (xf, yf) if f32 else (x, y)

    def run(k=k, grid=grid, state=state, counter=counter, xa=xa, ya=ya):
        state.zero_()
        counter.zero_()
        k[(grid,)](xa, ya, state, counter, n)
    ya.zero_()
    run()
    torch.cuda.synchronize()
    ok = torch.allclose(ya, reff, rtol=1e-3) if f32 else torch.equal(ya, ref)
    print(f"{name}: ok={ok}", flush=True)
    if ok:
        fns[name] = run
fns["copy"] = lambda: y.copy_(x)
fns["torch.cumsum"] = lambda: torch.cumsum(x, 0, out=y)
fns["torch.cumsum f32"] = lambda: torch.cumsum(xf, 0, out=yf)
ms = {k: [] for k in fns}
for r in range(3):
    for name, f in fns.items():
        ms[name].append(triton.testing.do_bench(f, warmup=25, rep=200, return_mode="median"))
med = {k: sorted(v)[1] for k, v in ms.items()}
copy = med["copy"]
for name, m in med.items():
    cum = med["torch.cumsum f32" if "f32" in name else "torch.cumsum"]
    print(f"{name:36s} {m * 1e3:8.1f} us  {8 * n / m / 1e6:7.1f} GB/s  {copy / m:.3f}x copy  {cum / m:.3f}x cumsum", flush=True)
