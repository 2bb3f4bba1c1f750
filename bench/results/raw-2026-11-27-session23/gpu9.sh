#!/usr/bin/env bash
# Session 23, call 9 (one command line): the digit passes on 16 warps (SORT_WARPS: each
# digit held twice, so the look-back polls in lockstep with the vote) against 8.
source bench/carry.sh; device_setup .carry tilerun
for w in 16 8 16; do echo "SORT_WARPS=$w"
  SORT_WARPS=$w timeout 100 python3 bench/sort_bench.py --out /tmp/w$w --sizes 24,26,28 --rounds 2 2>&1 | grep "^2^"
done > $OUT/warps16.txt 2>&1
