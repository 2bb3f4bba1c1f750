#!/usr/bin/env bash
# session 13: compute-sanitizer on matmul_streamk.tile with plans that split (programs hand
# partials to the last one through an acq_rel ticket): racecheck and memcheck.
set -uo pipefail
source bench/carry.sh
unpack .carry tilerun
for plan in "300 600 256 8 4 1" "257 513 1000 8 8 1" "100 200 70 0 2 1"; do set -- $plan
  M=$1 N=$2 K=$3 dp=$4 split=$5 parts=$6
  g=$(( dp + parts * split ))
  for tool in racecheck memcheck; do
    timeout 90 compute-sanitizer --tool $tool "$work/tilerun" examples/matmul_streamk.tile --grid $g \
      a=randn:f16:${M}x$K b=randn:f16:${K}x$N c=empty:f16:${M}x$N ws=empty:f32:$(( parts * split * 128 * 256 )) \
      count=zeros:i32:$parts M=$M N=$N K=$K sam=$K sbk=$N scm=$N dp=$dp split=$split 2>&1 \
      | grep -E "SUMMARY|rror" | head -2 | sed "s|^|$tool ${M}x${N}x${K} dp=$dp split=$split: |"
  done
done
