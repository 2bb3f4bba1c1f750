#!/usr/bin/env bash
# Session 22, call 2: bin_rank ranked by a shared OR a round (CUB's WARP_MATCH_ATOMIC_OR)
# instead of 9 ballots: (a) correctness: the rank examples (check_examples) and the sort
# plans at 1, 8193, 1000003, 2^24, 2^26 (keys, pairs, u64); (b) A/B against the previous
# build (py_old) with bench/sort_bench.py, alternating processes; (c) the pairs pass's
# values scattered after the keys' store (loaded early / late) with the new build.
set -u
source bench/carry.sh
# (tilec left out of the carried folder to fit two Python packages: tilerun compiles.)
unpack .carry tilerun
export TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH OUT=${OUT:-/tmp/out}
mkdir -p $OUT; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/device.txt; date -u >> $OUT/device.txt; cat $OUT/device.txt
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
R=bench/results/raw-2026-11-27-session22
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py_old.tar.xz')).extractall('/tmp/pyold')"
SECONDS=0
python3 test/gpu/check_examples.py --only counting_sort,byte_rank 2>&1 | tail -3
for plan in radix_sort radix_sort_pairs radix_sort_u64 radix_sort_u64_pairs; do for n in 1 8193 1000003 '1<<24' '1<<26'; do
  $TILERUN --plan examples/plans/$plan.toml --set "N=$n" 2>&1 | grep -i "check\|error\|mismatch" | cut -c1-150 | sed "s/^/$plan $n: /"; done; done
echo "checks done at $SECONDS s"
cp examples/radix_sort.tile /tmp/main.tile
for v in new old new old; do
  pp=/tmp/pyk/py; [ $v = old ] && pp=/tmp/pyold/py
  PYTHONPATH=$pp timeout 150 python3 bench/sort_bench.py --out "$OUT/sort_$v" --sizes 24,26,28 --rounds 2 2>&1 | grep "^2^" | sed "s/^/$v: /"
done
echo "A/B done at $SECONDS s"
for v in lateload latescatter main lateload latescatter main; do
  if [ $v = main ]; then cp /tmp/main.tile examples/radix_sort.tile; else cp $R/radix_pairs_$v.tile examples/radix_sort.tile; fi
  timeout 150 python3 bench/sort_bench.py --out "$OUT/sort_$v" --sizes 26,28 --rounds 2 2>&1 | grep "^2^" | sed "s/^/$v: /"
done
cp /tmp/main.tile examples/radix_sort.tile
echo "all done at $SECONDS s"
