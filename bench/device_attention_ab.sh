#!/usr/bin/env bash
# tilec's flash attention (issue 10's shape: batch 4, heads 32, seq 4096, f16) for each
# tilerun build named, round after round, then Triton's tutorial-style kernel and torch
# SDPA (bench/attention_reference.py) in the same round, so that clock drift between
# minutes falls on all of them. Naming two builds (`tilerun-base tilerun`) times a
# compiler change against its base. ATTN_FLAGS adds tilerun flags to every tilec run
# (tilerun specialises on N_CTX a multiple of 64 by itself since session 11, as the
# compiler asks for it; `--no-specialise --divisibility ...=16` for each integer gives the
# kernel for any N_CTX).
#   bash bench/device_attention_ab.sh CARRY_DIR [ROUNDS] [TILERUN_NAME...]
set -uo pipefail
source "$(dirname "$0")/carry.sh"
unpack_builds 2 "$@"
attn() {  # build head_dim causal block_m block_n warps
  local b=$1 d=$2 c=$3 bm=$4 bn=$5 w=$6 z=4 h=32 n=4096
  local fl=$(( 4 * z * h * n * n * d / (c + 1) ))
  TILEC_CACHE=0 "$work/$b" examples/attention.tile ${ATTN_FLAGS:-} -D HEAD_DIM=$d -D CAUSAL=$c -D BLOCK_M=$bm -D BLOCK_N=$bn \
    --num-warps $w $(attention_args $d $bm) --bench --flops $fl 2>&1 | grep -E "median|error" \
    | sed "s/ L2 flushed//; s/ over [0-9]* launches//"
}
for r in $(seq "$rounds"); do
  # BLOCK_M 64 with 4 warps: the fastest shape at both head dims under locked clocks
  # (sessions 8-10)
  for p in "64 0 64 64 4" "64 1 64 64 4" "128 0 64 64 4" "128 1 64 64 4" "64 0 128 64 8" "64 1 128 64 8" \
           "128 0 128 64 8" "128 1 128 64 8" "128 0 128 128 8" "128 1 128 128 8"; do
    set -- $p
    for b in "${builds[@]}"; do
      attn "$b" "$1" "$2" "$3" "$4" "$5" | sed "s/^/round $r $b${ATTN_FLAGS:+ ($ATTN_FLAGS)} d=$1 causal=$2 BLOCK_M=$3 BLOCK_N=$4 warps=$5 /"
    done
  done
  (cd bench && timeout 200 python3 attention_reference.py 2>&1 | sed "s/^/round $r /")
done
