#!/usr/bin/env bash
# session 20, call 3: why matmul_tma_cluster ran 0.70x of matmul_tma (call 2). A/B with
# tilerun's timer (our own changes only): multicast, cluster without multicast, the same
# tiling without clusters, BN 128 on 5 stages; then ncu's warp states of two of them.
set -uo pipefail
source bench/carry.sh
device_setup .carry
F=bench/results/raw-2026-11-27-session20/exp/cluster_variants.tile
for s in 4096 3000; do
  A=(a=randn:f16:${s}x${s} b=randn:f16:${s}x${s} c=empty:f16:${s}x${s} M=$s N=$s K=$s)
  for round in 1 2; do
    for k in matmul_tma_cluster cluster_nomc pairs_plain cluster_mc_s5; do
      $TILERUN $F --kernel $k --grid '2 * cdiv(M, 2 * BM) * cdiv(N, BN)' "${A[@]}" --bench --flops $((2*s*s*s)) --label "$k $s" 2>&1 | grep BENCH
    done
    $TILERUN examples/matmul_tma.tile --kernel matmul_tma --config 0 --grid 'cdiv(M, BM) * cdiv(N, BN)' "${A[@]}" --bench --flops $((2*s*s*s)) --label "matmul_tma $s" 2>&1 | grep BENCH
  done
done
A=(a=randn:f16:4096x4096 b=randn:f16:4096x4096 c=empty:f16:4096x4096 M=4096 N=4096 K=4096)
for k in matmul_tma_cluster pairs_plain; do
  timeout 120 ncu --section WarpStateStats --section SchedulerStats --section SpeedOfLight --section MemoryWorkloadAnalysis -c 1 $TILERUN $F --kernel $k --grid '2 * cdiv(M, 2 * BM) * cdiv(N, BN)' "${A[@]}" > "$OUT/ncu_$k.txt" 2>&1
  grep -E "Duration|Stall|Warp Cycles Per Issued|Eligible Warps|L2 Cache Throughput|DRAM Throughput|Memory Throughput|Est. Speedup|stalled" "$OUT/ncu_$k.txt" | head -20 | sed "s/^/$k: /"
done
