#!/usr/bin/env bash
# Sets up, builds, compiles the vector-add example to PTX, and runs it on the GPU when
# there is one.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
source scripts/env.sh
cargo build --release -p tilec-tools --bins
mkdir -p out
target/release/tilec examples/add.tile -o out/add.ptx
echo "wrote out/add.ptx and out/add.json ($(grep -c ld.global out/add.ptx) global loads)"
target/release/tilerun examples/add.tile --kernel add --grid 1024 \
  a=randn:f32:1048576 b=randn:f32:1048576 out=zeros:f32:1048576 n=1048576 || \
  echo "(no GPU here: the PTX above is what tilerun would launch)"
