#!/usr/bin/env python3
"""Session 21 call 15 (issue 30): examples/scan_lookback_types.tile's `scan_i32` over tile
sizes, warps and look-back windows not tried before (2^28 i32, plans as
examples/plans/scan_lookback_i32.toml, `tilerun --plan --bench`, exact)."""
import os
import subprocess

tilerun = os.environ["TILERUN"]
for tile, warps, w in [(16384, 8, 256), (32768, 16, 512), (32768, 8, 256), (16384, 8, 128), (16384, 8, 64),
                       (16384, 4, 128), (8192, 4, 128), (16384, 16, 256), (16384, 16, 128)]:
    plan = f'''bytes = "8*N"
zero = ["state", "counter"]
[constants]
N = 1000003
TILE = {tile}
[buffers]
x = "randint:i32:N:-1000000:1000000"
y = "empty:i32:N"
state = "zeros:u64:cdiv(N, TILE)"
counter = "zeros:i32:1"
[[launch]]
file = "examples/scan_lookback_types.tile"
kernel = "scan_i32"
grid = "max(cdiv(N, TILE), 1)"
args = ["x", "y", "state", "counter", "N"]
defines = {{ TILE = "TILE", W = {w} }}
num_warps = {warps}
[expect]
y = "cumsum(x)"
'''
    p = f"/tmp/scan_{tile}_{warps}_{w}.toml"
    open(p, "w").write(plan)
    print(f"== TILE={tile} warps={warps} W={w}", flush=True)
    subprocess.run([tilerun, "--plan", p, "--set", "N=1<<28", "--bench"], check=False)
