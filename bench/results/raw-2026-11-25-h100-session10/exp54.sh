#!/usr/bin/env bash
# fold-bounds alone vs fold-bounds + one wgmma wait, both --divisibility N_CTX=64, interleaved, vs Triton
set -uo pipefail
source bench/carry.sh
unpack .carry tilerun-fold tilerun-fw
export TILEC_CACHE=0
m=gpc__cycles_elapsed.max
show() { grep -E "gpc__cycles" | awk -v k="$1" '{print k, $NF}'; }
for rep in 1 2 3; do
for cfg in "128 0" "128 1" "64 0"; do
  set -- $cfg; d=$1 c=$2
  for b in fold fw; do
  timeout 120 ncu --metrics $m -k regex:attention --launch-count 1 "$work/tilerun-$b" examples/attention.tile --divisibility N_CTX=64 \
      -D HEAD_DIM=$d -D CAUSAL=$c -D BLOCK_M=64 -D BLOCK_N=64 --num-warps 4 $(attention_args $d 64) 2>&1 | show "$b d=$d c=$c"
  done
  (cd bench && timeout 180 ncu --metrics $m -k regex:attn_fwd --launch-skip 1 --launch-count 1 \
    python3 attention_once.py $d $c 64 64 4 3 2>&1 | show "triton d=$d c=$c")
done
done
