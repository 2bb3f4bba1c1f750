#!/usr/bin/env bash
# Session 21, call 14: large squares timed three ways (large_timing.py).
set -u
source bench/carry.sh
device_setup .carry
python3 bench/results/raw-2026-11-27-session21/large_timing.py 2>&1 | grep -v "left out line" | tee $OUT/large_timing.txt
