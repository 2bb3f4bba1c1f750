#!/usr/bin/env bash
# session 11: the Python package (release build) on the GPU, and the run plans, with the final compiler
set -uo pipefail
source bench/carry.sh
unpack .carry tilerun
export TILEC_CACHE=0
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
echo "== python_launch"; timeout 300 python3 test/gpu/python_launch.py 2>&1 | grep -E "FAIL|attention|passed" | tail -12
echo "== plans"; TILERUN=$work/tilerun PLAN_SIZES="1<<24" timeout 250 test/gpu/run_gpu_tests.sh --plans 2>&1 | grep -E "FAIL|passed" | tail -5
