#!/usr/bin/env bash
# session 20, call 5: bench/matmul_tma.py with the cluster kernel's arrivals fixed (call 4),
# through the package beside cuBLAS; docs/python.md's sort helper (now 32/64-bit) as written.
set -uo pipefail
source bench/carry.sh
device_setup .carry
timeout 120 python3 bench/results/raw-2026-11-27-session20/docs_sort_check.py 2>&1 | tail -12
timeout 420 python3 bench/matmul_tma.py --out "$OUT/mm" --rounds 3 2>&1 | tail -10
