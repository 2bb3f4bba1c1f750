#!/usr/bin/env bash
# session 20, call 8: which tail piece suits matmul_tail_cluster (tail_variants.py).
set -uo pipefail
source bench/carry.sh
device_setup .carry
timeout 300 python3 bench/results/raw-2026-11-27-session20/tail_variants.py 2>&1 | tail -8
