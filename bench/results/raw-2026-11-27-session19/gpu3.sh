#!/usr/bin/env bash
# session 19, call 3: the per-digit look-back fixed (call 2's text read max(at, 0), the
# reduction, where it meant maximum(at, 0): wrong on the GPU, caught by the plan checks),
# A/B against the session-18 text; ncu of the pairs pass.
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
for plan in radix_sort radix_sort_pairs; do for n in 1 8193 1000003 '1<<24' '1<<26'; do
  $TILERUN --plan examples/plans/$plan.toml --set "N=$n" 2>&1 | grep check | cut -c1-150 | sed "s/^/$plan $n: /"; done; done
cp examples/radix_sort.tile /tmp/after.tile
for v in after before after before; do
  if [ $v = before ]; then cp $R/radix_sort_before.tile examples/radix_sort.tile; else cp /tmp/after.tile examples/radix_sort.tile; fi
  timeout 100 python3 bench/sort_bench.py --out "$out/sort_$v" --sizes 24,26,28 --rounds 2 2>&1 | tail -3 | sed "s/^/$v: /"
done
cp /tmp/after.tile examples/radix_sort.tile
echo "sort done at $SECONDS s"
timeout 150 ncu --kernel-name regex:radix_pass --launch-count 2 --set full -o "$out/radix_pairs" -f \
  $TILERUN --plan examples/plans/radix_sort_pairs.toml --set 'N=1<<26' > "$out/ncu_run.log" 2>&1
tail -2 "$out/ncu_run.log"
ncu --import "$out/radix_pairs.ncu-rep" --page details > "$out/radix_pairs_details.txt" 2>&1
ncu --import "$out/radix_pairs.ncu-rep" --page source --csv --print-source sass > "$out/radix_pairs_sass.csv" 2>&1
echo "all done in $SECONDS s"
