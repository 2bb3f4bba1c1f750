#!/usr/bin/env bash
# session 11: racecheck on the persistent matmul (shared memory reused across tiles) and on
# attention's 8-warp shapes, final compiler
set -uo pipefail
source bench/carry.sh
unpack .carry tilerun
export TILEC_CACHE=0
T=$work/tilerun
rc() { timeout 120 compute-sanitizer --tool racecheck --racecheck-report hazard "$T" "$@" 2>&1 | grep -E "RACECHECK SUMMARY|rror|FAIL" | head -3; }
args="a=randn:f16:262144 b=randn:f16:262144 c=empty:f16:262144 M=512 N=512 K=512 sam=512 sak=1 sbk=512 sbn=1 scm=512 scn=1"
for a in sm_90a sm_80; do
  echo "persistent $a: $(rc examples/matmul_grouped.tile --kernel matmul_persistent --arch $a --grid 8 -D BM=128 -D BN=128 $args)"
done
for cfg in "64 0 128 64 8" "64 1 128 64 8" "128 0 128 128 8" "128 1 128 128 8" "128 0 64 128 4"; do set -- $cfg; d=$1 c=$2 bm=$3 bn=$4 w=$5
  e=$((2*256*d))
  echo "attention d=$d c=$c $bm/$bn/$w: $(rc examples/attention.tile -D HEAD_DIM=$d -D CAUSAL=$c -D BLOCK_M=$bm -D BLOCK_N=$bn --num-warps $w --grid $((256/bm)),2 \
    q=randn:f16:$e k=randn:f16:$e v=randn:f16:$e o=empty:f16:$e sm_scale=0.125 H=2 N_CTX=256 sqz=$e sqh=$((256*d)) sqm=$d skz=$e skh=$((256*d)) skn=$d svz=$e svh=$((256*d)) svn=$d soz=$e soh=$((256*d)) som=$d)"
done
