#!/usr/bin/env bash
# Benchmark tilec's kernels against Triton and PyTorch, in one run on the GPU machine.
#
#   TILERUN=/path/tilerun [TILEC=/path/tilec] OUT=/some/dir bench/run_bench.sh [triton_reference.py] [options]
#
# Times every example with `tilerun --bench` (vector add 2^20 and 2^28, transpose, sum 2^30,
# scan, softmax, matmul: those that compile), times tilec's cold compile of each example,
# runs the Triton/PyTorch reference script when its path is given (it writes
# $OUT/reference.json), and writes $OUT/table.md (the markdown table, also printed),
# $OUT/results.json, $OUT/ours.json, $OUT/compile.json and $OUT/reference.log.
# Options go to `compare.py run`: --only add sum, --examples DIR.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
out=${OUT:-$PWD/bench-out}
mkdir -p "$out"
[ -n "${TILERUN:-}" ] && [ -x "$TILERUN" ] || { echo "run_bench: set TILERUN to the tilerun binary" >&2; exit 1; }
ref=()
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
    [ -f "$1" ] || { echo "run_bench: no reference script at $1" >&2; exit 1; }
    ref=(--reference "$1")
    shift
fi
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader | sed 's/^/GPU: /'
exec python3 "$here/compare.py" run --out "$out" --examples "$root/examples" "${ref[@]}" "$@"
