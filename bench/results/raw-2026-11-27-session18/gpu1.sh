#!/usr/bin/env bash
# session 18, call 1: `bin_rank` and `scatter` (new builtins) on the GPU: the counting-sort
# example via .tile and .ptx, the radix sort plans (rewritten on them) at several sizes,
# racecheck / memcheck on the examples, then bench/sort_bench.py (radix sort vs torch.sort).
set -uo pipefail
source bench/carry.sh
unpack .carry tilec tilerun
export TILEC=$work/tilec TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH
out=${OUT:-/tmp/out}; mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/device.txt"; date -u >> "$out/device.txt"
cat "$out/device.txt"
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
SECONDS=0
timeout 200 python3 test/gpu/check_examples.py --only counting_sort byte_rank histogram gather > "$out/check.log" 2>&1
grep -E "^(FAIL)|passed" "$out/check.log" | tail -30
for p in radix_sort radix_sort_pairs; do
  for n in 1 4097 1000003 16777216 "1<<26"; do
    timeout 120 $work/tilerun --plan examples/plans/$p.toml --set "N=$n" > "$out/plan_${p}_$n.log" 2>&1; echo "plan $p N=$n rc=$? $(grep -E '^check' "$out/plan_${p}_$n.log" | tr '\n' ' ')"
  done
done
echo "checks done at $SECONDS s"
mkdir -p /tmp/rc
for tool in memcheck racecheck; do
cat > /tmp/rc/tilerun <<EOS
#!/bin/sh
exec compute-sanitizer --tool $tool --error-exitcode 99 --log-file /tmp/rc/$tool.%p $work/tilerun "\$@"
EOS
chmod +x /tmp/rc/tilerun
TILERUN=/tmp/rc/tilerun timeout 150 python3 test/gpu/check_examples.py --no-selftest --no-tile --max-elements 300000 --only counting_sort byte_rank > "$out/$tool.log" 2>&1
echo "$tool: $(grep -E 'passed' "$out/$tool.log" | tail -1)"; cat /tmp/rc/$tool.* 2>/dev/null | grep -E "SUMMARY" | sort | uniq -c
timeout 120 compute-sanitizer --tool $tool $work/tilerun --plan examples/plans/radix_sort_pairs.toml --set "N=100003" > "$out/plan_$tool.log" 2>&1; echo "plan $tool rc=$? $(grep -E 'SUMMARY|^check' "$out/plan_$tool.log" | tr '\n' ' ')"
done
echo "sanitizers done at $SECONDS s"
timeout 300 python3 bench/sort_bench.py --out "$out/sort" 2>&1 | tee "$out/sort.log" | tail -12
echo "all done in $SECONDS s"
