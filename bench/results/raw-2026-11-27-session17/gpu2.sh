#!/usr/bin/env bash
# session 17, call 2: matmul_tma with its configurations' num_stages (the loop no longer
# fixes 3) and matmul_streamk on tensor descriptors: GPU checks (3000^3 and 4096x5000x4104
# included), bench/matmul_tma.py, then the f16 sweep with the tilec_tma column.
set -uo pipefail
source bench/carry.sh
unpack .carry tilec tilerun
export TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH
out=${OUT:-/tmp/out}; mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/device.txt"; date -u >> "$out/device.txt"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
SECONDS=0
timeout 150 python3 test/gpu/check_examples.py --only matmul_tma matmul_streamk > "$out/check.log" 2>&1
grep -E "^(FAIL)|passed" "$out/check.log" | tail -30
echo "checks done at $SECONDS s"
timeout 150 python3 bench/matmul_tma.py --out "$out/bench" 2>&1 | tee "$out/bench.log" | tail -8 | cut -c1-400
echo "bench done at $SECONDS s"
timeout 280 python3 bench/matmul_sweep.py --ref-dir .carry --out "$out/sweep" --dtypes f16 --budget-s 230 > "$out/sweep.log" 2>&1
grep -E "geometric|slower|Not run" "$out/sweep.log"
echo "all done in $SECONDS s"
