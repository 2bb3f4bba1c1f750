#!/usr/bin/env bash
# Issue 27 on the GPU machine: launches specialised on divisors below 16 (3000, 4104 as
# multiples of 8: 16-byte cp.async, the K loop pipelined), and fp8 loops with
# `other = 0.0` pipelined.
#   bash bench/device_spec.sh CARRY_DIR checks   # correctness and the headline timings (~6 min)
#   bash bench/device_spec.sh CARRY_DIR sweep    # bench/matmul_sweep.py (~8 min)
# CARRY_DIR holds tilec.xz and tilerun.xz (release builds, as bench/carry.sh unpacks them),
# a wheel of the Python package (`cd python && maturin build --release -o dist`), and
# triton_reference.py (Triton's tutorial 03 matmul; the sweep's Triton column).
set -uo pipefail
carry=${1:-.carry}
mode=${2:-checks}
out=${OUT:-/tmp/out}; mkdir -p "$out"
source "$(dirname "$0")/carry.sh"
unpack "$carry" tilec tilerun
export TILEC="$work/tilec" TILERUN="$work/tilerun" PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > "$out/device.txt"
whl=$(ls "$carry"/tilec-*.whl 2>/dev/null | head -1)
[ -n "$whl" ] && pip install -q --force-reinstall --no-deps "$whl" > "$out/pip.log" 2>&1

if [ "$mode" = sweep ]; then
  timeout 560 python3 bench/matmul_sweep.py --ref-dir "$carry" --out "$out/sweep" > "$out/sweep.log" 2>&1
  tail -8 "$out/sweep.log"
  exit
fi

# The issue's shapes as tilerun runs them: the compile line names the divisors below 16.
mm() {  # M N K
  local m=$1 n=$2 k=$3
  TILEC_CACHE=0 "$TILERUN" examples/matmul.tile --arch sm_90a --grid 'cdiv(M, BM) * cdiv(N, BN)' -v \
    a=randn:f16:${m}x${k} b=randn:f16:${k}x${n} c=empty:f16:${m}x${n} M=$m N=$n K=$k \
    sam=$k sak=1 sbk=$n sbn=1 scm=$n scn=1 --bench --flops $((2 * m * n * k)) 2>&1 \
    | grep -E "compiled|median|error" | sed "s/^/${m}x${n}x${k} /"
}
{ mm 3000 3000 3000; mm 4096 5000 4104; mm 3001 3001 3001; mm 4096 4096 4096; } | tee "$out/issue27.log"
"$TILEC" examples/matmul.tile --arch sm_90a --assume sak=1 --assume sbn=1 --assume scn=1 --explain-layouts \
  | grep -A3 ": loop" > "$out/explain-odd.txt"

# Correctness: matmul at multiples of 8 / 4 / odd (3000^3, 4096x5000x4104, 3001^3 included),
# from the .tile (specialised) and the .ptx (not); fp8 dots, whose masked loops now pipeline.
timeout 240 python3 test/gpu/check_examples.py --only matmul > "$out/check_examples.log" 2>&1
grep -E "FAIL|passed" "$out/check_examples.log" | tail -6
timeout 200 python3 test/gpu/check_dot.py --only e4m3 e5m2 f16 --quick > "$out/check_dot.log" 2>&1
grep -E "FAIL|passed" "$out/check_dot.log" | tail -6
# The Python package: the launcher's tests (divisors below 16, one module per distinct
# code) and every example on torch tensors.
[ -n "$whl" ] && { timeout 240 python3 test/gpu/python_launch.py > "$out/python_launch.log" 2>&1;
                   grep -E "FAIL|passed" "$out/python_launch.log" | tail -6; }
