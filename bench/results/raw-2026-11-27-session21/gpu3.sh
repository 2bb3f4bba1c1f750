#!/usr/bin/env bash
# Session 21, call 3: #[requires] on the GPU: every plan (scan, sort, ... under their
# kernels' requirements) at the default and 2^24 sizes; the package's launcher tests
# (a state too short refused with ValueError, then the scan right); tilerun refusing a
# short state on the GPU path.
set -u
source bench/carry.sh
device_setup .carry
TILERUN=$TILERUN test/gpu/run_gpu_tests.sh --plans 2>&1 | tail -40 | tee $OUT/plans.txt
python3 test/gpu/python_launch.py --only add 2>&1 | tail -25 | tee $OUT/python_launch.txt
$TILERUN examples/scan_lookback_types.tile --kernel scan_i32 -D TILE=1024 --grid 'cdiv(n, TILE)' \
  x=randint:i32:3000:-5:5 y=empty:i32:3000 state=zeros:u64:2 counter=zeros:i32:1 n=3000 2>&1 | tee $OUT/tilerun_short.txt
echo "rc=${PIPESTATUS[0]}" | tee -a $OUT/tilerun_short.txt
# matmul_splitk's autotune list with four more tilings (call 1's best): the sweep's
# skinny rows (M = 1, 16, 128) and issue 27's 16/128 x 8192 x 8192.
python3 bench/matmul_sweep.py --ref-dir .carry --shapes 1,16,128 --out $OUT/sweep_skinny 2>&1 | tail -5
python3 bench/matmul_special.py --out $OUT/special 2>&1 | tail -12 | tee $OUT/special.txt
