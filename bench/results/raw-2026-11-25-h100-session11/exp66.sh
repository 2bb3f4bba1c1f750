#!/usr/bin/env bash
# session 11: 'untouched bytes' barrier rule: GPU suite, dot tests, racecheck on non-pipelined dots
set -uo pipefail
source bench/carry.sh
unpack .carry tilerun
export TILEC_CACHE=0
T=$work/tilerun
echo "== gpu tests"; TILERUN=$T timeout 270 test/gpu/run_gpu_tests.sh 2>&1 | grep -E "FAIL|passed" | tail -5
echo "== check_dot"; TILERUN=$T timeout 200 python3 test/gpu/check_dot.py 2>&1 | grep -E "FAIL|passed" | tail -4
rc() { timeout 120 compute-sanitizer --tool racecheck --racecheck-report hazard "$T" "$@" 2>&1 | grep -E "RACECHECK SUMMARY|rror|FAIL" | head -3; }
args="a=randn:f16:65536 b=randn:f16:65536 c=empty:f16:65536 M=256 N=256 K=256 sam=256 sak=1 sbk=256 sbn=1 scm=256 scn=1"
for a in sm_90a sm_80; do for s in "" "--no-specialise"; do
  echo "matmul $a $s: $(rc examples/matmul.tile --arch $a $s --grid 16 -D BM=64 -D BN=64 --num-warps 4 $args)"
  echo "grouped $a $s: $(rc examples/matmul_grouped.tile --kernel matmul_f16 --arch $a $s --grid 16 -D BM=64 -D BN=64 --num-warps 4 $args)"
  echo "persistent $a $s: $(rc examples/matmul_grouped.tile --kernel matmul_persistent --arch $a $s --grid 4 -D BM=64 -D BN=64 --num-warps 4 $args)"
done; done
for d in 64 128; do e=$((2*256*d))
  echo "attention d=$d --no-specialise 128/64/8: $(rc examples/attention.tile -D HEAD_DIM=$d -D BLOCK_M=128 --num-warps 8 --no-specialise --grid 2,2 \
    q=randn:f16:$e k=randn:f16:$e v=randn:f16:$e o=empty:f16:$e sm_scale=0.125 H=2 N_CTX=256 sqz=$e sqh=$((256*d)) sqm=$d skz=$e skh=$((256*d)) skn=$d svz=$e svh=$((256*d)) svn=$d soz=$e soh=$((256*d)) som=$d)"
done
