#!/usr/bin/env bash
# GPU correctness tests of every example: compile with tilec, run with tilerun on numpy
# inputs of several sizes, compare with numpy (test/gpu/check_examples.py does the work).
#
# On the GPU machine (python3 + numpy and a CUDA driver; no Rust):
#   TILEC=/path/tilec TILERUN=/path/tilerun test/gpu/run_gpu_tests.sh [options]
# TILEC is optional: without it `tilerun --compile-only` compiles (the same compiler).
# Options go to check_examples.py: --only add sum, --no-tile, --work DIR, -v, and
# --ptx-dir DIR to run prebuilt .ptx + .json instead of compiling, e.g. the
# hand-written fixtures: TILERUN=... test/gpu/run_gpu_tests.sh --ptx-dir test/gpu/fixtures
#
# `--triton [run.py options]` runs the port of Triton's language tests instead
# (test/triton/run.py on the GPU: every case compiled from its .tile and run; only TILERUN
# and numpy are needed; expected failures are listed in run.py's XFAIL table).
#
# `--plans [tilerun options]` runs every examples/plans/*.toml instead (multi-kernel
# algorithms; only TILERUN is needed, no numpy): each at the plan's own size (not a
# multiple of its tile) and at every size of PLAN_SIZES (default `1<<24`), checked
# against the plan's host references; extra options (`--bench`) go to every run. A run
# that hangs (a cross-program wait that never ends) is killed after PLAN_TIMEOUT s (300).
#
# The last line is `N passed, N failed, N skipped`; the exit status is non-zero on failure.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

fail_setup() {
    echo "run_gpu_tests: $*" >&2
    echo "0 passed, 1 failed"
    exit 1
}

[ -n "${TILERUN:-}" ] || fail_setup "set TILERUN to the tilerun binary"
[ -x "$TILERUN" ] || fail_setup "TILERUN=$TILERUN is not executable"

if [ "${1:-}" = "--triton" ]; then
    shift
    command -v python3 >/dev/null || fail_setup "python3 not found"
    python3 -c 'import numpy' 2>/dev/null || fail_setup "python3 has no numpy"
    exec python3 "$root/test/triton/run.py" "$@"
fi

if [ "${1:-}" = "--plans" ]; then
    shift
    passed=0 failed=0
    log=$(mktemp)
    for plan in "$root"/examples/plans/*.toml; do
        name=$(basename "$plan" .toml)
        for size in default ${PLAN_SIZES:-1<<24}; do
            sets=()
            [ "$size" = default ] || sets=(--set "N=$size")
            start=$(date +%s%N)
            if (cd "$root" && timeout "${PLAN_TIMEOUT:-300}" "$TILERUN" --plan "examples/plans/$name.toml" "${sets[@]}" "$@") >"$log" 2>&1; then
                passed=$((passed + 1))
                echo "ok   plan $name N=$size ($((($(date +%s%N) - start) / 1000000)) ms)"
                grep -E '^(check|BENCH|[a-z_]+: .* us median)' "$log" | sed 's/^/     /'
            else
                failed=$((failed + 1))
                echo "FAIL plan $name N=$size"
                tail -n 15 "$log" | sed 's/^/     /'
            fi
        done
    done
    rm -f "$log"
    echo "$passed passed, $failed failed, 0 skipped"
    [ "$failed" = 0 ]
    exit
fi

command -v python3 >/dev/null || fail_setup "python3 not found"
python3 -c 'import numpy' 2>/dev/null || fail_setup "python3 has no numpy"
[ -z "${TILEC:-}" ] || [ -x "$TILEC" ] || fail_setup "TILEC=$TILEC is not executable"
if command -v nvidia-smi >/dev/null; then
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/GPU: /'
fi
exec python3 "$here/check_examples.py" --examples "$root/examples" "$@"
