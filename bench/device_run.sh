#!/usr/bin/env bash
# One run on the GPU machine: unpack the carried tilec, compile the benchmark kernels
# (timing each cold compile), check and time them, then time the Triton/PyTorch
# references in the same run. Usage: bash bench/device_run.sh CARRY_DIR
set -uo pipefail
carry=${1:-.carry}
out=${OUT:-/tmp/out}; mkdir -p "$out"
work=$(mktemp -d)
python3 -c "import lzma,sys; open('$work/tilec','wb').write(lzma.open('$carry/tilec.xz').read())"
chmod +x "$work/tilec"
tilec="$work/tilec"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv | tee "$out/device.txt"
compile() { # name file extra-flags...
  local name=$1 file=$2; shift 2
  local t0=$(date +%s.%N)
  "$tilec" "$file" -o "$work/$name.ptx" "$@" || { echo "COMPILE FAILED $name"; return 1; }
  local t1=$(date +%s.%N)
  echo "{\"kernel\": \"$name\", \"compile_ms\": $(python3 -c "print(round(($t1-$t0)*1e3,1))")}" | tee -a "$out/compile.jsonl"
}
compile add examples/add.tile --divisibility n=16
compile add_any examples/add.tile
# Specialised like Triton (and tilerun) on integers divisible by 16, and generic.
compile sum examples/sum.tile --divisibility n=16
compile sum_any examples/sum.tile
compile persistent_sum examples/persistent_sum.tile --divisibility n=16
compile persistent_sum_any examples/persistent_sum.tile
compile softmax_row examples/softmax_row.tile --divisibility sx=16 --divisibility sy=16 --divisibility cols=16
compile softmax_row_1024 examples/softmax_row.tile -D BLOCK=1024 --divisibility sx=16 --divisibility sy=16 --divisibility cols=16
compile softmax_row_any examples/softmax_row.tile
PYTHONUNBUFFERED=1 python3 bench/ours.py "$work" 2>&1 | tee "$out/ours.log"
if [ -f "$carry/triton_reference.py" ]; then
  PYTHONUNBUFFERED=1 timeout 420 python3 "$carry/triton_reference.py" > "$out/reference.log" 2>&1
  grep -E '"(copy|vadd|sum|softmax)"' "$out/reference.log"
fi
