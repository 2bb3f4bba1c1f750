#!/usr/bin/env python3
"""Session 21 experiment (issue 27, >= Triton on big shapes): examples/matmul_tma.tile's
`matmul_tma` as it is (C through a TMA store: the tile staged in shared memory) against
the same kernel storing C straight from registers (a masked pointer store, as Triton's
tutorial does), and a fixed 4-stage version of each; beside cuBLAS and Triton's tutorial
kernel (.carry/triton_reference.py) in interleaved rounds, do_bench medians."""
import os
import sys
import torch
import triton
import triton.testing
import tilec

ROOT = os.getcwd()
sys.path.insert(0, os.path.join(ROOT, "bench"))
import matmul_sweep as ms  # noqa: E402 (Triton's reference, tuned per shape as the sweep does)

src = open(os.path.join(ROOT, "examples", "matmul_tma.tile")).read()
old = "    dc.store((om, on), acc.to(f16));\n}"
assert old in src
new = ("    let crow = om + arange(0, BM);\n    let ccol = on + arange(0, BN);\n"
       "    store(c + crow[:, None] * N + ccol[None, :], acc.to(f16), mask = (crow[:, None] < M) & (ccol[None, :] < N));\n}")
direct = src.replace(old, new, 1)
ks = {"tma store": tilec.compile(src, kernel="matmul_tma"), "direct store": tilec.compile(direct, kernel="matmul_tma")}
ref_mod, why = ms.load_reference(os.path.join(ROOT, ".carry"))
print("reference:", why or "ok", flush=True)
for M, N, K in [(8192, 8192, 8192), (4096, 4096, 4096), (8192, 4096, 14336), (3000, 8192, 28672), (3000, 12288, 4096)]:
    for dt in (torch.float16, torch.bfloat16):
        torch.manual_seed(0)
        a = torch.randn(M, K, device="cuda", dtype=dt)
        b = torch.randn(K, N, device="cuda", dtype=dt)
        ref = torch.matmul(a, b)
        fns = {}
        for name, k in ks.items():
            kk = k if dt == torch.float16 else tilec.compile(
                (src if name == "tma store" else direct).replace("*f16", "*bf16").replace(".to(f16)", ".to(bf16)"),
                kernel="matmul_tma")
            c = torch.empty(M, N, device="cuda", dtype=dt)
            g = lambda meta: (tilec.cdiv(M, meta["BM"]) * tilec.cdiv(N, meta["BN"]),)
            f = lambda kk=kk, c=c, g=g: kk[g](a, b, c, M, N, K)
            f(); torch.cuda.synchronize()
            err = ((c.float() - ref.float()).norm() / ref.float().norm()).item()
            assert err < 1e-2, (name, err)
            fns[name] = (f, (kk.best_config or {}).get("label"))
        cr = torch.empty(M, N, device="cuda", dtype=dt)
        fns["cuBLAS"] = (lambda: torch.matmul(a, b, out=cr), "")
        if ref_mod is not None:
            ct = torch.empty(M, N, device="cuda", dtype=dt)
            fns["Triton"] = (ms.tuned_reference(ref_mod.matmul_kernel, a, b, ct), "")
        ts = {n: [] for n in fns}
        for _ in range(3):
            for n, (f, _) in fns.items():
                ts[n].append(triton.testing.do_bench(f, warmup=25, rep=200, return_mode="median"))
        flops = 2.0 * M * N * K
        line = " ".join(f"{n} {flops / sorted(v)[1] / 1e9:.1f}" for n, v in ts.items())
        print(f"{M}x{N}x{K} {str(dt)[6:]}: {line}  (configs: {fns['tma store'][1]} / {fns['direct store'][1]})",
              flush=True)
