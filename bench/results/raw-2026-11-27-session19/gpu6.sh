#!/usr/bin/env bash
# session 19, call 6: the committed-to-be sort (pairs on 16 warps, tiles of 16384) checked
# and timed, the docs' sort helper across key types; matmul_tma against matmul_tma_strided
# (A/B, PTX kept); Triton's tutorial 06 backward beside tilec's (heads folded, Z = 1).
set -uo pipefail
source bench/carry.sh
unpack .carry tilec tilerun
export TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH
out=${OUT:-/tmp/out}; mkdir -p "$out"; export OUT=$out
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/device.txt"; date -u >> "$out/device.txt"
cat "$out/device.txt"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
R=bench/results/raw-2026-11-27-session19
SECONDS=0
for plan in radix_sort radix_sort_pairs; do for n in 1 16385 1000003 '1<<26'; do
  $TILERUN --plan examples/plans/$plan.toml --set "N=$n" 2>&1 | grep check | cut -c1-110 | sed "s/^/$plan $n: /"; done; done
timeout 60 compute-sanitizer --tool racecheck $TILERUN --plan examples/plans/radix_sort_pairs.toml --set 'N=100003' 2>&1 | tail -2
timeout 100 python3 $R/sort_keys.py 2>&1 | tail -3
timeout 100 python3 bench/sort_bench.py --out "$out/sort" --sizes 24,26,28 --rounds 3 2>&1 | tail -3
echo "sort done at $SECONDS s"
timeout 120 python3 $R/mm_ab.py . 2>&1 | tee "$out/mm_ab.log"
which cuobjdump nvdisasm
echo "ab done at $SECONDS s"
timeout 200 python3 bench/attention_bwd.py --triton-tutorial .carry/triton_06.py --n 4096 --variants w8s5,w8s3,w8b64s3 --rounds 2 --rep 100 --out "$out/attn" > "$out/attn.log" 2>&1; echo "bench rc $?"
grep -v "bytes for" "$out/attn.log" | grep -v "^  [0-9]" | tail -12
echo "all done in $SECONDS s"
