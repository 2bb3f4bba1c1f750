#!/usr/bin/env bash
# session 13, issue 27: examples/matmul_streamk.tile (data-parallel waves, the partial last
# wave split over K) checked on the GPU, then the whole sweep again with it as a column.
set -uo pipefail
source bench/carry.sh
unpack .carry tilec tilerun
export TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1 TILEC_CACHE_DIR=/tmp/tc
out=${OUT:-/tmp/out}; mkdir -p "$out"
timeout 120 python3 test/gpu/check_examples.py --only matmul_streamk > "$out/examples_streamk.log" 2>&1; grep -E "^FAIL|streamk\[|passed" "$out/examples_streamk.log" | cut -c1-120 | tail -20
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
timeout 420 python3 bench/matmul_sweep.py --ref-dir .carry --out "$out/sweep" --rounds 3 --budget-s 330 > "$out/sweep.log" 2>&1
grep -E "geometric|slower|Not run" "$out/sweep.log"; grep -E "streamk|dp=" "$out/sweep.log" | cut -c1-200 | head -20
