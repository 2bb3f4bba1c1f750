#!/usr/bin/env bash
# session 19, call 4: the attention backward example (checks against torch autograd, then
# beside SDPA's backward and Triton's tutorial 06 backward), the radix sort's pass shapes
# (tile x warps), and stream-K's split programs at 3000^3.
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
timeout 120 python3 bench/attention_bwd.py --check-only --out "$out/attn_check" > "$out/attn_check.log" 2>&1; echo "check rc $?"
tail -15 "$out/attn_check.log"
timeout 200 python3 bench/attention_bwd.py --triton-tutorial .carry/triton_06.py --n 4096 --variants w8s5,w8s3,w8b64s3,w8s5_trans --rounds 2 --rep 100 --out "$out/attn" > "$out/attn.log" 2>&1; echo "bench rc $?"
tail -30 "$out/attn.log"
echo "attention done at $SECONDS s"
for cfg in "8192 8" "8192 16" "4096 8" "16384 16"; do set -- $cfg
  SORT_TILE=$1 SORT_WARPS=$2 timeout 80 python3 bench/sort_bench.py --out "$out/sort_$1_$2" --sizes 26,28 --rounds 2 2>&1 | tail -2 | sed "s/^/TILE $1 w$2: /"
done
echo "sort done at $SECONDS s"
timeout 100 python3 $R/sk_probe.py . 2>&1 | tee "$out/sk_probe.log"
echo "all done in $SECONDS s"
