#!/usr/bin/env bash
# Session 21, call 17: the kernels that gained #[requires] this session, checked on the
# GPU through tilerun (check_examples.py) and the package (python_launch.py).
set -u
source bench/carry.sh
device_setup .carry
K="matmul_splitk matmul_fp8 matmul_fp8_e5m2 scan_i32 scan_f32 scan_i64 scan_u64 scan_max_f32 scan_segmented_i32 scan_linear_f32 matmul_streamk matmul_tail matmul_tail_cluster"
TILERUN=$TILERUN TILEC=$TILEC python3 test/gpu/check_examples.py --only $K 2>&1 | grep -v "^PASS" | tail -8 | tee $OUT/check_examples.txt
python3 test/gpu/python_launch.py --only $K 2>&1 | grep -v "^PASS" | tail -8 | tee $OUT/python_launch.txt
