#!/usr/bin/env bash
# Session 23, call 2: the thread-loops pass (a polling `while` whose body leaves a closed
# element unchanged runs as one loop a thread: no reduction or barrier a poll), with the
# look-back scans' poll loop rewritten to keep published slots. GPU checks (every scan
# kernel, the sort plans), A/B against the build before it (tilerun_old: the barrier
# vote of call 1) by `tilerun --plan --bench`, then the sort and scan benches (package,
# do_bench, torch in the same process). Output under $OUT.
set -u
source bench/carry.sh
unpack .carry tilerun tilerun_old
export TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH OUT=${OUT:-/tmp/out}
OLD=$work/tilerun_old
mkdir -p $OUT; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/device.txt; date -u >> $OUT/device.txt; cat $OUT/device.txt
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
SECONDS=0
python3 test/gpu/check_examples.py --no-selftest --only scan_i32 scan_f32 scan_i64 scan_u64 scan_max_f32 scan_linear_f32 scan_segmented_i32 > $OUT/checks.txt 2>&1
grep -E "FAIL|passed" $OUT/checks.txt | tail -20
for plan in radix_sort radix_sort_pairs radix_sort_u64 radix_sort_u64_pairs; do for n in 1 8193 1000003 '1<<24'; do
  $TILERUN --plan examples/plans/$plan.toml --set "N=$n" 2>&1 | grep -i "check\|error" | cut -c1-60 | sed "s/^/$plan $n: /"; done; done
echo "checks done at $SECONDS s"
for b in new old; do
  t=$TILERUN; [ $b = old ] && t=$OLD
  for p in radix_sort_pairs:'1<<26' radix_sort:'1<<26' scan_lookback_i32:'1<<28'; do
    plan=${p%%:*}; n=${p#*:}
    $t --plan examples/plans/$plan.toml --set "N=$n" --bench 2>&1 | grep -E "median|error" | grep -v "radix_histogram" | sed "s/^/$b $plan: /" | cut -c1-140
  done
done
echo "A/B done at $SECONDS s"
timeout 120 python3 bench/sort_bench.py --out /tmp/sort --sizes 24,26,28 --rounds 2 2>&1 | grep "^2^"
timeout 120 python3 bench/scan_sweep.py --out $OUT/scan --dtypes i32,f32 --variants types:16384x8 --min-log2 24 --max-log2 28 --rounds 3 > $OUT/scan_sweep.txt 2>&1
cat $OUT/scan/table.md 2>/dev/null || tail -20 $OUT/scan_sweep.txt
echo "all done at $SECONDS s"
