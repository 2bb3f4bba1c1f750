#!/usr/bin/env bash
# Runs the documentation (test/docs/run_docs.py): every shell and Python snippet of
# README.md and docs/ that needs no GPU, with the build's tilec and tilerun on PATH and the
# Python package importable, then checks links, builtins, CLI flags and tutorials.
# Builds what it needs (a no-op after scripts/test.sh's builds). Extra arguments go to
# run_docs.py (-k SUBSTRING, -v).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
target="$(realpath -m "${CARGO_TARGET_DIR:-target}")"
cargo build -q -p tilec-tools --bins
# `--bins` would leave out the Python extension (a library): build it on its own.
cargo build -q -p tilec-python
pkg="$target/python/tilec"
rm -rf "$pkg" && mkdir -p "$pkg"
cp -r python/tilec/. "$pkg/"
find "$pkg" -name __pycache__ -prune -exec rm -rf {} +
ln -sf "$target/debug/lib_tilec.so" "$pkg/_tilec.abi3.so"
PATH="$target/debug:$PATH" PYTHONPATH="$target/python" python3 test/docs/run_docs.py "$@"
