#!/usr/bin/env bash
# session 13 on the GPU machine: the final tree of issue 26 (`gpu.sh a`: Triton's ported
# language tests, all of them, the fp8 dots as Triton's test_dot writes them; `gpu.sh docs`:
# the docs' GPU snippets, the six tutorial drivers and docs/rust.md's example; `gpu.sh b`:
# every example (check_examples.py), Philox against Triton 3.6, the Python package).
set -uo pipefail
source bench/carry.sh
unpack .carry tilec tilerun
export TILEC_CACHE=0 TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH
out=${OUT:-/tmp/out}; mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > "$out/device.txt"; date -u >> "$out/device.txt"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
if [ "${1:-a}" = a ]; then
echo "== triton port"; TILEC_CACHE=1 TILEC_CACHE_DIR=/tmp/tcache timeout 540 python3 test/triton/run.py -j 16 > "$out/triton.log" 2>&1
grep -E -A4 "^FAIL" "$out/triton.log" | cut -c1-400 | head -60; grep -E "passed|total" "$out/triton.log" | tail -3; gzip -f "$out/triton.log"
exit
fi
if [ "${1:-a}" = docs ]; then
echo "== docs gpu snippets"; timeout 120 python3 test/docs/run_docs.py --gpu > "$out/docs_gpu.log" 2>&1; grep -E "^FAIL|^SKIP|snippets" "$out/docs_gpu.log"
echo "== tutorials"
for t in docs/tutorials/0*.py; do
  timeout 60 python3 "$t" > "$out/$(basename "$t" .py).log" 2>&1; echo "$(basename "$t"): exit $?"; tail -4 "$out/$(basename "$t" .py).log"
done
echo "== docs/rust.md's example (built here with cargo --release, carried)"; unpack .carry rust_add; timeout 60 "$work/rust_add" 2>&1 | tail -3
exit
fi
echo "== examples"; timeout 400 test/gpu/run_gpu_tests.sh > "$out/examples.log" 2>&1; grep -E "^FAIL|passed" "$out/examples.log" | tail -15
echo "== random vs triton"; timeout 60 python3 test/gpu/check_random_triton.py > "$out/random.log" 2>&1; grep -E "FAIL|passed" "$out/random.log" | tail -4
echo "== python"; timeout 120 python3 test/gpu/python_launch.py > "$out/python.log" 2>&1; grep -E "FAIL|passed" "$out/python.log" | tail -6
