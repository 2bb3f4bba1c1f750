#!/usr/bin/env bash
# tilec's interpreter beside Triton's (TRITON_INTERPRET=1) on the same kernels, in one run:
# vector add 2^20 (TILE 1024), row softmax 1024x1024, matmul 256^3 (runtime K loop), and
# the language doc's look-back scan 2^20 (tilec only; checked against numpy's cumsum by
# --check is not needed: the scan's plan checks itself). Each TILEC time is the wall time
# of the whole `tilerun --interpret` process (compile to IR, inputs, run, checks); each
# TILEC-KERNEL time the interpreter's run of the kernel alone, like Triton's lines.
#
#   bash bench/interp_bench.sh [TILERUN]      TILERUN: a release tilerun (default: .carry/tilerun.xz
#                                             unpacked, else target/release/tilerun)
# On the GPU machine (python3, numpy, torch, triton; no Rust), with the binaries carried
# as bench/device_all.sh describes: bash bench/interp_bench.sh
set -uo pipefail
cd "$(dirname "$0")/.."
tilerun=${1:-}
if [ -z "$tilerun" ] && [ -f .carry/tilerun.xz ]; then
  tilerun=$(mktemp -d)/tilerun
  python3 -c "import lzma; open('$tilerun','wb').write(lzma.open('.carry/tilerun.xz').read())"
  chmod +x "$tilerun"
fi
tilerun=${tilerun:-target/release/tilerun}
[ -x "$tilerun" ] || { echo "interp_bench: no tilerun at $tilerun" >&2; exit 1; }

run() {  # name, then tilerun arguments
  local name=$1; shift
  local t0 t1
  t0=$(date +%s%N)
  if "$tilerun" --interpret "$@" > /tmp/interp_bench.log 2>&1; then
    t1=$(date +%s%N)
    echo "TILEC $name $(python3 -c "print(f'{($t1 - $t0) / 1e9:.3f}')")"
    # The kernel's own time, as Triton's line times only its kernel call (no imports,
    # inputs or checks): the sum of tilerun's "(... N ms)" per launch.
    local ms
    ms=$(grep -oE "in the interpreter \(.*, [0-9.]+ ms\)" /tmp/interp_bench.log | grep -oE "[0-9.]+ ms" | awk '{s += $1} END {if (NR) printf "%.3f", s / 1000}')
    [ -n "$ms" ] && echo "TILEC-KERNEL $name $ms"
  else
    echo "TILEC $name FAILED"; tail -5 /tmp/interp_bench.log
  fi
}

echo "# $(date -u) on $(uname -n): $(nproc) cores, $(python3 -c 'import platform; print(platform.processor() or platform.machine())')"
N=1048576
run add_2^20 examples/add.tile -D TILE=1024 --grid 1024 randn:f32:$N randn:f32:$N empty:f32:$N $N
run softmax_1024x1024 examples/softmax_row.tile -D BLOCK=1024 --grid 1024 empty:f32:1024x1024 randn:f32:1024x1024 1024 1024 1024
run matmul_256^3 examples/matmul.tile --grid 2 randn:f16:256x256 randn:f16:256x256 empty:f16:256x256 256 256 256 256 1 256 1 256 1
run scan_2^20 examples/scan.tile --grid 256 randint:i32:$N:-100:100 empty:i32:$N zeros:u64:256 zeros:i32:1 $N
run scan_plan_2^20 --plan examples/plans/scan_lookback.toml --set "N=1<<20"
if python3 -c "import torch, triton" 2>/dev/null; then
  python3 bench/interp_bench.py
else
  echo "TRITON skipped: this python has no torch or triton"
fi
