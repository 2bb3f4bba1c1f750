#!/usr/bin/env bash
# session 17, call 7: the committed tree (TMA rings and stores; in loops only descriptor
# loads that are a dot's operands take TMA) across everything: tilec.triton's tutorials
# (06 with host TensorDescriptors: its V loads now TMA-staged, K's transposed ones masked)
# and every example via .tile and .ptx in 4 shards.
set -uo pipefail
source bench/carry.sh
unpack .carry tilec tilerun
export TILEC_CACHE=0 TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH
out=${OUT:-/tmp/out}; mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/device.txt"; date -u >> "$out/device.txt"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
SECONDS=0
timeout 200 python3 test/gpu/triton_syntax.py > "$out/triton_syntax.log" 2>&1; tail -4 "$out/triton_syntax.log"
echo "triton_syntax done at $SECONDS s"
for i in 0 1 2 3; do
  timeout 360 test/gpu/run_gpu_tests.sh --shard $i/4 > "$out/examples.$i.log" 2>&1 &
done
wait
echo "all done in $SECONDS s"
for i in 0 1 2 3; do grep -E "^FAIL|passed" "$out/examples.$i.log" | tail -6; done
