#!/usr/bin/env python3
"""Autotuning on a GPU (issue 12): examples/matmul_autotune.tile, 4096^3 f16 by default.

NOT run by CI (it needs a GPU). On the GPU machine, with a release tilerun:

    TILERUN=path/to/tilerun python3 bench/autotune_matmul.py [--size 4096]

1. A cold run: empty compile and tuning caches; every configuration compiled at once,
   the one that needs too much shared memory skipped, the rest timed, the choice run and
   checked against numpy. Its wall time must be under 10 s.
2. The same run again: the choice comes from the tuning cache (no tuning), so it must
   say so and take far less time.
3. Each configuration by hand (`--config N --bench`, the full bench method): the chosen
   configuration must be within 2% of the fastest.

The last line is `N passed, N failed`; the exit status is 1 when anything failed.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TILE = os.path.join(ROOT, "examples", "matmul_autotune.tile")
GRID = "cdiv(M, BM) * cdiv(N, BN)"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", type=int, default=4096)
    args = ap.parse_args()
    tilerun = os.environ.get("TILERUN", "tilerun")
    n = args.size
    work = tempfile.mkdtemp(prefix="autotune-")
    env = dict(os.environ, TILEC_CACHE_DIR=os.path.join(work, "cache"))
    env.pop("TILEC_CACHE", None)
    rng = np.random.default_rng(0)
    a = rng.uniform(-1, 1, (n, n)).astype(np.float16)
    b = rng.uniform(-1, 1, (n, n)).astype(np.float16)
    np.save(os.path.join(work, "a.npy"), a)
    np.save(os.path.join(work, "b.npy"), b)
    ref = (a.astype(np.float32) @ b.astype(np.float32)).astype(np.float16)
    np.save(os.path.join(work, "ref.npy"), ref)
    kargs = [f"a={work}/a.npy", f"b={work}/b.npy", f"c=empty:f16:{n}x{n}", f"M={n}", f"N={n}", f"K={n}",
             f"sam={n}", "sak=1", f"sbk={n}", "sbn=1", f"scm={n}", "scn=1"]
    check = ["--check", f"c={work}/ref.npy", "--rtol", "2e-2", "--atol", "5e-2"]
    passed = failed = 0

    def result(ok, what):
        nonlocal passed, failed
        passed, failed = passed + ok, failed + (not ok)
        print(f"{'PASS' if ok else 'FAIL'}  {what}", flush=True)

    def run(extra):
        t = time.time()
        p = subprocess.run([tilerun, TILE, "--grid", GRID, *kargs, *extra], capture_output=True, text=True, env=env)
        return p, time.time() - t

    p, cold = run(check)
    print(p.stdout + p.stderr)
    chose = re.search(r"autotune: chose config (\d+) \((.*)\): ([\d.]+) us", p.stdout)
    result(p.returncode == 0 and chose is not None, f"cold run tunes and checks (exit {p.returncode})")
    result(cold < 10.0, f"cold run (compile every configuration, tune, run, check) took {cold:.2f} s wall (< 10 s)")
    skipped = re.findall(r"autotune: config (\d+) .* skipped: (.*)", p.stdout)
    result(any(i == "8" for i, _ in skipped), f"config 8 (too much shared memory) skipped: {skipped}")

    p, warm = run(check)
    print(p.stdout + p.stderr)
    cached = re.search(r"autotune: config (\d+) \(.*\) from the tuning cache", p.stdout)
    result(p.returncode == 0 and cached is not None and chose is not None and cached.group(1) == chose.group(1),
           f"second run takes the cached choice, no tuning ({warm:.2f} s wall)")
    result("chose config" not in p.stdout, "second run times no configuration")

    times = {}
    for i in range(9):
        p, _ = run(["--config", str(i), "--bench"])
        line = next((l for l in p.stdout.splitlines() if l.startswith("BENCH ")), None)
        if p.returncode == 0 and line:
            times[i] = json.loads(line[len("BENCH "):])["us"]
            print(f"config {i}: {times[i]:.2f} us")
        else:
            print(f"config {i}: did not run: {(p.stdout + p.stderr).strip().splitlines()[-1:]}")
    if chose and times:
        best = min(times, key=times.get)
        c = int(chose.group(1))
        ratio = times.get(c, float("inf")) / times[best]
        result(ratio <= 1.02, f"chosen config {c} ({times.get(c, 'n/a')} us) is within 2% of the best, config {best} "
               f"({times[best]:.2f} us): {ratio:.4f}x; {2 * n ** 3 / times[best] / 1e6:.1f} TFLOP/s")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
