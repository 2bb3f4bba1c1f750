#!/usr/bin/env bash
# session 15 on the GPU machine: the validation session 14 owed (its tree: allocate-shared,
# membar, tilec.triton). `gpu.sh a`: every example against numpy in 4 parallel shards
# (check_examples.py --shard), the Python package, tilec.triton's GPU launches, and
# compute-sanitizer racecheck on the examples that stage through shared memory.
# `gpu.sh b`: the port of Triton's language tests.
set -uo pipefail
source bench/carry.sh
unpack .carry tilec tilerun
export TILEC_CACHE=0 TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH
out=${OUT:-/tmp/out}; mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > "$out/device.txt"; date -u >> "$out/device.txt"
cat "$out/device.txt"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
if [ "${1:-a}" = b ]; then
  echo "== triton port"; TILEC_CACHE=1 TILEC_CACHE_DIR=/tmp/tcache timeout 540 python3 test/triton/run.py -j 16 > "$out/triton.log" 2>&1
  grep -E -A4 "^FAIL" "$out/triton.log" | cut -c1-400 | head -60; grep -E "passed|total" "$out/triton.log" | tail -3; gzip -f "$out/triton.log"
  exit
fi
SECONDS=0
for i in 0 1 2 3; do
  timeout 480 test/gpu/run_gpu_tests.sh --shard $i/4 > "$out/examples.$i.log" 2>&1 &
done
(timeout 150 python3 test/gpu/python_launch.py > "$out/python.log" 2>&1
 timeout 150 python3 test/gpu/triton_syntax.py > "$out/triton_syntax.log" 2>&1; echo "triton_syntax exit $?" >> "$out/triton_syntax.log") &
mkdir -p /tmp/rc
cat > /tmp/rc/tilerun <<EOS
#!/bin/sh
exec compute-sanitizer --tool racecheck --racecheck-report hazard --error-exitcode 99 --log-file /tmp/rc/log.%p $work/tilerun "\$@"
EOS
chmod +x /tmp/rc/tilerun
TILERUN=/tmp/rc/tilerun timeout 480 python3 test/gpu/check_examples.py --no-selftest --no-tile --max-elements 300000 \
  --only attention matmul matmul_splitk matmul_streamk block_matmul transpose softmax cumsum2d histogram sort_rows row_topk gather2d flip2d custom_reduce custom_scan scan big_transpose row_stats \
  > "$out/racecheck.log" 2>&1 &
wait
echo "all done in $SECONDS s"
echo "== examples"; for i in 0 1 2 3; do grep -E "^FAIL|passed" "$out/examples.$i.log" | tail -8; done
echo "== python"; grep -E "FAIL|passed" "$out/python.log" | tail -6
echo "== tilec.triton"; tail -15 "$out/triton_syntax.log"
echo "== racecheck"; grep -E "^FAIL|passed" "$out/racecheck.log" | tail -12
cat /tmp/rc/log.* 2>/dev/null | grep -E "SUMMARY|hazard" | sort | uniq -c | head -10
