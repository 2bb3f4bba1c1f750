#!/usr/bin/env bash
# Session 21, call 15: the look-back scan's tile, warps and window (scan_shapes.py).
set -u
source bench/carry.sh
device_setup .carry
python3 bench/results/raw-2026-11-27-session21/scan_shapes.py 2>&1 | grep -E "^==|GB/s \(|check|error" | tee $OUT/scan_shapes.txt
