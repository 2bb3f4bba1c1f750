#!/usr/bin/env bash
# Session 24, call 4: examples/scan_lookback_types.tile with the tile's own scan before the
# look-back (every kernel) and the store's mask written apart from the load's: exactness of
# all seven kernels and the scan plans, then the sweep over sizes at TILE 16384 and 32768.
set -u
source bench/carry.sh
device_setup .carry
SECONDS=0
R=bench/results/raw-2026-11-28-session24
python3 test/gpu/check_examples.py --only scan_i32 scan_f32 scan_i64 scan_u64 scan_max_f32 scan_segmented_i32 \
  scan_linear_f32 2>&1 | tail -4 | tee $OUT/check_scans.txt
for p in scan_lookback_i32 scan_lookback_f32 scan_lookback_i64 scan_lookback_u64; do for n in 1 16385 1000003 "1<<24"; do
  echo "$p N=$n: $($TILERUN --plan examples/plans/$p.toml --set "N=$n" 2>&1 | grep -E 'check|error' | tail -1 | cut -c1-110)"
done; done 2>&1 | tee $OUT/plans.txt
python3 bench/scan_sweep.py --variants types:16384x8,types:32768x8,types:32768x16 --dtypes i32,f32 --min-log2 20 \
  --max-log2 30 --rounds 3 --out $OUT/sweep 2>&1 | tail -40 | tee $OUT/sweep.txt
echo "all done at $SECONDS s"
