#!/usr/bin/env python3
"""Session 21 experiment (issue 30): the pairs pass of examples/radix_sort.tile with key
and value packed into one u64 for the tile's scatter through shared memory (one scatter
of 8-byte elements instead of two of 4), unpacked for the two coalesced stores. A/B
against the pass as it is: examples/plans/radix_sort_pairs.toml pointed at each file,
`tilerun --plan --bench` (exact against the host's stable argsort), 2^24 and 2^26."""
import os
import subprocess

ROOT = os.getcwd()
src = open(os.path.join(ROOT, "examples/radix_sort.tile")).read()
old = """    let sorted = scatter(k, places);
    let sorted_vals = scatter(v, places);
    let dest = destinations(sorted, hist, state, tile, counts, starts, SHIFT, TILE, T, KEY, DESCENDING);
    let live = arange(0, TILE) < n - tile * TILE;
    store(dst + dest, sorted, mask = live);
    store(dst_vals + dest, sorted_vals, mask = live);"""
new = """    let both = scatter((k.to(u64) << 32) | v.to(u32, bitcast = true).to(u64), places);
    let sorted = (both >> 32).to(T);
    let sorted_vals = (both & 0xFFFF_FFFF.to(u64)).to(u32).to(i32, bitcast = true);
    let dest = destinations(sorted, hist, state, tile, counts, starts, SHIFT, TILE, T, KEY, DESCENDING);
    let live = arange(0, TILE) < n - tile * TILE;
    store(dst + dest, sorted, mask = live);
    store(dst_vals + dest, sorted_vals, mask = live);"""
assert old in src
open("/tmp/radix_packed.tile", "w").write(src.replace(old, new))
plan = open(os.path.join(ROOT, "examples/plans/radix_sort_pairs.toml")).read()
tilerun = os.environ["TILERUN"]
sizes = os.environ.get("SORT_SIZES", "1<<24,1<<26").split(",")
bench = os.environ.get("SORT_BENCH", "1") == "1"
for rnd in range(int(os.environ.get("SORT_ROUNDS", "2"))):
    for name, file in (("as is", "examples/radix_sort.tile"), ("packed", "/tmp/radix_packed.tile")):
        p = f"/tmp/pairs_{name.replace(' ', '_')}.toml"
        open(p, "w").write(plan.replace('file = "examples/radix_sort.tile"\nkernel = "radix_pass_pairs"',
                                        f'file = "{file}"\nkernel = "radix_pass_pairs"'))
        for n in sizes:
            print(f"== round {rnd} {name} N={n}", flush=True)
            subprocess.run([tilerun, "--plan", p, "--set", f"N={n}"] + (["--bench"] if bench else []), check=False)
