#!/usr/bin/env bash
# tilec's grouped matmul and Triton's reference kernel (its first configuration, the
# same tile shape) interleaved: ROUNDS rounds of each problem, each tilerun build named
# (default: tilerun) then Triton then cuBLAS, so that drift between minutes (5-7% on the
# H100 machines) falls on all of them. Naming two builds (`tilerun-base tilerun`) times a
# compiler change against its base in the same rounds.
#   bash bench/device_matmul_ab.sh CARRY_DIR [ROUNDS] [TILERUN_NAME...]
set -uo pipefail
source "$(dirname "$0")/carry.sh"
unpack_builds 3 "$@"
for r in $(seq "$rounds"); do
  for p in "4096 f16" "4096 bf16" "8192 f16" "8192 bf16"; do
    set -- $p; s=$1 t=$2
    for b in "${builds[@]}"; do
      TILEC_CACHE=0 "$work/$b" examples/matmul_grouped.tile --kernel matmul_$t --grid $(( (s / 128) * (s / 256) )) \
        a=randn:$t:${s}x${s} b=randn:$t:${s}x${s} c=empty:$t:${s}x${s} M=$s N=$s K=$s \
        sam=$s sak=1 sbk=$s sbn=1 scm=$s scn=1 --bench --flops $((2 * s * s * s)) 2>&1 \
        | grep -E "median|error" | sed "s/^/round $r $b $s $t /; s/ L2 flushed//; s/ over [0-9]* launches//"
    done
    (cd bench && timeout 120 python3 matmul_reference.py "$s" "$t" 2>&1 | sed "s/^/round $r /")
  done
done
