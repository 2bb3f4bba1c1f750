#!/usr/bin/env bash
# Autotuning on the GPU machine (NOT run by CI): bench/autotune_matmul.py with a release
# tilerun carried xz-compressed in CARRY_DIR (as bench/device_tc.sh does).
#   bash bench/device_autotune.sh CARRY_DIR [SIZE]
set -uo pipefail
carry=${1:-.carry}
out=${OUT:-/tmp/out}; mkdir -p "$out"
source "$(dirname "$0")/carry.sh"
unpack "$carry" tilerun
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > "$out/device.txt"
TILERUN="$work/tilerun" PYTHONUNBUFFERED=1 python3 bench/autotune_matmul.py --size "${2:-4096}" 2>&1 | tee "$out/autotune.log"
