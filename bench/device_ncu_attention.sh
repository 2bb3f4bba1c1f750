#!/usr/bin/env bash
# ncu beside: tilec's flash attention and Triton's tutorial-style kernel
# (bench/attention_once.py), each at the block shape it runs fastest with under ncu's locked
# clocks (session 8 measured every shape of Triton's autotune list: BLOCK_M 64, BLOCK_N 64,
# 4 warps at both head dims; tilec, since session 9, the same shape; 3 stages), one launch
# each, issue 10's shapes (batch 4, 32 heads, seq 4096, f16), head dims 64 and 128, causal
# and not. tilec runs twice: as tilerun launches it (specialised on N_CTX a multiple of 64,
# which `fold-bounds` asks for: the K and V loads' masks go, as Triton's kernel leaves
# them out), and compiled for any N_CTX a multiple of 16 (`--no-specialise` with every
# integer's 16 given by hand: the masks stay). Prints duration, cycles, instructions,
# registers and achieved occupancy per kernel.
#   bash bench/device_ncu_attention.sh CARRY_DIR [TILERUN_NAME]
set -uo pipefail
carry=${1:-.carry}
b=${2:-tilerun}
source "$(dirname "$0")/carry.sh"
unpack "$carry" "$b"
m=gpu__time_duration.sum,gpc__cycles_elapsed.max,smsp__inst_executed.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active
show() { grep -E "gpu__time_duration|gpc__cycles|inst_executed|registers_per|warps_active" | awk -v k="$1" '{print k, $1, $(NF-1), $NF}'; }
any16="--no-specialise"
for n in H N_CTX sqz sqh sqm skz skh skn svz svh svn soz soh som; do any16="$any16 --divisibility $n=16"; done
# head dim, causal, tilec BLOCK_M BLOCK_N warps, Triton BLOCK_M BLOCK_N warps
for cfg in "64 0 64 64 4 64 64 4" "64 1 64 64 4 64 64 4" "128 0 64 64 4 64 64 4" "128 1 64 64 4 64 64 4"; do
  set -- $cfg; d=$1 c=$2 bm=$3 bn=$4 w=$5 tbm=$6 tbn=$7 tw=$8 s=3
  for spec in "" "$any16"; do
    timeout 120 ncu --metrics $m -k regex:attention --launch-count 1 "$work/$b" examples/attention.tile $spec \
      -D HEAD_DIM=$d -D CAUSAL=$c -D BLOCK_M=$bm -D BLOCK_N=$bn --num-warps $w $(attention_args $d $bm) 2>&1 \
      | show "tilec${spec:+ any-N_CTX} d=$d causal=$c BLOCK_M=$bm BLOCK_N=$bn warps=$w"
  done
  (cd bench && timeout 180 ncu --metrics $m -k regex:attn_fwd --launch-skip 1 --launch-count 1 \
    python3 attention_once.py $d $c $tbm $tbn $tw $s 2>&1 | show "triton d=$d causal=$c BLOCK_M=$tbm BLOCK_N=$tbn warps=$tw")
done
