#!/usr/bin/env bash
# d128 64x64x4 hand-edited PTX variants (helper-19) vs Triton, ncu locked clocks, 2 rounds
set -uo pipefail
source bench/carry.sh
unpack .carry tilerun
export TILEC_CACHE=0
m=gpu__time_duration.sum,gpc__cycles_elapsed.max,launch__registers_per_thread
show() { grep -E "gpc__cycles|registers_per" | awk -v k="$1" '{print k, $1, $NF}'; }
for r in 1 2; do
  for v in tilec tilec_sr tilec_pro tilec_bars tilec_sr_bars tilec_all; do
    timeout 120 ncu --metrics $m -k regex:attention --launch-count 1 "$work/tilerun" .carry/sass/$v.ptx $(attention_args 128 64) 2>&1 | show "r$r $v"
  done
  timeout 120 ncu --metrics $m -k regex:attention --launch-count 1 "$work/tilerun" examples/attention.tile -D HEAD_DIM=128 -D CAUSAL=0 -D BLOCK_M=64 -D BLOCK_N=64 --num-warps 4 $(attention_args 128 64) -v 2>&1 | grep -E "compiled|gpc__|registers" | awk -v k="r$r auto" '{print k, $0}'
  (cd bench && timeout 180 ncu --metrics $m -k regex:attn_fwd --launch-skip 1 --launch-count 1 python3 attention_once.py 128 0 64 64 4 3 2>&1 | show "r$r triton")
done
