#!/usr/bin/env bash
# session 20, call 10: an ncu profile of the look-back scan at 2^28 i32 (issue 30: 0.70x the
# copy rate), for the next session: throughput, occupancy, warp states, hot spots.
set -uo pipefail
source bench/carry.sh
device_setup .carry
timeout 60 $TILERUN --plan examples/plans/scan_lookback_i32.toml --set 'N=1<<28' --bench 2>&1 | grep -E "BENCH|check" | cut -c1-200
timeout 240 ncu --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats \
  --section SchedulerStats --section MemoryWorkloadAnalysis --section SourceCounters --section ComputeWorkloadAnalysis \
  -k regex:scan_i32 -c 1 $TILERUN --plan examples/plans/scan_lookback_i32.toml --set 'N=1<<28' > "$OUT/ncu_scan_i32.txt" 2>&1
grep -E "Duration|DRAM Throughput|Memory Throughput|Registers Per|Achieved Occupancy|Theoretical Occupancy|Block Limit|Warp Cycles Per Issued|Eligible Warps|Issued Warp|Shared Memory Per|Dynamic Shared" "$OUT/ncu_scan_i32.txt" | head -30
