#!/usr/bin/env bash
# Session 24, call 1: the pairs pass with fewer registers (two programs an SM), and what
# the ticket costs the look-back scan.
set -u
source bench/carry.sh
device_setup .carry
R=bench/results/raw-2026-11-28-session24
python3 $R/scan_ticket.py 2>&1 | tee $OUT/scan_ticket.txt
mkdir -p /tmp/v && python3 $R/sort_variants.py /tmp/v
run() { echo "== $*"; env "$@" python3 bench/sort_bench.py --sizes 24,26,28 --rounds 3 --out $OUT/sort_$(echo "$*" | md5sum | cut -c1-6); }
{
run SORT_X=committed
run SORT_SRC=/tmp/v/late.tile
run SORT_SRC=/tmp/v/late_r128.tile SORT_PAIRS_TILE=8192
run SORT_SRC=/tmp/v/late_r128.tile SORT_PAIRS_TILE=4096 SORT_WARPS=4
run SORT_SRC=/tmp/v/late_r128.tile SORT_PAIRS_TILE=16384 SORT_WARPS=16
} 2>&1 | tee $OUT/sort_variants.txt
