#!/usr/bin/env python3
"""Session 24 experiment (issue 30): two ways to overlap the look-back scan's waits.
- scan_sf_i32: the tile's own cumsum before the look-back (its wait for predecessors'
  words overlaps the scan's arithmetic), aggregate published first as now.
- scan_pf_i32: persistent, tiles in a fixed stride: a program takes one ticket (its first
  tile t0), then runs t0, t0 + P, t0 + 2P, ... (P programs, all resident: measurement
  only, no promise if they are not). While tile t's look-back runs, tile t + P's load is in
  flight; its aggregate is published right after the look-back, so the next round's
  look-backs find every aggregate of this round published.
tilec through its Python package beside the copy and torch.cumsum, do_bench medians of 3
interleaved rounds, every result checked exactly against torch.cumsum."""
import os

import torch
import triton.testing

import tilec

ROOT = os.getcwd()
src = open(os.path.join(ROOT, "examples/scan_lookback_types.tile")).read()
extra = '''
kernel scan_sf_i32(x: *i32, y: *i32, state: *u64, counter: *i32, n: i32,
                   const TILE: i32 = 16384, const W: i32 = 256) {
    let pid = atomic_add(counter, 1, sem = "relaxed");
    if pid * TILE >= n {
        return;
    }
    let offs = pid * TILE + arange(0, TILE);
    let v = load(x + offs, mask = offs < n, other = 0);
    let agg = sum(v);
    let flag_a: u64 = 1.to(u64) << 32;
    let flag_p: u64 = 2.to(u64) << 32;
    if pid == 0 {
        publish(state, pid, agg, flag_p, 1);
    } else {
        publish(state, pid, agg, flag_a, 1);
    }
    let inc = cumsum(v, 0);
    let excl = 0;
    if pid > 0 {
        excl = look_back(state, pid, i32, add, 0, 1, W);
        publish(state, pid, excl + agg, flag_p, 1);
    }
    store(y + offs, excl + inc, mask = offs < n);
}

kernel scan_pf_i32(x: *i32, y: *i32, state: *u64, counter: *i32, n: i32,
                   const TILE: i32 = 16384, const W: i32 = 256) {
    let flag_a: u64 = 1.to(u64) << 32;
    let flag_p: u64 = 2.to(u64) << 32;
    let step = num_programs(0);
    let t = atomic_add(counter, 1, sem = "relaxed");
    let offs = t * TILE + arange(0, TILE);
    let v = load(x + offs, mask = offs < n, other = 0);
    let agg = sum(v);
    if t == 0 {
        publish(state, t, agg, flag_p, 1);
    } else if t * TILE < n {
        publish(state, t, agg, flag_a, 1);
    }
    while t * TILE < n {
        let nt = t + step;
        let noffs = nt * TILE + arange(0, TILE);
        let nv = load(x + noffs, mask = noffs < n, other = 0);
        let excl = 0;
        if t > 0 {
            excl = look_back(state, t, i32, add, 0, 1, W);
            publish(state, t, excl + agg, flag_p, 1);
        }
        let nagg = sum(nv);
        if nt * TILE < n {
            publish(state, nt, nagg, flag_a, 1);
        }
        store(y + offs, excl + cumsum(v, 0), mask = offs < n);
        t = nt;
        offs = noffs;
        v = nv;
        agg = nagg;
    }
}
'''
# The same kernels in 128 registers (small spills: 72 and 24 bytes, ptxas sm_90), two
# programs of 8 warps an SM.
src += extra + extra.replace("kernel scan_sf_i32(", "#[maxnreg(128)]\nkernel scan_sfr_i32(").replace(
    "kernel scan_pf_i32(", "#[maxnreg(128)]\nkernel scan_pfr_i32(")
path = "/tmp/scan_overlap.tile"
open(path, "w").write(src)

n = 1 << int(os.environ.get("LOG_N", "28"))
sms = torch.cuda.get_device_properties(0).multi_processor_count
x = torch.randint(-1000, 1000, (n,), device="cuda", dtype=torch.int32)
y = torch.empty_like(x)
ref = torch.cumsum(x, 0, dtype=torch.int32)
# (kernel, TILE, warps, W, programs or None: one a tile)
variants = [("scan_i32", 16384, 8, 256, None), ("scan_i32", 32768, 8, 256, None),
            ("scan_sf_i32", 16384, 8, 256, None), ("scan_sfr_i32", 16384, 8, 256, None),
            ("scan_sf_i32", 32768, 8, 256, None),
            ("scan_pf_i32", 8192, 8, 256, sms), ("scan_pfr_i32", 8192, 8, 256, 2 * sms),
            ("scan_pfr_i32", 4096, 4, 128, 4 * sms)]
fns = {}
for kname, tile, warps, w, progs in variants:
    name = f"{kname} {tile}x{warps} W{w}" + (f" on {progs}" if progs else "")
    k = tilec.compile(path, kernel=kname, defines={"TILE": tile, "W": w}, num_warps=warps)
    tiles = tilec.cdiv(n, tile)
    grid = progs or tiles
    state = torch.zeros(tiles + grid, dtype=torch.uint64, device="cuda")
    counter = torch.zeros(1, dtype=torch.int32, device="cuda")

    def run(k=k, grid=grid, state=state, counter=counter):
        state.zero_()
        counter.zero_()
        k[(grid,)](x, y, state, counter, n)
    y.zero_()
    run()
    torch.cuda.synchronize()
    ok = torch.equal(y, ref)
    print(f"{name}: ok={ok}", flush=True)
    if ok:
        fns[name] = run
fns["copy"] = lambda: y.copy_(x)
fns["torch.cumsum"] = lambda: torch.cumsum(x, 0, out=y)
ms = {k: [] for k in fns}
for r in range(3):
    for name, f in fns.items():
        ms[name].append(triton.testing.do_bench(f, warmup=25, rep=200, return_mode="median"))
med = {k: sorted(v)[1] for k, v in ms.items()}
for name, m in med.items():
    print(f"{name:36s} {m * 1e3:8.1f} us  {8 * n / m / 1e6:7.1f} GB/s  {med['copy'] / m:.3f}x copy  "
          f"{med['torch.cumsum'] / m:.3f}x cumsum", flush=True)
