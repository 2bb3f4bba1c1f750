#!/usr/bin/env bash
# device_assert on the GPU (NOT run in CI, which has no GPU): test/interp/device-assert.tile
# compiled and launched by tilerun. A true condition runs; a false element must fail the
# launch (`__assertfail`: CUDA_ERROR_ASSERT), and the device printf should name the line,
# message, program and element, followed by CUDA's own assert line.
# Usage: TILERUN=path/to/tilerun test/gpu/check_device_assert.sh
set -uo pipefail
cd "$(dirname "$0")/../.."
tilerun="${TILERUN:-target/debug/tilerun}"
k=test/interp/device-assert.tile
status=0
if "$tilerun" "$k" --grid 3 arange:f32:40 40 100.0 >/dev/null 2>&1; then echo "PASS  device_assert true"; else echo "FAIL  device_assert true: the launch failed"; status=1; fi
out=$("$tilerun" "$k" --grid 3 arange:f32:40 40 35.5 2>&1)
if [ $? -eq 0 ]; then
    echo "FAIL  device_assert false: the launch succeeded"; status=1
elif grep -q "device-assert.tile:16:5: device_assert failed: x below the limit (pid (2, 0, 0) idx (4))" <<<"$out" &&
    grep -q "device-assert.tile:16: check: block: \[2,0,0\], thread: \[.*\] Assertion .x below the limit. failed" <<<"$out"; then
    echo "PASS  device_assert false: launch failed with the message"; echo "$out" | sed 's/^/      /'
else
    echo "FAIL  device_assert false: launch failed, but without the message:"; echo "$out" | tail -5; status=1
fi
exit $status
