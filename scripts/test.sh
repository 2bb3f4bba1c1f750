#!/usr/bin/env bash
# Checks that no files import each other in a cycle (scripts/check_cycles.py), then sets
# up, builds, and runs every test that needs no GPU: unit + snapshot tests (cargo),
# the Python package's pytest suite, then the lit tests (FileCheck over tilec's output,
# ptxas over its PTX), then the kernels themselves in the interpreter: every example
# case of test/gpu (checked against numpy, with memcheck and the race detector), every
# run plan, the dot kernels through every pass (pipelined loops included) at small
# sizes, and the port of Triton's own language tests (test/triton), twice: from its .tile
# files, then from their Triton-syntax twins through tilec.triton's translator.
set -euo pipefail
cd "$(dirname "$0")/.."
# No file of a crate may import another that imports it back (issue 28): fails here,
# before the long build, printing each cycle and the imports that close it.
python3 scripts/check_cycles.py --self-test
python3 scripts/check_cycles.py
# ... nor a module of the compiler one of a higher layer (docs/architecture.md, "Layers").
python3 scripts/check_layers.py --self-test
python3 scripts/check_layers.py
scripts/setup.sh
source scripts/env.sh
cargo build -p tilec-tools --bins
cargo test --workspace
log=$(mktemp)
status=0
scripts/python_test.sh || status=1
scripts/docs_test.sh || status=1
/usr/lib/llvm-22/bin/lit -sv test 2>&1 | tee "$log" || status=$?
passed=$(sed -n 's/^ *Passed *: *\([0-9]*\).*/\1/p' "$log")
failed=$(sed -n 's/^ *Failed *: *\([0-9]*\).*/\1/p' "$log")
echo "lit: ${passed:-0} passed, ${failed:-0} failed"
tilerun="${CARGO_TARGET_DIR:-target}/debug/tilerun"
start=$(date +%s)
TILERUN="$tilerun" python3 test/gpu/check_examples.py --interpret | tee "$log" || status=1
TILERUN="$tilerun" PLAN_SIZES="1<<20" test/gpu/run_gpu_tests.sh --plans --races | tee -a "$log" || status=1
TILERUN="$tilerun" python3 test/gpu/check_dot.py --interpret | tee -a "$log" || status=1
TILERUN="$tilerun" python3 test/triton/run.py --interpret | tee -a "$log" || status=1
# The same cases again, each kernel translated from its Triton-syntax twin (test/triton/py).
TILERUN="$tilerun" python3 test/triton/run.py --interpret --via-translator | tee -a "$log" || status=1
echo "interpreter suite: $(grep -c '^PASS\|^ok ' "$log") passed, $(grep -c '^FAIL' "$log") failed in $(($(date +%s) - start)) s"
exit $status
