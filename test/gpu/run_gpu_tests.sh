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
# The last line is `N passed, N failed, N skipped`; the exit status is non-zero on failure.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

fail_setup() {
    echo "run_gpu_tests: $*" >&2
    echo "0 passed, 1 failed"
    exit 1
}

command -v python3 >/dev/null || fail_setup "python3 not found"
python3 -c 'import numpy' 2>/dev/null || fail_setup "python3 has no numpy"
[ -n "${TILERUN:-}" ] || fail_setup "set TILERUN to the tilerun binary"
[ -x "$TILERUN" ] || fail_setup "TILERUN=$TILERUN is not executable"
[ -z "${TILEC:-}" ] || [ -x "$TILEC" ] || fail_setup "TILEC=$TILEC is not executable"
if command -v nvidia-smi >/dev/null; then
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/GPU: /'
fi
exec python3 "$here/check_examples.py" --examples "$root/examples" "$@"
