#!/usr/bin/env bash
# Session 21, call 4: split-K with the partials added by atomics (splitk_atomic.tile):
# the last program reads one summed tile instead of SPLIT partials.
set -u
source bench/carry.sh
device_setup .carry
python3 bench/splitk_configs.py --file bench/results/raw-2026-11-27-session21/splitk_atomic.tile --out $OUT 2>&1 | tee $OUT/splitk_atomic_configs.txt
