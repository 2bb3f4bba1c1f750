#!/usr/bin/env bash
# session 13: does splitting the last wave pay where rows are aligned? matmul_streamk.tile
# against its own data-parallel plan (split = 1) at 3008^3 and 3000^3 (2.2 waves of
# 128x256 tiles on 132 SMs), tilerun's timer (an A/B, not a mark).
set -uo pipefail
source bench/carry.sh
unpack .carry tilerun
for S in 3008 3000; do
  for plan in "288 1 0" "264 5 24"; do set -- $plan
    g=$(( $1 + $3 * $2 ))
    printf "%s^3 dp=%s split=%s: " $S $1 $2
    "$work/tilerun" examples/matmul_streamk.tile --grid $g a=randn:f16:${S}x$S b=randn:f16:${S}x$S c=empty:f16:${S}x$S \
      ws=empty:f32:$(( ($3 > 0 ? $3 : 1) * $2 * 128 * 256 )) count=zeros:i32:$(( $3 > 0 ? $3 : 1 )) M=$S N=$S K=$S sam=$S sbk=$S scm=$S \
      dp=$1 split=$2 --bench --flops $(( 2 * S * S * S )) 2>&1 | grep -oE "[0-9.]+ (us|µs|ms)|[0-9.]+ TFLOP/s" | tr '\n' ' '; echo
  done
done
