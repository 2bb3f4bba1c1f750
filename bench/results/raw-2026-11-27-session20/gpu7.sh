#!/usr/bin/env bash
# session 20, call 7: matmul_tail_cluster (the tail in clusters of two, B multicast; the
# pipeline now multicasts in the branches of an `if` whose condition the cluster shares)
# checked on the GPU, then tail_bench.py beside matmul_tma, the cluster kernel, cuBLAS.
set -uo pipefail
source bench/carry.sh
device_setup .carry
timeout 150 python3 test/gpu/check_examples.py --no-selftest --only matmul_tail_cluster matmul_tma_cluster > "$OUT/check_tail_cluster.log" 2>&1
grep -E "^(FAIL)|passed" "$OUT/check_tail_cluster.log" | tail -6
A=(examples/matmul_streamk.tile --kernel matmul_tail_cluster --grid 72 a=randn:f16:520x200 b=randn:f16:200x520 c=empty:f16:520x520 M=520 N=520 K=200 dp=0)
for tool in memcheck synccheck racecheck; do
  timeout 60 compute-sanitizer --tool $tool $TILERUN "${A[@]}" 2>&1 | tail -1 | sed "s/^/$tool: /"
done
timeout 300 python3 bench/results/raw-2026-11-27-session20/tail_bench.py 2>&1 | tail -12
