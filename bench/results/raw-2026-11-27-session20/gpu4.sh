#!/usr/bin/env bash
# session 20, call 4: the cluster's empty-barrier arrivals without `.release.cluster`
# (CUTLASS's default semantics); A/B as call 3 with the no-multicast variant fixed (its B
# offset hoisted out of the loop, which call 3's left unpipelined).
set -uo pipefail
source bench/carry.sh
device_setup .carry
F=bench/results/raw-2026-11-27-session20/exp/cluster_variants.tile
for s in 4096 3000; do
  A=(a=randn:f16:${s}x${s} b=randn:f16:${s}x${s} c=empty:f16:${s}x${s} M=$s N=$s K=$s)
  for round in 1 2; do
    for k in matmul_tma_cluster cluster_nomc pairs_plain cluster_mc_s5; do
      $TILERUN $F --kernel $k --grid '2 * cdiv(M, 2 * BM) * cdiv(N, BN)' "${A[@]}" --bench --flops $((2*s*s*s)) --label "$k $s" 2>&1 | grep BENCH | grep -o '"TFLOP/s":[0-9.]*\|"label":"[^"]*"' | paste -sd' '
    done
  done
done
