#!/usr/bin/env bash
# session 17, call 9: TMA stores wait for their reads only before their bytes are next
# written and before the kernel ends (membar's tma_store_wait), so a persistent kernel's
# epilogue store overlaps the next tile's mainloop. GPU checks, racecheck and memcheck,
# bench/matmul_tma.py.
set -uo pipefail
source bench/carry.sh
unpack .carry tilec tilerun
export TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH
out=${OUT:-/tmp/out}; mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/device.txt"; date -u >> "$out/device.txt"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
SECONDS=0
timeout 200 python3 test/gpu/check_examples.py --only matmul_tma matmul_tma_persistent desc_matmul desc_window desc_sum_rows > "$out/check.log" 2>&1
grep -E "^(FAIL)|passed" "$out/check.log" | tail -30
echo "checks done at $SECONDS s"
mkdir -p /tmp/rc
for tool in racecheck memcheck; do
cat > /tmp/rc/tilerun <<EOS
#!/bin/sh
exec compute-sanitizer --tool $tool --error-exitcode 99 --log-file /tmp/rc/$tool.%p $work/tilerun "\$@"
EOS
chmod +x /tmp/rc/tilerun
TILERUN=/tmp/rc/tilerun timeout 130 python3 test/gpu/check_examples.py --no-selftest --max-elements 300000 --only desc_window desc_matmul matmul_tma_persistent > "$out/$tool.log" 2>&1
echo "$tool: $(grep -E 'passed' "$out/$tool.log" | tail -1)"; cat /tmp/rc/$tool.* 2>/dev/null | grep -E "SUMMARY" | sort | uniq -c
grep -A3 "^FAIL" "$out/$tool.log" | head -8
done
echo "sanitizers done at $SECONDS s"
timeout 200 python3 bench/matmul_tma.py --out "$out/bench" 2>&1 | tee "$out/bench.log" | tail -8 | cut -c1-700
echo "all done in $SECONDS s"
