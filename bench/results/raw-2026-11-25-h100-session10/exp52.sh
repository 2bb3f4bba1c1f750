#!/usr/bin/env bash
set -uo pipefail
source bench/carry.sh
unpack .carry tilerun-base tilerun-fw
export TILEC_CACHE=0
echo "== attention vs SDPA"; timeout 200 python3 .carry/att_check.py "$work/tilerun-fw" /tmp/attchk 2>&1 | tail -8
echo "== check_examples attention"; TILERUN="$work/tilerun-fw" timeout 200 python3 test/gpu/check_examples.py --only attention 2>&1 | tail -3
echo "== racecheck"
for d in 64 128; do for c in 0 1; do for f in "" "--divisibility N_CTX=64"; do
  e=$((2*256*d))
  timeout 100 compute-sanitizer --tool racecheck --racecheck-report hazard "$work/tilerun-fw" examples/attention.tile -D HEAD_DIM=$d -D CAUSAL=$c -D BLOCK_M=64 --num-warps 4 $f --grid 4,2 \
    q=randn:f16:$e k=randn:f16:$e v=randn:f16:$e o=empty:f16:$e sm_scale=0.125 H=2 N_CTX=256 sqz=$e sqh=$((256*d)) sqm=$d skz=$e skh=$((256*d)) skn=$d svz=$e svh=$((256*d)) svn=$d soz=$e soh=$((256*d)) som=$d 2>&1 \
    | grep -E "RACECHECK SUMMARY|rror" | head -2 | sed "s|^|racecheck d=$d c=$c $f: |"
done; done; done
echo "== ncu"
m=gpc__cycles_elapsed.max,launch__registers_per_thread
show() { grep -E "gpc__cycles|registers_per" | awk -v k="$1" '{print k, $1, $NF}'; }
for rep in 1 2; do
for cfg in "64 0" "128 0" "64 1" "128 1"; do
  set -- $cfg; d=$1 c=$2
  for v in "base:" "fw:" "fw:--divisibility N_CTX=64"; do b=${v%%:*}; f=${v#*:}
  timeout 120 ncu --metrics $m -k regex:attention --launch-count 1 "$work/tilerun-$b" examples/attention.tile $f \
      -D HEAD_DIM=$d -D CAUSAL=$c -D BLOCK_M=64 -D BLOCK_N=64 --num-warps 4 $(attention_args $d 64) 2>&1 | show "$b${f:+-div64} d=$d c=$c"
  done
  (cd bench && timeout 180 ncu --metrics $m -k regex:attn_fwd --launch-skip 1 --launch-count 1 \
    python3 attention_once.py $d $c 64 64 4 3 2>&1 | show "triton d=$d c=$c")
done
done
