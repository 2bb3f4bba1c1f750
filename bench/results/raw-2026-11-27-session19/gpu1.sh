#!/usr/bin/env bash
# session 19, call 1: issue 27 probes (3000^3 stream-K plans, skinny split-K configurations)
# and an ncu profile of one radix sort digit pass (issue 30) at 2^26 keys.
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
timeout 150 ncu --kernel-name radix_pass --launch-count 1 --set full -o "$out/radix_pass" -f \
  $TILERUN --plan examples/plans/radix_sort.toml --set 'N=1<<26' > "$out/ncu_run.log" 2>&1
tail -3 "$out/ncu_run.log"
ncu --import "$out/radix_pass.ncu-rep" --page details > "$out/radix_pass_details.txt" 2>&1
ncu --import "$out/radix_pass.ncu-rep" --page source --csv --print-source sass > "$out/radix_pass_sass.csv" 2>&1
echo "ncu done at $SECONDS s"
timeout 200 python3 $R/mm_probe.py . streamk 2>&1 | tee "$out/streamk.log" | tail -40
echo "streamk done at $SECONDS s"
timeout 220 python3 $R/mm_probe.py . skinny 2>&1 | tee "$out/skinny.log" | tail -70
echo "all done in $SECONDS s"
