#!/usr/bin/env bash
# session 18, call 5: strong loads of tiles held in copies now take the owners' values
# (the copies reproducer: W 32 on 4 warps must show no mismatch), the radix sort's key
# types and order through docs/python.md's helper, the examples touched, the radix plans.
set -uo pipefail
source bench/carry.sh
unpack .carry tilec tilerun
export TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH
out=${OUT:-/tmp/out}; mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/device.txt"; date -u >> "$out/device.txt"
cat "$out/device.txt"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
R=bench/results/raw-2026-11-27-session18
SECONDS=0
for w in 32 128; do
  timeout 60 $work/tilerun $R/copies.tile -D W=$w --grid 8 words=zeros:i32:$w mismatch=zeros:i32:896 --save mismatch=/tmp/m$w.npy > /dev/null 2>&1
  python3 -c "import numpy as np; m=np.load('/tmp/m$w.npy'); print('copies W=$w: mismatching reads', int(m.sum()), 'over', int((m>0).sum()), 'threads')"
done
timeout 120 python3 $R/sort_keys.py 2>&1 | tail -3
timeout 200 python3 test/gpu/check_examples.py --no-selftest --only counting_sort byte_rank matmul_tma_strided scan_i32 scan_max_f32 scan_segmented_i32 scan_i64 > "$out/check.log" 2>&1
grep -E "^(FAIL)|passed" "$out/check.log" | tail -8
for p in radix_sort radix_sort_pairs scan_lookback_i32 scan_lookback_u64; do
  timeout 60 $work/tilerun --plan examples/plans/$p.toml --set "N=1000003" > "$out/plan.log" 2>&1; echo "plan $p rc=$? $(grep -E '^check' "$out/plan.log" | cut -c1-30 | tr '\n' ' ')"
done
echo "all done in $SECONDS s"
