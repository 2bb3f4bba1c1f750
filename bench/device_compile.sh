#!/usr/bin/env bash
# Cold compile of the sm_90a matmul on the GPU machine, tilec beside Triton, and both
# kernels' SASS for comparing instruction streams.
#   bash bench/device_compile.sh CARRY_DIR
# tilec: `tilerun --compile-only` with the benchmark's arguments (the kernel specialised
# as the run specialises it, compile cache off), five times, and once `tilec --verbose`
# for the passes' times; then ptxas over its PTX (what the driver's JIT does at the first
# launch: Triton's figure includes its ptxas). Triton: bench/matmul_cold.py in a fresh
# cache, three processes.
set -uo pipefail
carry=${1:-.carry}
out=${OUT:-/tmp/out}; mkdir -p "$out"
source "$(dirname "$0")/carry.sh"
unpack "$carry" tilec tilerun
ptxas=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
s=4096
args=(examples/matmul_grouped.tile --kernel matmul_f16 --arch sm_90a --grid 512
  a=randn:f16:${s}x${s} b=randn:f16:${s}x${s} c=empty:f16:${s}x${s} M=$s N=$s K=$s
  sam=$s sak=1 sbk=$s sbn=1 scm=$s scn=1)
ms() { local t=$(date +%s%N); "$@" > /dev/null 2>&1; echo $(( ($(date +%s%N) - t) / 1000000 )); }
echo "tilerun --compile-only (ms): $(for i in 1 2 3 4 5; do TILEC_CACHE=0 ms "$work/tilerun" "${args[@]}" --compile-only; done | tr '\n' ' ')"
TILEC_CACHE=0 "$work/tilerun" "${args[@]}" --compile-only --emit-ptx "$out/tilec_matmul.ptx" > /dev/null 2>&1
echo "ptxas -arch sm_90a on tilec's PTX (ms): $(for i in 1 2 3; do ms "$ptxas" -arch=sm_90a "$out/tilec_matmul.ptx" -o "$out/tilec_matmul.cubin"; done | tr '\n' ' ')"
"$ptxas" -arch=sm_90a -v "$out/tilec_matmul.ptx" -o "$out/tilec_matmul.cubin" 2>&1 | grep -E "registers|spill" | head -3
TILEC_CACHE=0 "$work/tilec" --verbose examples/matmul_grouped.tile --kernel matmul_f16 --arch sm_90a \
  --assume sak=1 --assume sbn=1 --assume scn=1 --divisibility M=16 --divisibility N=16 --divisibility K=16 \
  --divisibility sam=16 --divisibility sbk=16 --divisibility scm=16 -o /tmp/v.ptx 2>&1 \
  | sed 's/\x1b\[[0-9;]*m//g' | grep -oE 'pass="[^"]+" ms=[0-9.]+' | awk -F'ms=' '{printf "%s %.0f, ", $1, $2} END {print ""}'
for i in 1 2 3; do (cd bench && OUT="$out" timeout 120 python3 matmul_cold.py 2>&1 | grep -E "cold|registers"); done
for k in tilec triton; do cuobjdump -sass "$out/${k}_matmul.cubin" > "$out/${k}_matmul.sass" 2>&1; done
wc -l "$out"/*.sass
