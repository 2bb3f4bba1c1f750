#!/usr/bin/env python3
"""Issue 29/27: examples/matmul_tma.tile (tensor descriptors: TMA rings into wgmma's
swizzled buffers on sm_90; `matmul_tma` one program a tile, `matmul_tma_persistent` one a
SM over its tiles in one pipelined loop, `matmul_tma_cluster` clusters of two programs
sharing B's blocks by TMA multicast) beside examples/matmul_autotune.tile (pointer loads, cp.async
rings) and cuBLAS (`torch.matmul`), tilec launched through its Python package, one process,
one timer (`triton.testing.do_bench`, median), interleaved rounds. Each result is checked
against torch before it is timed. NOT run by CI (needs a GPU).

    PYTHONPATH=<dir with the tilec package> python3 bench/matmul_tma.py [--out DIR]
"""
import argparse
import json
import os

import torch
import triton.testing

import tilec

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHAPES = [(4096, 4096, 4096), (8192, 8192, 8192), (3000, 3000, 3000), (4096, 5000, 4104), (8192, 8192, 4096),
          (1000, 28672, 4096), (2048, 2048, 2048), (520, 264, 200)]


def rel_err(c, ref):
    return ((c.float() - ref).norm() / ref.norm().clamp_min(1e-30)).item()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="matmul_tma_out")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--dtype", default="f16", choices=["f16"])
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}, tilec {tilec.__version__}", flush=True)
    tma = tilec.compile(os.path.join(ROOT, "examples", "matmul_tma.tile"), kernel="matmul_tma")
    pers = tilec.compile(os.path.join(ROOT, "examples", "matmul_tma.tile"), kernel="matmul_tma_persistent")
    clus = tilec.compile(os.path.join(ROOT, "examples", "matmul_tma.tile"), kernel="matmul_tma_cluster")
    tuned = tilec.compile(os.path.join(ROOT, "examples", "matmul_autotune.tile"), kernel="matmul_tuned")
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    rows = []
    for M, N, K in SHAPES:
        torch.manual_seed(0)
        a = torch.randn(M, K, device="cuda", dtype=torch.float16)
        b = torch.randn(K, N, device="cuda", dtype=torch.float16)
        c1, c2, cr = (torch.empty(M, N, device="cuda", dtype=torch.float16) for _ in range(3))

        def grid(meta):
            return (tilec.cdiv(M, meta["BM"]) * tilec.cdiv(N, meta["BN"]),)

        def pgrid(meta):
            return (min(sms, tilec.cdiv(M, meta["BM"]) * tilec.cdiv(N, meta["BN"])),)

        def cgrid(meta):  # clusters of two programs, 2 BM x BN of C each
            return (2 * tilec.cdiv(M, 2 * meta["BM"]) * tilec.cdiv(N, meta["BN"]),)

        c3 = torch.empty(M, N, device="cuda", dtype=torch.float16)
        c4 = torch.empty(M, N, device="cuda", dtype=torch.float16)
        fns = {
            "tma": lambda: tma[grid](a, b, c1, M, N, K),
            "tma_cluster": lambda: clus[cgrid](a, b, c4, M, N, K),
            "tma_persistent": lambda: pers[pgrid](a, b, c3, M, N, K),
            "cp_async": lambda: tuned[grid](a, b, c2, M, N, K, K, 1, N, 1, N, 1),
            "cublas": lambda: torch.matmul(a, b, out=cr),
        }
        for f in fns.values():
            f()
        torch.cuda.synchronize()
        ref = a.float() @ b.float()
        row = {"shape": f"{M}x{N}x{K}", "err_tma": rel_err(c1, ref), "err_cp_async": rel_err(c2, ref),
               "err_tma_persistent": rel_err(c3, ref), "persistent_config": (pers.best_config or {}).get("label"),
               "err_tma_cluster": rel_err(c4, ref), "cluster_config": (clus.best_config or {}).get("label"),
               "err_cublas": rel_err(cr, ref), "tma_config": (tma.best_config or {}).get("label"),
               "cp_async_config": (tuned.best_config or {}).get("label")}
        flops = 2.0 * M * N * K
        ts = {k: [] for k in fns}
        for _ in range(args.rounds):
            for k, f in fns.items():
                ts[k].append(triton.testing.do_bench(f, warmup=25, rep=100, return_mode="median"))
        for k, v in ts.items():
            ms = sorted(v)[len(v) // 2]
            row[f"{k}_tflops"] = round(flops / ms / 1e9, 1)
        bad = [k for k, v in row.items() if k.startswith("err_") and not v < 1e-2]
        if bad:
            print("WRONG:", bad, json.dumps(row), flush=True)
        for k in ("tma", "tma_persistent", "tma_cluster", "cp_async"):
            row[f"{k}/cublas"] = round(row[f"{k}_tflops"] / row["cublas_tflops"], 3)
        print(json.dumps(row), flush=True)
        rows.append(row)
    json.dump(rows, open(os.path.join(args.out, "matmul_tma.json"), "w"), indent=1)


if __name__ == "__main__":
    main()
