#!/usr/bin/env bash
# session 19, call 2: the radix sort's per-digit look-back (A/B against the session-18 text),
# the split-K kernel's new configurations on the skinny shapes (sweep rows M = 1, 16, 128,
# and bench/matmul_special.py), correctness of both.
set -uo pipefail
source bench/carry.sh
unpack .carry tilec tilerun
export TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH
out=${OUT:-/tmp/out}; mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/device.txt"; date -u >> "$out/device.txt"
cat "$out/device.txt"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
R=bench/results/raw-2026-11-27-session19
SECONDS=0
for plan in radix_sort radix_sort_pairs; do for n in 1 1000003 '1<<26'; do
  $TILERUN --plan examples/plans/$plan.toml --set "N=$n" 2>&1 | grep check | sed "s/^/$plan $n: /"; done; done
timeout 200 python3 test/gpu/check_examples.py --no-selftest --only matmul_splitk > "$out/check.log" 2>&1
grep -E "^(FAIL)|passed" "$out/check.log" | tail -8
cp examples/radix_sort.tile /tmp/after.tile
for v in after before after before; do
  if [ $v = before ]; then cp $R/radix_sort_before.tile examples/radix_sort.tile; else cp /tmp/after.tile examples/radix_sort.tile; fi
  timeout 100 python3 bench/sort_bench.py --out "$out/sort_$v" --sizes 24,26 --rounds 2 2>&1 | tail -4 | sed "s/^/$v: /"
done
cp /tmp/after.tile examples/radix_sort.tile
echo "sort done at $SECONDS s"
timeout 150 python3 bench/matmul_special.py --out "$out/special" --rounds 2 2>&1 | tail -8
echo "special done at $SECONDS s"
timeout 230 python3 bench/matmul_sweep.py --ref-dir .carry --out "$out/sweep" --shapes 1,16,128 --dtypes f16 --rounds 2 2>&1 | tail -22
echo "all done in $SECONDS s"
