#!/usr/bin/env bash
# Sets up, builds, and runs every test that needs no GPU: unit + snapshot tests (cargo),
# then the lit tests (FileCheck over tilec's output, ptxas over its PTX).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
source scripts/env.sh
cargo build -p tilec-tools --bins
cargo test --workspace
log=$(mktemp)
status=0
/usr/lib/llvm-22/bin/lit -sv test 2>&1 | tee "$log" || status=$?
passed=$(sed -n 's/^ *Passed *: *\([0-9]*\).*/\1/p' "$log")
failed=$(sed -n 's/^ *Failed *: *\([0-9]*\).*/\1/p' "$log")
echo "lit: ${passed:-0} passed, ${failed:-0} failed"
exit $status
