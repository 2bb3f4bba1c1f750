#!/usr/bin/env bash
# tilec (fold + merged wait, --divisibility N_CTX=64) shape sweep under ncu locked clocks
set -uo pipefail
source bench/carry.sh
unpack .carry tilerun-fw
export TILEC_CACHE=0
m=gpc__cycles_elapsed.max,launch__registers_per_thread
show() { grep -E "gpc__cycles|registers_per" | awk -v k="$1" '{print k, $1, $NF}'; }
for cfg in "128 0" "128 1" "64 0" "64 1"; do
  set -- $cfg; d=$1 c=$2
  for s in "64 64 4" "64 128 4" "128 64 8" "128 128 8" "128 64 4"; do set -- $s; bm=$1 bn=$2 w=$3
    timeout 120 ncu --metrics $m -k regex:attention --launch-count 1 "$work/tilerun-fw" examples/attention.tile --divisibility N_CTX=64 \
      -D HEAD_DIM=$d -D CAUSAL=$c -D BLOCK_M=$bm -D BLOCK_N=$bn --num-warps $w $(attention_args $d $bm) 2>&1 | show "fw-div64 d=$d c=$c $bm/$bn/$w"
  done
done
