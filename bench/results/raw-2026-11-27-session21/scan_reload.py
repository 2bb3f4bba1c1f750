#!/usr/bin/env python3
"""Session 21 experiment (issue 30): the look-back scan with its tile read twice: once for
the aggregate (dead before the look-back), again after it for the tile's own scan (an L2
hit), so the registers held across the look-back are few and more programs fit an SM.
Variants appended to examples/scan_lookback_types.tile (its functions), each run as a plan
(tilerun --plan ... --bench, checked exactly against the host's cumsum)."""
import os
import subprocess
import sys

ROOT = os.getcwd()
src = open(os.path.join(ROOT, "examples/scan_lookback_types.tile")).read()
src += '''
kernel scan_reload_i32(x: *i32, y: *i32, state: *u64, counter: *i32, n: i32,
                       const TILE: i32 = 16384, const W: i32 = 256) {
    let pid = atomic_add(counter, 1, sem = "relaxed");
    if pid * TILE >= n {
        return;
    }
    let offs = pid * TILE + arange(0, TILE);
    let agg = sum(load(x + offs, mask = offs < n, other = 0));
    let flag_a: u64 = 1.to(u64) << 32;
    let flag_p: u64 = 2.to(u64) << 32;
    let excl = 0;
    if pid == 0 {
        publish(state, pid, agg, flag_p, 1);
    } else {
        publish(state, pid, agg, flag_a, 1);
        excl = look_back(state, pid, i32, add, 0, 1, W);
        publish(state, pid, excl + agg, flag_p, 1);
    }
    let v = load(x + offs, mask = offs < n, other = 0);
    store(y + offs, excl + cumsum(v, 0), mask = offs < n);
}

// The same in chunks of CH: the aggregate chunk by chunk, the look-back once a TILE,
// then each chunk read again (L2), scanned and stored: CH / threads values a thread.
kernel scan_chunked_i32(x: *i32, y: *i32, state: *u64, counter: *i32, n: i32,
                        const TILE: i32 = 16384, const W: i32 = 256, const CH: i32 = 4096) {
    let pid = atomic_add(counter, 1, sem = "relaxed");
    if pid * TILE >= n {
        return;
    }
    let base = pid * TILE;
    let agg = 0;
    for c in range(0, TILE, CH) {
        let offs = base + c + arange(0, CH);
        agg += sum(load(x + offs, mask = offs < n, other = 0));
    }
    let flag_a: u64 = 1.to(u64) << 32;
    let flag_p: u64 = 2.to(u64) << 32;
    let excl = 0;
    if pid == 0 {
        publish(state, pid, agg, flag_p, 1);
    } else {
        publish(state, pid, agg, flag_a, 1);
        excl = look_back(state, pid, i32, add, 0, 1, W);
        publish(state, pid, excl + agg, flag_p, 1);
    }
    let carry = excl;
    for c in range(0, TILE, CH) {
        let offs = base + c + arange(0, CH);
        let v = load(x + offs, mask = offs < n, other = 0);
        store(y + offs, carry + cumsum(v, 0), mask = offs < n);
        carry += sum(v);
    }
}
'''
open("/tmp/scan_variants.tile", "w").write(src)
tilerun = os.environ["TILERUN"]
N = "1<<28"
for kernel, tile, warps, w, ch in [("scan_chunked_i32", 16384, 8, 256, 4096), ("scan_chunked_i32", 16384, 8, 256, 2048),
                                   ("scan_chunked_i32", 8192, 8, 256, 2048), ("scan_chunked_i32", 32768, 8, 256, 4096),
                                   ("scan_chunked_i32", 16384, 4, 128, 2048), ("scan_chunked_i32", 32768, 8, 256, 2048)] + [(*v, 0) for v in [("scan_i32", 16384, 8, 256), ("scan_reload_i32", 16384, 8, 256),
                               ("scan_reload_i32", 8192, 8, 256), ("scan_reload_i32", 8192, 4, 128),
                               ("scan_reload_i32", 4096, 4, 128), ("scan_reload_i32", 16384, 16, 512),
                               ("scan_reload_i32", 4096, 8, 256), ("scan_i32", 8192, 8, 256)]]:
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
file = "/tmp/scan_variants.tile"
kernel = "{kernel}"
grid = "max(cdiv(N, TILE), 1)"
args = ["x", "y", "state", "counter", "N"]
defines = {{ TILE = "TILE", W = {w}{f", CH = {ch}" if ch else ""} }}
num_warps = {warps}
[expect]
y = "cumsum(x)"
'''
    path = f"/tmp/plan_{kernel}_{tile}_{warps}_{ch}.toml"
    open(path, "w").write(plan)
    print(f"== {kernel} TILE={tile} warps={warps} W={w} CH={ch}", flush=True)
    subprocess.run([tilerun, "--plan", path, "--set", f"N={N}", "--bench"], check=False)
    subprocess.run([tilerun, "--plan", path, "--set", "N=1000003"], check=False)
