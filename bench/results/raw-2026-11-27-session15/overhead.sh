#!/usr/bin/env bash
# session 15: tilec.triton's launch overhead after a grid function goes straight to tilec's
# kernel (bench/python_launch_overhead.py), with the Triton-syntax launches re-checked.
set -uo pipefail
source bench/carry.sh
unpack .carry tilec tilerun
export TILEC_CACHE=0 TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH
out=${OUT:-/tmp/out}; mkdir -p "$out"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
timeout 150 python3 test/gpu/triton_syntax.py > "$out/triton_syntax3.log" 2>&1; tail -2 "$out/triton_syntax3.log"
timeout 120 python3 bench/python_launch_overhead.py --out "$out/launch_overhead2.md" > "$out/launch_overhead2.log" 2>&1
cat "$out/launch_overhead2.md" 2>/dev/null || tail "$out/launch_overhead2.log"
