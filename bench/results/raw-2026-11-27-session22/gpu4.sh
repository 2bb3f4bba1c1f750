#!/usr/bin/env bash
# Session 22, call 4: pairs on 8 warps (call 3: 16384 x 8 beat 16384 x 16), larger tiles,
# keys 16384 x 8; and the values loaded before the keys' store (midload) against after
# (committed text), both at 16384 x 8.
set -u
source bench/carry.sh
device_setup .carry
SECONDS=0
R=bench/results/raw-2026-11-27-session22
cp examples/radix_sort.tile /tmp/main.tile
for cfg in 8:16384:16384 8:8192:32768 4:8192:16384 8:16384:16384 8:8192:32768 4:8192:16384; do
  IFS=: read w kt pt <<< "$cfg"
  SORT_TILE=$kt SORT_PAIRS_TILE=$pt SORT_WARPS=$w timeout 150 python3 bench/sort_bench.py --out /tmp/s_$cfg --sizes 26,28 --rounds 2 2>&1 | grep "^2^" | sed "s/^/w$w keys $kt pairs $pt: /"
done
for v in midload main midload main; do
  if [ $v = main ]; then cp /tmp/main.tile examples/radix_sort.tile; else cp $R/radix_pairs_$v.tile examples/radix_sort.tile; fi
  SORT_PAIRS_TILE=16384 SORT_WARPS=8 timeout 150 python3 bench/sort_bench.py --out /tmp/s_$v --sizes 26,28 --rounds 2 2>&1 | grep "^2^" | sed "s/^/$v (w8, pairs 16384): /"
done
cp /tmp/main.tile examples/radix_sort.tile
echo "all done at $SECONDS s"
