#!/usr/bin/env bash
# session 17, call 3: matmul_splitk and matmul_streamk on tensor descriptors (TMA on sm_90):
# their GPU checks with matmul_tma's, then the full sweep (f16 and bf16) with every column.
set -uo pipefail
source bench/carry.sh
unpack .carry tilec tilerun
export TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH
out=${OUT:-/tmp/out}; mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/device.txt"; date -u >> "$out/device.txt"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
SECONDS=0
timeout 170 python3 test/gpu/check_examples.py --only matmul_tma matmul_streamk matmul_splitk > "$out/check.log" 2>&1
grep -E "^(FAIL)|passed" "$out/check.log" | tail -30
echo "checks done at $SECONDS s"
timeout 400 python3 bench/matmul_sweep.py --ref-dir .carry --out "$out/sweep" --budget-s 350 > "$out/sweep.log" 2>&1
grep -E "geometric|slower|Not run" "$out/sweep.log"
echo "all done in $SECONDS s"
