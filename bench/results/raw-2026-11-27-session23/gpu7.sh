#!/usr/bin/env bash
# Session 23, call 7: radix_pass_pairs_u64 on 8 warps (radix_sort_u64pairs_8warps.tile:
# its look-back then runs one loop a thread; 240 registers) against 16 as committed (128
# registers; 512 threads hold each digit twice, so the look-back polls in lockstep with a
# vote). `tilerun --plan radix_sort_u64_pairs --bench` at 2^24 (the plan's file pointed
# at the variant), exact against the host's sort, two interleaved rounds.
set -u
source bench/carry.sh
device_setup .carry tilerun
SECONDS=0
R=bench/results/raw-2026-11-27-session23
sed "s|examples/radix_sort.tile|$R/radix_sort_u64pairs_8warps.tile|" examples/plans/radix_sort_u64_pairs.toml > /tmp/u64_8warps.toml
for r in 1 2; do for v in committed 8warps; do
  plan=examples/plans/radix_sort_u64_pairs.toml; [ $v = 8warps ] && plan=/tmp/u64_8warps.toml
  $TILERUN --plan $plan --set 'N=1<<24' --bench 2>&1 | grep -E "median|error|check" | grep -v "radix_histogram" | sed "s/^/r$r $v: /" | cut -c1-150
done; done
echo "all done at $SECONDS s"
