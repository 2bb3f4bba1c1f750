#!/usr/bin/env bash
# Session 22, call 3: with the atomic-OR ranking and the pairs' values loaded after the
# keys' store (committed text): digit-pass tile x warps for keys and pairs (sort_bench,
# 2^26 and 2^28), then ncu source counters of the new pairs pass at 2^26.
set -u
source bench/carry.sh
device_setup .carry
SECONDS=0
# (SORT_WARPS sets both kernels' warps: keys TILE kt, pairs TILE pt, both on w warps.)
for cfg in 8:8192:8192 16:8192:16384 16:16384:32768 8:4096:16384 16:8192:8192 default; do
  if [ $cfg = default ]; then
    timeout 150 python3 bench/sort_bench.py --out /tmp/s_$cfg --sizes 26,28 --rounds 2 2>&1 | grep "^2^" | sed "s/^/default (keys 8192x8, pairs 16384x16): /"
  else
    IFS=: read w kt pt <<< "$cfg"
    SORT_TILE=$kt SORT_PAIRS_TILE=$pt SORT_WARPS=$w timeout 150 python3 bench/sort_bench.py --out /tmp/s_$cfg --sizes 26,28 --rounds 2 2>&1 | grep "^2^" | sed "s/^/w$w keys $kt pairs $pt: /"
  fi
done
echo "sweep done at $SECONDS s"
sec=(--section SourceCounters --section WarpStateStats --section SpeedOfLight --section LaunchStats --section Occupancy)
timeout 200 ncu "${sec[@]}" -k regex:radix_pass_pairs --launch-skip 1 --launch-count 1 -o /tmp/pairs $TILERUN --plan examples/plans/radix_sort_pairs.toml --set 'N=1<<26' > $OUT/ncu_pairs.log 2>&1
ncu -i /tmp/pairs.ncu-rep --page source --csv --print-source sass > /tmp/pairs_sass.csv 2>/dev/null
ncu -i /tmp/pairs.ncu-rep --page details >> $OUT/ncu_pairs.log 2>&1
xz -9 -c /tmp/pairs_sass.csv > $OUT/pairs_sass.csv.xz
grep -E "Duration|Registers Per|Achieved Occupancy|DRAM Throughput" $OUT/ncu_pairs.log | head
echo "all done at $SECONDS s"
