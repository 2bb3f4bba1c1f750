#!/usr/bin/env bash
# Session 24, call 3: the look-back scan with its waits overlapped (scan_overlap.py); the
# docs' sort helper (docs/python.md, new tiles) run as written.
set -u
source bench/carry.sh
device_setup .carry
SECONDS=0
R=bench/results/raw-2026-11-28-session24
python3 $R/scan_overlap.py 2>&1 | tee $OUT/scan_overlap.txt
python3 test/docs/run_docs.py --gpu -k docs/python.md:14 -v 2>&1 | tail -20 | tee $OUT/docs_sort.txt
echo "all done at $SECONDS s"
