#!/usr/bin/env bash
# Session 24, call 2: the scan's tile x warps with one window slot a thread, and a
# persistent scan; the pairs pass as now committed (TILE 8192, 8 warps, maxnreg 128, values
# loaded after the keys' store) against the previous file; the u64 pairs pass
# (values loaded late now) at TILE 8192 and 4096 against the previous file; the sort
# plans' exactness at odd sizes.
set -u
source bench/carry.sh
device_setup .carry
SECONDS=0
R=bench/results/raw-2026-11-28-session24
python3 $R/scan_persist.py 2>&1 | tee $OUT/scan_persist.txt
{
echo "== now"; python3 bench/sort_bench.py --sizes 24,26,28 --rounds 3 --out $OUT/sort_now
echo "== head (16384)"; SORT_SRC=$R/radix_sort_head.tile SORT_PAIRS_TILE=16384 python3 bench/sort_bench.py --sizes 24,26,28 --rounds 3 --out $OUT/sort_head
} 2>&1 | tee $OUT/sort.txt
sed "s|examples/radix_sort.tile|$R/radix_sort_head.tile|" examples/plans/radix_sort_u64_pairs.toml > /tmp/u64_head.toml
for r in 1 2; do for v in now4096 now8192 head8192; do
  plan=examples/plans/radix_sort_u64_pairs.toml; t=8192
  [ $v = head8192 ] && plan=/tmp/u64_head.toml; [ $v = now4096 ] && t=4096
  $TILERUN --plan $plan --set 'N=1<<24' --set TILE=$t --bench 2>&1 | grep -E "median|error|check|total" | grep -v "radix_histogram" | sed "s/^/r$r $v: /" | cut -c1-150
done; done 2>&1 | tee $OUT/u64_pairs.txt
for p in radix_sort radix_sort_pairs radix_sort_u64 radix_sort_u64_pairs; do for n in 1 8193 1000003; do
  echo "$p N=$n: $($TILERUN --plan examples/plans/$p.toml --set N=$n 2>&1 | tail -1)"
done; done 2>&1 | tee $OUT/plans.txt
echo "all done at $SECONDS s"
