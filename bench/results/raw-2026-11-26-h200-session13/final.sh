#!/usr/bin/env bash
# session 13, last GPU call: the autotuned matmul (grouped order) through check_examples on
# the GPU, and docs/images redrawn from this session's sweep (matplotlib is there).
set -uo pipefail
source bench/carry.sh
unpack .carry tilec tilerun
export TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1
out=${OUT:-/tmp/out}; mkdir -p "$out/images"
timeout 300 python3 test/gpu/check_examples.py --only matmul_tuned > "$out/examples_tuned.log" 2>&1; grep -E "^FAIL|passed" "$out/examples_tuned.log" | tail -8
timeout 60 python3 bench/plot_results.py --out "$out/images" 2>&1 | tail -3
