#!/usr/bin/env bash
# session 12 on the GPU machine: every correctness suite with this session's compiler
# (`checks.sh a`: the port and the examples; `checks.sh b`: the port, the rest of the
# examples, Philox and the dot cases; `checks.sh c`: the Python package and racecheck).
# The examples (new: fp8 and split-K matmuls, batched matmul, f64 math, pointers, packed
# inline asm), Triton's ported language tests, the dot cases, Philox against Triton 3.6,
# the Python package, then racecheck on the split-K matmul (programs that hand partials
# to the last one through an acq_rel ticket).
set -uo pipefail
source bench/carry.sh
unpack .carry tilec tilerun
export TILEC_CACHE=0 TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1
out=${OUT:-/tmp/out}; mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > "$out/device.txt"; date -u >> "$out/device.txt"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
if [ "${1:-a}" = a ]; then
echo "== triton port"; TILEC_CACHE=1 TILEC_CACHE_DIR=/tmp/tcache timeout 240 python3 test/triton/run.py -j 14 > "$out/triton.log" 2>&1; grep -E "^FAIL|passed|total" "$out/triton.log" | tail -25
echo "== examples"; timeout 330 test/gpu/run_gpu_tests.sh > "$out/examples.log" 2>&1; grep -E "^FAIL|passed" "$out/examples.log" | tail -15
exit
fi
if [ "${1:-a}" = b ]; then
echo "== triton port"; TILEC_CACHE=1 TILEC_CACHE_DIR=/tmp/tcache timeout 240 python3 test/triton/run.py -j 14 > "$out/triton.log" 2>&1; grep -E "^FAIL|passed|total" "$out/triton.log" | tail -25
echo "== examples (the rest of call a, and the cases fixed since)"
timeout 130 test/gpu/run_gpu_tests.sh --only ${ONLY:-} > "$out/examples_b.log" 2>&1; grep -E "^FAIL|passed" "$out/examples_b.log" | tail -15
echo "== random vs triton"; timeout 60 python3 test/gpu/check_random_triton.py > "$out/random.log" 2>&1; grep -E "FAIL|passed" "$out/random.log" | tail -6
echo "== dot"; timeout 150 python3 test/gpu/check_dot.py > "$out/dot.log" 2>&1; grep -E "FAIL|passed" "$out/dot.log" | tail -5
exit
fi
echo "== python"; timeout 240 python3 test/gpu/python_launch.py > "$out/python.log" 2>&1; grep -E "FAIL|passed" "$out/python.log" | tail -6
echo "== racecheck split-K"
for mnk in "16 256 1024" "100 300 256"; do set -- $mnk
  t=$(( ($1 + 63) / 64 * ( ($2 + 127) / 128 ) ))
  timeout 90 compute-sanitizer --tool racecheck --racecheck-report hazard "$TILERUN" examples/matmul_splitk.tile --config 0 \
    --grid $t,4 a=randn:f16:$1x$3 b=randn:f16:$3x$2 c=empty:f16:$1x$2 ws=empty:f32:$((t*4*64*128)) count=zeros:i32:$t \
    M=$1 N=$2 K=$3 sam=$3 sbk=$2 scm=$2 2>&1 | grep -E "RACECHECK SUMMARY|rror" | head -3 | sed "s|^|racecheck $mnk: |"
done
