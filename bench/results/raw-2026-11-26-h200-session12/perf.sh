#!/usr/bin/env bash
# session 12 on the GPU machine: issue 27's figures through the Python package, one process
# each, do_bench medians of interleaved rounds: fp8 and skinny shapes (matmul_special.py),
# then the model-shape sweep beside cuBLAS and the reference Triton matmul (matmul_sweep.py).
set -uo pipefail
out=${OUT:-/tmp/out}; mkdir -p "$out"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py PYTHONUNBUFFERED=1 TILEC_CACHE_DIR=/tmp/tilec-cache
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > "$out/device.txt"; date -u >> "$out/device.txt"
timeout 170 python3 bench/matmul_special.py --out "$out" > "$out/special.log" 2>&1; tail -6 "$out/special.log"
timeout 400 python3 bench/matmul_sweep.py --ref-dir .carry --out "$out" --budget-s 330 > "$out/sweep.log" 2>&1
grep -E "geometric|Not run" "$out/sweep.log"; grep -c "TFLOP/s" "$out/sweep.log"
