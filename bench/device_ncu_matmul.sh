#!/usr/bin/env bash
# ncu beside: tilec's sm_90a matmul (4096^3 f16, the benchmark's arguments) and Triton's
# reference kernel (bench/matmul_cold.py), one launch each, the same sections.
#   bash bench/device_ncu_matmul.sh CARRY_DIR     (reports in $OUT/ncu_{tilec,triton}.txt)
set -uo pipefail
carry=${1:-.carry}
out=${OUT:-/tmp/out}; mkdir -p "$out"
source "$(dirname "$0")/carry.sh"
unpack "$carry" tilerun
sec=(--section SpeedOfLight --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis
  --section LaunchStats --metrics "regex:^(smsp__inst_executed\.sum|smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio)$")
s=4096
timeout 200 ncu "${sec[@]}" -k regex:matmul_f16 --launch-count 1 "$work/tilerun" examples/matmul_grouped.tile \
  --kernel matmul_f16 --grid 512 a=randn:f16:${s}x${s} b=randn:f16:${s}x${s} c=empty:f16:${s}x${s} M=$s N=$s K=$s \
  sam=$s sak=1 sbk=$s sbn=1 scm=$s scn=1 > "$out/ncu_tilec.txt" 2>&1
(cd bench && OUT=/tmp timeout 200 ncu "${sec[@]}" -k regex:matmul_kernel --launch-count 1 python3 matmul_cold.py > "$out/ncu_triton.txt" 2>&1)
for k in tilec triton; do
  echo "== $k"; grep -E "Duration|SM Frequency|Compute \(SM\) Throughput|inst_executed|Issued Warp|No Eligible|Registers" "$out/ncu_$k.txt" | head -12
  grep -E "issue_stalled" "$out/ncu_$k.txt" | awk '$NF > 0.05 {print $1, $NF}' | sed 's/smsp__average_warps_issue_stalled_//; s/_per_issue_active.ratio//'
done
