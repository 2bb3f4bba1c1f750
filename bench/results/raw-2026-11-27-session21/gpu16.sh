#!/usr/bin/env bash
# Session 21, call 16: the look-back scan's TILE 16384 against 32768 over sizes (scan_tile_sizes.py).
set -u
source bench/carry.sh
device_setup .carry
python3 bench/results/raw-2026-11-27-session21/scan_tile_sizes.py 2>&1 | grep -E "^==|GB/s \(|check|error" | tee $OUT/scan_tile_sizes.txt
