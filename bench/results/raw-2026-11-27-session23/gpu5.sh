#!/usr/bin/env bash
# Session 23, call 5: the sort's look-back reading several predecessors a round
# (examples/radix_sort.tile: 4; radix_sort_walk2/8.tile: 2 and 8; radix_sort_walk1.tile:
# one a round, as committed before), each thread walking its own digit (thread-loops).
# The plans exact at odd sizes, then bench/sort_bench.py (package, do_bench, torch.sort
# in the same process) for each file, two interleaved rounds. Output under $OUT.
set -u
source bench/carry.sh
unpack .carry tilerun
export TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH OUT=${OUT:-/tmp/out}
mkdir -p $OUT; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/device.txt; date -u >> $OUT/device.txt; cat $OUT/device.txt
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
SECONDS=0
R=bench/results/raw-2026-11-27-session23
for plan in radix_sort radix_sort_pairs radix_sort_u64 radix_sort_u64_pairs; do for n in 1 8193 1000003; do
  $TILERUN --plan examples/plans/$plan.toml --set "N=$n" 2>&1 | grep -i "check\|error" | cut -c1-60 | sed "s/^/$plan $n: /"; done; done
echo "checks done at $SECONDS s"
for r in 1 2; do for v in walk1 walk4 walk2 walk8; do
  src=$R/radix_sort_$v.tile; [ $v = walk4 ] && src=examples/radix_sort.tile
  SORT_SRC=$src timeout 100 python3 bench/sort_bench.py --out /tmp/s_$v --sizes 24,26,28 --rounds 2 2>&1 | grep "^2^" | sed "s/^/r$r $v /"
done; done
echo "all done at $SECONDS s"
