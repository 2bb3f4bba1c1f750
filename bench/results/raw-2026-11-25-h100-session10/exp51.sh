#!/usr/bin/env bash
# fold-bounds with --divisibility N_CTX=64 vs base vs Triton, ncu locked clocks, BM64 BN64 4w
set -uo pipefail
source bench/carry.sh
unpack .carry tilerun-base tilerun-fold
m=gpu__time_duration.sum,gpc__cycles_elapsed.max,smsp__inst_executed.sum,launch__registers_per_thread
show() { grep -E "gpc__cycles|registers_per" | awk -v k="$1" '{print k, $1, $NF}'; }
for rep in 1 2; do
for cfg in "64 0" "128 0" "64 1" "128 1"; do
  set -- $cfg; d=$1 c=$2
  timeout 120 ncu --metrics $m -k regex:attention --launch-count 1 "$work/tilerun-base" examples/attention.tile \
      -D HEAD_DIM=$d -D CAUSAL=$c -D BLOCK_M=64 -D BLOCK_N=64 --num-warps 4 $(attention_args $d 64) 2>&1 | show "base d=$d c=$c"
  timeout 120 ncu --metrics $m -k regex:attention --launch-count 1 "$work/tilerun-fold" examples/attention.tile --divisibility N_CTX=64 \
      -D HEAD_DIM=$d -D CAUSAL=$c -D BLOCK_M=64 -D BLOCK_N=64 --num-warps 4 $(attention_args $d 64) 2>&1 | show "fold d=$d c=$c"
  (cd bench && timeout 180 ncu --metrics $m -k regex:attn_fwd --launch-skip 1 --launch-count 1 \
    python3 attention_once.py $d $c 64 64 4 3 2>&1 | show "triton d=$d c=$c")
done
done
