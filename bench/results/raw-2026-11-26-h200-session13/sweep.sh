#!/usr/bin/env bash
# session 13, issue 27: the sweep after matmul_autotune.tile took Triton's grouped program
# order, with matmul_splitk.tile as a third tilec column for M <= 128, beside cuBLAS and
# the reference Triton kernel (tuned per shape), f16 then bf16, in one process.
set -uo pipefail
out=${OUT:-/tmp/out}; mkdir -p "$out"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py PYTHONUNBUFFERED=1 TILEC_CACHE_DIR=/tmp/tc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > "$out/device.txt"; date -u >> "$out/device.txt"
timeout 570 python3 bench/matmul_sweep.py --ref-dir .carry --out "$out/sweep" --rounds 3 --budget-s 470 > "$out/sweep.log" 2>&1
grep -E "geometric|slower|Not run" "$out/sweep.log"; grep -E "^\| (3000|4096x5000|3001|4095|16384|8192x28672|1000x28672|16x|128x)" "$out/sweep/table.md" | cut -c1-260
