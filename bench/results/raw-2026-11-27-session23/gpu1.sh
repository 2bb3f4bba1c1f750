#!/usr/bin/env bash
# Session 23, call 1: examples/bin_rank.tile's cases (not run in session 22: the --only list
# was comma-joined), then session 22's call 7 (flags_vote.patch applied: a max / min of
# flags widened to integers lowered to one barrier vote): its GPU checks, the A/B against
# the build without it (tilerun_old) and the sort bench. Output under $OUT.
set -u
source bench/carry.sh
unpack .carry tilerun tilerun_old
export TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH OUT=${OUT:-/tmp/out}
OLD=$work/tilerun_old
mkdir -p $OUT; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/device.txt; date -u >> $OUT/device.txt; cat $OUT/device.txt
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
SECONDS=0
python3 test/gpu/check_examples.py --no-selftest --only counting_sort byte_rank any_all scan_i32 scan_f32 scan_i64 scan_u64 scan_max_f32 scan_linear_f32 > $OUT/checks.txt 2>&1
grep -E "FAIL|passed" $OUT/checks.txt | tail -20
for plan in radix_sort radix_sort_pairs radix_sort_u64_pairs; do for n in 1 8193 1000003; do
  $TILERUN --plan examples/plans/$plan.toml --set "N=$n" 2>&1 | grep -i "check\|error" | cut -c1-60 | sed "s/^/$plan $n: /"; done; done
echo "checks done at $SECONDS s"
for r in 1 2; do for b in new old; do
  t=$TILERUN; [ $b = old ] && t=$OLD
  for p in radix_sort_pairs:'1<<26' scan_lookback_i32:'1<<28' scan_lookback_f32:'1<<28'; do
    plan=${p%%:*}; n=${p#*:}
    $t --plan examples/plans/$plan.toml --set "N=$n" --bench 2>&1 | grep -E "median|error" | grep -v "radix_histogram" | sed "s/^/r$r $b $plan: /" | cut -c1-140
  done
done; done
echo "A/B done at $SECONDS s"
timeout 150 python3 bench/sort_bench.py --out /tmp/sort --sizes 24,26,28 --rounds 2 2>&1 | grep "^2^"
echo "all done at $SECONDS s"
