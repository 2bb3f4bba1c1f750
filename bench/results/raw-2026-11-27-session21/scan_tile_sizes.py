#!/usr/bin/env python3
"""Session 21 call 16 (issue 30): `scan_i32` / `scan_f32` with TILE 16384 (the default)
against 32768, both on 8 warps, at 2^20 .. 2^30 (plans as scan_lookback_i32.toml /
scan_lookback_f32.toml with TILE set, `tilerun --plan --bench`, checked)."""
import os
import subprocess

tilerun = os.environ["TILERUN"]
for plan in ("examples/plans/scan_lookback_i32.toml", "examples/plans/scan_lookback_f32.toml"):
    for n in ("1<<20", "1<<24", "1<<28", "1<<30"):
        for tile in (16384, 32768):
            print(f"== {os.path.basename(plan)} N={n} TILE={tile}", flush=True)
            subprocess.run([tilerun, "--plan", plan, "--set", f"N={n}", "--set", f"TILE={tile}", "--bench"], check=False)
