#!/usr/bin/env bash
# session 17, call 6: the sweep (f16 and bf16, every column) with TMA stores in
# matmul_tma's epilogue, then docs/images redrawn from it (bench/plot_results.py).
set -uo pipefail
source bench/carry.sh
unpack .carry tilec tilerun
export TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH
out=${OUT:-/tmp/out}; mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/device.txt"; date -u >> "$out/device.txt"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
SECONDS=0
timeout 450 python3 bench/matmul_sweep.py --ref-dir .carry --out "$out/sweep" --budget-s 400 > "$out/sweep.log" 2>&1
grep -E "geometric|slower|Not run" "$out/sweep.log"
mkdir -p bench/results/raw-2026-11-27-session17/call6/sweep
cp "$out/sweep/results.csv" bench/results/raw-2026-11-27-session17/call6/sweep/
python3 bench/plot_results.py --out "$out/images" 2>&1 | tail -3
echo "all done in $SECONDS s"
