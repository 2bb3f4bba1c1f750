#!/usr/bin/env bash
# Session 21, call 10: the pairs pass with key and value packed for the tile's scatter
# (sort_packed.py), A/B against the pass as it is.
set -u
source bench/carry.sh
device_setup .carry
python3 bench/results/raw-2026-11-27-session21/sort_packed.py 2>&1 | grep -E "^==|GB/s \(|check" | tee $OUT/sort_packed.txt
