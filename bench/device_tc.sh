#!/usr/bin/env bash
# Tensor cores on the GPU machine, in one run: the dot correctness tests
# (test/gpu/check_dot.py), every example's GPU tests (unless quick), then matmul timed
# with `tilerun --bench` on each path (wgmma on sm_90a, mma.sync with --arch sm_80; the
# language doc's kernel, the grouped one in f16 and bf16, the persistent one), beside
# Triton and cuBLAS (bench/matmul_reference.py) in the same run.
#   bash bench/device_tc.sh CARRY_DIR [checks|bench|quick]
# checks: the dot tests and the examples' GPU tests; bench: the timings, Triton's and
# cuBLAS's, and the interpreter beside Triton's; quick: a few dot tests and our timings.
set -uo pipefail
carry=${1:-.carry}
mode=${2:-quick}
out=${OUT:-/tmp/out}; mkdir -p "$out"
source "$(dirname "$0")/carry.sh"
unpack "$carry" tilec tilerun
export TILEC="$work/tilec" TILERUN="$work/tilerun" PYTHONUNBUFFERED=1 TILEC_CACHE=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > "$out/device.txt"
if [ "$mode" != bench ]; then
  q=(); [ "$mode" = quick ] && q=(--quick)
  timeout 300 python3 test/gpu/check_dot.py "${q[@]}" > "$out/check_dot.log" 2>&1
  grep -E "FAIL|passed" "$out/check_dot.log" | tail -25
fi
if [ "$mode" = checks ]; then
  timeout 270 test/gpu/run_gpu_tests.sh > "$out/gpu_tests.log" 2>&1
  grep -E "FAIL|passed" "$out/gpu_tests.log" | tail -8
  # Shared-memory races of the pipelined loops (rings, barriers, waits), small sizes.
  rc() { timeout 120 compute-sanitizer --tool racecheck --racecheck-report hazard "$TILERUN" "$@" 2>&1 | grep -E "RACECHECK SUMMARY|ERROR|hazard" | head -3 | sed "s|^|racecheck $(basename "$1") |"; }
  for arch in sm_90a sm_80; do
    rc examples/matmul_grouped.tile --kernel matmul_f16 --arch "$arch" --grid 4 a=randn:f16:256x512 b=randn:f16:512x512 \
      c=empty:f16:256x512 M=256 N=512 K=512 sam=512 sak=1 sbk=512 sbn=1 scm=512 scn=1
    rc examples/matmul_grouped.tile --kernel matmul_persistent --arch "$arch" --grid 2 a=randn:f16:256x512 b=randn:f16:512x512 \
      c=empty:f16:256x512 M=256 N=512 K=512 sam=512 sak=1 sbk=512 sbn=1 scm=512 scn=1
    for causal in 0 1; do
      rc examples/attention.tile --arch "$arch" -D CAUSAL=$causal --grid 2,2 q=randn:f16:65536 k=randn:f16:65536 v=randn:f16:65536 \
        o=empty:f16:65536 sm_scale=0.125 H=2 N_CTX=256 sqz=32768 sqh=16384 sqm=64 skz=32768 skh=16384 skn=64 \
        svz=32768 svh=16384 svn=64 soz=32768 soh=16384 som=64
    done
  done | tee "$out/racecheck.log"
  exit
fi
mm() {  # arch size file kernel dtype grid
  local arch=$1 s=$2 file=$3 kernel=$4 t=$5 grid=${6:-$(( (s / 128) * (s / 256) ))}
  "$TILERUN" "examples/$file.tile" --kernel "$kernel" --arch "$arch" --grid "$grid" \
    a=randn:$t:${s}x${s} b=randn:$t:${s}x${s} c=empty:$t:${s}x${s} M=$s N=$s K=$s \
    sam=$s sak=1 sbk=$s sbn=1 scm=$s scn=1 --bench --flops $((2 * s * s * s)) 2>&1 | grep -E "median|error|fail" | sed "s/^/$arch $s $kernel $t /"
}
for s in 4096 8192; do
  mm sm_90a $s matmul matmul f16
  mm sm_90a $s matmul_grouped matmul_f16 f16
  mm sm_90a $s matmul_grouped matmul_bf16 bf16
  mm sm_90a $s matmul_grouped matmul_persistent f16 132
  mm sm_80 $s matmul_grouped matmul_f16 f16
done | tee "$out/matmul.log"
attn() {  # head_dim causal block_m block_n warps: batch 4, heads 32, seq 4096 (issue 10's shape)
  local d=$1 c=$2 bm=$3 bn=$4 w=$5 z=4 h=32 n=4096
  local fl=$(( 4 * z * h * n * n * d / (c + 1) ))
  "$TILERUN" examples/attention.tile -D HEAD_DIM=$d -D CAUSAL=$c -D BLOCK_M=$bm -D BLOCK_N=$bn --num-warps $w \
    $(attention_args $d $bm) --bench --flops $fl 2>&1 | grep -E "median|error|fail" | sed "s/^/attention d=$d causal=$c BLOCK_M=$bm BLOCK_N=$bn warps=$w /"
}
# A hand-run autotune, as Triton's tutorial autotunes its kernel: the shapes its
# configurations pick on an H100 (BLOCK_M 128 with 8 warps, 64 with 4), both BLOCK_N.
for d in 64 128; do for c in 0 1; do
  for cfg in "128 64 8" "128 128 8" "64 64 4" "64 128 4"; do attn $d $c $cfg; done
done; done | tee "$out/attention.log"
[ "$mode" = bench ] && (cd bench && timeout 240 python3 matmul_reference.py > "$out/reference.log" 2>&1)
[ "$mode" = bench ] && (cd bench && timeout 240 python3 attention_reference.py > "$out/attention_reference.log" 2>&1)
tail -8 "$out/attention_reference.log" 2>/dev/null
tail -16 "$out/reference.log" 2>/dev/null
[ "$mode" = bench ] && { timeout 120 bash bench/interp_bench.sh "$TILERUN" > "$out/interp.log" 2>&1; tail -10 "$out/interp.log"; }
