#!/usr/bin/env bash
# session 18, call 2: the race fix in bin_rank (only the lowest peer reads the counter it
# bumps) under racecheck, the radix plans with the windowed look-back, where a radix
# pass's time goes (sort_parts.py), then bench/sort_bench.py.
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
timeout 100 python3 test/gpu/check_examples.py --no-selftest --only counting_sort byte_rank > "$out/check.log" 2>&1
grep -E "^(FAIL)|passed" "$out/check.log" | tail -5
for p in radix_sort radix_sort_pairs; do
  for n in 4097 1000003 "1<<26"; do
    timeout 120 $work/tilerun --plan examples/plans/$p.toml --set "N=$n" > "$out/plan.log" 2>&1; echo "plan $p N=$n rc=$? $(grep -E '^check' "$out/plan.log" | cut -c1-40 | tr '\n' ' ')"
  done
done
mkdir -p /tmp/rc
cat > /tmp/rc/tilerun <<EOS
#!/bin/sh
exec compute-sanitizer --tool racecheck --error-exitcode 99 --log-file /tmp/rc/racecheck.%p $work/tilerun "\$@"
EOS
chmod +x /tmp/rc/tilerun
TILERUN=/tmp/rc/tilerun timeout 150 python3 test/gpu/check_examples.py --no-selftest --no-tile --max-elements 300000 --only counting_sort byte_rank > "$out/racecheck.log" 2>&1
echo "racecheck: $(grep -E 'passed' "$out/racecheck.log" | tail -1)"; cat /tmp/rc/racecheck.* 2>/dev/null | grep -E "SUMMARY" | sort | uniq -c
timeout 120 compute-sanitizer --tool racecheck $work/tilerun --plan examples/plans/radix_sort_pairs.toml --set "N=100003" > "$out/plan_racecheck.log" 2>&1; echo "plan racecheck rc=$? $(grep -E 'SUMMARY|^check' "$out/plan_racecheck.log" | cut -c1-60 | tr '\n' ' ')"
echo "checks done at $SECONDS s"
timeout 200 python3 bench/results/raw-2026-11-27-session18/sort_parts.py 2>&1 | tee "$out/parts.log"
timeout 200 python3 bench/sort_bench.py --out "$out/sort" --sizes 20,24,26,28 2>&1 | tee "$out/sort.log" | tail -6
echo "all done in $SECONDS s"
