#!/usr/bin/env bash
# Session 21, call 5: the look-back scan as a persistent loop that loads its next tile
# before looking back for the current one (scan_prefetch.py).
set -u
source bench/carry.sh
device_setup .carry
python3 bench/results/raw-2026-11-27-session21/scan_prefetch.py 2>&1 | tee $OUT/scan_prefetch.txt
