#!/usr/bin/env python3
"""Session 24 (issue 30): one launch each of scan_i32 and scan_f32 at 2^28, TILE 32768 on 16
warps (W 512), for ncu: why the i32 kernel runs ~9% slower than the f32 one (H100)."""
import os
import torch
import tilec

src = os.path.join(os.getcwd(), "examples/scan_lookback_types.tile")
n = 1 << 28
for kname, dt in (("scan_i32", torch.int32), ("scan_f32", torch.float32)):
    k = tilec.compile(src, kernel=kname, defines={"TILE": 32768, "W": 512}, num_warps=16)
    x = torch.ones(n, dtype=dt, device="cuda")
    y = torch.empty_like(x)
    tiles = tilec.cdiv(n, 32768)
    state = torch.zeros(tiles, dtype=torch.uint64, device="cuda")
    counter = torch.zeros(1, dtype=torch.int32, device="cuda")
    k[(tiles,)](x, y, state, counter, n)
    torch.cuda.synchronize()
    print(kname, y[-1].item())
