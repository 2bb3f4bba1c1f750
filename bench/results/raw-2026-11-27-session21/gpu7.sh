#!/usr/bin/env bash
# Session 21, call 7: 128x4096x4096 timed four ways (skinny_timing.py).
set -u
source bench/carry.sh
device_setup .carry
python3 bench/results/raw-2026-11-27-session21/skinny_timing.py 2>&1 | tee $OUT/skinny_timing.txt
