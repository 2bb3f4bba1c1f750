#!/usr/bin/env bash
# ncu beside: tilec's sm_90a matmul (SIZE^3 DTYPE, default 4096 f16, the benchmark's arguments), Triton's
# reference kernel (bench/matmul_cold.py) and cuBLAS (torch.matmul, bench/cublas_once.py),
# one launch each under ncu's locked clocks, the same sections.
#   bash bench/device_ncu_matmul.sh CARRY_DIR [SIZE] [DTYPE]
# (reports in $OUT/ncu_{tilec,triton,cublas}_SIZE_DTYPE.txt)
set -uo pipefail
carry=${1:-.carry}
out=${OUT:-/tmp/out}; mkdir -p "$out"
source "$(dirname "$0")/carry.sh"
unpack "$carry" tilerun
sec=(--section SpeedOfLight --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis
  --section LaunchStats --metrics "regex:^(smsp__inst_executed\.sum|smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio)$")
s=${2:-4096}
t=${3:-f16}
timeout 200 ncu "${sec[@]}" -k regex:matmul_$t --launch-count 1 "$work/tilerun" examples/matmul_grouped.tile \
  --kernel matmul_$t --grid $(( (s / 128) * (s / 256) )) a=randn:$t:${s}x${s} b=randn:$t:${s}x${s} c=empty:$t:${s}x${s} \
  M=$s N=$s K=$s sam=$s sak=1 sbk=$s sbn=1 scm=$s scn=1 > "$out/ncu_tilec_${s}_$t.txt" 2>&1
(cd bench && OUT=/tmp timeout 200 ncu "${sec[@]}" -k regex:matmul_kernel --launch-count 1 python3 matmul_cold.py $s $t > "$out/ncu_triton_${s}_$t.txt" 2>&1)
(cd bench && timeout 200 ncu "${sec[@]}" -k regex:'gemm|nvjet|xmma|cutlass|sm90' --launch-skip 2 --launch-count 1 \
  python3 cublas_once.py $s $t > "$out/ncu_cublas_${s}_$t.txt" 2>&1)
for k in tilec triton cublas; do
  f="$out/ncu_${k}_${s}_$t.txt"
  echo "== $k $s $t"; grep -E "Duration|SM Frequency|Compute \(SM\) Throughput|inst_executed|Issued Warp|No Eligible|Registers" "$f" | head -12
  grep -E "issue_stalled" "$f" | awk '$NF > 0.05 {print $1, $NF}' | sed 's/smsp__average_warps_issue_stalled_//; s/_per_issue_active.ratio//'
done
