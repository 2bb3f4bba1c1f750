#!/usr/bin/env bash
# masked (current example) vs unmasked K/V loads vs Triton, ncu locked clocks, BM64 BN64 4w
set -uo pipefail
source bench/carry.sh
unpack .carry tilerun-base
m=gpu__time_duration.sum,gpc__cycles_elapsed.max,smsp__inst_executed.sum,launch__registers_per_thread
show() { grep -E "gpc__cycles|inst_executed|registers_per" | awk -v k="$1" '{print k, $1, $NF}'; }
for cfg in "64 0" "128 0" "64 1" "128 1"; do
  set -- $cfg; d=$1 c=$2
  for f in examples/attention.tile .carry/att_nomask.tile; do
    timeout 120 ncu --metrics $m -k regex:attention --launch-count 1 "$work/tilerun-base" $f \
      -D HEAD_DIM=$d -D CAUSAL=$c -D BLOCK_M=64 -D BLOCK_N=64 --num-warps 4 $(attention_args $d 64) 2>&1 | show "tilec $(basename $f) d=$d c=$c"
  done
  (cd bench && timeout 180 ncu --metrics $m -k regex:attn_fwd --launch-skip 1 --launch-count 1 \
    python3 attention_once.py $d $c 64 64 4 3 2>&1 | show "triton d=$d c=$c")
done
