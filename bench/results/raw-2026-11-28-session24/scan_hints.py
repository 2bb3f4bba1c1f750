#!/usr/bin/env python3
"""Session 24 experiment (issue 30): cache hints on the look-back scan's tile load and
store (streaming data, read and written once), i32 at 2^28, TILE 32768 on 8 and 16 warps,
beside the copy and torch.cumsum (do_bench medians of 3 interleaved rounds), each result
checked exactly against torch.cumsum first. Variants are copies of
examples/scan_lookback_types.tile with lookback_scan's load and store rewritten."""
import os

import torch
import triton.testing

import tilec

ROOT = os.getcwd()
base = open(os.path.join(ROOT, "examples/scan_lookback_types.tile")).read()
LOAD = "    let v = load(x + offs, mask = offs < n, other = identity);"
STORE = "    store(y + offs, s, mask = arange(0, TILE) < n - pid * TILE);"
assert LOAD in base and STORE in base
hints = {
    "as is": ("", ""),
    "store .cs": ("", ', cache_modifier = ".cs"'),
    "load evict_first, store .cs": (', eviction_policy = "evict_first"', ', cache_modifier = ".cs"'),
    "load .cg, store .cs": (', cache_modifier = ".cg"', ', cache_modifier = ".cs"'),
    "load evict_first": (', eviction_policy = "evict_first"', ""),
}
n = 1 << int(os.environ.get("LOG_N", "28"))
x = torch.randint(-1000, 1000, (n,), device="cuda", dtype=torch.int32)
y = torch.empty_like(x)
ref = torch.cumsum(x, 0, dtype=torch.int32)
fns = {}
for i, (hname, (lh, sh)) in enumerate(hints.items()):
    src = base.replace(LOAD, LOAD[:-2] + lh + ");").replace(STORE, STORE[:-2] + sh + ");")
    path = f"/tmp/scan_hint{i}.tile"
    open(path, "w").write(src)
    for warps in (8, 16):
        tile = 32768
        name = f"{hname} {tile}x{warps}"
        k = tilec.compile(path, kernel="scan_i32", defines={"TILE": tile, "W": 32 * warps}, num_warps=warps)
        tiles = tilec.cdiv(n, tile)
        state = torch.zeros(tiles, dtype=torch.uint64, device="cuda")
        counter = torch.zeros(1, dtype=torch.int32, device="cuda")

        def run(k=k, tiles=tiles, state=state, counter=counter):
            state.zero_()
            counter.zero_()
            k[(tiles,)](x, y, state, counter, n)
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
