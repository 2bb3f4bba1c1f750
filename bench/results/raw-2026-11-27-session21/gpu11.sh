#!/usr/bin/env bash
# Session 21, call 11: matmul_tma's epilogue, TMA store against a direct store (epilogue_ab.py).
set -u
source bench/carry.sh
device_setup .carry
python3 bench/results/raw-2026-11-27-session21/epilogue_ab.py 2>&1 | tee $OUT/epilogue_ab.txt
