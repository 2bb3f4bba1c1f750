#!/usr/bin/env bash
# session 18, call 3: matmul_tma_strided (odd sizes through row-padded copies) checked on
# the GPU, the radix sort with bin_rank's packed ranks (fewer registers) at TILE 8192 and
# 4096, and the sweep's first four shapes (issue 27's and the odd ones) with `tilec_padded`.
set -uo pipefail
source bench/carry.sh
unpack .carry tilec tilerun
export TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH
out=${OUT:-/tmp/out}; mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/device.txt"; date -u >> "$out/device.txt"
cat "$out/device.txt"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
SECONDS=0
timeout 150 python3 test/gpu/check_examples.py --no-selftest --only matmul_tma_strided matmul_tma counting_sort byte_rank > "$out/check.log" 2>&1
grep -E "^(FAIL)|passed" "$out/check.log" | tail -8
for t in 8192 4096; do SORT_TILE=$t timeout 100 python3 bench/sort_bench.py --out "$out/sort$t" --sizes 24,26,28 --rounds 2 2>&1 | tail -3 | sed "s/^/TILE $t: /"; done
echo "sort done at $SECONDS s"
timeout 240 python3 bench/matmul_sweep.py --ref-dir .carry --out "$out/sweep" --only 4 --dtypes f16 --rounds 2 2>&1 | tail -6
echo "all done in $SECONDS s"
