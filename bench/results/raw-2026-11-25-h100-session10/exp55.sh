#!/usr/bin/env bash
# layout-propagate: broadcasts rematerialised per demanded encoding (bc) vs before (fw), BLOCK_N 128 with 4 warps
set -uo pipefail
source bench/carry.sh
unpack .carry tilerun-fw tilerun-bc
export TILEC_CACHE=0
m=gpc__cycles_elapsed.max,launch__registers_per_thread
show() { grep -E "gpc__cycles|registers_per" | awk -v k="$1" '{print k, $1, $NF}'; }
for rep in 1 2; do for cfg in "64 0" "64 1"; do set -- $cfg; d=$1 c=$2
  for b in fw bc; do
  timeout 120 ncu --metrics $m -k regex:attention --launch-count 1 "$work/tilerun-$b" examples/attention.tile --divisibility N_CTX=64 \
      -D HEAD_DIM=$d -D CAUSAL=$c -D BLOCK_M=64 -D BLOCK_N=128 --num-warps 4 $(attention_args $d 64) 2>&1 | show "$b d=$d c=$c 64/128/4"
  done
done; done
python3 .carry/att_check.py "$work/tilerun-bc" /tmp/attchk 2>&1 | tail -3
