#!/usr/bin/env bash
# Session 21, call 12: the sweep's large shapes (M = 1000, 3000, 4096, 8192: squares,
# LLM projections, vocabularies) with the order of implementations rotated each round.
set -u
source bench/carry.sh
device_setup .carry
python3 bench/matmul_sweep.py --ref-dir .carry --shapes 1000,3000,4096,8192 --rounds 3 --budget-s 480 --out $OUT/sweep_large 2>&1 | tail -4
