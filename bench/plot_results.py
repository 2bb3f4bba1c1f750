#!/usr/bin/env python3
"""Plots the benchmark results for docs/performance.md.

Reads (no GPU, no network):
  bench/results/raw-2026-11-27-session20/sweep/results.csv  (bench/matmul_sweep.py's output)
  X
and writes docs/images/matmul_sweep_ratio.png, docs/images/matmul_sweep_tokens.png and
docs/images/kernels_vs_triton.png. Needs matplotlib (`pip install matplotlib`).

    python3 bench/plot_results.py [--out DIR]
"""

import argparse
import csv
import math
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWEEP = os.path.join(ROOT, "bench/results/raw-2026-11-27-session20/sweep/results.csv")
TABLE = os.path.join(ROOT, "bench/results/2026-11-26-readme-notes.md")


def number(s):
    try:
        return float(s.replace(",", ""))
    except (ValueError, AttributeError):
        return None


def read_sweep(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def read_table(path, first="kernel"):
    """The markdown table whose first column is `first` (bench/run_bench.sh's), as dicts."""
    rows, header = [], None
    for line in open(path):
        if not line.startswith("|"):
            if rows:
                break
            header = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
        elif header[0] == first and not re.match(r"^:?-+:?$", cells[0]):
            rows.append(dict(zip(header, cells)))
    return rows


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def plot_sweep_ratio(plt, rows, out):
    """tilec / cuBLAS for every shape of the sweep, f16 and bf16, fixed and the best example."""
    shapes = []
    for r in rows:
        if r["shape"] not in shapes:
            shapes.append(r["shape"])
    by = {(r["shape"], r["dtype"]): r for r in rows}
    fig, ax = plt.subplots(figsize=(12, 5.5))
    width = 0.2
    series = [
        ("float16", "tilec_best/cublas", "best example (TMA or pointers, autotuned; split-K, stream-K, clusters, tails), f16", "#1f77b4"),
        ("bfloat16", "tilec_best/cublas", "best example (TMA or pointers, autotuned; split-K, stream-K, clusters, tails), bf16", "#6baed6"),
        ("float16", "tilec/cublas", "matmul.tile (fixed tile), f16", "#ff7f0e"),
        ("bfloat16", "tilec/cublas", "matmul.tile (fixed tile), bf16", "#fdae6b"),
    ]
    for i, (dtype, col, label, color) in enumerate(series):
        ys = [number(by.get((s, dtype), {}).get(col, "")) or 0.0 for s in shapes]
        xs = [j + (i - 1.5) * width for j in range(len(shapes))]
        g = geomean([number(r[col]) for r in rows if r["dtype"] == dtype])
        ax.bar(xs, ys, width, label=f"{label} (geomean {g:.2f})", color=color)
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(shapes)))
    labels = [f"{s} ({by[(s, 'float16')]['what']})" if (s, "float16") in by else s for s in shapes]
    ax.set_xticklabels(labels, rotation=75, ha="right", fontsize=7)
    ax.set_ylabel("tilec / cuBLAS (time ratio, >1 is faster)")
    ax.set_title("Matmul sweep on one H200: tilec beside cuBLAS (bench/matmul_sweep.py)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def plot_sweep_tokens(plt, rows, out):
    """TFLOP/s against the token count M for the LLM projection shapes, f16."""
    groups = {}
    for r in rows:
        if r["dtype"] != "float16" or r["what"] in ("square", "odd", "issue 27"):
            continue
        groups.setdefault(r["what"], []).append(r)
    names = sorted(groups)
    cols = 3
    nrows = (len(names) + cols - 1) // cols
    fig, axes = plt.subplots(nrows, cols, figsize=(12, 3.3 * nrows), squeeze=False)
    for ax, name in zip(sum(axes.tolist(), []), names):
        rs = sorted(groups[name], key=lambda r: int(r["M"]))
        ms = [int(r["M"]) for r in rs]
        for col, label, style in [
            ("tilec_tma_tflops", "tilec (TMA, autotuned)", "v-"),
            ("tilec_tuned_tflops", "tilec (autotuned)", "o-"),
            ("tilec_splitk_tflops", "tilec (split-K)", "d:"),
            ("tilec_tflops", "tilec (fixed tile)", "s--"),
            ("cublas_tflops", "cuBLAS", "^-"),
        ]:
            ys = [number(r.get(col, "")) for r in rs]  # split-K: M <= 128 only
            ax.plot(ms, [math.nan if y is None else y for y in ys], style, label=label, markersize=4)
        ax.set_xscale("log", base=2)
        ax.set_title(f"{name}: N={rs[0]['N']}, K={rs[0]['K']}", fontsize=9)
        ax.set_xlabel("M (tokens)", fontsize=8)
        ax.set_ylabel("TFLOP/s", fontsize=8)
        ax.tick_params(labelsize=7)
    for ax in sum(axes.tolist(), [])[len(names):]:
        ax.axis("off")
    sum(axes.tolist(), [])[0].legend(fontsize=7)
    fig.suptitle("LLM projection shapes, f16, one H200", fontsize=10)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def plot_kernels(plt, rows, out):
    """tilec / Triton and tilec / PyTorch for each kernel of the benchmark table."""
    rows = [r for r in rows if number(r.get("tilec/Triton", "")) or number(r.get("tilec/PyTorch", ""))]
    labels = [f"{r['kernel']} {r['size']}" for r in rows]
    fig, ax = plt.subplots(figsize=(11, 5))
    width = 0.4
    for i, (col, color) in enumerate([("tilec/Triton", "#1f77b4"), ("tilec/PyTorch", "#2ca02c")]):
        ys = [number(r.get(col, "")) or 0.0 for r in rows]
        ax.bar([j + (i - 0.5) * width for j in range(len(rows))], ys, width, label=col, color=color)
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(rows)))
    ax.set_xticklabels(labels, rotation=70, ha="right", fontsize=7)
    ax.set_ylabel("speed ratio (>1: tilec faster)")
    ax.set_title("tilerun --bench beside Triton 3.6 and PyTorch, one H100 (bench/run_bench.sh)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "docs/images"), help="where the PNGs go")
    args = ap.parse_args()
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise SystemExit("plot_results.py needs matplotlib: pip install matplotlib")
    os.makedirs(args.out, exist_ok=True)
    sweep = read_sweep(SWEEP)
    written = []
    for name, fn, data in [
        ("matmul_sweep_ratio.png", plot_sweep_ratio, sweep),
        ("matmul_sweep_tokens.png", plot_sweep_tokens, sweep),
        ("kernels_vs_triton.png", plot_kernels, read_table(TABLE)),
    ]:
        path = os.path.join(args.out, name)
        fn(plt, data, path)
        written.append(path)
    for p in written:
        print("wrote", os.path.relpath(p, ROOT))


if __name__ == "__main__":
    main()
