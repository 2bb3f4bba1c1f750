#!/usr/bin/env bash
# Session 22, call 6: bin_rank's rounds ranked in two parts a warp side by side (ILP 2 in
# the chain of shared-memory round trips) against the previous build (py_old), sort
# bench alternating processes; plans exact at odd sizes; racecheck.
set -u
source bench/carry.sh
unpack .carry tilerun
export TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH OUT=${OUT:-/tmp/out}
mkdir -p $OUT; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/device.txt; date -u >> $OUT/device.txt; cat $OUT/device.txt
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py_old.tar.xz')).extractall('/tmp/pyold')"
SECONDS=0
for plan in radix_sort radix_sort_pairs radix_sort_u64 radix_sort_u64_pairs; do for n in 1 8193 1000003; do
  $TILERUN --plan examples/plans/$plan.toml --set "N=$n" 2>&1 | grep -i "check\|error" | cut -c1-100 | sed "s/^/$plan $n: /"; done; done
PYTHONPATH=/tmp/pyk/py python3 test/gpu/check_examples.py --only counting_sort,byte_rank 2>&1 | tail -1
timeout 200 compute-sanitizer --tool racecheck $TILERUN --plan examples/plans/radix_sort_pairs.toml --set 'N=100003' 2>&1 | grep -E "SUMMARY|check" | head -3
echo "checks done at $SECONDS s"
for v in new old new old; do
  pp=/tmp/pyk/py; [ $v = old ] && pp=/tmp/pyold/py
  PYTHONPATH=$pp timeout 150 python3 bench/sort_bench.py --out /tmp/sort_$v --sizes 24,26,28 --rounds 2 2>&1 | grep "^2^" | sed "s/^/$v: /"
done
echo "all done at $SECONDS s"
