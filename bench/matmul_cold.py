"""Triton's cold compile of the matmul reference kernel (bench/matmul_reference.py,
128x256x64, 3 stages, 8 warps, GROUP_M 8, f16 4096^3) in a fresh cache, the way its first
launch pays for it (Python front end, MLIR, LLVM, ptxas, module load; its once-a-process
setup paid before, by a trivial kernel), and its PTX and
cubin written to OUT for comparing instruction streams with tilec's (cuobjdump -sass).
    OUT=dir python3 bench/matmul_cold.py [S] [f16|bf16]     (default 4096 f16)"""
import os
import sys
import tempfile
import time

os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp()
import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

sys.path.insert(0, os.path.dirname(__file__))
from matmul_reference import matmul_kernel  # noqa: E402



@triton.jit
def _warm(x):
    tl.store(x, 1.0)


S, out = int(sys.argv[1]) if len(sys.argv) > 1 else 4096, os.environ.get("OUT", ".")
dt = {"f16": torch.float16, "bf16": torch.bfloat16}[sys.argv[2] if len(sys.argv) > 2 else "f16"]
# Triton's once-a-process work (its driver helpers built and loaded) is not the matmul's
# compile: a trivial kernel pays for it first.
_warm[(1,)](torch.empty(1, device="cuda"))
A = torch.randn(S, S, device="cuda", dtype=dt)
B = torch.randn(S, S, device="cuda", dtype=dt)
C = torch.empty(S, S, device="cuda", dtype=dt)
g = (triton.cdiv(S, 128) * triton.cdiv(S, 256),)
torch.cuda.synchronize()
t = time.perf_counter()
k = matmul_kernel[g](A, B, C, S, S, S, A.stride(0), A.stride(1), B.stride(0), B.stride(1), C.stride(0),
                     C.stride(1), BM=128, BN=256, BK=64, GM=8, num_stages=3, num_warps=8)
torch.cuda.synchronize()
print(f"triton cold compile + first launch: {(time.perf_counter() - t) * 1e3:.0f} ms")
open(os.path.join(out, "triton_matmul.ptx"), "w").write(k.asm["ptx"])
open(os.path.join(out, "triton_matmul.cubin"), "wb").write(k.asm["cubin"])
print("registers", k.n_regs, "spills", k.n_spills, "shared", k.metadata.shared)
