#!/usr/bin/env bash
# Sets up, builds, compiles the vector-add example to PTX, and runs it on the GPU when
# there is one (in the interpreter when there is not).
# It builds the dev profile, as scripts/test.sh does, so the two share one build.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
source scripts/env.sh
cargo build -p tilec-tools --bins
bin="${CARGO_TARGET_DIR:-target}/debug"
mkdir -p out
"$bin/tilec" examples/add.tile -o out/add.ptx
echo "wrote out/add.ptx and out/add.json ($(grep -c ld.global out/add.ptx) global loads)"
"$bin/tilerun" examples/add.tile --kernel add --grid 1024 \
  a=randn:f32:1048576 b=randn:f32:1048576 out=zeros:f32:1048576 n=1048576
