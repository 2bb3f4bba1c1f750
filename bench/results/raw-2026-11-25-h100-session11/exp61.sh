#!/usr/bin/env bash
# session 11: barrier placement + compiler-asked specialisation: correctness on the GPU
set -uo pipefail
source bench/carry.sh
unpack .carry tilerun
export TILEC_CACHE=0
T=$work/tilerun
echo "== gpu tests"; TILERUN=$T timeout 270 test/gpu/run_gpu_tests.sh 2>&1 | grep -E "FAIL|passed" | tail -8
echo "== check_dot"; TILERUN=$T timeout 200 python3 test/gpu/check_dot.py 2>&1 | grep -E "FAIL|passed|ok" | tail -4
echo "== attention vs SDPA"; timeout 150 python3 .carry/att_check.py "$T" /tmp/attchk 2>&1 | tail -4
echo "== racecheck"
for d in 64 128; do for c in 0 1; do for f in "" "--no-specialise"; do
  e=$((2*256*d))
  timeout 60 compute-sanitizer --tool racecheck --racecheck-report hazard "$T" examples/attention.tile -D HEAD_DIM=$d -D CAUSAL=$c -D BLOCK_M=64 --num-warps 4 $f --grid 4,2 \
    q=randn:f16:$e k=randn:f16:$e v=randn:f16:$e o=empty:f16:$e sm_scale=0.125 H=2 N_CTX=256 sqz=$e sqh=$((256*d)) sqm=$d skz=$e skh=$((256*d)) skn=$d svz=$e svh=$((256*d)) svn=$d soz=$e soh=$((256*d)) som=$d 2>&1 \
    | grep -E "RACECHECK SUMMARY|rror" | head -2 | sed "s|^|racecheck d=$d c=$c $f: |"
done; done; done
args="a=randn:f16:65536 b=randn:f16:65536 c=empty:f16:65536 M=256 N=256 K=256 sam=256 sak=1 sbk=256 sbn=1 scm=256 scn=1"
for k in "examples/matmul.tile" "examples/matmul_grouped.tile --kernel matmul_f16"; do for a in sm_90a sm_80; do
  timeout 60 compute-sanitizer --tool racecheck --racecheck-report hazard "$T" $k --arch $a --grid 16 -D BM=64 -D BN=64 --num-warps 4 $args 2>&1 \
    | grep -E "RACECHECK SUMMARY|rror" | head -3 | sed "s|^|racecheck $k $a: |"
done; done
