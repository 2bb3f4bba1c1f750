#!/usr/bin/env bash
# The one GPU run behind a results entry: every example checked on several sizes
# (test/gpu/run_gpu_tests.sh), every run plan at two sizes, the Philox builtins against Triton's
# (test/gpu/check_random_triton.py), then every benchmark beside Triton and PyTorch in the same
# run (bench/run_bench.sh). On the GPU machine: bash bench/device_all.sh CARRY_DIR, where
# CARRY_DIR holds tilec.xz and tilerun.xz (release builds) and triton_reference.py.
set -uo pipefail
carry=${1:-.carry}
out=${OUT:-/tmp/out}; mkdir -p "$out/bench"
source "$(dirname "$0")/carry.sh"
unpack "$carry" tilec tilerun
export TILEC="$work/tilec" TILERUN="$work/tilerun" PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > "$out/device.txt"
date -u >> "$out/device.txt"
timeout 270 test/gpu/run_gpu_tests.sh > "$out/gpu_tests.log" 2>&1
grep -E "FAIL|passed" "$out/gpu_tests.log" | tail -15
PLAN_SIZES="1<<24" timeout 200 test/gpu/run_gpu_tests.sh --plans > "$out/plans.log" 2>&1
grep -E "FAIL|passed" "$out/plans.log" | tail -10
timeout 120 python3 test/gpu/check_random_triton.py > "$out/random.log" 2>&1
grep -E "FAIL|passed" "$out/random.log" | tail -8
OUT="$out/bench" timeout 280 bench/run_bench.sh "$carry/triton_reference.py" > "$out/bench.log" 2>&1
(cd bench && OUT="$out/bench" timeout 120 python3 rand_reference.py >> "$out/bench.log" 2>&1) &&
  python3 bench/compare.py table "$out/bench" > /dev/null
cat "$out/bench/table.md" 2>/dev/null || tail -30 "$out/bench.log"
