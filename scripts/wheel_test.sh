#!/usr/bin/env bash
# Installs the wheel that scripts/wheel.sh built (dist/tilec-*.whl, or the one given) into
# a fresh virtualenv. Then, from a directory outside the repository, with no LLVM visible
# (LLVM's directory hidden where this runs as root, and no LLVM on PATH or in
# LD_LIBRARY_PATH), it compiles a kernel and checks the PTX, the launch metadata and a
# compile error.
#
# The Python package has no interpreter: without a GPU it compiles, and a launch raises
# RuntimeError (checked too). Running kernels without a GPU is tilerun's job.
set -euo pipefail
cd "$(dirname "$0")/.."
whl=${1:-$(ls -t dist/tilec-*.whl 2>/dev/null | head -1)}
[ -f "$whl" ] || { echo "wheel_test.sh: no wheel; run scripts/wheel.sh first" >&2; exit 1; }
whl=$(realpath "$whl")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q "$whl"
echo "wheel_test.sh: installed $(basename "$whl") into a fresh virtualenv"

cat > "$work/check.py" <<'EOF'
import os, subprocess
import tilec

so = tilec._tilec.__file__
assert "venv" in so, so
libs = subprocess.run(["ldd", so], capture_output=True, text=True).stdout
assert "llvm" not in libs.lower() and "mlir" not in libs.lower(), libs
assert "not found" not in libs, libs

with open("scale.tile", "w") as f:
    f.write("""
kernel scale(x: *f32, y: *f32, n: i32, s: f32, const TILE: i32 = 256) {
    let offs = program_id(0) * TILE + arange(0, TILE);
    store(y + offs, load(x + offs, mask = offs < n) * s, mask = offs < n);
}
""")
k = tilec.compile("scale.tile", arch="sm_90a", num_warps=2)
assert k.signature == {"x": "*f32", "y": "*f32", "n": "i32", "s": "f32"}, k.signature
assert k.constants == {"TILE": 256}, k.constants
assert ".entry scale" in k.ptx and ".target sm_90a" in k.ptx, k.ptx[:300]
assert k.ptx.count("ld.global") >= 1 and "st.global" in k.ptx
m = k.metadata
assert (m["name"], m["num_warps"], m["block"]) == ("scale", 2, [64, 1, 1]), m

try:
    tilec.compile("kernel k(x: *f32) { store(x, y); }")
    raise SystemExit("a bad program compiled")
except tilec.CompileError as e:
    assert (e.line, e.column, e.message) == (1, 30, "unknown name `y`"), (e.line, e.column, e.message)

class Buf:  # a device buffer as far as argument checking goes (__cuda_array_interface__)
    def __init__(self, n=1024):
        self.__cuda_array_interface__ = {"data": (0x7F0000000000, False), "typestr": "<f4", "shape": (n,), "version": 3}

assert k.specialisation(Buf(), Buf(), 1024, 2.0)["divisibility"]["n"] == 16
import ctypes.util
if ctypes.util.find_library("cuda") is None:  # never launch fake buffers on a real GPU
    try:
        k[(4,)](Buf(), Buf(), 1024, 2.0)
        raise SystemExit("a launch without a GPU did not fail")
    except RuntimeError as e:
        print("launch without a GPU:", str(e).splitlines()[0])
print(f"wheel_test.sh: ok (tilec {tilec.__version__}, {len(k.ptx)} bytes of PTX, from {os.getcwd()})")
EOF

run=(env -i HOME="$work" PATH=/usr/bin:/bin "$work/venv/bin/python" "$work/check.py")
cd "$work"
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null && [ -d /usr/lib/llvm-22 ] \
    && unshare -m true 2>/dev/null; then
    # A mount namespace in which the system's LLVM/MLIR is an empty directory.
    unshare -m bash -c 'mount -t tmpfs none /usr/lib/llvm-22 && exec "$@"' _ "${run[@]}"
    echo "wheel_test.sh: ran with /usr/lib/llvm-22 hidden"
else
    "${run[@]}"
fi
