#!/usr/bin/env bash
# session 13, issue 27 diagnosis (A/B with tilerun's timer, not marks): which of N = 5000
# and K = 4104 costs 4096x5000x4104 its speed (0.70x cuBLAS while 4096^3 is at 0.95x), with
# matmul_autotune.tile's first configuration (128x256x64, 8 warps, 3 stages) fixed; then
# ncu's memory and scheduler sections for the slow shape and its all-16 neighbour.
set -uo pipefail
source bench/carry.sh
unpack .carry tilerun
out=${OUT:-/tmp/out}; mkdir -p "$out"
run() {  # M N K [extra tilerun flags]
  local M=$1 N=$2 K=$3; shift 3
  "$work/tilerun" examples/matmul_autotune.tile --config 0 --grid 'cdiv(M, BM) * cdiv(N, BN)' \
    a=randn:f16:${M}x$K b=randn:f16:${K}x$N c=empty:f16:${M}x$N M=$M N=$N K=$K sam=$K sak=1 sbk=$N sbn=1 scm=$N scn=1 "$@"
}
for mnk in "4096 4096 4096" "4096 5008 4096" "4096 5000 4096" "4096 4096 4104" "4096 5008 4104" "4096 5000 4104" "3008 3008 3008" "3000 3000 3000" "3000 3008 3008" "3008 3000 3008" "3008 3008 3000"; do
  set -- $mnk
  printf "%-16s " "${1}x${2}x${3}"; run $1 $2 $3 --bench --flops $((2*$1*$2*$3)) 2>&1 | grep -oE "[0-9.]+ TFLOP/s" | head -1
done
for mnk in "4096 5008 4096" "4096 5000 4104"; do set -- $mnk
  timeout 120 ncu --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats --section SchedulerStats \
    --launch-count 1 "$work/tilerun" examples/matmul_autotune.tile --config 0 --grid 'cdiv(M, BM) * cdiv(N, BN)' \
    a=randn:f16:${1}x$3 b=randn:f16:${3}x$2 c=empty:f16:${1}x$2 M=$1 N=$2 K=$3 sam=$3 sak=1 sbk=$2 sbn=1 scm=$2 scn=1 \
    > "$out/ncu_${1}x${2}x${3}.txt" 2>&1
  grep -E "Duration|Memory Throughput|L2 Cache Throughput|DRAM Throughput|Compute \(SM\)|Stall|Issued Warp|No Eligible|L1/TEX Hit|L2 Hit|Mem Busy|Max Bandwidth" "$out/ncu_${1}x${2}x${3}.txt" | head -30 | sed "s|^|${1}x${2}x${3}: |"
done
