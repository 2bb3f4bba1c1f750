#!/usr/bin/env bash
# Session 21, call 6: ncu of where the time goes in (a) matmul_splitk's best tiling at
# 128x4096x4096 (config 11: 64x64, BK 128, unsplit, 4 warps, 5 stages) beside cuBLAS at
# the same shape, and (b) the radix sort's digit pass, keys and pairs, at 2^26.
set -u
source bench/carry.sh
device_setup .carry
sec=(--section SpeedOfLight --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis
  --section LaunchStats --section Occupancy --metrics "regex:^(smsp__inst_executed\.sum|smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio)$")
timeout 200 ncu "${sec[@]}" -k regex:matmul_splitk --launch-count 1 $TILERUN examples/matmul_splitk.tile --config 11 \
  --grid 'cdiv(M, BM) * cdiv(N, BN),SPLIT' a=randn:f16:128x4096 b=randn:f16:4096x4096 c=empty:f16:128x4096 \
  ws=zeros:f32:1048576 count=zeros:i32:4096 M=128 N=4096 K=4096 sam=4096 sbk=4096 scm=4096 > $OUT/ncu_splitk.txt 2>&1
cat > /tmp/cublas_skinny.py <<'PY'
import torch
a = torch.randn(128, 4096, device="cuda", dtype=torch.float16)
b = torch.randn(4096, 4096, device="cuda", dtype=torch.float16)
for _ in range(4):
    c = a @ b
torch.cuda.synchronize()
PY
timeout 200 ncu "${sec[@]}" -k regex:'gemm|nvjet|xmma|cutlass|sm90' --launch-skip 2 --launch-count 1 python3 /tmp/cublas_skinny.py > $OUT/ncu_cublas_skinny.txt 2>&1
timeout 300 ncu "${sec[@]}" -k regex:radix_pass_pairs --launch-skip 1 --launch-count 1 $TILERUN --plan examples/plans/radix_sort_pairs.toml --set 'N=1<<26' > $OUT/ncu_pairs.txt 2>&1
timeout 300 ncu "${sec[@]}" -k regex:radix_pass --launch-skip 1 --launch-count 1 $TILERUN --plan examples/plans/radix_sort.toml --set 'N=1<<26' > $OUT/ncu_keys.txt 2>&1
for f in ncu_splitk ncu_cublas_skinny ncu_pairs ncu_keys; do
  echo "== $f"; grep -E "  Duration|SM Frequency|DRAM Throughput|Memory Throughput|L2 Cache Throughput|Compute \(SM\) Throughput|inst_executed|Issued Warp|No Eligible|Registers Per|Achieved Occupancy|Theoretical Occupancy|Block Limit Registers|Dynamic Shared" $OUT/$f.txt | head -16
  grep -E "issue_stalled" $OUT/$f.txt | awk '$NF > 0.3 {print $1, $NF}' | sed 's/smsp__average_warps_issue_stalled_//; s/_per_issue_active.ratio//'
done
