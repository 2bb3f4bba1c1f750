#!/usr/bin/env bash
# Session 24, call 5 (an H100): issue 30's marks with this session's defaults: the scan
# sweep (2^24 to 2^30, i32 and f32) and sort_bench (2^26, 2^28).
set -u
source bench/carry.sh
device_setup .carry
SECONDS=0
python3 bench/scan_sweep.py --variants types:32768x8,types:32768x16,types:16384x8 --dtypes i32,f32 --min-log2 24 \
  --max-log2 30 --rounds 3 --out $OUT/sweep 2>&1 | tail -24 | tee $OUT/sweep.txt
python3 bench/sort_bench.py --sizes 26,28 --rounds 3 --out $OUT/sort 2>&1 | tee $OUT/sort.txt
echo "all done at $SECONDS s"
