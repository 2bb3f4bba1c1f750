#!/usr/bin/env bash
# session 15: tensor descriptors on the GPU: the examples (every kernel of
# examples/tensor_descriptor.tile and the block-pointer ones, against numpy), tilec.triton's
# launches on torch tensors (tutorial 06 as Triton 3.6 writes it, with host descriptors), and
# racecheck on the descriptor kernels.
set -uo pipefail
source bench/carry.sh
unpack .carry tilec tilerun
export TILEC_CACHE=0 TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH
out=${OUT:-/tmp/out}; mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/device_desc.txt"; date -u >> "$out/device_desc.txt"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
echo "== examples"; timeout 200 python3 test/gpu/check_examples.py --no-selftest --only desc_matmul desc_window desc_sum_rows block_matmul block_copy > "$out/desc_examples.log" 2>&1
grep -E "^FAIL|passed" "$out/desc_examples.log" | tail -8
echo "== tilec.triton"; timeout 200 python3 test/gpu/triton_syntax.py > "$out/desc_triton_syntax.log" 2>&1; tail -14 "$out/desc_triton_syntax.log"
echo "== python"; timeout 150 python3 test/gpu/python_launch.py > "$out/desc_python.log" 2>&1; grep -E "FAIL|passed" "$out/desc_python.log" | tail -4
mkdir -p /tmp/rc
cat > /tmp/rc/tilerun <<EOS
#!/bin/sh
exec compute-sanitizer --tool racecheck --racecheck-report hazard --error-exitcode 99 --log-file /tmp/rc/log.%p $work/tilerun "\$@"
EOS
chmod +x /tmp/rc/tilerun
echo "== racecheck"; TILERUN=/tmp/rc/tilerun timeout 120 python3 test/gpu/check_examples.py --no-selftest --no-tile --only desc_matmul desc_window desc_sum_rows > "$out/desc_racecheck.log" 2>&1
grep -E "^FAIL|passed" "$out/desc_racecheck.log" | tail -4; cat /tmp/rc/log.* 2>/dev/null | grep -E "SUMMARY" | sort | uniq -c
