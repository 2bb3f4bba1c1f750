#!/usr/bin/env python3
"""Issue 30: examples/radix_sort.tile (Onesweep: one counting pass, four 8-bit digit passes
with decoupled look-back, tiles ranked by `bin_rank` and placed by `scatter`) beside
torch.sort (CUB's radix sort underneath), tilec launched through its Python package, one
process, one timer (`triton.testing.do_bench`, median), interleaved rounds. Every result
is checked against torch before it is timed. NOT run by CI (needs a GPU).

Two comparisons, the same outputs on both sides:
- keys and their indices: `radix_pass_pairs` with the values 0..n-1 (i32) against
  `torch.sort(keys, stable=True)` (values and int64 indices);
- keys only: `radix_pass` against `torch.sort(keys).values`'s whole call (torch has no
  keys-only sort: it returns the indices too, so this ratio flatters tilec; reported
  apart).
Keys are random in [0, 2^31) (torch sorts int32; the same bits as u32 there). The look-back
state and counters are zeroed inside the timed call, as tilerun's plans do.

    PYTHONPATH=<dir with the tilec package> python3 bench/sort_bench.py [--out DIR]
"""
import argparse
import json
import os

import torch
import triton.testing

import tilec

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The digit passes' tiles (defaults: the kernels' own, radix_pass 8192, radix_pass_pairs 8192).
TILE = int(os.environ.get("SORT_TILE", 8192))
PAIRS_TILE = int(os.environ.get("SORT_PAIRS_TILE", 8192))
# Warps a digit pass runs on (default: the kernels' own #[num_warps]); for A/B runs, as
# SORT_SRC (another copy of examples/radix_sort.tile).
WARPS = int(os.environ["SORT_WARPS"]) if os.environ.get("SORT_WARPS") else None


class Radix:
    """The plan of examples/plans/radix_sort*.toml, launched from Python."""

    def __init__(self, pairs):
        src = os.environ.get("SORT_SRC") or os.path.join(ROOT, "examples", "radix_sort.tile")
        self.tile = PAIRS_TILE if pairs else TILE
        self.hist_k = tilec.compile(src, kernel="radix_histogram")  # its own TILE: 8192
        name = "radix_pass_pairs" if pairs else "radix_pass"
        self.passes = [tilec.compile(src, kernel=name, defines={"SHIFT": s, "TILE": self.tile}, num_warps=WARPS)
                       for s in (0, 8, 16, 24)]
        self.pairs = pairs
        self.sms = torch.cuda.get_device_properties(0).multi_processor_count

    def buffers(self, n):
        tiles = tilec.cdiv(n, self.tile)
        dev = "cuda"
        self.n, self.tiles = n, tiles
        self.a = torch.empty(n, dtype=torch.uint32, device=dev)
        self.b = torch.empty(n, dtype=torch.uint32, device=dev)
        self.hist = torch.zeros(1024, dtype=torch.int32, device=dev)
        self.counters = torch.zeros(4, dtype=torch.int32, device=dev)
        self.state = torch.zeros(4, tiles * 256, dtype=torch.uint32, device=dev)
        if self.pairs:
            self.vals = torch.arange(n, dtype=torch.int32, device=dev)
            self.va = torch.empty(n, dtype=torch.int32, device=dev)
            self.vb = torch.empty(n, dtype=torch.int32, device=dev)

    def __call__(self, keys):
        n, tiles = self.n, self.tiles
        self.hist.zero_()
        self.counters.zero_()
        self.state.zero_()
        self.hist_k[(min(tilec.cdiv(n, 8192), 4 * self.sms),)](keys, self.hist, n)
        srcs = [keys, self.a, self.b, self.a]
        dsts = [self.a, self.b, self.a, self.b]
        if self.pairs:
            vsrc = [self.vals, self.va, self.vb, self.va]
            vdst = [self.va, self.vb, self.va, self.vb]
        for i, k in enumerate(self.passes):
            c = self.counters[i:i + 1]
            if self.pairs:
                k[(tiles,)](srcs[i], dsts[i], vsrc[i], vdst[i], self.hist, self.state[i], c, n)
            else:
                k[(tiles,)](srcs[i], dsts[i], self.hist, self.state[i], c, n)
        return (self.b, self.vb) if self.pairs else self.b


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="sort_out")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--sizes", default="16,18,20,22,24,26,28", help="log2 of the key counts")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}, tilec {tilec.__version__}", flush=True)
    keys_only, pairs = Radix(False), Radix(True)
    rows = []
    for lg in [int(s) for s in args.sizes.split(",")]:
        n = 1 << lg
        gen = torch.Generator(device="cuda").manual_seed(lg)
        k32 = torch.randint(0, 1 << 31, (n,), dtype=torch.int32, device="cuda", generator=gen)
        ku = k32.view(torch.uint32)
        keys_only.buffers(n)
        pairs.buffers(n)
        ref = torch.sort(k32, stable=True)
        got = keys_only(ku)
        ok_keys = torch.equal(got.view(torch.int32), ref.values)
        gk, gv = pairs(ku)
        ok_pairs = torch.equal(gk.view(torch.int32), ref.values) and torch.equal(gv.long(), ref.indices)
        if not (ok_keys and ok_pairs):
            print(f"2^{lg}: WRONG (keys {ok_keys}, pairs {ok_pairs})", flush=True)
            rows.append(dict(n=n, wrong=True))
            continue
        del ref, got, gk, gv
        fns = {
            "tilec_keys": lambda: keys_only(ku),
            "tilec_pairs": lambda: pairs(ku),
            "torch_sort": lambda: torch.sort(k32, stable=True),
        }
        ms = {k: [] for k in fns}
        for _ in range(args.rounds):
            for k, f in fns.items():
                ms[k].append(triton.testing.do_bench(f, warmup=25, rep=100))
        med = {k: sorted(v)[len(v) // 2] for k, v in ms.items()}
        row = dict(n=n, **{f"{k}_ms": v for k, v in med.items()},
                   pairs_vs_torch=med["torch_sort"] / med["tilec_pairs"],
                   keys_vs_torch=med["torch_sort"] / med["tilec_keys"])
        rows.append(row)
        print(f"2^{lg}: keys {med['tilec_keys'] * 1e3:9.1f} us  pairs {med['tilec_pairs'] * 1e3:9.1f} us  "
              f"torch.sort {med['torch_sort'] * 1e3:9.1f} us  pairs/torch {row['pairs_vs_torch']:.3f}x  "
              f"keys/torch {row['keys_vs_torch']:.3f}x", flush=True)
    json.dump(rows, open(os.path.join(args.out, "sort.json"), "w"), indent=1)
    plot(rows, os.path.join(args.out, "sort.png"))


def plot(rows, path):
    """Keys a second against size, for both tilec sorts and torch.sort."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib missing: no plot")
        return
    rows = [r for r in rows if not r.get("wrong")]
    xs = [r["n"] for r in rows]
    fig, ax = plt.subplots(figsize=(7, 4))
    for key, label in [("tilec_pairs", "tilec keys + indices"), ("tilec_keys", "tilec keys"),
                       ("torch_sort", "torch.sort (keys + indices)")]:
        ax.plot(xs, [r["n"] / (r[f"{key}_ms"] * 1e-3) / 1e9 for r in rows], marker="o", label=label)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("keys (u32)")
    ax.set_ylabel("G keys / s")
    ax.set_title(f"Radix sort, {torch.cuda.get_device_name()}")
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)


if __name__ == "__main__":
    main()
