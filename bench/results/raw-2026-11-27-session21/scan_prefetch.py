#!/usr/bin/env python3
"""Session 21 experiment (issue 30): the look-back scan as a persistent loop that takes
its next tile's ticket and issues that tile's load before the look-back of the current
one, so the look-back's round trips overlap a load in flight. Appended to
examples/scan_lookback_types.tile (its functions); each variant run as a plan (tilerun
--plan ... --bench, exact against the host's cumsum)."""
import os
import subprocess

ROOT = os.getcwd()
src = open(os.path.join(ROOT, "examples/scan_lookback_types.tile")).read()
src += '''
kernel scan_prefetch_i32(x: *i32, y: *i32, state: *u64, counter: *i32, n: i32,
                         const TILE: i32 = 8192, const W: i32 = 256) {
    let flag_a: u64 = 1.to(u64) << 32;
    let flag_p: u64 = 2.to(u64) << 32;
    let tiles = cdiv(n, TILE);
    let t = atomic_add(counter, 1, sem = "relaxed");
    let offs = t * TILE + arange(0, TILE);
    let v = load(x + offs, mask = offs < n, other = 0);
    while t < tiles {
        // The next tile: its ticket and its load, in flight during this one's look-back.
        let t2 = atomic_add(counter, 1, sem = "relaxed");
        let offs2 = t2 * TILE + arange(0, TILE);
        let v2 = load(x + offs2, mask = offs2 < n, other = 0);
        let agg = sum(v);
        let excl = 0;
        if t == 0 {
            publish(state, t, agg, flag_p, 1);
        } else {
            publish(state, t, agg, flag_a, 1);
            excl = look_back(state, t, i32, add, 0, 1, W);
            publish(state, t, excl + agg, flag_p, 1);
        }
        store(y + offs, excl + cumsum(v, 0), mask = offs < n);
        t = t2;
        offs = offs2;
        v = v2;
    }
}
'''
open("/tmp/scan_prefetch.tile", "w").write(src)
tilerun = os.environ["TILERUN"]
N = os.environ.get("SCAN_N", "1<<28")
BENCH = os.environ.get("SCAN_BENCH", "1") == "1"
for kernel, tile, warps, w, grid in [("scan_i32", 16384, 8, 256, "cdiv(N, TILE)"),
                                     ("scan_prefetch_i32", 8192, 8, 256, "264"),
                                     ("scan_prefetch_i32", 8192, 8, 256, "528"),
                                     ("scan_prefetch_i32", 4096, 8, 256, "396"),
                                     ("scan_prefetch_i32", 4096, 8, 256, "264"),
                                     ("scan_prefetch_i32", 4096, 4, 128, "528"),
                                     ("scan_prefetch_i32", 16384, 8, 256, "132")]:
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
file = "/tmp/scan_prefetch.tile"
kernel = "{kernel}"
grid = "min({grid}, cdiv(N, TILE))"
args = ["x", "y", "state", "counter", "N"]
defines = {{ TILE = "TILE", W = {w} }}
num_warps = {warps}
[expect]
y = "cumsum(x)"
'''
    path = f"/tmp/plan_{kernel}_{tile}_{warps}_{grid}.toml"
    open(path, "w").write(plan)
    print(f"== {kernel} TILE={tile} warps={warps} W={w} grid={grid}", flush=True)
    subprocess.run([tilerun, "--plan", path, "--set", f"N={N}"] + (["--bench"] if BENCH else []), check=False)
    subprocess.run([tilerun, "--plan", path, "--set", "N=1000003"], check=False)
