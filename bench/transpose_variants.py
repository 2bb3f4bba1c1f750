"""Times several compiled variants of examples/transpose.tile (f32, 8192 x 8192) beside
Triton's tiled 64x64 transpose, interleaved round by round with the same timing function
as bench/layouts.py (median of 100 launches, L2 flushed before each).

Usage (GPU machine): python3 bench/transpose_variants.py PTX_DIR NAME... -> JSON lines.
Each NAME has NAME.ptx + NAME.json in PTX_DIR (tilec's output).
"""
import json, os, sys
import numpy as np
import cupy as cp
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpu_timing import rounds, triton_transpose, warm_clocks  # noqa: E402

ptx_dir, names = sys.argv[1], sys.argv[2:]
transpose_tiled = triton_transpose()
R = C = 8192
x = torch.randn(R, C, device="cuda")
y = torch.empty(C, R, device="cuda")
i32 = np.int32
warm_clocks()
impls = {"triton-tiled64x64": lambda: transpose_tiled[(R // 64, C // 64)](x, y, R, C, C, 1, R, 1, RB=64, CB=64)}
for n in names:
    meta = json.load(open(os.path.join(ptx_dir, n + ".json")))["kernels"][0]
    k = cp.RawModule(path=os.path.join(ptx_dir, n + ".ptx")).get_function(meta["name"])
    args = (cp.asarray(x), cp.asarray(y), i32(R), i32(C), i32(C), i32(1), i32(R), i32(1))
    f = (lambda k, b, a: lambda: k((R // 64, C // 64), (b,), a))(k, meta["block"][0], args)
    y.fill_(float("nan")); f(); cp.cuda.Device().synchronize()
    ok = torch.equal(y, x.t())
    print(json.dumps({"variant": n, "check": ok, "block": meta["block"][0]}), flush=True)
    impls[n] = f
rounds(impls, "triton-tiled64x64", 8 * R * C)
