#!/usr/bin/env bash
# Session 22, call 1: (a) examples/attention.tile's #[requires] on the GPU (check_examples
# and the package), (b) ncu source counters (SASS, per-instruction stall samples) of the
# radix sort's digit pass, keys and pairs, 2^26, to see where its tile work goes.
set -u
source bench/carry.sh
device_setup .carry
python3 test/gpu/check_examples.py --only attention > $OUT/check_attention.txt 2>&1; echo "check_examples rc=$?" >> $OUT/check_attention.txt
python3 test/gpu/python_launch.py --only attention >> $OUT/check_attention.txt 2>&1; echo "python_launch rc=$?" >> $OUT/check_attention.txt
tail -5 $OUT/check_attention.txt
sec=(--section SourceCounters --section WarpStateStats --section SpeedOfLight --section LaunchStats --section Occupancy)
for k in pairs keys; do
  plan=examples/plans/radix_sort.toml; kre=regex:'radix_pass$|radix_pass_'; [ $k = pairs ] && { plan=examples/plans/radix_sort_pairs.toml; kre=regex:radix_pass_pairs; }
  timeout 240 ncu "${sec[@]}" -k "$kre" --launch-skip 1 --launch-count 1 -o /tmp/$k $TILERUN --plan $plan --set 'N=1<<26' > $OUT/ncu_$k.log 2>&1
  ncu -i /tmp/$k.ncu-rep --page source --csv --print-source sass > /tmp/${k}_sass.csv 2> $OUT/ncu_${k}_err.txt || ncu -i /tmp/$k.ncu-rep --page source --csv > /tmp/${k}_sass.csv 2>> $OUT/ncu_${k}_err.txt
  ncu -i /tmp/$k.ncu-rep --page details >> $OUT/ncu_$k.log 2>&1
  xz -9 -c /tmp/${k}_sass.csv > $OUT/${k}_sass.csv.xz
  ls -la /tmp/${k}_sass.csv; head -c 600 /tmp/${k}_sass.csv; echo
  grep -E "Duration|Registers Per|Achieved Occupancy|DRAM Throughput" $OUT/ncu_$k.log | head
done
