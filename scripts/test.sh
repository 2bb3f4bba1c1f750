#!/usr/bin/env bash
# Sets up, builds, and runs every test that needs no GPU: unit + snapshot tests (cargo),
# then the lit tests (FileCheck over tilec's output, ptxas over its PTX).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
source scripts/env.sh
cargo build -p tilec-tools --bins
cargo test --workspace
/usr/lib/llvm-22/bin/lit -sv test
