#!/usr/bin/env bash
# session 11 timing: attention under ncu locked clocks, tilec as tilerun runs it (specialised on
# N_CTX%64 because the compiler asks), tilec for any N_CTX multiple of 16, Triton; 2 rounds. Then matmul.
set -uo pipefail
source bench/carry.sh
unpack .carry tilerun
export TILEC_CACHE=0
T=$work/tilerun
m=gpc__cycles_elapsed.max,gpu__time_duration.sum,launch__registers_per_thread
show() { grep -E "gpc__cycles|gpu__time|registers_per" | awk -v k="$1" '{print k, $1, $NF}'; }
spec16="--no-specialise"; for n in H N_CTX sqz sqh sqm skz skh skn svz svh svn soz soh som; do spec16="$spec16 --divisibility $n=16"; done
for r in 1 2; do
for cfg in "64 0" "64 1" "128 0" "128 1"; do set -- $cfg; d=$1 c=$2
  timeout 120 ncu --metrics $m -k regex:attention --launch-count 1 "$T" examples/attention.tile -D HEAD_DIM=$d -D CAUSAL=$c -D BLOCK_M=64 -D BLOCK_N=64 --num-warps 4 $(attention_args $d 64) 2>&1 | show "r$r tilec d=$d c=$c"
  timeout 120 ncu --metrics $m -k regex:attention --launch-count 1 "$T" examples/attention.tile $spec16 -D HEAD_DIM=$d -D CAUSAL=$c -D BLOCK_M=64 -D BLOCK_N=64 --num-warps 4 $(attention_args $d 64) 2>&1 | show "r$r tilec-any16 d=$d c=$c"
  (cd bench && timeout 180 ncu --metrics $m -k regex:attn_fwd --launch-skip 1 --launch-count 1 python3 attention_once.py $d $c 64 64 4 3 2>&1 | show "r$r triton d=$d c=$c")
done; done
OUT=/tmp/o bash bench/device_ncu_matmul.sh .carry 4096 f16 2>&1 | grep -E "==|Duration|SM Freq|Registers"
