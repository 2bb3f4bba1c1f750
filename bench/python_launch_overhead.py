#!/usr/bin/env python3
"""Launch overhead from Python: CPU time per launch of a 1024-element add, over 10k
launches, for tilec (`k[grid](...)`), the same kernel in Triton's syntax through
`tilec.triton`, Triton (the same kernel, `kernel[grid](...)`) and
`torch.add(a, b, out=out)`, in one run.

    python3 bench/python_launch_overhead.py [--launches 10000] [--repeats 5] [--out FILE.md]

Each measurement times a loop of launches with time.perf_counter (no synchronisation
inside: the GPU runs each 1024-element add faster than Python launches it, so the queue
never fills), after a warm-up that compiles and loads every kernel; the best of
`--repeats` loops is reported, in microseconds per launch. `--out` writes the table as
markdown (for bench/results/).
"""
import argparse
import os
import platform
import time

import torch

import tilec

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
N = 1024


def per_launch_us(launch, launches, repeats):
    for _ in range(100):
        launch()
    torch.cuda.synchronize()
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        for _ in range(launches):
            launch()
        best = min(best, time.perf_counter() - t)
        torch.cuda.synchronize()
    return best / launches * 1e6


def triton_add():
    try:
        import triton
        import triton.language as tl
    except ImportError:
        return None

    @triton.jit
    def add_kernel(a, b, out, n, TILE: tl.constexpr):
        offs = tl.program_id(0) * TILE + tl.arange(0, TILE)
        m = offs < n
        tl.store(out + offs, tl.load(a + offs, mask=m) + tl.load(b + offs, mask=m), mask=m)

    return add_kernel, triton.__version__


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--launches", type=int, default=10_000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--out", help="write the results as a markdown table here")
    args = ap.parse_args()

    a = torch.randn(N, device="cuda")
    b = torch.randn(N, device="cuda")
    out = torch.empty_like(a)
    add = tilec.compile(os.path.join(ROOT, "examples", "add.tile"))
    rows = []

    grid = (1,)
    rows.append(("tilec, grid tuple", per_launch_us(lambda: add[grid](a, b, out, N), args.launches, args.repeats)))
    meta_grid = lambda meta: (tilec.cdiv(meta["n"], meta["TILE"]),)  # noqa: E731
    rows.append(("tilec, grid callable", per_launch_us(lambda: add[meta_grid](a, b, out, N), args.launches,
                                                       args.repeats)))
    out.zero_()
    add[grid](a, b, out, N)
    torch.cuda.synchronize()
    assert torch.equal(out, a + b), "tilec's add is wrong"

    # The same add in Triton's syntax through tilec.triton (tutorial 01's kernel, from the
    # translator's corpus): a second launch takes the launch cache's fast path.
    import sys
    sys.path.insert(0, os.path.join(ROOT, "python", "tests", "triton_kernels"))
    import tutorials
    tk = tutorials.add_kernel
    rows.append(("tilec.triton (@triton.jit), grid tuple",
                 per_launch_us(lambda: tk[grid](a, b, out, N, BLOCK_SIZE=1024), args.launches, args.repeats)))
    tmeta = lambda meta: (tilec.cdiv(meta["n_elements"], meta["BLOCK_SIZE"]),)  # noqa: E731
    rows.append(("tilec.triton (@triton.jit), grid callable",
                 per_launch_us(lambda: tk[tmeta](a, b, out, N, BLOCK_SIZE=1024), args.launches, args.repeats)))
    out.zero_()
    tk[grid](a, b, out, N, BLOCK_SIZE=1024)
    torch.cuda.synchronize()
    assert torch.equal(out, a + b), "tilec.triton's add is wrong"

    tri = triton_add()
    if tri:
        k, version = tri
        rows.append((f"Triton {version}", per_launch_us(lambda: k[grid](a, b, out, N, TILE=1024), args.launches,
                                                        args.repeats)))
        rows.append((f"Triton {version}, grid callable",
                     per_launch_us(lambda: k[meta_grid](a, b, out, N, TILE=1024), args.launches, args.repeats)))
    rows.append(("torch.add(out=)", per_launch_us(lambda: torch.add(a, b, out=out), args.launches, args.repeats)))

    dev = torch.cuda.get_device_name()
    head = (f"Launch overhead, CPU time per launch of a {N}-element f32 add, best of {args.repeats} loops of "
            f"{args.launches} launches ({dev}, torch {torch.__version__}, Python {platform.python_version()}, "
            f"tilec {tilec.__version__})")
    table = ["| launcher | us per launch |", "|---|---:|"] + [f"| {n} | {us:.2f} |" for n, us in rows]
    text = head + "\n\n" + "\n".join(table) + "\n"
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
