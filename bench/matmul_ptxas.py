"""Triton's reference matmul (bench/matmul_reference.py, 128x256x64, 3 stages, 8 warps,
GROUP_M 8, 4096^3) timed twice in one process: as Triton builds it (its bundled ptxas),
then with the same PTX assembled by the machine's CUDA ptxas (the compiler the driver
uses for tilec's PTX), to separate what the assembler does from what the PTX asks.
    PTXAS=/usr/local/cuda/bin/ptxas python3 bench/matmul_ptxas.py"""
import os
import subprocess
import sys
import tempfile

import torch
import triton

sys.path.insert(0, os.path.dirname(__file__))
from gpu_timing import bench  # noqa: E402
from matmul_reference import matmul_kernel  # noqa: E402

S = 4096
ptxas = os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas")
tf = 2 * S ** 3 / 1e12
for dt in [torch.float16, torch.bfloat16]:
    A = torch.randn(S, S, device="cuda", dtype=dt)
    B = torch.randn(S, S, device="cuda", dtype=dt)
    C = torch.empty(S, S, device="cuda", dtype=dt)
    g = (triton.cdiv(S, 128) * triton.cdiv(S, 256),)
    run = lambda: matmul_kernel[g](A, B, C, S, S, S, A.stride(0), A.stride(1), B.stride(0), B.stride(1),
                                   C.stride(0), C.stride(1), BM=128, BN=256, BK=64, GM=8, num_stages=3, num_warps=8)
    k = run()
    ref = C.clone()
    results = {}
    for label in ["triton", "system", "triton", "system"]:
        if label == "system" and "system" not in results:
            d = tempfile.mkdtemp()
            open(os.path.join(d, "k.ptx"), "w").write(k.asm["ptx"])
            subprocess.run([ptxas, "-arch=sm_90a", os.path.join(d, "k.ptx"), "-o", os.path.join(d, "k.cubin")], check=True)
            system_cubin = open(os.path.join(d, "k.cubin"), "rb").read()
            triton_cubin = k.kernel
        if label != "triton" or "triton" in results:
            k.kernel = system_cubin if label == "system" else triton_cubin
            k.module = k.function = None
            k._init_handles()
        us = bench(run)
        assert torch.equal(C, ref), "results differ"
        results.setdefault(label, []).append(us)
        print(f"{str(dt)[6:]} {label:7s} ptxas: {us:.1f} us {tf / (us * 1e-6):.1f} TFLOP/s", flush=True)
print(subprocess.run([ptxas, "--version"], capture_output=True, text=True).stdout.splitlines()[-1])
try:
    from triton.backends.nvidia.compiler import _path_to_binary
    print("triton's ptxas:", _path_to_binary("ptxas"))
except Exception as e:  # the helper's name moves between Triton versions
    print("triton's ptxas: unknown", e)
