#!/usr/bin/env bash
# Session 24, call 7 (an H100): scan_i32 against scan_f32 at 32768 x 16: SASS (ptxas of the
# device's CUDA) and ncu's warp states.
set -u
source bench/carry.sh
device_setup .carry
SECONDS=0
R=bench/results/raw-2026-11-28-session24
PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas); CUOBJDUMP=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
for k in scan_i32 scan_f32; do
  $TILEC examples/scan_lookback_types.tile --kernel $k -D TILE=32768 -D W=512 --num-warps 16 --divisibility n=16 -o $OUT/$k.ptx
  $PTXAS -arch=sm_90 -v $OUT/$k.ptx -o /tmp/$k.cubin 2>&1 | tail -2
  $CUOBJDUMP -sass /tmp/$k.cubin > $OUT/$k.sass
  echo "$k: STL $(grep -c STL $OUT/$k.sass) LDL $(grep -c LDL $OUT/$k.sass) SASS lines $(wc -l < $OUT/$k.sass)"
done
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
$NCU -k regex:scan_ --section LaunchStats --section Occupancy --section WarpStateStats --section SpeedOfLight \
  --metrics l1tex__t_bytes_pipe_lsu_mem_local_op_ld.sum,l1tex__t_bytes_pipe_lsu_mem_local_op_st.sum \
  python3 $R/scan_i32_vs_f32.py > $OUT/ncu.txt 2>&1
grep -E "scan_|Registers|Duration|Achieved Occupancy|Stall|Warp Cycles|local_op|Memory Throughput|DRAM Throughput" $OUT/ncu.txt | head -60
echo "all done at $SECONDS s"
