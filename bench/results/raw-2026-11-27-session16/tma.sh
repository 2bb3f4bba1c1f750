#!/usr/bin/env bash
# session 16: the first TMA path on the GPU. Tensor-descriptor loads whose strides the
# launch specialised to 16-byte multiples are TMA copies (cp.async.bulk.tensor + mbarrier,
# host-encoded descriptors); the rest stay masked loads. Runs the descriptor examples
# (TMA and not, NaN padding, edges, 3-D), the PTX check that TMA was used, tilec.triton's
# tutorial 06 (host TensorDescriptor arguments, so TMA) and compute-sanitizer on the
# descriptor kernels, then every example in 4 shards (no regression elsewhere).
set -uo pipefail
source bench/carry.sh
unpack .carry tilec tilerun
export TILEC_CACHE=0 TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH
out=${OUT:-/tmp/out}; mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/device.txt"; date -u >> "$out/device.txt"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
SECONDS=0
timeout 120 python3 test/gpu/check_examples.py --only desc_matmul desc_window desc_sum_rows -v > "$out/desc.log" 2>&1
grep -E "^(PASS|FAIL)|passed" "$out/desc.log" | grep -v compile | tail -30
# Which cases took TMA: the PTX of one specialised compile of each kernel.
for k in desc_matmul desc_window; do
  if [ $k = desc_window ]; then d="--divisibility cols=16"; else d="--divisibility K=16 --divisibility N=16"; fi
  $TILEC examples/tensor_descriptor.tile --kernel $k $d -o /tmp/$k.ptx
  echo "$k: $(grep -c cp.async.bulk.tensor /tmp/$k.ptx) TMA copies in the PTX"
done
mkdir -p /tmp/rc
cat > /tmp/rc/tilerun <<EOS
#!/bin/sh
exec compute-sanitizer --tool memcheck --error-exitcode 99 --log-file /tmp/rc/log.%p $work/tilerun "\$@"
EOS
chmod +x /tmp/rc/tilerun
TILERUN=/tmp/rc/tilerun timeout 200 python3 test/gpu/check_examples.py --no-selftest --only desc_matmul desc_window desc_sum_rows > "$out/desc_memcheck.log" 2>&1
grep -E "^FAIL|passed" "$out/desc_memcheck.log" | tail -4; cat /tmp/rc/log.* 2>/dev/null | grep -E "SUMMARY" | sort | uniq -c
timeout 200 python3 test/gpu/triton_syntax.py > "$out/triton_syntax.log" 2>&1; tail -14 "$out/triton_syntax.log"
for i in 0 1 2 3; do
  timeout 330 test/gpu/run_gpu_tests.sh --shard $i/4 > "$out/examples.$i.log" 2>&1 &
done
wait
echo "all done in $SECONDS s"
for i in 0 1 2 3; do grep -E "^FAIL|passed" "$out/examples.$i.log" | tail -6; done
