"""Triton's `tl.rand` (and torch.rand, a different Philox stream) filling n f32, timed like
`tilerun --bench` (bench/gpu_timing.py), for the row beside examples/rand.tile's
`rand_fill` (issue 12: tilec's Philox `rand` of 2^28 f32 at >= 0.95x Triton's).

    OUT=DIR python3 bench/rand_reference.py [--n 268435456]

Prints one JSON line per impl and merges the rows into DIR/reference.json (the file
bench/compare.py reads; written first by the main reference script), so after
bench/run_bench.sh: `OUT=DIR python3 bench/rand_reference.py && python3 bench/compare.py table DIR`.
"""
import argparse
import json
import os
import time

import torch
import triton
import triton.language as tl

from gpu_timing import bench  # the same method as tilerun --bench


@triton.jit
def rand_fill(out, seed, n, TILE: tl.constexpr):
    offs = tl.program_id(0) * TILE + tl.arange(0, TILE)
    tl.store(out + offs, tl.rand(seed, offs), mask=offs < n)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=1 << 28)
    ap.add_argument("--seed", type=int, default=1234)
    args = ap.parse_args()
    n, seed = args.n, args.seed
    out = torch.empty(n, dtype=torch.float32, device="cuda")
    rows = []
    print("DEVICE " + torch.cuda.get_device_name(), flush=True)
    for tile, warps in [(1024, 4), (2048, 4), (4096, 8)]:
        grid = (triton.cdiv(n, tile),)
        t = time.time()
        rand_fill[grid](out, seed, n, TILE=tile, num_warps=warps)
        torch.cuda.synchronize()
        ms = (time.time() - t) * 1e3
        us = bench(lambda: rand_fill[grid](out, seed, n, TILE=tile, num_warps=warps))
        rows.append({"kernel": "rand", "size": n, "impl": f"triton(TILE={tile},warps={warps})", "us": us,
                     "GB/s": 4 * n / us / 1e3, "compile_ms": ms})
    # The best Triton configuration is the row compare.py matches ("triton..." first).
    rows.sort(key=lambda r: r["us"])
    us = bench(lambda: torch.rand(n, out=out))
    rows.append({"kernel": "rand", "size": n, "impl": "torch", "us": us, "GB/s": 4 * n / us / 1e3})
    for r in rows:
        print(json.dumps(r), flush=True)
    path = os.path.join(os.environ.get("OUT", "."), "reference.json")
    old = json.load(open(path)) if os.path.exists(path) else []
    old = [r for r in old if r.get("kernel") != "rand"]
    json.dump(old + rows, open(path, "w"), indent=1)


if __name__ == "__main__":
    main()
