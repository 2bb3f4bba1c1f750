#!/usr/bin/env bash
# Session 23, call 3: the committed thread-loops build's marks: the sort bench over
# 2^16..2^28 with its plot and the scan sweep 2^16..2^30 (i32, f32; package, do_bench,
# torch in the same process), then ncu (source counters, warp states) of the pairs digit
# pass at 2^26 and of scan_i32 at 2^28, for where the time goes now. Output under $OUT.
set -u
source bench/carry.sh
unpack .carry tilerun
export TILERUN=$work/tilerun PYTHONUNBUFFERED=1 PATH=$work:$PATH OUT=${OUT:-/tmp/out}
mkdir -p $OUT; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/device.txt; date -u >> $OUT/device.txt; cat $OUT/device.txt
python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('.carry/py.tar.xz')).extractall('/tmp/pyk')"
export PYTHONPATH=/tmp/pyk/py
SECONDS=0
timeout 200 python3 bench/sort_bench.py --out $OUT/sort --sizes 16,18,20,22,24,26,28 --rounds 3 > $OUT/sort_bench.txt 2>&1
grep "^2^" $OUT/sort_bench.txt
echo "sort bench done at $SECONDS s"
timeout 200 python3 bench/scan_sweep.py --out $OUT/scan --dtypes i32,f32 --variants types:16384x8 --min-log2 16 --max-log2 30 --rounds 3 > $OUT/scan_sweep.txt 2>&1
cat $OUT/scan/table.md 2>/dev/null || tail -20 $OUT/scan_sweep.txt
echo "scan sweep done at $SECONDS s"
sec=(--section SourceCounters --section WarpStateStats --section SpeedOfLight --section LaunchStats --section Occupancy)
timeout 120 ncu "${sec[@]}" -k regex:radix_pass_pairs --launch-skip 1 --launch-count 1 -o /tmp/pairs $TILERUN --plan examples/plans/radix_sort_pairs.toml --set 'N=1<<26' > $OUT/ncu_pairs.log 2>&1
ncu -i /tmp/pairs.ncu-rep --page source --csv --print-source sass 2>/dev/null | xz -9 > $OUT/pairs_sass.csv.xz
ncu -i /tmp/pairs.ncu-rep --page details >> $OUT/ncu_pairs.log 2>&1
grep -E "Duration|Registers Per|Achieved Occupancy|DRAM Throughput" $OUT/ncu_pairs.log | head
timeout 120 ncu "${sec[@]}" -k regex:scan_i32 --launch-count 1 -o /tmp/scan $TILERUN --plan examples/plans/scan_lookback_i32.toml --set 'N=1<<28' > $OUT/ncu_scan.log 2>&1
ncu -i /tmp/scan.ncu-rep --page source --csv --print-source sass 2>/dev/null | xz -9 > $OUT/scan_sass.csv.xz
ncu -i /tmp/scan.ncu-rep --page details >> $OUT/ncu_scan.log 2>&1
grep -E "Duration|Registers Per|Achieved Occupancy|DRAM Throughput" $OUT/ncu_scan.log | head
echo "all done at $SECONDS s"
