#!/usr/bin/env bash
# Session 21, call 13: ncu of matmul_tma (128x256x64, 8 warps, 3 and 4 stages) beside
# Triton's tutorial kernel (the same tiling, 3 stages; bench/matmul_cold.py) and cuBLAS
# at 4096^3 f16: where tilec's 2-4% to Triton goes.
set -u
source bench/carry.sh
device_setup .carry
sec=(--section SpeedOfLight --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis
  --section LaunchStats --section Occupancy --metrics "regex:^(smsp__inst_executed\.sum|smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio|sm__throughput\.avg\.pct_of_peak_sustained_elapsed|sm__pipe_tensor_op_gmma_cycles_active\.avg\.pct_of_peak_sustained_active)$")
s=4096
for st in 3 4; do
  timeout 200 ncu "${sec[@]}" -k regex:matmul_tma --launch-count 1 $TILERUN examples/matmul_tma.tile --kernel matmul_tma \
    --config $((st - 3)) --grid 'cdiv(M, BM) * cdiv(N, BN)' a=randn:f16:${s}x${s} b=randn:f16:${s}x${s} c=empty:f16:${s}x${s} \
    M=$s N=$s K=$s > $OUT/ncu_tma_st$st.txt 2>&1
done
(cd bench && OUT=/tmp timeout 200 ncu "${sec[@]}" -k regex:matmul_kernel --launch-count 1 python3 matmul_cold.py $s f16 > $OUT/ncu_triton.txt 2>&1)
(cd bench && timeout 200 ncu "${sec[@]}" -k regex:'gemm|nvjet|xmma|cutlass|sm90' --launch-skip 2 --launch-count 1 \
  python3 cublas_once.py $s f16 > $OUT/ncu_cublas.txt 2>&1)
for f in ncu_tma_st3 ncu_tma_st4 ncu_triton ncu_cublas; do
  echo "== $f"; grep -E "  Duration|SM Frequency|DRAM Throughput|L2 Cache Throughput|Compute \(SM\) Throughput|inst_executed|gmma_cycles|Issued Warp|No Eligible|Registers Per|Dynamic Shared|Grid Size|Block Size" $OUT/$f.txt | head -16
  grep -E "issue_stalled" $OUT/$f.txt | awk '$NF > 0.2 {print $1, $NF}' | sed 's/smsp__average_warps_issue_stalled_//; s/_per_issue_active.ratio//'
done
