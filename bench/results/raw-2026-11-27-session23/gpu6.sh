#!/usr/bin/env bash
# Session 23, call 6: `#[maxnreg(128)]` on the digit passes (radix_sort_maxnreg128.tile:
# two programs of 256 threads an SM instead of one; ptxas spills 836-968 bytes a thread in
# the pairs pass) against examples/radix_sort.tile as committed (192 / 255 registers),
# bench/sort_bench.py (package, do_bench, torch.sort in the same process), two
# interleaved rounds. Output under $OUT.
set -u
source bench/carry.sh
unpack .carry tilerun
export TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH OUT=${OUT:-/tmp/out}
mkdir -p $OUT; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/device.txt; date -u >> $OUT/device.txt; cat $OUT/device.txt
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
SECONDS=0
R=bench/results/raw-2026-11-27-session23
for r in 1 2; do for v in committed maxnreg128; do
  src=$R/radix_sort_$v.tile; [ $v = committed ] && src=examples/radix_sort.tile
  SORT_SRC=$src timeout 100 python3 bench/sort_bench.py --out /tmp/s_$v --sizes 20,24,26,28 --rounds 2 2>&1 | grep "^2^" | sed "s/^/r$r $v /"
done; done
echo "all done at $SECONDS s"
