#!/usr/bin/env bash
# Session 23, call 4 (run as one command line): radix_pass_pairs's tile, 8192 against the
# default 16384 (both 8 warps), with the thread-loops build: bench/sort_bench.py, twice 8192.
source bench/carry.sh; unpack .carry tilerun
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py; mkdir -p $OUT
for pt in 8192 16384 8192; do echo "PAIRS_TILE=$pt"
  SORT_PAIRS_TILE=$pt timeout 100 python3 bench/sort_bench.py --out /tmp/s$pt --sizes 24,26,28 --rounds 2 2>&1 | grep "^2^"
done > $OUT/pairs_tiles.txt 2>&1; cat $OUT/pairs_tiles.txt
