#!/usr/bin/env bash
# Builds the Python package's extension (a debug build beside the workspace's, sharing its
# compiled crates), lays the package out under $CARGO_TARGET_DIR/python, and runs its
# pytest suite (python/tests; no GPU needed). Extra arguments go to pytest.
# `pip install ./python` (maturin, a release build) is the way to install it for use.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
target="${CARGO_TARGET_DIR:-target}"
cargo build -p tilec-python
pkg="$target/python/tilec"
rm -rf "$pkg" && mkdir -p "$pkg"
cp -r python/tilec/. "$pkg/"
find "$pkg" -name __pycache__ -prune -exec rm -rf {} +
# CPython finds an abi3 extension under this name (maturin names it the same way).
ln -sf "$(realpath "$target/debug/lib_tilec.so")" "$pkg/_tilec.abi3.so"
# tilec.triton's tests run translated kernels in tilerun's interpreter.
cargo build -p tilec-tools --bins
TILEC="$(realpath "$target/debug/tilec")" TILERUN="$(realpath "$target/debug/tilerun")" PYTHONPATH="$target/python" python3 -m pytest -q python/tests "$@"
