#!/usr/bin/env bash
# One GPU run for the 2-D layout work: unpack the carried tilec, compile the 2-D examples
# (specialised like Triton: 16-divisible sizes and strides, unit column strides), check
# and time them beside Triton (bench/layouts.py), then ncu's shared-memory bank-conflict
# counters and the SASS of the tiled transpose. Usage: bash bench/device_layouts.sh CARRY_DIR
set -uo pipefail
carry=${1:-.carry}
out=${OUT:-/tmp/out}; mkdir -p "$out"
work=$(mktemp -d)
python3 -c "import lzma; open('$work/tilec','wb').write(lzma.open('$carry/tilec.xz').read())"
chmod +x "$work/tilec"; t="$work/tilec"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv | tee "$out/device.txt"
S16="--divisibility rows=16 --divisibility cols=16 --divisibility sxr=16 --divisibility syr=16 --assume sxc=1 --assume syc=1"
ONE="--assume sxc=1 --assume syc=1"
c() { local n=$1 f=$2; shift 2; "$t" "$f" -o "$work/$n.ptx" "$@" || echo "COMPILE FAILED $n"; }
c transpose examples/transpose.tile $S16
c transpose_any examples/transpose.tile $ONE
c transpose_f16 examples/transpose_f16.tile $S16
c transpose_f16_any examples/transpose_f16.tile $ONE
c transpose_naive examples/transpose_naive.tile
c copy2d examples/copy2d.tile $ONE
c copy2d_any examples/copy2d.tile
c layer_norm examples/layer_norm.tile
c softmax_2d examples/softmax_2d.tile
c reduce2d examples/reduce2d.tile
"$t" examples/transpose.tile $S16 --explain-layouts > "$out/explain.txt" 2>&1
cp "$work"/transpose.ptx "$work"/transpose_f16.ptx "$out/" 2>/dev/null
PYTHONUNBUFFERED=1 timeout 150 python3 bench/layouts.py "$work" 2>&1 | tee "$out/layouts.log"
# Bank conflicts of our transposes (one launch each).
cat > "$work/one.py" <<PY
import json, cupy as cp, numpy as np, torch, sys
name, dt = sys.argv[1], {"f32": torch.float32, "f16": torch.float16}[sys.argv[2]]
meta = json.load(open("$work/" + name + ".json"))["kernels"][0]
k = cp.RawModule(path="$work/" + name + ".ptx").get_function(meta["name"])
R = C = 8192
x = torch.randn(R, C, device="cuda", dtype=dt); y = torch.empty(C, R, device="cuda", dtype=dt)
k((R // 64, C // 64), (meta["block"][0],), (cp.asarray(x), cp.asarray(y), np.int32(R), np.int32(C), np.int32(C), np.int32(1), np.int32(R), np.int32(1)))
cp.cuda.Device().synchronize()
PY
M=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum
for k in "transpose f32" "transpose_f16 f16"; do
  set -- $k
  timeout 60 ncu --metrics $M --launch-count 1 -k regex:transpose python3 "$work/one.py" $1 $2 > "$out/ncu-$1.txt" 2>&1 || echo "ncu $1 failed"
  grep -E "bank_conflicts|wavefronts|dram__|duration" "$out/ncu-$1.txt"
done
# The same counters for Triton's tiled transpose (a baseline for what ncu reports).
cat > "$work/tri.py" <<PY
import sys, torch
sys.path.insert(0, "$PWD/bench")
from gpu_timing import triton_transpose
x = torch.randn(8192, 8192, device="cuda"); y = torch.empty_like(x)
triton_transpose()[(128, 128)](x, y, 8192, 8192, 8192, 1, 8192, 1, RB=64, CB=64)
torch.cuda.synchronize()
PY
timeout 90 ncu --metrics $M --launch-count 1 -k regex:transpose_tiled python3 "$work/tri.py" > "$out/ncu-triton.txt" 2>&1 || echo "ncu triton failed"
grep -E "bank_conflicts|wavefronts|dram__|duration" "$out/ncu-triton.txt"
command -v ptxas >/dev/null && ptxas --gpu-name sm_90 "$work/transpose.ptx" -o "$work/t.cubin" && cuobjdump -sass "$work/t.cubin" > "$out/transpose.sass" 2>&1
ls "$out"
