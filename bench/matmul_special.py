#!/usr/bin/env python3
"""Issue 27's fp8 and skinny marks, tilec launched through its Python package beside the
library everyone has, in one process, one timer (`triton.testing.do_bench`, median),
interleaved rounds:

- fp8 e4m3, A row-major, B K-major (cuBLASLt's layout), f16 out, per-tensor scales:
  examples/matmul_fp8.tile (autotuned) against `torch._scaled_mm`, 4096^3 and 8192^3.
- skinny f16 (16 and 128 tokens x 8192 x 8192): examples/matmul_splitk.tile (split-K,
  autotuned) and examples/matmul_autotune.tile against `torch.matmul` (cuBLAS).

    PYTHONPATH=<dir with the tilec package> python3 bench/matmul_special.py [--out DIR]

Every result is checked against torch before it is timed. NOT run by CI (needs a GPU).
"""
import argparse
import json
import os

import torch
import triton.testing

import tilec

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def bench(fn, ms_hint):
    warm, rep = (10, 60) if ms_hint < 1 else (5, max(30, 3 * ms_hint))
    return triton.testing.do_bench(fn, warmup=warm, rep=rep, return_mode="median")


def rel_err(c, ref):
    return ((c.float() - ref).norm() / ref.norm().clamp_min(1e-30)).item()


def fp8_cases(rows, rounds):
    k = tilec.compile(os.path.join(ROOT, "examples", "matmul_fp8.tile"), kernel="matmul_fp8")
    for S in (4096, 8192):
        torch.manual_seed(0)
        a = (torch.randn(S, S, device="cuda") * 0.5).to(torch.float8_e4m3fn)
        b = (torch.randn(S, S, device="cuda") * 0.5).to(torch.float8_e4m3fn)  # N x K: B^T, K-major
        sa = torch.tensor([0.5], device="cuda")
        sb = torch.tensor([2.0], device="cuda")
        c = torch.empty(S, S, device="cuda", dtype=torch.float16)
        cr = torch.empty(S, S, device="cuda", dtype=torch.float16)

        def grid(meta):
            return (tilec.cdiv(S, meta["BM"]) * tilec.cdiv(S, meta["BN"]),)

        def ours():
            k[grid](a, b, c, sa, sb, S, S, S, a.stride(0), b.stride(0), c.stride(0))

        def theirs():
            torch._scaled_mm(a, b.t(), scale_a=sa, scale_b=sb, out_dtype=torch.float16, out=cr)

        ours()
        theirs()
        torch.cuda.synchronize()
        ref = (a.float() @ b.float().t()) * 1.0
        row = {"case": f"e4m3 {S}^3 B K-major", "err_tilec": rel_err(c, ref), "err_torch": rel_err(cr, ref),
               "config": (k.best_config or {}).get("label")}
        time_pair(row, ours, theirs, "torch._scaled_mm", 2.0 * S ** 3, rounds)
        rows.append(row)


def skinny_cases(rows, rounds):
    sk = tilec.compile(os.path.join(ROOT, "examples", "matmul_splitk.tile"))
    tuned = tilec.compile(os.path.join(ROOT, "examples", "matmul_autotune.tile"))
    for M in (16, 128):
        N = K = 8192
        torch.manual_seed(0)
        a = torch.randn(M, K, device="cuda", dtype=torch.float16)
        b = torch.randn(K, N, device="cuda", dtype=torch.float16)
        c = torch.empty(M, N, device="cuda", dtype=torch.float16)
        c2 = torch.empty_like(c)
        cr = torch.empty_like(c)
        # Room for every configuration's partials and counters (BM, BN >= 64, SPLIT <= 16).
        tiles = tilec.cdiv(M, 64) * tilec.cdiv(N, 64)
        ws = torch.empty(tiles * 16 * 64 * 64, device="cuda", dtype=torch.float32)
        count = torch.zeros(tiles, device="cuda", dtype=torch.int32)

        def grid(meta):
            return (tilec.cdiv(M, meta["BM"]) * tilec.cdiv(N, meta["BN"]), meta["SPLIT"])

        def grid2(meta):
            return (tilec.cdiv(M, meta["BM"]) * tilec.cdiv(N, meta["BN"]),)

        def split():
            sk[grid](a, b, c, ws, count, M, N, K, a.stride(0), b.stride(0), c.stride(0))

        def plain():
            tuned[grid2](a, b, c2, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c2.stride(0), 1)

        def theirs():
            torch.matmul(a, b, out=cr)

        split()
        plain()
        theirs()
        torch.cuda.synchronize()
        ref = a.float() @ b.float()
        row = {"case": f"f16 {M}x{N}x{K}", "err_tilec": rel_err(c, ref), "err_tuned": rel_err(c2, ref),
               "err_torch": rel_err(cr, ref), "config": (sk.best_config or {}).get("label"),
               "tuned_config": (tuned.best_config or {}).get("label")}
        time_pair(row, split, theirs, "cublas", 2.0 * M * N * K, rounds, extra=("tilec_tuned", plain))
        rows.append(row)


def time_pair(row, ours, theirs, name, flops, rounds, extra=None):
    fns = {"tilec": ours, name: theirs}
    if extra:
        fns[extra[0]] = extra[1]
    ts = {k: [] for k in fns}
    for _ in range(rounds):
        for k, f in fns.items():
            ts[k].append(bench(f, flops / 4e14 * 1e3))
    for k, v in ts.items():
        ms = sorted(v)[len(v) // 2]
        row[f"{k}_us"] = round(ms * 1e3, 2)
        row[f"{k}_tflops"] = round(flops / ms / 1e9, 1)
    row["tilec/" + name] = round(row[f"{name}_us"] / row["tilec_us"], 3)
    print(json.dumps(row), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="matmul_special_out")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}, tilec {tilec.__version__}", flush=True)
    rows = []
    for f in (fp8_cases, skinny_cases):
        try:
            f(rows, args.rounds)
        except Exception as e:  # noqa: BLE001 (one family failing leaves the other's figures)
            print(f"{f.__name__}: {type(e).__name__}: {e}", flush=True)
    json.dump(rows, open(os.path.join(args.out, "special.json"), "w"), indent=1)


if __name__ == "__main__":
    main()
