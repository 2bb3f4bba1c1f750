# GPU correctness of examples/scan_lookback_types.tile: its plans and check_examples cases.
set -u
C=target/scan_carry
python3 -c "import lzma; open('/tmp/tilerun','wb').write(lzma.open('$C/tilerun.xz').read())" && chmod +x /tmp/tilerun
export TILEC_CACHE_DIR=/tmp/tcache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for ty in i32 f32 i64 u64; do
  for n in default 0 1 '(1<<24)+3'; do
    s=(); [ "$n" = default ] || s=(--set "N=$n")
    echo "== plan $ty N=$n: $(/tmp/tilerun --plan examples/plans/scan_lookback_$ty.toml "${s[@]}" 2>&1 | grep -E "check|error|failed" | cut -c1-160)"
  done
done
mkdir -p /tmp/ex && cp examples/scan_lookback_types.tile /tmp/ex/
TILERUN=/tmp/tilerun timeout 400 python3 test/gpu/check_examples.py --examples /tmp/ex --no-selftest \
  --only scan_i32 scan_f32 scan_i64 scan_u64 scan_max_f32 scan_segmented_i32 scan_linear_f32 > $OUT/ce.log 2>&1
grep -v "^PASS" $OUT/ce.log | cut -c1-300 | head -60
PYTHONPATH=$C/shim python3 $C/replot.py $C/results.csv $OUT/replot 2>&1 | tail -3
