#!/usr/bin/env bash
# Session 24, call 6 (an H100): cache hints on the scan's tile load and store.
set -u
source bench/carry.sh
device_setup .carry
SECONDS=0
python3 bench/results/raw-2026-11-28-session24/scan_hints.py 2>&1 | tee $OUT/scan_hints.txt
echo "all done at $SECONDS s"
