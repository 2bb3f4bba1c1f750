#!/usr/bin/env bash
# tilec's grouped matmul and Triton's reference kernel (its first configuration, the
# same tile shape) interleaved: ROUNDS rounds of each problem, tilec then Triton then
# cuBLAS, so that drift between minutes (5-7% on the H100 machines) falls on both.
#   bash bench/device_matmul_ab.sh CARRY_DIR [ROUNDS]
set -uo pipefail
carry=${1:-.carry}
source "$(dirname "$0")/carry.sh"
unpack "$carry" tilerun
for r in $(seq "${2:-3}"); do
  for p in "4096 f16" "4096 bf16" "8192 f16" "8192 bf16"; do
    set -- $p; s=$1 t=$2
    "$work/tilerun" examples/matmul_grouped.tile --kernel matmul_$t --grid $(( (s / 128) * (s / 256) )) \
      a=randn:$t:${s}x${s} b=randn:$t:${s}x${s} c=empty:$t:${s}x${s} M=$s N=$s K=$s \
      sam=$s sak=1 sbk=$s sbn=1 scm=$s scn=1 --bench --flops $((2 * s * s * s)) 2>&1 \
      | grep -E "median|error" | sed "s/^/round $r tilec $s $t /; s/ L2 flushed//; s/ over [0-9]* launches//"
    (cd bench && timeout 120 python3 matmul_reference.py "$s" "$t" 2>&1 | sed "s/^/round $r /")
  done
done
