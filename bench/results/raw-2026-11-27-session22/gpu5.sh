#!/usr/bin/env bash
# Session 22, call 5: the committed text (67ac21d): sort plans exact at odd sizes,
# compute-sanitizer racecheck / synccheck of the ranking (shared match words), the sort
# bench over 2^16..2^28 with its plot, and ncu source counters of the keys pass.
set -u
source bench/carry.sh
device_setup .carry
SECONDS=0
for plan in radix_sort radix_sort_pairs radix_sort_u64_pairs; do for n in 1 8193 1000003 '1<<24'; do
  $TILERUN --plan examples/plans/$plan.toml --set "N=$n" 2>&1 | grep -i "check\|error" | cut -c1-110 | sed "s/^/$plan $n: /"; done; done
python3 test/gpu/check_examples.py --only counting_sort,byte_rank 2>&1 | tail -1
for tool in racecheck synccheck; do
  timeout 200 compute-sanitizer --tool $tool $TILERUN --plan examples/plans/radix_sort_pairs.toml --set 'N=100003' 2>&1 | grep -E "ERROR SUMMARY|hazard|check" | head -4 | sed "s/^/$tool: /"
done
echo "checks done at $SECONDS s"
timeout 240 python3 bench/sort_bench.py --out $OUT/sort --sizes 16,18,20,22,24,26,28 --rounds 3 2>&1 | grep "^2^"
echo "bench done at $SECONDS s"
sec=(--section SourceCounters --section WarpStateStats --section SpeedOfLight --section LaunchStats --section Occupancy)
timeout 200 ncu "${sec[@]}" -k regex:'radix_pass$|radix_pass_' --launch-skip 1 --launch-count 1 -o /tmp/keys $TILERUN --plan examples/plans/radix_sort.toml --set 'N=1<<26' > $OUT/ncu_keys.log 2>&1
ncu -i /tmp/keys.ncu-rep --page source --csv --print-source sass 2>/dev/null | xz -9 > $OUT/keys_sass.csv.xz
ncu -i /tmp/keys.ncu-rep --page details >> $OUT/ncu_keys.log 2>&1
grep -E "Duration|Registers Per|Achieved Occupancy|DRAM Throughput" $OUT/ncu_keys.log | head
echo "all done at $SECONDS s"
