#!/usr/bin/env bash
# Session 21, call 1: split-K tilings for skinny problems.
set -u
source bench/carry.sh
device_setup .carry
python3 bench/splitk_configs.py --out $OUT 2>&1 | tee $OUT/splitk_configs.txt
