#!/usr/bin/env python3
"""Session 24 experiment (issue 30): copies of examples/radix_sort.tile for
bench/sort_bench.py's SORT_SRC. `late`: the pairs pass loads its values after the keys'
store (so keys, places, destinations and values are never all live: 162 registers at
TILE 8192 on 8 warps, 196 as committed); `late_r128`: the same with #[maxnreg(128)] on
radix_pass_pairs (ptxas: 128 registers, no spills at 8192 / 8 warps, 4096 / 4, 16384 / 16),
so two programs of 8 warps fit an SM. Writes them to the directory given."""
import os
import sys

out = sys.argv[1]
s = open("examples/radix_sort.tile").read()
old = """    let v = load(src_vals + offs, mask = m, other = 0);
    store(dst + dest, sorted, mask = live);
    store(dst_vals + dest, scatter(v, places), mask = live);"""
new = """    store(dst + dest, sorted, mask = live);
    let v = load(src_vals + offs, mask = m, other = 0);
    store(dst_vals + dest, scatter(v, places), mask = live);"""
assert old in s
late = s.replace(old, new)
open(os.path.join(out, "late.tile"), "w").write(late)
k = "kernel radix_pass_pairs("
assert k in late
open(os.path.join(out, "late_r128.tile"), "w").write(late.replace(k, "#[maxnreg(128)]\n" + k))
