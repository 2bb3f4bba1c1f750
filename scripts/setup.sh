#!/usr/bin/env bash
# Installs what building and testing tilec needs; safe to run again.
set -euo pipefail
pkgs="libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools libclang-22-dev libpolly-22-dev libzstd-dev libz3-dev libxml2-dev zlib1g-dev"
missing=""
for p in $pkgs; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
if [ -n "$missing" ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q $missing
fi
# ptxas, to validate PTX without a GPU.
if ! python3 -c "import nvidia, os, sys; sys.exit(0 if os.path.exists(os.path.join(list(nvidia.__path__)[0], 'cu13', 'bin', 'ptxas')) else 1)" 2>/dev/null; then
  python3 -m pip install -q "nvidia-cuda-nvcc>=13.0,<13.1"
fi
# numpy, for the interpreter suite's references (test/gpu/check_examples.py --interpret).
if ! python3 -c "import numpy" 2>/dev/null; then
  python3 -m pip install -q numpy
fi
# pytest, for the Python package's tests (scripts/python_test.sh).
if ! python3 -c "import pytest" 2>/dev/null; then
  python3 -m pip install -q pytest
fi
