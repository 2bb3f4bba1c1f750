#!/usr/bin/env bash
# session 20, call 6: matmul_tail (the last partial wave in quarter tiles) checked on the
# GPU (check_examples) and timed beside matmul_tma, the cluster kernel, stream-K, cuBLAS.
set -uo pipefail
source bench/carry.sh
device_setup .carry
timeout 150 python3 test/gpu/check_examples.py --no-selftest --only matmul_tail > "$OUT/check_tail.log" 2>&1
grep -E "^(FAIL)|passed" "$OUT/check_tail.log" | tail -6
timeout 300 python3 bench/results/raw-2026-11-27-session20/tail_bench.py 2>&1 | tail -12
