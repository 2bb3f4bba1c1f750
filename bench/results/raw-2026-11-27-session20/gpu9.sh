#!/usr/bin/env bash
# session 20, call 9: the whole sweep (bench/matmul_sweep.py, 46 shapes x f16, bf16) with
# the cluster and tail kernels among the examples.
set -uo pipefail
source bench/carry.sh
device_setup .carry
timeout 585 python3 bench/matmul_sweep.py --ref-dir .carry --out "$OUT/sweep" --budget-s 480 2>&1 | tail -25
