#!/usr/bin/env bash
# session 12, last GPU call: what the first calls found, re-run after the fixes (64-bit
# Philox offsets, pow(-1, inf), fp8 "ieee" dots, slice-encoded loads), the Python package,
# racecheck of the split-K matmul, and the sweep's f16 shapes beside the reference Triton.
set -uo pipefail
source bench/carry.sh
unpack .carry tilec tilerun
export TILEC_CACHE=0 TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1
out=${OUT:-/tmp/out}; mkdir -p "$out"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
echo "== random vs triton"; timeout 60 python3 test/gpu/check_random_triton.py > "$out/random.log" 2>&1; grep -E "FAIL|passed" "$out/random.log" | tail -5
echo "== port"; TILEC_CACHE=1 TILEC_CACHE_DIR=/tmp/tc timeout 100 python3 test/triton/run.py -j 14 -k bin_op "core/dot[" dot_mulbroadcasted random/ > "$out/triton_final.log" 2>&1; grep -E "^FAIL|passed" "$out/triton_final.log" | tail -8
echo "== examples"; timeout 60 test/gpu/run_gpu_tests.sh --only matmul_fp8 math_pow philox64 philox_split > "$out/examples_final.log" 2>&1; grep -E "^FAIL|passed" "$out/examples_final.log" | tail -6
echo "== racecheck split-K"
for mnk in "16 256 1024" "100 300 256"; do set -- $mnk
  t=$(( ($1 + 63) / 64 * ( ($2 + 127) / 128 ) ))
  timeout 60 compute-sanitizer --tool racecheck --racecheck-report hazard "$TILERUN" examples/matmul_splitk.tile --config 0 \
    --grid $t,4 a=randn:f16:$1x$3 b=randn:f16:$3x$2 c=empty:f16:$1x$2 ws=empty:f32:$((t*4*64*128)) count=zeros:i32:$t \
    M=$1 N=$2 K=$3 sam=$3 sbk=$2 scm=$2 2>&1 | grep -E "RACECHECK SUMMARY|rror" | head -3 | sed "s|^|racecheck $mnk: |"
done
echo "== python"; timeout 190 python3 test/gpu/python_launch.py > "$out/python.log" 2>&1; grep -E "FAIL|passed" "$out/python.log" | tail -6
echo "== sweep f16 with Triton"; timeout 130 python3 bench/matmul_sweep.py --ref-dir .carry --out "$out/sweep16" --dtypes f16 --budget-s 80 --rounds 2 > "$out/sweep16.log" 2>&1; grep -E "geometric" "$out/sweep16.log"
