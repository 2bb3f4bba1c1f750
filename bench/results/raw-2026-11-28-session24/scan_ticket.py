#!/usr/bin/env python3
"""Session 24 experiment (issue 30): what the ticket costs the look-back scan. Variants of
examples/scan_lookback_types.tile's scan_i32 (appended kernels use its functions), tilec
through its Python package beside the copy and torch.cumsum, do_bench medians of
interleaved rounds, every result checked exactly against torch.cumsum first.
- scan_i32: as committed (ticket from an atomic counter, then the tile's load).
- scan_pid_i32: program_id(0) as the tile (no ticket: no promise that a look-back never
  waits on a program that has not started; measures what the ticket's round trip costs).
- scan_spec_i32: loads tile program_id(0) first, takes the ticket while that load is in
  flight, loads again only where the ticket differs (counter[1] counts those programs).
"""
import os
import sys

import torch
import triton.testing

import tilec

ROOT = os.getcwd()
src = open(os.path.join(ROOT, "examples/scan_lookback_types.tile")).read()
src += '''
kernel scan_pid_i32(x: *i32, y: *i32, state: *u64, counter: *i32, n: i32,
                    const TILE: i32 = 16384, const W: i32 = 256) {
    let pid = program_id(0);
    let offs = pid * TILE + arange(0, TILE);
    let v = load(x + offs, mask = offs < n, other = 0);
    let s = scan_tile(v, state, pid, i32, add, 0, true, 1, false, TILE, W);
    store(y + offs, s, mask = offs < n);
}

kernel scan_spec_i32(x: *i32, y: *i32, state: *u64, counter: *i32, n: i32,
                     const TILE: i32 = 16384, const W: i32 = 256) {
    let guess = program_id(0);
    let goffs = guess * TILE + arange(0, TILE);
    let v = load(x + goffs, mask = goffs < n, other = 0);
    let pid = atomic_add(counter, 1, sem = "relaxed");
    if pid * TILE >= n {
        return;
    }
    let offs = pid * TILE + arange(0, TILE);
    if pid != guess {
        atomic_add(counter + 1, 1, sem = "relaxed");
        v = load(x + offs, mask = offs < n, other = 0);
    }
    let s = scan_tile(v, state, pid, i32, add, 0, true, 1, false, TILE, W);
    store(y + offs, s, mask = offs < n);
}
'''
path = "/tmp/scan_ticket.tile"
open(path, "w").write(src)

n = 1 << int(os.environ.get("LOG_N", "28"))
x = torch.randint(-1000, 1000, (n,), device="cuda", dtype=torch.int32)
y = torch.empty_like(x)
ref = torch.cumsum(x, 0, dtype=torch.int32)
variants = [(k, t, w) for k, t, w in [("scan_i32", 16384, 8), ("scan_pid_i32", 16384, 8), ("scan_spec_i32", 16384, 8),
                                      ("scan_i32", 32768, 8), ("scan_spec_i32", 32768, 8), ("scan_pid_i32", 8192, 8),
                                      ("scan_spec_i32", 8192, 8)]]
fns = {}
for kname, tile, warps in variants:
    k = tilec.compile(path, kernel=kname, defines={"TILE": tile, "W": 256}, num_warps=warps)
    tiles = tilec.cdiv(n, tile)
    state = torch.zeros(tiles, dtype=torch.uint64, device="cuda")
    counter = torch.zeros(2, dtype=torch.int32, device="cuda")

    def run(k=k, tiles=tiles, state=state, counter=counter):
        state.zero_()
        counter.zero_()
        k[(tiles,)](x, y, state, counter, n)
    y.zero_()
    run()
    torch.cuda.synchronize()
    ok = torch.equal(y, ref)
    print(f"{kname} {tile}x{warps}: exact={ok} respeculated={counter[1].item()} of {tiles}", flush=True)
    if ok:
        fns[f"{kname} {tile}x{warps}"] = run
fns["copy"] = lambda: y.copy_(x)
fns["torch.cumsum"] = lambda: torch.cumsum(x, 0, out=y)
ms = {k: [] for k in fns}
for r in range(3):
    for name, f in fns.items():
        ms[name].append(triton.testing.do_bench(f, warmup=25, rep=200, return_mode="median"))
copy = sorted(ms["copy"])[1]
cum = sorted(ms["torch.cumsum"])[1]
for name, v in ms.items():
    m = sorted(v)[1]
    print(f"{name:28s} {m * 1e3:8.1f} us  {8 * n / m / 1e6:7.1f} GB/s  {copy / m:.3f}x copy  {cum / m:.3f}x cumsum", flush=True)
