#!/usr/bin/env bash
# Session 23, call 8 (one command line): the look-back scans' tile x warps with the
# thread-loops build, bench/scan_sweep.py 2^24..2^30, i32 and f32, 3 rounds.
source bench/carry.sh; device_setup .carry tilerun
timeout 200 python3 bench/scan_sweep.py --out $OUT/scan --dtypes i32,f32 \
  --variants types:16384x8,types:32768x8,types:16384x4 --min-log2 24 --max-log2 30 --rounds 3 > $OUT/scan_sweep.txt 2>&1
