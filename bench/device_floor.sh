#!/usr/bin/env bash
# The transpose floor study's GPU run (bench/results/2026-11-23-h100-transpose-floor.md):
# Triton-only variants (bench/transpose_floor.py), then tilec's transpose beside PTX
# variants of it (bench/ptx_variants.py), the previous layout's PTX if CARRY_DIR/prev.ptx
# exists, and the hand-written CUDA kernels (bench/kernels/transpose_cuda.cu), all timed
# in one process beside Triton (bench/transpose_variants.py).
# Usage (GPU machine): bash bench/device_floor.sh CARRY_DIR  (tilec.xz in it)
set -uo pipefail
carry=${1:-.carry}
out=${OUT:-/tmp/out}; mkdir -p "$out"
work=$(mktemp -d); v="$work/v"; mkdir -p "$v"
python3 -c "import lzma; open('$work/tilec','wb').write(lzma.open('$carry/tilec.xz').read())"
chmod +x "$work/tilec"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/device.txt"
timeout 200 python3 bench/transpose_floor.py 2>&1 | tee "$out/floor.log"
S16="--divisibility rows=16 --divisibility cols=16 --divisibility sxr=16 --divisibility syr=16 --assume sxc=1 --assume syc=1"
TILEC_CACHE=0 "$work/tilec" examples/transpose.tile $S16 -o "$v/tilec.ptx"
names="tilec"
if [ -f "$carry/prev.ptx" ]; then cp "$carry/prev.ptx" "$v/prev.ptx"; cp "$v/tilec.json" "$v/prev.json"; names="$names prev"; fi
vars="ld_cs ld_na ld_ef ld_256 st_cs st_ef st_el mr40 mr48 mr64 mn8 mx bar"
python3 bench/ptx_variants.py "$v/tilec.ptx" "$v" $vars > /dev/null
names="$names $vars"
if nvcc -ptx -O3 -arch=sm_90 bench/kernels/transpose_cuda.cu -o "$v/cuda.ptx"; then
  for k in cpasync_cg cpasync_ca ldgsts bulkstore; do
    cp "$v/cuda.ptx" "$v/cuda_$k.ptx"
    echo "{\"kernels\": [{\"name\": \"$k\", \"block\": [128, 1, 1]}]}" > "$v/cuda_$k.json"
    names="$names cuda_$k"
  done
fi
ROUNDS=7 timeout 300 python3 bench/transpose_variants.py "$v" $names 2>&1 | tee "$out/variants.log"
