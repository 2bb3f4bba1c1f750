#!/usr/bin/env bash
# session 20, call 2: `#[cluster_dims(2)]` + TMA multicast (examples/matmul_tma.tile's
# matmul_tma_cluster): sanitizers on a small launch, then bench/matmul_tma.py (checks every
# result against torch, then times it beside cuBLAS); then session 19's sort_keys64.py,
# whose output the last call lost.
set -uo pipefail
source bench/carry.sh
device_setup .carry
R=bench/results/raw-2026-11-27-session20
ARGS=(examples/matmul_tma.tile --kernel matmul_tma_cluster --grid '2 * cdiv(M, 2 * BM) * cdiv(N, BN)'
      a=randn:f16:520x200 b=randn:f16:200x264 c=empty:f16:520x264 M=520 N=264 K=200)
for cfg in 0 1 2; do
  timeout 60 $TILERUN "${ARGS[@]}" --config $cfg 2>&1 | tail -1
done
for tool in memcheck synccheck racecheck; do
  timeout 60 compute-sanitizer --tool $tool $TILERUN "${ARGS[@]}" --config 0 2>&1 | tail -1 | sed "s/^/$tool: /"
done
timeout 150 python3 test/gpu/check_examples.py --no-selftest --only matmul_tma_cluster > "$OUT/check.log" 2>&1
grep -E "^(FAIL)|passed" "$OUT/check.log" | tail -6
timeout 400 python3 bench/matmul_tma.py --out "$OUT/mm" --rounds 3 2>&1 | tail -12
timeout 100 python3 bench/results/raw-2026-11-27-session19/sort_keys64.py 2>&1 | tail -4
