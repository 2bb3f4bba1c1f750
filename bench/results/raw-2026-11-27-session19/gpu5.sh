#!/usr/bin/env bash
# session 19, call 5: row alignment and the TMA kernel's rate; Triton's tutorial 06 backward
# (its pointer forward: its TMA forward indexes rows wrongly for Z > 1) beside tilec's.
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
timeout 120 python3 $R/mm_align.py . 2>&1 | tee "$out/align.log"
echo "align done at $SECONDS s"
timeout 200 python3 bench/attention_bwd.py --triton-tutorial .carry/triton_06.py --n 4096 --causal yes --variants w8s5,w8b64s3 --rounds 2 --rep 100 --out "$out/attn" > "$out/attn.log" 2>&1; echo "bench rc $?"
grep -v "bytes for" "$out/attn.log" | tail -32
echo "all done in $SECONDS s"
