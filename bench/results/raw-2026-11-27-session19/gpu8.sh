#!/usr/bin/env bash
# session 19, prepared for the next session (no device time was left): 64-bit keys
# (radix_histogram_u64, radix_pass_u64, radix_pass_pairs_u64) through their plans and
# through sort64_helper.py (docs/python.md's sort helper extended), against torch.sort;
# then compute-sanitizer racecheck of the pairs plan; then the trans-loads pass (below).
set -uo pipefail
source bench/carry.sh
device_setup .carry
R=bench/results/raw-2026-11-27-session19
for plan in radix_sort_u64 radix_sort_u64_pairs radix_sort; do for n in 1 1000003 '1<<24'; do
  $TILERUN --plan examples/plans/$plan.toml --set "N=$n" 2>&1 | grep -E "check|error" | cut -c1-120 | sed "s/^/$plan $n: /"; done; done
timeout 40 python3 $R/sort_keys64.py 2>&1 | grep -v ": ok$" | tail -6
timeout 60 compute-sanitizer --tool racecheck $TILERUN --plan examples/plans/radix_sort_u64_pairs.toml --set 'N=100003' 2>&1 | tail -2
# The trans-loads pass (committed after the last GPU call): batched_dot's K^T and
# attention_bwd's RELOAD = 0 now load transposed; check them, then time RELOAD 0 against 1.
timeout 200 python3 test/gpu/check_examples.py --no-selftest --only head_scores attention_bwd matmul_splitk > "$OUT/check.log" 2>&1
grep -E "^(FAIL)|passed" "$OUT/check.log" | tail -6
timeout 200 python3 bench/attention_bwd.py --n 4096 --variants w8s5,w8s5_trans --rounds 2 --rep 100 --out "$OUT/attn" 2>&1 | grep -v "bytes for" | tail -8
