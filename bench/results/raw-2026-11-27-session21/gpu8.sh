#!/usr/bin/env bash
# Session 21, call 8: deeper pipelines for skinny products (skinny_stages.py).
set -u
source bench/carry.sh
device_setup .carry
python3 bench/results/raw-2026-11-27-session21/skinny_stages.py 2>&1 | tee $OUT/skinny_stages.txt
