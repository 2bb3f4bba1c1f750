# Timings and the replicated-copies reproducer.
set -u
C=target/scan_carry
[ -x /tmp/tilerun ] || { python3 -c "import lzma; open('/tmp/tilerun','wb').write(lzma.open('$C/tilerun.xz').read())" && chmod +x /tmp/tilerun; }
export TILEC_CACHE_DIR=/tmp/tcache
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
echo "== registers"
for f in scan_i32_T8192_w4 scan_f32_T8192_w4 scan_i64_T8192_w4 scan_i32_T8192_w8 scan_i32_T16384_w8 scan_window_T8192_w4; do
  echo "$f: $(ptxas -v --gpu-name sm_90a $C/ptx/$f.ptx -o /tmp/x.cubin 2>&1 | grep -o 'Used [0-9]* registers')"
done
echo "== copies reproducer (W 32 on 4 warps; then W 128)"
for w in 32 128; do
  /tmp/tilerun $C/copies.tile -D W=$w --grid 8 words=zeros:i32:$w mismatch=zeros:i32:896 --save mismatch=/tmp/m$w.npy 2>&1 | grep -v saved
  python3 -c "import numpy as np; m=np.load('/tmp/m$w.npy').reshape(7,4,32); print('W=$w mismatches by (program, warp):', m.sum(2).tolist())"
done
echo "== scan_i32 W=32 on 4 warps at 2^24+3 (expected to fail), W=128 (expected to pass)"
for w in 32 128; do
  /tmp/tilerun --plan examples/plans/scan_lookback_i32.toml --set 'N=(1<<24)+3' 2>&1 -D W=$w | grep -E "check|error" | cut -c1-200
done
for p in examples/plans/scan_lookback_i32.toml $C/window.toml; do
  echo "== $p 2^28 bench"
  /tmp/tilerun --plan $p --set 'N=1<<28' --bench 2>&1 | grep -E "check|error|failed|BENCH|median" | cut -c1-300
done
PYTHONPATH=$C/shim PYTHONUNBUFFERED=1 timeout 330 python3 bench/scan_sweep.py --out $OUT/sweep \
  --variants "${VARIANTS:-types:8192x4,window:8192x4,types:16384x8,types:8192x8,types:4096x4}" --rounds 3 2>&1 | grep -v '^{' | tail -60
