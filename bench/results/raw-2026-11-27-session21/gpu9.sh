#!/usr/bin/env bash
# Session 21, call 9: the sweep's skinny rows again with matmul_splitk's 16 tilings.
set -u
source bench/carry.sh
device_setup .carry
python3 bench/matmul_sweep.py --ref-dir .carry --shapes 16,128 --out $OUT/sweep_skinny 2>&1 | tail -3
python3 bench/matmul_special.py --out $OUT/special 2>&1 | tail -4 | tee $OUT/special.txt
