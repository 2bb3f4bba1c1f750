#!/usr/bin/env bash
# session 17, call 8: issue 27's fp8 and skinny marks (bench/matmul_special.py) with the
# split-K example now on tensor descriptors (TMA), beside torch._scaled_mm and cuBLAS.
set -uo pipefail
out=${OUT:-/tmp/out}; mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/device.txt"; date -u >> "$out/device.txt"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py PYTHONUNBUFFERED=1
SECONDS=0
timeout 400 python3 bench/matmul_special.py --out "$out/special" 2>&1 | tee "$out/special.log" | cut -c1-600
echo "all done in $SECONDS s"
