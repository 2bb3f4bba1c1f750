#!/usr/bin/env bash
# session 19, call 7: after the fix of the post-loop wgmma wait (waited for only where the
# loop ran: ptxas no longer serialises matmul_tma_strided's wgmmas, C7515): checks of the
# dot examples, the A/B of matmul_tma against matmul_tma_strided again, and the sweep's
# first four shapes (the padded odd sizes run matmul_tma_strided).
set -uo pipefail
source bench/carry.sh
unpack .carry tilec tilerun
export TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH
out=${OUT:-/tmp/out}; mkdir -p "$out"; export OUT=$out
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/device.txt"; date -u >> "$out/device.txt"
cat "$out/device.txt"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
R=bench/results/raw-2026-11-27-session19
SECONDS=0
timeout 100 python3 $R/mm_ab.py . 2>&1 | tee "$out/mm_ab.log"
echo "ab done at $SECONDS s"
timeout 110 python3 test/gpu/check_examples.py --no-selftest --only matmul_tma_strided matmul_tma matmul_streamk attention attention_bwd > "$out/check.log" 2>&1
grep -E "^(FAIL)|passed" "$out/check.log" | tail -8
echo "check done at $SECONDS s"
timeout 100 python3 bench/matmul_sweep.py --ref-dir .carry --out "$out/sweep" --only 4 --dtypes f16 --rounds 1 2>&1 | tail -8
echo "all done in $SECONDS s"
