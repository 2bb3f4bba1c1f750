#!/usr/bin/env bash
# session 11 final: ncu locked clocks, 3 rounds (bench/device_ncu_attention.sh), then one boost-clock call
set -uo pipefail
mkdir -p $OUT
for r in 1 2 3; do bash bench/device_ncu_attention.sh .carry 2>&1 | sed "s/^/r$r /"; done > $OUT/ncu_attention.txt
grep -E "gpc__cycles" $OUT/ncu_attention.txt
bash bench/device_attention_ab.sh .carry 1 > $OUT/attention_ab_boost.txt 2>&1
grep -E "median" $OUT/attention_ab_boost.txt | head -40
tail -12 $OUT/attention_ab_boost.txt
