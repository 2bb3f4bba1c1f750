#!/usr/bin/env bash
# Session 21, call 2: split-K in clusters sharing A (skinny matmuls); the scan reading its
# tile twice; the copy ceiling for the scan's GB/s.
set -u
source bench/carry.sh
device_setup .carry
python3 bench/results/raw-2026-11-27-session21/scan_reload.py 2>&1 | tee $OUT/scan_reload.txt
python3 bench/splitk_configs.py --cluster --out $OUT 2>&1 | tee $OUT/splitk_cluster_configs.txt
python3 - <<'PY' 2>&1 | tee -a $OUT/scan_reload.txt
import torch, triton.testing
x = torch.randint(-1000, 1000, (1 << 28,), device="cuda", dtype=torch.int32)
y = torch.empty_like(x)
for name, f in (("copy", lambda: y.copy_(x)), ("torch.cumsum", lambda: torch.cumsum(x, 0, out=y))):
    ms = triton.testing.do_bench(f, warmup=25, rep=200, return_mode="median")
    print(f"{name}: {8 * x.numel() / ms / 1e6:.0f} GB/s")
PY
