#!/usr/bin/env bash
# session 15, the final tree on the GPU: every example against numpy (4 shards), the Python
# package, tilec.triton's launches (with triton.testing.do_bench), and racecheck on the
# kernels that stage through shared memory. The passes of ours now run as one MLIR
# external pass (PTX identical for 504 compiles: this checks the whole chain once more).
set -uo pipefail
source bench/carry.sh
unpack .carry tilec tilerun
export TILEC_CACHE=0 TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH
out=${OUT:-/tmp/out}; mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/device3.txt"; date -u >> "$out/device3.txt"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
SECONDS=0
for i in 0 1 2 3; do
  timeout 400 test/gpu/run_gpu_tests.sh --shard $i/4 > "$out/final_examples.$i.log" 2>&1 &
done
(timeout 150 python3 test/gpu/python_launch.py > "$out/final_python.log" 2>&1
 timeout 150 python3 test/gpu/triton_syntax.py > "$out/final_triton_syntax.log" 2>&1) &
mkdir -p /tmp/rc
cat > /tmp/rc/tilerun <<EOS
#!/bin/sh
exec compute-sanitizer --tool racecheck --racecheck-report hazard --error-exitcode 99 --log-file /tmp/rc/log.%p $work/tilerun "\$@"
EOS
chmod +x /tmp/rc/tilerun
TILERUN=/tmp/rc/tilerun timeout 400 python3 test/gpu/check_examples.py --no-selftest --no-tile --max-elements 300000 \
  --only attention matmul matmul_splitk matmul_streamk block_matmul transpose softmax cumsum2d histogram sort_rows row_topk gather2d custom_reduce custom_scan scan desc_matmul desc_window \
  > "$out/final_racecheck.log" 2>&1 &
wait
echo "all done in $SECONDS s"
for i in 0 1 2 3; do grep -E "^FAIL|passed" "$out/final_examples.$i.log" | tail -6; done
grep -E "FAIL|passed" "$out/final_python.log" | tail -3; tail -14 "$out/final_triton_syntax.log"
grep -E "^FAIL|passed" "$out/final_racecheck.log" | tail -6; cat /tmp/rc/log.* 2>/dev/null | grep -E "SUMMARY" | sort | uniq -c
