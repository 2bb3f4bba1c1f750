#!/usr/bin/env bash
# session 15, second part. `gpu2.sh ab`: issue 28's "same PTX or better, bench within 1%":
# the tree before allocate-shared and membar (1e1c436, tilerun-base) against this one
# (tilerun), every bench-table kernel and four attention shapes, interleaved rounds
# (bench/ab_builds.py), with each build's cold compiles. `gpu2.sh py`: Triton's ported tests
# through tilec.triton's translator on the GPU (run.py --via-translator), the Triton-syntax
# launches on torch tensors, the Python package, and the launch overhead of tilec.triton's
# cached launch beside tilec's and Triton's.
set -uo pipefail
source bench/carry.sh
out=${OUT:-/tmp/out}; mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > "$out/device2.txt"; date -u >> "$out/device2.txt"
if [ "${1:-ab}" = ab ]; then
  unpack .carry tilec tilerun tilerun-base
  TILEC=$work/tilec OUT="$out/ab" timeout 570 python3 bench/ab_builds.py --builds "$work/tilerun-base" "$work/tilerun" \
    --rounds ${ROUNDS:-5} > "$out/ab.log" 2>&1
  tail -40 "$out/ab.log"
  exit
fi
unpack .carry tilec tilerun
export TILEC_CACHE=0 TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
(timeout 150 python3 test/gpu/triton_syntax.py > "$out/triton_syntax2.log" 2>&1
 timeout 120 python3 test/gpu/python_launch.py > "$out/python2.log" 2>&1
 timeout 120 python3 bench/python_launch_overhead.py --out "$out/launch_overhead.md" > "$out/launch_overhead.log" 2>&1) &
TILEC_CACHE=1 TILEC_CACHE_DIR=/tmp/tcache timeout 500 python3 test/triton/run.py --via-translator -j 14 > "$out/triton_via.log" 2>&1
wait
grep -E "^FAIL" -A3 "$out/triton_via.log" | head -30; tail -3 "$out/triton_via.log"; gzip -f "$out/triton_via.log"
tail -16 "$out/triton_syntax2.log"; grep -E "FAIL|passed" "$out/python2.log" | tail -3; cat "$out/launch_overhead.md" 2>/dev/null || tail "$out/launch_overhead.log"
