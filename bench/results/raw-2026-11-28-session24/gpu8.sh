#!/usr/bin/env bash
# Session 24, call 8 (an H100): step 3 of the scan lowering scans many warp totals in warp
# 0 (no thread reads all of them): GPU checks of every look-back scan, big-block cumsum
# and reverse cumsum / cumprod; then the scan sweep (2^24 to 2^30, i32 and f32).
set -u
source bench/carry.sh
device_setup .carry
SECONDS=0
python3 test/gpu/check_examples.py --only block_cumsum suffix_scan cumsum2d scan_i32 scan_f32 scan_i64 scan_u64 \
  scan_max_f32 scan_segmented_i32 scan_linear_f32 2>&1 | grep -E "FAIL|passed" | tail -8 | tee $OUT/check.txt
python3 bench/scan_sweep.py --variants types:32768x8,types:32768x16,types:16384x8 --dtypes i32,f32 --min-log2 24 \
  --max-log2 30 --rounds 3 --out $OUT/sweep 2>&1 | tail -22 | tee $OUT/sweep.txt
echo "all done at $SECONDS s"
