#!/usr/bin/env python3
"""GPU correctness tests of the examples: compile each with tilec, run it with tilerun on
numpy-made inputs of several sizes (tile multiples and not), compare with numpy.

Run on the GPU machine (python3 + numpy, a CUDA driver; no Rust needed):

    TILEC=path/to/tilec TILERUN=path/to/tilerun python3 test/gpu/check_examples.py

Every case runs twice: from the .tile (tilerun compiles it in-process, specialised on the
arguments like Triton) and from the .ptx + .json that tilec wrote (no specialisation).
Without TILEC, `tilerun --compile-only` compiles (tilerun links the same compiler), so one
binary is enough. With --ptx-dir DIR the kernels come from DIR/*.ptx + *.json instead: PTX
compiled elsewhere, or the hand-written fixtures of test/gpu/fixtures.

A kernel that does not compile is a failure; one whose example is missing, or whose
signature is not the one its cases are written for, is skipped with the reason. The last
line is `N passed, N failed, N skipped`; the exit status is 1 when anything failed.

With --interpret (no GPU needed: what CI runs, from scripts/test.sh) every case runs
from the .tile in tilec's interpreter (`tilerun --interpret --uninit --races`: memcheck,
never-written reads and races between programs are failures too), and --max-elements N
leaves out the cases with a buffer larger than N elements.
"""
import argparse
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import philox_ref  # noqa: E402
import cases_lowering  # noqa: E402
import cases_rank  # noqa: E402
import cases_attention  # noqa: E402
ROOT = os.path.dirname(os.path.dirname(HERE))


def cdiv(a, b):
    return (a + b - 1) // b


def size_label(n, defines, *extra):
    """A case's label: its size, the defines it compiles with, then any extra words."""
    return ",".join([f"n={n}"] + [f"{k}={v}" for k, v in defines.items()] + list(extra))


class Case:
    """One run of a kernel: arguments in parameter order as (name, value), where a value
    is an ndarray (saved as .npy), a Python int/float (a scalar) or a str (a tilerun
    buffer spec such as `empty:f32:1000`); `checks` maps buffer names to references."""

    def __init__(self, label, grid, args, checks, rtol=None, atol=None, defines=None, flags=None):
        self.label, self.grid, self.args, self.checks = label, grid, args, checks
        self.rtol, self.atol, self.defines = rtol, atol, defines or {}
        # Extra tilerun flags (a specialisation: `--divisibility N=64`); the case then
        # runs from the .tile (a prebuilt .ptx has no such variant).
        self.flags = flags or []


# ------------------------------------------------------------------ the cases, per kernel
# Each entry: the signature the cases are written for (name, type), and a function from
# (consts of the compiled kernel, rng) to cases.

def add_cases(c, rng):
    T = int(c.get("TILE", 1024))
    for n in [1, 1000, 4096, 1 << 20, 1000003]:
        a = rng.standard_normal(n, dtype=np.float32)
        b = rng.standard_normal(n, dtype=np.float32)
        yield Case(f"n={n}", (cdiv(n, T),), [("a", a), ("b", b), ("out", f"empty:f32:{n}"), ("n", n)], {"out": a + b})


def sum_cases(c, rng):
    T = int(c.get("TILE", 4096))
    for n in [1, 1000, 4096, 1 << 20, 1000003]:
        x = rng.random(n, dtype=np.float32)
        ref = np.array([x.astype(np.float64).sum()], dtype=np.float32)
        # One relaxed atomic per program, in any order: f32 rounding differs from numpy's.
        yield Case(f"n={n}", (cdiv(n, T),), [("x", x), ("out", "zeros:f32:1"), ("n", n)], {"out": ref}, rtol=1e-4, atol=1e-3)


def transpose_cases(c, rng):
    RB, CB = int(c.get("RB", 64)), int(c.get("CB", 64))
    for R, C in [(1, 1), (64, 64), (100, 37), (128, 256), (1000, 1001), (65, 4097), (4096, 4096)]:
        x = rng.standard_normal((R, C), dtype=np.float32)
        args = [("x", x), ("y", f"empty:f32:{C}x{R}"), ("rows", R), ("cols", C),
                ("sxr", C), ("sxc", 1), ("syr", R), ("syc", 1)]
        yield Case(f"{R}x{C}", (cdiv(R, RB), cdiv(C, CB)), args, {"y": np.ascontiguousarray(x.T)}, rtol=0, atol=0)


def scan_cases(c, rng):
    T = int(c.get("TILE", 4096))
    for n in [1, 1000, 4096, 1 << 20, 1000003]:
        x = rng.integers(-100, 100, n, dtype=np.int32)
        g = cdiv(n, T)
        ref = np.cumsum(x, dtype=np.int64).astype(np.int32)
        args = [("x", x), ("y", f"empty:i32:{n}"), ("state", f"zeros:u64:{g}"), ("counter", "zeros:i32:1"), ("n", n)]
        yield Case(f"n={n}", (g,), args, {"y": ref})


def matmul_cases(c, rng):
    BM, BN = int(c.get("BM", 128)), int(c.get("BN", 256))
    # Multiples of 8 not of 16 (specialised on 8: pipelined with 16-byte copies), of 4
    # (8-byte copies), and odd sizes (plain loads); on a GPU, the shapes issue 27 measured
    # (too slow for the interpreter).
    shapes = [(128, 256, 64), (256, 512, 128), (100, 200, 70), (1000, 1000, 1000), (24, 40, 72), (40, 264, 136),
              (33, 17, 41), (264, 520, 200), (300, 260, 300)]
    if not INTERPRET:
        shapes += [(3000, 3000, 3000), (4096, 5000, 4104), (3001, 3001, 3001)]
    for M, N, K in shapes:
        a = rng.uniform(-1, 1, (M, K)).astype(np.float16)
        b = rng.uniform(-1, 1, (K, N)).astype(np.float16)
        ref = (a.astype(np.float32) @ b.astype(np.float32)).astype(np.float16)
        args = [("a", a), ("b", b), ("c", f"empty:f16:{M}x{N}"), ("M", M), ("N", N), ("K", K),
                ("sam", K), ("sak", 1), ("sbk", N), ("sbn", 1), ("scm", N), ("scn", 1)]
        yield Case(f"{M}x{N}x{K}", (cdiv(M, BM) * cdiv(N, BN),), args, {"c": ref}, rtol=2e-2, atol=5e-2)


def matmul_tuned_cases(c, rng):
    """matmul_cases for the autotuned, grouped-order kernel: the grid is an expression of
    the configuration tilerun picks."""
    for case in matmul_cases(c, rng):
        case.grid = ("cdiv(M, BM) * cdiv(N, BN)",)
        yield case


def matmul_tma_cases(c, rng):
    """matmul_cases through tensor descriptors (no strides: row-major A, B and C): sizes of
    multiples of 8 go by TMA on sm_90, the others by masked loads."""
    for case in matmul_cases(c, rng):
        case.args = case.args[:6]
        case.grid = ("cdiv(M, BM) * cdiv(N, BN)",)
        yield case


def matmul_tma_strided_cases(c, rng):
    """matmul_cases with A and B in buffers whose rows are padded to multiples of 8
    elements (the padding holds 77s, which must not be read: the descriptors' shapes end
    at K and N), C compact: what bench/matmul_sweep.py's `tilec_padded` launches."""
    for case in matmul_cases(c, rng):
        a, b = case.args[0][1], case.args[1][1]
        (M, K), N = a.shape, b.shape[1]
        kp, np_ = cdiv(K, 8) * 8, cdiv(N, 8) * 8
        ap = np.full((M, kp), 77, np.float16)
        bp = np.full((K, np_), 77, np.float16)
        ap[:, :K], bp[:, :N] = a, b
        args = [("a", ap), ("b", bp), case.args[2], ("M", M), ("N", N), ("K", K), ("sa", kp), ("sb", np_), ("sc", N)]
        yield Case(case.label, (cdiv(M, 128) * cdiv(N, 256),), args, case.checks, rtol=case.rtol, atol=case.atol)


def matmul_tma_persistent_cases(c, rng):
    """matmul_tma_cases on a persistent grid: fewer programs than tiles (each walks several,
    the last K step of one and the first of the next in one pipelined loop), and more."""
    for case in matmul_tma_cases(c, rng):
        M, N = case.args[3][1], case.args[4][1]
        for progs in (3, 132) if not INTERPRET else (3,):
            yield Case(f"{case.label},{progs} programs", (progs,), case.args, case.checks, rtol=case.rtol,
                       atol=case.atol)


def matmul_tma_cluster_cases(c, rng):
    """matmul_tma_cases in clusters of two programs (`#[cluster_dims(2)]`: a cluster
    computes 2 BM x BN of C, B's blocks multicast to both programs)."""
    for case in matmul_tma_cases(c, rng):
        case.grid = ("2 * cdiv(M, 2 * BM) * cdiv(N, BN)",)
        yield case


def streamk_plan(M, N, K, slots, BM=128, BN=256, BK=64):
    """examples/matmul_streamk.tile's plan (its header): (dp, split, grid, split tiles)."""
    tiles = cdiv(M, BM) * cdiv(N, BN)
    rem = tiles % slots
    if rem and 2 * rem <= slots:
        dp, split = tiles - rem, min(slots // rem, cdiv(K, BK))
    else:
        dp, split = tiles, 1
    return dp, split, dp + (tiles - dp) * split, tiles - dp


def tail_plan(M, N, slots, BM=128, BN=256, TM=64, TN=128):
    """examples/matmul_streamk.tile's `matmul_tail` plan (its header): (dp, grid). For
    `matmul_tail_cluster`, BM = 256 and TM = 128 (a cluster's tile and piece), slots the
    clusters held at once, and the grid in clusters."""
    tiles, pieces = cdiv(M, BM) * cdiv(N, BN), (BM // TM) * (BN // TN)
    rem = tiles % slots
    dp = tiles - rem if rem * pieces <= slots else tiles
    return dp, dp + (tiles - dp) * pieces


def tail_cases(rng, shapes, cluster):
    """`matmul_tail` (cluster 1) or `matmul_tail_cluster` (2) on each (M, N, K, slots):
    the plan over the programs (or clusters) held at once, checked against numpy."""
    for M, N, K, slots in shapes:
        a = rng.uniform(-1, 1, (M, K)).astype(np.float16)
        b = rng.uniform(-1, 1, (K, N)).astype(np.float16)
        ref = (a.astype(np.float32) @ b.astype(np.float32)).astype(np.float16)
        dp, grid = tail_plan(M, N, slots, BM=128 * cluster, TM=64 * cluster)
        args = [("a", a), ("b", b), ("c", f"empty:f16:{M}x{N}"), ("M", M), ("N", N), ("K", K), ("dp", dp)]
        yield Case(f"{M}x{N}x{K},slots={slots},dp={dp}", (cluster * grid,), args, {"c": ref}, rtol=2e-2, atol=5e-2)


def matmul_tail_cases(c, rng):
    """Whole tiles, then the last partial wave in quarter tiles: plans with a tail (odd
    sizes by masked loads, multiples of 8 by TMA), none, and all tail (dp = 0); on a GPU
    3000^3 at 132 SMs (264 whole tiles, 96 quarters)."""
    shapes = [(300, 520, 200, 4), (264, 520, 200, 8), (100, 200, 70, 4), (257, 513, 1000, 8), (300, 600, 256, 2)]
    if not INTERPRET:
        shapes += [(3000, 3000, 3000, 132), (1000, 1000, 1000, 132), (4096, 4096, 4096, 132)]
    yield from tail_cases(rng, shapes, 1)


def matmul_tail_cluster_cases(c, rng):
    """matmul_tail_cases in clusters of two (2 BM x BN cluster tiles, 2 TM x TN pieces):
    the plan over cluster slots (SMs / 2), twice as many programs."""
    shapes = [(300, 520, 200, 4), (520, 520, 200, 8), (100, 200, 70, 4), (257, 513, 1000, 5), (600, 600, 256, 2)]
    if not INTERPRET:
        shapes += [(3000, 3000, 3000, 66), (1000, 1000, 1000, 66), (4096, 4096, 4096, 66), (8192, 3000, 3000, 66)]
    yield from tail_cases(rng, shapes, 2)


def matmul_streamk_cases(c, rng):
    """Data-parallel tiles and a split last wave, for `slots` programs at once: a plan with
    no split, one whose split exceeds the K steps, one tile split (dp = 0), and on a GPU
    3000^3 on an H100/H200's 132 SMs (2.2 waves of 128x256 tiles)."""
    BM, BN, BK = int(c.get("BM", 128)), int(c.get("BN", 256)), int(c.get("BK", 64))
    shapes = [(300, 600, 256, 4), (100, 200, 70, 4), (264, 520, 200, 3), (257, 513, 1000, 8), (64, 256, 64, 8)]
    if not INTERPRET:
        shapes += [(3000, 3000, 3000, 132), (1000, 1000, 1000, 132), (4096, 4096, 4096, 132)]
    for M, N, K, slots in shapes:
        a = rng.uniform(-1, 1, (M, K)).astype(np.float16)
        b = rng.uniform(-1, 1, (K, N)).astype(np.float16)
        ref = (a.astype(np.float32) @ b.astype(np.float32)).astype(np.float16)
        dp, split, grid, parts = streamk_plan(M, N, K, slots, BM, BN, BK)
        args = [("a", a), ("b", b), ("c", f"empty:f16:{M}x{N}"), ("ws", f"empty:f32:{max(parts * split, 1) * BM * BN}"),
                ("count", f"zeros:i32:{max(parts, 1)}"), ("M", M), ("N", N), ("K", K), ("sam", K), ("sbk", N),
                ("scm", N), ("dp", dp), ("split", split)]
        yield Case(f"{M}x{N}x{K},slots={slots},dp={dp},split={split}", (grid,), args, {"c": ref}, rtol=2e-2, atol=5e-2)


def persistent_sum_cases(c, rng):
    T = int(c.get("TILE", 4096))
    for n in [1, 1000, 4096, 1 << 20, 1000003, 1 << 24]:
        x = rng.random(n, dtype=np.float32)
        ref = np.array([x.astype(np.float64).sum()], dtype=np.float32)
        # Fewer programs than tiles (the grid-stride loop runs), and one more than needed.
        for g in sorted({min(cdiv(n, T), 528), cdiv(n, T) + 1}):
            yield Case(f"n={n},grid={g}", (g,), [("x", x), ("out", "zeros:f32:1"), ("n", n)], {"out": ref},
                       rtol=1e-4, atol=1e-3)


def softmax_cases(c, rng):
    # One row per program; BLOCK (a power of two) must cover the row.
    for R, C in [(1, 1), (4, 1000), (128, 1024), (37, 3000), (4096, 4096)]:
        x = rng.standard_normal((R, C), dtype=np.float32)
        x64 = x.astype(np.float64)
        e = np.exp(x64 - x64.max(axis=1, keepdims=True))
        ref = (e / e.sum(axis=1, keepdims=True)).astype(np.float32)
        block = 1 << max(0, (C - 1).bit_length())
        defines = {} if block == int(c.get("BLOCK", 4096)) else {"BLOCK": block}
        args = [("y", f"empty:f32:{R}x{C}"), ("x", x), ("sx", C), ("sy", C), ("cols", C)]
        yield Case(f"{R}x{C}", (R,), args, {"y": ref}, rtol=1e-4, atol=1e-6, defines=defines)


def cumsum2d_cases(c, rng):
    RB, CB = int(c.get("RB", 64)), int(c.get("CB", 128))
    for R, C in [(1, 1), (64, 128), (100, 37), (300, 1000)]:
        x = rng.standard_normal((R, C), dtype=np.float32)
        # Each program scans its own (RB, CB) block.
        down, across = np.empty_like(x), np.empty_like(x)
        for r0 in range(0, R, RB):
            for c0 in range(0, C, CB):
                blk = x[r0:r0 + RB, c0:c0 + CB].astype(np.float64)
                down[r0:r0 + RB, c0:c0 + CB] = np.cumsum(blk, axis=0)
                across[r0:r0 + RB, c0:c0 + CB] = np.cumsum(blk, axis=1)
        args = [("x", x), ("down", f"empty:f32:{R}x{C}"), ("across", f"empty:f32:{R}x{C}"), ("rows", R), ("cols", C)]
        yield Case(f"{R}x{C}", (cdiv(R, RB), cdiv(C, CB)), args, {"down": down, "across": across},
                   rtol=1e-5, atol=1e-4)


def histogram_cases(c, rng):
    T, B = int(c.get("TILE", 4096)), int(c.get("BINS", 256))
    for n in [1, 1000, 4096, 1 << 20, 1000003]:
        # Some values outside 0..BINS: they are not counted.
        x = rng.integers(-8, B + 8, n, dtype=np.int32)
        ref = np.bincount(x[(x >= 0) & (x < B)], minlength=B).astype(np.int32)
        yield Case(f"n={n}", (cdiv(n, T),), [("x", x), ("hist", f"zeros:i32:{B}"), ("n", n)], {"hist": ref})


def any_all_cases(c, rng):
    """examples/any_all.tile: tiles all zero, all non-zero, and non-zero but for one element."""
    T = int(c.get("TILE", 1024))
    for n in [1, 1000, 3 * T, 7 * T + 5, 1 << 20]:
        tiles = cdiv(n, T)
        kind = rng.integers(0, 3, tiles)  # 0: zeros, 1: non-zero, 2: mixed
        x = np.zeros(tiles * T, np.int32)
        for t in range(tiles):
            if kind[t] != 0:
                x[t * T:(t + 1) * T] = rng.integers(1, 1 << 30, T, dtype=np.int32)
            if kind[t] == 2:  # one live element zero
                x[t * T + int(rng.integers(0, min(T, n - t * T)))] = 0
        x = x[:n]
        blk = np.zeros(tiles * T, bool)
        blk[:n] = x != 0
        live = np.arange(tiles * T) < n
        any_ref = blk.reshape(tiles, T).any(1).astype(np.int32)
        all_ref = (blk | ~live).reshape(tiles, T).all(1).astype(np.int32)
        yield Case(f"n={n}", (tiles,), [("x", x), ("any", f"empty:i32:{tiles}"), ("all", f"empty:i32:{tiles}"), ("n", n)],
                   {"any": any_ref, "all": all_ref}, rtol=0, atol=0)


def byte_histogram_cases(c, rng):
    T, B = int(c.get("TILE", 4096)), int(c.get("BINS", 1024))
    for n in [1, 1000, 4096, 1 << 20, 1000003]:
        x = rng.integers(0, 256, n, dtype=np.uint8)
        ref = np.bincount(x, minlength=B)[:B].astype(np.int32)
        yield Case(f"n={n}", (cdiv(n, T),), [("x", x), ("hist", f"zeros:i32:{B}"), ("n", n)], {"hist": ref})


def big_transpose_cases(c, rng):
    for R, C in [(256, 256), (300, 513), (1000, 100)]:
        x = rng.standard_normal((R, C), dtype=np.float32)
        args = [("x", x), ("y", f"empty:f32:{C}x{R}"), ("rows", R), ("cols", C)]
        yield Case(f"{R}x{C}", (cdiv(R, 256), cdiv(C, 256)), args, {"y": np.ascontiguousarray(x.T)}, rtol=0, atol=0)


def big_blocks_cases(c, rng):
    for nb in [1, 3]:
        x = rng.standard_normal((nb, 256, 256), dtype=np.float32)
        x[:, ::7, ::5] = np.round(x[:, ::7, ::5])  # ties for the sort
        idx = rng.integers(0, 256, (nb, 256, 256), dtype=np.int32)
        refs = {"sorted": np.sort(x, axis=2), "flipped": x[:, ::-1, :],
                "down": np.cumsum(x.astype(np.float64), axis=1).astype(np.float32),
                "picked": np.take_along_axis(x, idx, axis=2), "flat": x.transpose(0, 2, 1).reshape(-1)}
        n = nb * 65536
        args = [("x", x), ("idx", idx)] + [(k, f"empty:f32:{n}") for k in ["sorted", "flipped", "down", "picked", "flat"]]
        refs = {k: np.ascontiguousarray(v).reshape(-1) for k, v in refs.items()}
        yield Case(f"blocks={nb}", (nb,), args, refs, rtol=1e-5, atol=1e-4)


def big_atomics_cases(c, rng):
    for g in [1, 3]:
        x = rng.standard_normal((g, 65536), dtype=np.float32)
        acc = x.astype(np.float64).sum(0).astype(np.float32)
        small = x[:, :16384].astype(np.float64).sum(0).astype(np.float32)
        hi = np.maximum((x * np.float32(1000.0)).astype(np.int32).max(0), -5)
        args = [("x", x), ("acc", "zeros:f32:65536"), ("small", "zeros:f32:16384"), ("hi", "full:i32:65536:-5"),
                ("old", f"zeros:i32:{g * 65536}")]
        checks = {"acc": acc, "small": small, "hi": hi.astype(np.int32)}
        if g == 1:
            # One program: every old value is the initial one.
            checks["old"] = np.full(65536, -5, np.int32)
        yield Case(f"programs={g}", (g,), args, checks, rtol=1e-5, atol=1e-5)


def big_histogram_cases(c, rng):
    for g in [1, 4]:
        x = rng.integers(0, 256, g * 65536, dtype=np.uint8)
        ref = np.bincount(x, minlength=1024).astype(np.int32)
        top = (np.arange(1024, dtype=np.int64) * 100 + g - 1)
        args = [("x", x), ("hist", "zeros:i32:1024"), ("top", "zeros:i64:1024")]
        yield Case(f"programs={g}", (g,), args, {"hist": ref, "top": top})


def broadcast_dot_cases(c, rng):
    a = rng.uniform(-1, 1, 128).astype(np.float16)
    b = rng.uniform(-1, 1, 128).astype(np.float16)
    m = rng.uniform(-1, 1, (128, 128)).astype(np.float16)
    a64, b64, m64 = a.astype(np.float64), b.astype(np.float64), m.astype(np.float64)
    left = np.ascontiguousarray(np.broadcast_to(a64 @ m64, (128, 128)), dtype=np.float32)
    right = np.ascontiguousarray(np.broadcast_to((m64 @ b64)[:, None], (128, 128)), dtype=np.float32)
    args = [("a", a), ("b", b), ("m", m), ("left", "empty:f32:128x128"), ("right", "empty:f32:128x128")]
    yield Case("128", (1,), args, {"left": left, "right": right}, rtol=1e-3, atol=1e-3)


def row_topk_cases(c, rng):
    R, C, K = int(c.get("R", 16)), int(c.get("C", 128)), int(c.get("K", 8))
    for rows in [1, 16, 100]:
        x = rng.standard_normal((rows, C), dtype=np.float32)
        x[::3] = np.round(x[::3] * 2) / 2  # ties: the first one wins
        args = [("x", x), ("top", f"empty:f32:{rows}x{K}"), ("vmax", f"empty:f32:{rows}"), ("imax", f"empty:i32:{rows}"),
                ("vmin", f"empty:f32:{rows}"), ("imin", f"empty:i32:{rows}"), ("rows", rows)]
        checks = {"top": -np.sort(-x, axis=1)[:, :K], "vmax": x.max(1), "imax": x.argmax(1).astype(np.int32),
                  "vmin": x.min(1), "imin": x.argmin(1).astype(np.int32)}
        yield Case(f"rows={rows}", (cdiv(rows, R),), args, checks, rtol=0, atol=0)


def col_topk_cases(c, rng):
    C, K = int(c.get("C", 64)), int(c.get("K", 4))
    for blocks in [1, 3]:
        x = rng.integers(-20, 20, (blocks, C, C), dtype=np.int32)
        args = [("x", x), ("low", f"empty:i32:{blocks * K * C}"), ("vmax", f"empty:i32:{blocks * C}"),
                ("imax", f"empty:i32:{blocks * C}")]
        checks = {"low": np.sort(x, axis=1)[:, :K, :].reshape(-1), "vmax": x.max(1).reshape(-1),
                  "imax": x.argmax(1).astype(np.int32).reshape(-1)}
        yield Case(f"blocks={blocks}", (blocks,), args, checks)


def head_scores_cases(c, rng):
    BZ, BS, D = int(c.get("BZ", 2)), int(c.get("BS", 32)), int(c.get("D", 64))
    for Z, S in [(1, 32), (3, 50), (4, 128)]:
        q = rng.uniform(-1, 1, (Z, S, D)).astype(np.float16)
        k = rng.uniform(-1, 1, (Z, S, D)).astype(np.float16)
        ref = (np.einsum("zmd,znd->zmn", q.astype(np.float64), k.astype(np.float64)) * 0.125).astype(np.float32)
        args = [("q", q), ("k", k), ("s", f"empty:f32:{Z * S * S}"), ("Z", Z), ("S", S), ("scale", 0.125)]
        yield Case(f"Z={Z} S={S}", (cdiv(S, BS), cdiv(S, BS), cdiv(Z, BZ)), args, {"s": ref.reshape(-1)},
                   rtol=1e-4, atol=1e-4)


def sort_blocks_cases(c, rng):
    T = int(c.get("TILE", 1024))
    for n in [1, 1000, 4096, 1 << 20, 1000003]:
        x = rng.standard_normal(n, dtype=np.float32)
        x[::97] = np.round(x[::97])  # ties
        ref = np.concatenate([np.sort(x[i:i + T]) for i in range(0, n, T)])
        yield Case(f"n={n}", (cdiv(n, T),), [("x", x), ("y", f"empty:f32:{n}"), ("n", n)], {"y": ref}, rtol=0, atol=0)


def sort_rows_cases(c, rng):
    R, C = int(c.get("R", 16)), int(c.get("C", 256))
    for rows in [1, 16, 100, 4096]:
        x = rng.integers(-1000, 1000, (rows, C), dtype=np.int32)
        ref = -np.sort(-x, axis=1)
        yield Case(f"{rows}x{C}", (cdiv(rows, R),), [("x", x), ("y", f"empty:i32:{rows}x{C}"), ("rows", rows)],
                   {"y": ref})


def count_if_cases(c, rng):
    T = int(c.get("TILE", 4096))
    for n in [1, 1000, 4096, 1 << 20, 1000003]:
        x = rng.standard_normal(n, dtype=np.float32)
        ref = np.array([(x > 0).sum()], dtype=np.int32)
        yield Case(f"n={n}", (cdiv(n, T),), [("x", x), ("count", "zeros:i32:1"), ("n", n)], {"count": ref})


def bf16_round(x):
    """f32 -> bf16 (round to nearest even), as f32 values: numpy has no bfloat16."""
    u = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    r = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) << 16
    return r.astype(np.uint32).view(np.float32)


def convert_cases(c, rng):
    """The hand-written fixture `convert` only: half-precision buffers end to end."""
    specials = np.array([65504, 65520, -70000, 1e-8, -0.0, 0.1, 3.0e38, np.inf], dtype=np.float32)
    for n in [1, 1000, 100003]:
        x = (rng.standard_normal(n, dtype=np.float32) * 10)
        x[: min(n, len(specials))] = specials[: min(n, len(specials))]
        args = [("x", x), ("h", f"empty:f16:{n}"), ("b", f"empty:bf16:{n}"), ("n", n)]
        with np.errstate(over="ignore"):  # the specials overflow f16 on purpose
            h = x.astype(np.float16)
        yield Case(f"n={n}", (cdiv(n, 128),), args, {"h": h, "b": bf16_round(x)}, rtol=0, atol=0)


def fp8_values(exp_bits, man_bits, ieee):
    """Every non-negative finite value of an fp8 format, indexed by its bit pattern."""
    bias = (1 << (exp_bits - 1)) - 1
    top = (1 << exp_bits) - 1
    vals = []
    for c in range(0x80):
        e, m = c >> man_bits, c & ((1 << man_bits) - 1)
        if (ieee and e == top) or (not ieee and e == top and m == (1 << man_bits) - 1):
            break  # inf / NaN: the finite values end here
        frac = m / (1 << man_bits)
        vals.append(frac * 2.0 ** (1 - bias) if e == 0 else (1 + frac) * 2.0 ** (e - bias))
    return np.array(vals)


FP8 = {"e4m3": fp8_values(4, 3, False), "e5m2": fp8_values(5, 2, True)}


def fp8_bits(x, fmt):
    """float -> fp8 bits as the GPU's cvt.rn.satfinite: nearest, ties to the even bit
    pattern, saturating to the largest finite value; NaN -> 0x7f. numpy has no fp8."""
    vals = FP8[fmt]
    x = np.asarray(x, dtype=np.float64)
    a = np.minimum(np.abs(np.nan_to_num(x, nan=0.0)), vals[-1])
    hi = np.minimum(np.searchsorted(vals, a), len(vals) - 1)
    lo = np.maximum(hi - 1, 0)
    dlo, dhi = a - vals[lo], vals[hi] - a
    code = np.where(dlo < dhi, lo, np.where(dhi < dlo, hi, np.where(lo % 2 == 0, lo, hi)))
    code = np.where(a == vals[hi], hi, code)
    bits = (code | np.where(np.signbit(x), 0x80, 0)).astype(np.uint8)
    return np.where(np.isnan(x), 0x7F, bits).astype(np.uint8)


def fp8_value(bits, fmt):
    """fp8 bits -> float32 values (exact)."""
    bits = np.asarray(bits, dtype=np.uint8)
    mag = FP8[fmt][np.minimum(bits & 0x7F, len(FP8[fmt]) - 1)]
    v = np.where(bits & 0x80, -mag, mag)
    return v.astype(np.float32)


def fp8_scale_cases(c, rng):
    T = int(c.get("TILE", 1024))
    for n in [1, 1000, 4096, 100003]:
        x = rng.integers(0, 256, n, dtype=np.uint8)
        x[(x & 0x7F) == 0x7F] = 0x3C  # NaN patterns: leave them out of the values
        scale = np.float32(3.7)
        # fp8 -> f32 exactly, the product in f32, then one rounding to e4m3 (saturating).
        y = fp8_value(fp8_bits(fp8_value(x, "e4m3") * scale, "e4m3"), "e4m3")
        args = [("x", x), ("y", f"empty:f8e4m3:{n}"), ("scale", float(scale)), ("n", n)]
        yield Case(f"n={n}", (cdiv(n, T),), args, {"y": y}, rtol=0, atol=0)


def fp8_round_trip_cases(c, rng):
    T = int(c.get("TILE", 1024))
    specials = np.array([448, 464, 480, 1000, -60000, 65504, np.inf, -np.inf, 57344, 61440, 1.0625, 2 ** -10, 2 ** -17,
                         -0.0, np.nan], dtype=np.float16)
    for n in [1, 1000, 100003]:
        with np.errstate(over="ignore"):
            h = (rng.standard_normal(n) * np.exp2(rng.integers(-12, 17, n))).astype(np.float16)
        h[: min(n, len(specials))] = specials[: min(n, len(specials))]
        bits = fp8_bits(h, "e4m3")
        checks = {"e4": fp8_value(bits, "e4m3").astype(np.float16),
                  "e5": fp8_value(fp8_bits(h, "e5m2"), "e5m2").astype(np.float16), "bits": bits}
        checks["e4"][np.isnan(h)] = np.nan
        checks["e5"][np.isnan(h)] = np.nan
        args = [("h", h), ("e4", f"empty:f16:{n}"), ("e5", f"empty:f16:{n}"), ("bits", f"empty:u8:{n}"), ("n", n)]
        yield Case(f"n={n}", (cdiv(n, T),), args, checks, rtol=0, atol=0)


def matmul_fp8_cases(c, rng, fmt="e4m3", out=np.float16):
    """A (M x K) times B stored N x K, both fp8, scaled per tensor or per row / column:
    odd sizes (the K edge masked, M and N wrapped), against float64."""
    out_name = "f16" if out == np.float16 else "bf16"
    for (M, N, K), rowwise in [((128, 256, 128), 0), ((100, 200, 70), 0), ((64, 96, 300), 1), ((300, 260, 384), 1)]:
        a = fp8_bits(rng.uniform(-2, 2, (M, K)), fmt)
        b = fp8_bits(rng.uniform(-2, 2, (N, K)), fmt)
        if rowwise:
            sa, sb = rng.uniform(0.25, 2, M).astype(np.float32), rng.uniform(0.25, 2, N).astype(np.float32)
            scale = sa.astype(np.float64)[:, None] * sb.astype(np.float64)[None, :]
        else:
            sa, sb = np.array([0.5], np.float32), np.array([3.0], np.float32)
            scale = 1.5
        prod = fp8_value(a, fmt).astype(np.float64) @ fp8_value(b, fmt).astype(np.float64).T * scale
        ref = prod.astype(np.float32) if out == np.float16 else bf16_round(prod.astype(np.float32))
        ref = ref.astype(np.float16) if out == np.float16 else ref
        args = [("a", a), ("b", b), ("c", f"empty:{out_name}:{M}x{N}"), ("sa", sa), ("sb", sb), ("M", M), ("N", N),
                ("K", K), ("sam", K), ("sbn", K), ("scm", N)]
        defines = {"ROWWISE": rowwise} if rowwise else {}
        # Autotuned (matmul_fp8): the grid follows the configuration tilerun picks. Hopper's
        # fp8 tensor cores add into an accumulator of about 14 mantissa bits (the dot
        # section of docs/language.md): a sum that cancels to near zero can be off by
        # ~2^-13 of its terms' size (0.07 at K = 384 on an H200).
        yield Case(f"{M}x{N}x{K},rowwise={rowwise}", ("cdiv(M, BM) * cdiv(N, BN)",), args, {"c": ref},
                   rtol=2e-2, atol=0.15, defines=defines)


def matmul_fp8_e5m2_cases(c, rng):
    yield from matmul_fp8_cases(c, rng, "e5m2", None)


def matmul_splitk_cases(c, rng):
    """Skinny C = A @ B, the K loop split SPLIT ways, partials added by the last program of
    each tile."""
    # The kernel is autotuned: the grid is an expression of the configuration tilerun
    # picks, and the workspace and counters are sized for the largest of them.
    configs = [(64, 128, 4), (64, 64, 8), (64, 128, 2), (64, 64, 2), (64, 256, 4), (128, 128, 2), (128, 64, 2),
               (128, 64, 1), (64, 64, 16), (128, 128, 1), (64, 64, 2), (64, 64, 1), (64, 128, 1)]
    # (M, N, K, configuration forced or None for the tuner's): 6 and 7 are 128x64 tiles
    # split 2 ways and not split (C written directly); 9 128x128 on 5 stages, 10 64x64
    # split 2 ways on 5.
    for M, N, K, config in [(16, 256, 512, None), (1, 128, 1000, None), (100, 300, 256, None),
                            (128, 512, 2048, None), (100, 300, 520, 6), (100, 300, 520, 7), (100, 300, 520, 9),
                            (100, 300, 520, 10)]:
        a = rng.uniform(-1, 1, (M, K)).astype(np.float16)
        b = rng.uniform(-1, 1, (K, N)).astype(np.float16)
        ref = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float16)
        ws = max(cdiv(M, bm) * cdiv(N, bn) * s * bm * bn for bm, bn, s in configs)
        tiles = max(cdiv(M, bm) * cdiv(N, bn) for bm, bn, _ in configs)
        args = [("a", a), ("b", b), ("c", f"empty:f16:{M}x{N}"), ("ws", f"empty:f32:{ws}"),
                ("count", f"zeros:i32:{tiles}"), ("M", M), ("N", N), ("K", K), ("sam", K), ("sbk", N), ("scm", N)]
        flags = [] if config is None else ["--config", str(config)]
        label = f"{M}x{N}x{K}" + ("" if config is None else f" config {config}")
        yield Case(label, ("cdiv(M, BM) * cdiv(N, BN)", "SPLIT"), args, {"c": ref}, rtol=2e-2, atol=5e-2,
                   flags=flags)


def matmul_batched_cases(c, rng):
    """torch.bmm-style batches: plain, B transposed (strides swapped), and A broadcast over
    the batch (batch stride 0)."""
    BM, BN = int(c.get("BM", 64)), int(c.get("BN", 128))
    for Z, M, N, K, how in [(3, 64, 128, 64, "plain"), (5, 100, 70, 90, "bt"), (4, 33, 200, 48, "a_broadcast")]:
        a = rng.uniform(-1, 1, (Z, M, K)).astype(np.float16)
        b = rng.uniform(-1, 1, (Z, K, N)).astype(np.float16)
        saz, sam, sak = M * K, K, 1
        sbz, sbk, sbn = K * N, N, 1
        if how == "bt":  # B stored as (Z, N, K): read it transposed through its strides
            bt = np.ascontiguousarray(b.transpose(0, 2, 1))
            sbz, sbk, sbn = N * K, 1, K
            b_arg = bt
        else:
            b_arg = b
        if how == "a_broadcast":
            a[:] = a[0]
            a_arg, saz = np.ascontiguousarray(a[0]), 0
        else:
            a_arg = a
        ref = np.matmul(a.astype(np.float64), b.astype(np.float64)).astype(np.float16)
        args = [("a", a_arg), ("b", b_arg), ("c", f"empty:f16:{Z}x{M}x{N}"), ("M", M), ("N", N), ("K", K),
                ("saz", saz), ("sam", sam), ("sak", sak), ("sbz", sbz), ("sbk", sbk), ("sbn", sbn),
                ("scz", M * N), ("scm", N)]
        yield Case(f"{Z}x{M}x{N}x{K},{how}", (cdiv(M, BM) * cdiv(N, BN), Z), args, {"c": ref}, rtol=2e-2, atol=5e-2)


def attention_reference(q, k, v, scale, causal):
    """softmax(q k^T * scale) v in float64 (torch's scaled_dot_product_attention's math)."""
    s = np.einsum("zhmd,zhnd->zhmn", q.astype(np.float64), k.astype(np.float64)) * scale
    if causal:
        n = s.shape[-1]
        s = np.where(np.tril(np.ones((n, n), dtype=bool)), s, -np.inf)
    s = np.exp(s - s.max(-1, keepdims=True))
    return np.einsum("zhmn,zhnd->zhmd", s / s.sum(-1, keepdims=True), v.astype(np.float64))


def attention_cases(c, rng):
    BM, D = int(c.get("BLOCK_M", 128)), int(c.get("HEAD_DIM", 64))
    # N = 128 and 1024 also with N_CTX specialised a multiple of 64 (`fold-bounds` drops
    # the K and V loads' masks and the edge test).
    for (Z, H, N), causal, div in itertools.product([(1, 2, 128), (2, 1, 200), (1, 1, 1000), (1, 1, 1024)],
                                                    [False, True], [False, True]):
        if div and N % 64 or not div and N == 1024:
            continue
        q, k, v = (rng.uniform(-1, 1, (Z, H, N, D)).astype(np.float16) for _ in range(3))
        scale = 1.0 / np.sqrt(D)
        ref = attention_reference(q, k, v, scale, causal).astype(np.float32)
        st = [H * N * D, N * D, D]
        args = [("q", q), ("k", k), ("v", v), ("o", f"empty:f16:{Z * H * N * D}"), ("sm_scale", float(scale)),
                ("H", H), ("N_CTX", N)] + [(f"s{t}{x}", s) for t in "qkvo" for x, s in zip("zh" + ("n" if t in "kv" else "m"), st)]
        yield Case(f"Z={Z},H={H},N={N}{',causal' if causal else ''}{',N_CTX%64' if div else ''}", (cdiv(N, BM), Z * H),
                   args, {"o": ref.reshape(-1).astype(np.float16)}, rtol=2e-2, atol=2e-2,
                   defines={"CAUSAL": 1} if causal else None, flags=["--divisibility", "N_CTX=64"] if div else None)


def minmax_cases(c, rng):
    """Two-argument max / min: NaN in either operand, signed zeros, unsigned integers."""
    T = int(c.get("TILE", 1024))
    for n in [1, 1000, 4096, 100003]:
        x = rng.standard_normal(n, dtype=np.float32)
        y = rng.standard_normal(n, dtype=np.float32)
        x[rng.random(n) < 0.1] = np.nan
        y[rng.random(n) < 0.1] = np.nan
        z = rng.random(n) < 0.05
        x[z], y[z] = -0.0, 0.0
        u = rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
        count = np.minimum(n - np.arange(n) // T * T, T).astype(np.uint32)
        args = [("x", x), ("y", y), ("hi", f"empty:f32:{n}"), ("lo", f"empty:f32:{n}"), ("hi_nan", f"empty:f32:{n}"),
                ("u", u), ("u_lo", f"empty:u32:{n}"), ("n", n)]
        checks = {"hi": np.fmax(x, y), "lo": np.fmin(x, np.float32(0)), "hi_nan": np.maximum(x, y),
                  "u_lo": np.minimum(u, count)}
        yield Case(f"n={n}", (cdiv(n, T),), args, checks, rtol=0, atol=0)


def math_fns_cases(c, rng):
    """tanh / log1p / expm1 to a few ulp, also near 0 where exp-based formulas cancel."""
    T = int(c.get("TILE", 1024))
    for n in [1, 1000, 4096, 100003]:
        x = (rng.standard_normal(n) * 3).astype(np.float32)
        tiny = rng.random(n) < 0.3
        x[tiny] = (rng.standard_normal(tiny.sum()) * 10.0 ** rng.integers(-30, -1, tiny.sum())).astype(np.float32)
        x[0] = 0.0
        x = np.maximum(x, np.float32(-0.999))
        y = (rng.standard_normal(n) * 4).astype(np.float32)
        y[y == 0] = 1
        d = x.astype(np.float64)
        with np.errstate(all="ignore"):  # log1p of the integers <= -1 among them: -inf, NaN
            l1p = np.log1p(d).astype(np.float32)
        args = [("x", x), ("y", y)] + [(k, f"empty:f32:{n}") for k in ["th", "l1p", "em1", "fd"]] + [("n", n)]
        checks = {"th": np.tanh(d).astype(np.float32), "l1p": l1p,
                  "em1": np.expm1(d).astype(np.float32), "fd": (d / y).astype(np.float32)}
        yield Case(f"n={n}", (cdiv(n, T),), args, checks, rtol=2e-6, atol=0)


def c_pow(a, b):
    """C's pow (Python's math.pow), NaN where it raises for a negative base."""
    import math
    try:
        return math.pow(a, b)
    except (ValueError, ZeroDivisionError):
        return math.copysign(math.inf, a) if a == 0 and b < 0 and float(b).is_integer() and b % 2 else \
            (math.inf if a == 0 and b < 0 else math.nan)


def math_pow_cases(c, rng):
    """pow: results within 1e-9..1e9 (the GPU's error grows with |ln x^y|), negative bases
    with integer exponents (odd ones negative) and not (NaN), x^0 = 1^y = 1."""
    T = int(c.get("TILE", 1024))
    for n in [1, 1000, 4096, 100003]:
        x = rng.uniform(0.1, 10, n).astype(np.float32)
        y = rng.uniform(-8, 8, n).astype(np.float32)
        neg = rng.random(n) < 0.3
        x[neg] = -x[neg]
        whole = neg & (rng.random(n) < 0.8)
        y[whole] = np.round(y[whole])
        y[rng.random(n) < 0.02] = 0
        x[rng.random(n) < 0.02] = 1
        if n >= 16:
            # C's signs and special values: -0 and -inf keep their sign for odd y, and
            # only a finite negative base gives NaN.
            edges = [(-0.0, -3), (-0.0, 3), (-np.inf, 0.5), (-np.inf, -0.5), (-np.inf, 3), (0.0, -2), (-2, 0.5),
                     (np.inf, -1), (-1, np.inf), (np.nan, 0)]
            x[:len(edges)] = [e[0] for e in edges]
            y[:len(edges)] = [e[1] for e in edges]
        with np.errstate(invalid="ignore", divide="ignore"):
            ref = np.power(x.astype(np.float64), y.astype(np.float64)).astype(np.float32)
        if n >= 16:
            ref[:len(edges)] = [c_pow(a, b) for a, b in edges]  # numpy's pow(-inf, 0.5) is NaN
        args = [("x", x), ("y", y), ("out", f"empty:f32:{n}"), ("n", n)]
        yield Case(f"n={n}", (cdiv(n, T),), args, {"out": ref}, rtol=1e-5, atol=0)


def math_exact_cases(c, rng):
    """div_rn, sqrt_rn and umulhi (unsigned for i32 too, as Triton's): bit-exact."""
    T = int(c.get("TILE", 1024))
    for n in [1, 1000, 4096, 100003]:
        x = rng.standard_normal(n, dtype=np.float32)
        y = rng.standard_normal(n, dtype=np.float32)
        u = rng.integers(0, 1 << 32, n, dtype=np.uint64)
        v = rng.integers(0, 1 << 32, n, dtype=np.uint64)
        s = rng.integers(-(1 << 31), 1 << 31, n, dtype=np.int64)
        t = rng.integers(-(1 << 31), 1 << 31, n, dtype=np.int64)
        args = [("x", x), ("y", y), ("dr", f"empty:f32:{n}"), ("sr", f"empty:f32:{n}"), ("u", u.astype(np.uint32)),
                ("v", v.astype(np.uint32)), ("uh", f"empty:u32:{n}"), ("s", s.astype(np.int32)),
                ("t", t.astype(np.int32)), ("sh", f"empty:i32:{n}"), ("n", n)]
        checks = {"dr": x / y, "sr": np.sqrt(np.abs(x)), "uh": ((u * v) >> 32).astype(np.uint32),
                  "sh": ((s.astype(np.uint32).astype(np.uint64) * t.astype(np.uint32).astype(np.uint64)) >> 32)
                  .astype(np.uint32).view(np.int32)}
        yield Case(f"n={n}", (cdiv(n, T),), args, checks, rtol=0, atol=0)


def loop_exits_cases(c, rng):
    """break / continue in for and while loops, nested: the loops of loop_exits.tile in Python."""
    for rows, n in [(1, 1), (3, 17), (8, 64)]:
        x = rng.standard_normal((rows, n)).astype(np.float32)
        if rows > 1:
            x[1, :] = -1.0  # no element above the limit; nothing positive
        limit = 1.5
        first, pos, pairs, steps = [], [], [], []
        for r in range(rows):
            row = x[r]
            first.append(next((i for i in range(n) if row[i] > np.float32(limit)), n))
            pos.append(np.float32(sum(np.float64(v) for v in row if v > 0)))
            cnt = 0
            for i in range(n):
                if row[i] < 0:
                    continue
                for j in range(i + 1, n):
                    if j >= i + 4 or row[j] < 0:
                        break
                    if row[j] > row[i]:
                        cnt += 1
            pairs.append(cnt)
            v, k, even = np.float32(abs(row[0]) * np.float32(1000.0)), 0, 0
            while k < 64:
                if v < 1:
                    break
                v, k = np.float32(v * np.float32(0.5)), k + 1
                if k % 2 == 0:
                    even += 1
            steps.append(k * 100 + even)
        args = [("x", x.reshape(-1)), ("first", f"empty:i32:{rows}"), ("pos_sum", f"empty:f32:{rows}"),
                ("pairs", f"empty:i32:{rows}"), ("steps", f"empty:i32:{rows}"), ("n", n), ("limit", limit)]
        checks = {"first": np.array(first, np.int32), "pos_sum": np.array(pos, np.float32),
                  "pairs": np.array(pairs, np.int32), "steps": np.array(steps, np.int32)}
        yield Case(f"{rows}x{n}", (rows,), args, checks, rtol=1e-5, atol=1e-5)


def static_loops_cases(c, rng):
    """static_range: a weighted sum over 4 rows (visited backwards) and block-head sums of
    2^k elements (a tile shape taken from the loop variable)."""
    for n in [1, 5, 64, 200]:
        x = rng.standard_normal((4, n)).astype(np.float32)
        g = cdiv(n, 64)
        y = np.zeros(n, np.float32)
        for i in range(3, -1, -1):
            y = y + np.float32(4 - i) * x[i]
        heads = np.array([x[0, p * 64:min(p * 64 + (1 << k), n)].astype(np.float64).sum()
                          for p in range(g) for k in range(4)], np.float32)
        yield Case(f"n={n}", (g,), [("x", x.reshape(-1)), ("y", f"empty:f32:{n}"), ("heads", f"empty:f32:{g * 4}"),
                                    ("n", n)], {"y": y, "heads": heads}, rtol=1e-6, atol=1e-6)


def unrolled_rows_cases(c, rng):
    """range(..., loop_unroll_factor = 3): row sums over 1..7 trips (remainders 0, 1, 2)."""
    for rows, n in [(2, 1), (3, 64), (4, 130), (2, 200), (3, 448)]:
        x = rng.standard_normal((rows, n)).astype(np.float32)
        yield Case(f"rows={rows},n={n}", (rows,), [("x", x.reshape(-1)), ("sums", f"empty:f32:{rows}"), ("n", n)],
                   {"sums": x.astype(np.float64).sum(axis=1).astype(np.float32)}, rtol=1e-5, atol=1e-5)


def outer_max_cases(c, rng):
    T = int(c.get("TILE", 64))
    for n in [1, 37, T]:
        x = rng.standard_normal(n, dtype=np.float32)
        y = rng.standard_normal(n, dtype=np.float32)
        x[0] = np.nan
        ref = np.fmax(x[:, None], y[None, :]).reshape(-1)
        yield Case(f"n={n}", (1,), [("x", x), ("y", y), ("out", f"empty:f32:{n * n}"), ("n", n)], {"out": ref},
                   rtol=0, atol=0)


def suffix_scan_cases(c, rng):
    """Reverse cumsum / cumprod (wrapping i32, as numpy's) of each TILE block; on a GPU also
    TILE 16384 (a reverse scan with 128 warp totals to fold)."""
    sizes = [(n, int(c.get("TILE", 1024)), {}) for n in [1, 1000, 4096, 100003]]
    if not INTERPRET:
        sizes += [(n, 16384, {"TILE": 16384}) for n in [1000, 100003]]
    for n, T, defines in sizes:
        x = rng.integers(-1000, 1000, n, dtype=np.int32)
        x[rng.random(n) < 0.5] = 1  # products that stay nonzero for a while
        pad = cdiv(n, T) * T - n
        blk = np.concatenate([x, np.zeros(pad, np.int32)]).reshape(-1, T)
        sums = np.cumsum(blk[:, ::-1], axis=1, dtype=np.int32)[:, ::-1].reshape(-1)[:n]
        blk1 = np.concatenate([x, np.ones(pad, np.int32)]).reshape(-1, T)
        with np.errstate(over="ignore"):
            prods = np.cumprod(blk1[:, ::-1], axis=1, dtype=np.int32)[:, ::-1].reshape(-1)[:n]
        args = [("x", x), ("sums", f"empty:i32:{n}"), ("prods", f"empty:i32:{n}"), ("n", n)]
        yield Case(size_label(n, defines), (cdiv(n, T),), args, {"sums": sums, "prods": prods}, rtol=0, atol=0,
                   defines=defines)


def suffix2d_cases(c, rng):
    RB, CB = int(c.get("RB", 32)), int(c.get("CB", 128))
    for R, C in [(1, 1), (64, 128), (100, 37), (300, 1000)]:
        x = rng.standard_normal((R, C), dtype=np.float32)
        up, back = np.empty_like(x), np.empty_like(x)
        for r0 in range(0, R, RB):
            for c0 in range(0, C, CB):
                blk = x[r0:r0 + RB, c0:c0 + CB].astype(np.float64)
                up[r0:r0 + RB, c0:c0 + CB] = np.cumsum(blk[::-1], axis=0)[::-1]
                back[r0:r0 + RB, c0:c0 + CB] = np.cumsum(blk[:, ::-1], axis=1)[:, ::-1]
        args = [("x", x), ("up", f"empty:f32:{R}x{C}"), ("back", f"empty:f32:{R}x{C}"), ("rows", R), ("cols", C)]
        yield Case(f"{R}x{C}", (cdiv(R, RB), cdiv(C, CB)), args, {"up": up, "back": back}, rtol=1e-5, atol=1e-4)


def row_stats_cases(c, rng):
    """xor_sum and keep_dims: rows past the end of the last block load as 0."""
    RB, CB = int(c.get("RB", 16)), int(c.get("CB", 64))
    for R in [1, 16, 100]:
        x = rng.integers(-1 << 20, 1 << 20, (R, CB), dtype=np.int32)
        nb = cdiv(R, RB)
        blk = np.zeros((nb * RB, CB), np.int32)
        blk[:R] = x
        hi = blk.max(axis=1, keepdims=True)
        lo = blk.reshape(nb, RB * CB).min(axis=1).repeat(RB)[:, None]
        checks = {
            "row_xor": np.bitwise_xor.reduce(x, axis=1),
            "row_argmin": x.argmin(axis=1).astype(np.int32),
            "centered": (x - x.max(axis=1, keepdims=True)).reshape(-1),
            "spread": (hi - lo)[:R, 0],
            "col_sum": x.sum(axis=0, dtype=np.int32),
            "total": np.array([np.bitwise_xor.reduce(x, axis=None)], np.int32),
        }
        args = [("x", x), ("row_xor", f"empty:i32:{R}"), ("row_argmin", f"empty:i32:{R}"),
                ("centered", f"empty:i32:{R * CB}"), ("spread", f"empty:i32:{R}"), ("col_sum", f"zeros:i32:{CB}"),
                ("total", "zeros:i32:1"), ("rows", R)]
        yield Case(f"rows={R}", (nb,), args, checks, rtol=0, atol=0)


def reverse_blocks_cases(c, rng):
    """flip of a 1-D tile: element i of a block goes to TILE - 1 - i of the same block
    (the last block padded with zeros)."""
    T = int(c.get("TILE", 1024))
    for n in [1, 1000, 4096, 100003]:
        x = rng.standard_normal(n, dtype=np.float32)
        nb = cdiv(n, T)
        blk = np.zeros(nb * T, np.float32)
        blk[:n] = x
        yield Case(f"n={n}", (nb,), [("x", x), ("y", f"empty:f32:{n}"), ("n", n)],
                   {"y": blk.reshape(nb, T)[:, ::-1].reshape(-1)[:n]}, rtol=0, atol=0)


def flip2d_cases(c, rng):
    R, C = int(c.get("R", 32)), int(c.get("C", 64))
    x = rng.integers(-1 << 30, 1 << 30, (R, C), dtype=np.int32)
    args = [("x", x), ("upside", f"empty:i32:{R * C}"), ("mirrored", f"empty:i32:{R * C}"), ("flat", f"empty:i32:{R * C}")]
    checks = {"upside": x[::-1].reshape(-1), "mirrored": x[:, ::-1].reshape(-1), "flat": x[:, ::-1].reshape(-1)}
    yield Case(f"{R}x{C}", (1,), args, checks, rtol=0, atol=0)


def branchy_cases(c, rng):
    """If-expressions: blocks below `split` negated, block `split` abs, later blocks + 1
    with their flag set (the store inside the else-branch's helper runs only there); even
    blocks times 2; `TILE > 128` (a constant condition) adds 0.5."""
    T = int(c.get("TILE", 256))
    for n, split in [(1, 0), (1000, 1), (5000, 3), (5000, 40)]:
        x = rng.standard_normal(n, dtype=np.float32)
        nb = cdiv(n, T)
        pid = np.arange(n) // T
        w = np.where(pid < split, -x, np.where(pid == split, np.abs(x), x + np.float32(1)))
        y = w * np.where(pid % 2 == 0, np.float32(2), np.float32(1)) + np.float32(0.5 if T > 128 else 0.0)
        flags = (np.arange(nb) > split).astype(np.int32)
        args = [("x", x), ("y", f"empty:f32:{n}"), ("flags", f"zeros:i32:{nb}"), ("n", n), ("split", split)]
        yield Case(f"n={n},split={split}", (nb,), args, {"y": y.astype(np.float32), "flags": flags},
                   rtol=0, atol=0)


def permute3d_cases(c, rng):
    A, B, C = int(c.get("A", 4)), int(c.get("B", 8)), int(c.get("C", 16))
    x = rng.integers(-1 << 30, 1 << 30, (A, B, C), dtype=np.int32)
    n = A * B * C
    args = [("x", x), ("cab", f"empty:i32:{n}"), ("bca", f"empty:i32:{n}"), ("ba", f"empty:i32:{A * B}")]
    checks = {"cab": np.transpose(x, (2, 0, 1)).reshape(-1), "bca": np.transpose(x, (1, 2, 0)).reshape(-1),
              "ba": x[:, :, 0].T.reshape(-1)}
    yield Case(f"{A}x{B}x{C}", (1,), args, checks, rtol=0, atol=0)


def permute4d_cases(c, rng):
    x = rng.standard_normal((2, 4, 8, 16), dtype=np.float32)
    checks = {"y": np.transpose(x, (3, 0, 2, 1)).reshape(-1)}
    yield Case("2x4x8x16", (1,), [("x", x), ("y", "empty:f32:1024")], checks, rtol=0, atol=0)


def philox_cases(c, rng):
    """randint / rand bit-exact against the numpy Philox-4x32 (10 and 7 rounds), randn to
    a few ulp of its magnitude (log, sqrt and cos are the GPU's approximations)."""
    T = int(c.get("TILE", 1024))
    for n, seed in [(1, 0), (1000, 42), (4096, -5000000000), (100003, (1 << 63) - 1)]:
        o = np.arange(n, dtype=np.int32)
        args = [(k, f"empty:{t}:{n}") for k, t in [("ints", "u32"), ("ints7", "u32"), ("uni", "f32"), ("normal", "f32")]]
        checks = {"ints": philox_ref.randint(seed, o), "ints7": philox_ref.randint(seed, o, 7),
                  "uni": philox_ref.rand(seed, o)}
        yield Case(f"n={n},seed={seed}", (cdiv(n, T),), args + [("seed", seed), ("n", n)], checks, rtol=0, atol=0)
        yield Case(f"randn,n={n},seed={seed}", (cdiv(n, T),), args + [("seed", seed), ("n", n)],
                   {"normal": philox_ref.randn(seed, o)}, rtol=1e-5, atol=1e-5)


def philox_u32_cases(c, rng):
    T = int(c.get("TILE", 256))
    for seed, base in [(7, 0), (-1, (1 << 31) - 100), (123456789, (1 << 32) - T)]:
        o = (np.arange(T, dtype=np.uint64) + base).astype(np.uint32)
        checks = {"ints": philox_ref.randint(seed, o), "first": np.full(T, philox_ref.rand(seed, o[:1])[0])}
        args = [("ints", f"empty:u32:{T}"), ("first", f"empty:f32:{T}"), ("seed", seed), ("base", base)]
        yield Case(f"seed={seed},base={base}", (1,), args, checks, rtol=0, atol=0)


def philox4x_cases(c, rng):
    """randint4x: all four Philox words bit-exact against the numpy reference."""
    T = int(c.get("TILE", 512))
    for n, seed in [(1, 0), (1000, 42), (5000, -5000000000)]:
        w = philox_ref.philox4x32(seed, np.arange(n, dtype=np.int32))
        args = [(f"w{i}", f"empty:u32:{n}") for i in range(4)] + [("seed", seed), ("n", n)]
        yield Case(f"n={n},seed={seed}", (cdiv(n, T),), args, {f"w{i}": w[i] for i in range(4)}, rtol=0, atol=0)


def asm_mad_cases(c, rng):
    """inline_asm_elementwise: `mad.lo.s32` (x * 2 + y, wrapping), and `mul.lo.u32` /
    `mul.hi.u32` as two results of one asm."""
    T = int(c.get("TILE", 256))
    for n in [1, 1000, 4096]:
        x = rng.integers(-1 << 31, 1 << 31, n, dtype=np.int64).astype(np.int32)
        y = rng.integers(-1 << 31, 1 << 31, n, dtype=np.int64).astype(np.int32)
        mad = (x.astype(np.int64) * 2 + y).astype(np.int32)  # wraps as the GPU's does
        prod = x.view(np.uint32).astype(np.uint64) * y.view(np.uint32).astype(np.uint64)
        lo, hi = (prod & np.uint64(0xFFFFFFFF)).astype(np.uint32), (prod >> np.uint64(32)).astype(np.uint32)
        args = [("x", x), ("y", y), ("out", f"empty:i32:{n}"), ("lo", f"empty:u32:{n}"), ("hi", f"empty:u32:{n}"),
                ("n", n)]
        yield Case(f"n={n}", (cdiv(n, T),), args, {"out": mad, "lo": lo, "hi": hi}, rtol=0, atol=0)


def block_matmul_cases(c, rng):
    """make_block_ptr / advance: a matmul whose edges are not multiples of the blocks."""
    BM, BN = int(c.get("BM", 32)), int(c.get("BN", 64))
    for M, N, K in [(32, 64, 32), (50, 70, 45), (100, 130, 97), (1, 1, 1)]:
        a = rng.uniform(-1, 1, (M, K)).astype(np.float16)
        b = rng.uniform(-1, 1, (K, N)).astype(np.float16)
        ref = a.astype(np.float32) @ b.astype(np.float32)
        args = [("a", a), ("b", b), ("c", f"empty:f32:{M}x{N}"), ("M", M), ("N", N), ("K", K),
                ("sam", K), ("sak", 1), ("sbk", N), ("sbn", 1), ("scm", N), ("scn", 1)]
        yield Case(f"{M}x{N}x{K}", (cdiv(M, BM), cdiv(N, BN)), args, {"c": ref}, rtol=1e-3, atol=1e-3)


def block_copy_cases(c, rng):
    """Block-pointer loads and stores with boundary checks, column-major strides too, and
    `padding_option = "nan"` on a block shifted past the tensor's start."""
    RB, CB = int(c.get("RB", 16)), int(c.get("CB", 32))
    for rows, cols, col_major in [(16, 32, False), (37, 45, False), (37, 45, True), (5, 3, False)]:
        x = rng.standard_normal((rows, cols), dtype=np.float32)
        xs = np.asfortranarray(x).ravel(order="K") if col_major else x.ravel()
        sxr, sxc = (1, rows) if col_major else (cols, 1)
        pad = np.full((RB + 1, CB + 1), np.nan, np.float32)
        h, w = min(rows, RB - 1), min(cols, CB - 1)
        pad[1:1 + h, 1:1 + w] = x[:h, :w]
        args = [("x", xs), ("y", f"empty:f32:{rows}x{cols}"), ("pad", f"empty:f32:{RB}x{CB}"), ("rows", rows),
                ("cols", cols), ("sxr", sxr), ("sxc", sxc), ("syr", cols), ("syc", 1)]
        checks = {"y": x, "pad": pad[:RB, :CB]}
        label = f"{rows}x{cols}" + (",col-major" if col_major else "")
        yield Case(label, (cdiv(rows, RB), cdiv(cols, CB)), args, checks, rtol=0, atol=0)


def desc_matmul_cases(c, rng):
    """Tensor descriptors: a matmul whose edge blocks the descriptors pad and clip (K odd too)."""
    BM, BN = int(c.get("BM", 64)), int(c.get("BN", 64))
    for M, N, K in [(64, 64, 32), (100, 130, 96), (50, 70, 45), (1, 1, 1)]:
        a = rng.uniform(-1, 1, (M, K)).astype(np.float16)
        b = rng.uniform(-1, 1, (K, N)).astype(np.float16)
        ref = a.astype(np.float32) @ b.astype(np.float32)
        args = [("a", a), ("b", b), ("c", f"empty:f32:{M}x{N}"), ("M", M), ("N", N), ("K", K)]
        yield Case(f"{M}x{N}x{K}", (cdiv(M, BM), cdiv(N, BN)), args, {"c": ref}, rtol=1e-3, atol=1e-3)


def desc_window_cases(c, rng):
    """Tensor-descriptor loads at offsets before the tensor's start and past its end (NaN
    padding), stores clipped to the tensor."""
    RB, CB = int(c.get("RB", 16)), int(c.get("CB", 32))
    for rows, cols, dr, dc in [(16, 32, 0, 0), (37, 45, -5, 3), (37, 45, 20, -40), (5, 3, 1, 1)]:
        x = rng.standard_normal((rows, cols), dtype=np.float32)
        want = np.full((rows, cols), np.nan, np.float32)
        i, j = np.meshgrid(np.arange(rows) + dr, np.arange(cols) + dc, indexing="ij")
        inside = (i >= 0) & (i < rows) & (j >= 0) & (j < cols)
        want[inside] = x[i[inside], j[inside]]
        args = [("x", x), ("y", f"empty:f32:{rows}x{cols}"), ("rows", rows), ("cols", cols), ("dr", dr), ("dc", dc)]
        yield Case(f"{rows}x{cols}@{dr},{dc}", (cdiv(rows, RB), cdiv(cols, CB)), args, {"y": want}, rtol=0, atol=0)


def desc_sum_rows_cases(c, rng):
    """A 3-D tensor descriptor: blocks of one batch, padded past the rows and columns."""
    RB, CB = int(c.get("RB", 64)), int(c.get("CB", 16))
    for B, R, C in [(1, 64, 16), (3, 100, 37), (2, 1, 5)]:
        x = rng.standard_normal((B, R, C), dtype=np.float32)
        args = [("x", x), ("out", f"empty:f32:{B}x{C}"), ("B", B), ("R", R), ("C", C)]
        yield Case(f"{B}x{R}x{C}", (B, cdiv(C, CB)), args, {"out": x.sum(axis=1)}, rtol=1e-4, atol=1e-4)


def philox64_cases(c, rng):
    """i64 / u64 offsets: Triton's words (Philox-4x32 on the counter (low word, high word,
    0, 0), stored widened to u64) bit-exact, rand exact, randn to a few ulp."""
    T = int(c.get("TILE", 256))
    for n, seed, base in [(1, 0, 0), (300, 42, (1 << 32) - 100), (1000, -5000000000, -500), (513, 7, (1 << 62) + 3)]:
        o = np.arange(n, dtype=np.int64) + np.int64(base)
        w = [x.astype(np.uint64) for x in philox_ref.philox64_offsets(seed, o)]
        bufs = [("ints", "u64"), ("uints", "u64"), ("uni", "f32"), ("normal", "f32"), ("w1", "u64"), ("w2", "u64"),
                ("w3", "u64")]
        args = [(k, f"empty:{t}:{n}") for k, t in bufs] + [("seed", seed), ("base", base), ("n", n)]
        checks = {"ints": w[0], "uints": w[0], "uni": philox_ref.rand64(seed, o), "w1": w[1], "w2": w[2], "w3": w[3]}
        yield Case(f"n={n},seed={seed},base={base}", (cdiv(n, T),), args, checks, rtol=0, atol=0)
        yield Case(f"randn,n={n},seed={seed},base={base}", (cdiv(n, T),), args,
                   {"normal": philox_ref.randn64(seed, o)}, rtol=1e-5, atol=1e-5)


def philox_split_cases(c, rng):
    """philox(seed, lo, hi, 0, 0): Philox-4x32 with the offset's high word in c1."""
    T = int(c.get("TILE", 256))
    for n, seed, base in [(1, 0, 0), (300, 42, (1 << 32) - 100), (600, -5000000000, -300)]:
        o = np.arange(n, dtype=np.int64) + np.int64(base)
        lo, hi = (o & 0xFFFFFFFF).astype(np.uint32), (o >> 32).astype(np.uint32)
        w = philox_ref.philox4x32(seed, lo, c1=hi)
        args = [("w0", f"empty:u32:{n}"), ("w1", f"empty:u32:{n}"), ("v0", f"empty:u64:{n}"), ("seed", seed),
                ("base", base), ("n", n)]
        checks = {"w0": w[0], "w1": w[1], "v0": philox_ref.philox4x64(seed, o)[0]}
        yield Case(f"n={n},seed={seed},base={base}", (cdiv(n, T),), args, checks, rtol=0, atol=0)


def uniform_bits_cases(c, rng):
    """uint_to_uniform_float at the edges: the largest words give 0.99999994, never 1.0."""
    T = int(c.get("TILE", 256))
    edges32 = [0, 1, 2, 0x7FFFFFFF, 0x7FFFFFFE, 0x80000000, 0x80000001, 0xFFFFFFFF, 0xFFFFFFFE, 0x40000000]
    edges64 = [0, 1, (1 << 63) - 1, 1 << 63, (1 << 64) - 1, (1 << 62) + (1 << 38) + 1, 0xFFFFFFFF, 1 << 32]
    u = np.concatenate([np.array(edges32, np.uint32), rng.integers(0, 1 << 32, T - len(edges32), dtype=np.uint64)
                        .astype(np.uint32)])
    w = np.concatenate([np.array(edges64, np.uint64), rng.integers(0, 1 << 63, T - len(edges64), dtype=np.uint64)
                        * np.uint64(2) + np.uint64(1)])
    fu, fw = philox_ref.uniform(u), philox_ref.uniform64(w)
    assert fu.max() < 1 and fw.max() < 1
    args = [("u", u), ("w", w)] + [(k, f"empty:f32:{T}") for k in ("fu", "fi", "fw", "fl")]
    yield Case(f"{T} words", (1,), args, {"fu": fu, "fi": fu, "fw": fw, "fl": fw}, rtol=0, atol=0)


def shape_args_cases(c, rng):
    R, C = int(c.get("R", 4)), int(c.get("C", 8))
    x = rng.integers(-1 << 20, 1 << 20, (R, C), dtype=np.int32)
    cube = np.broadcast_to(np.arange(8, dtype=np.int32)[None, :, None], (2, 8, 4)).reshape(-1)
    args = [("x", x)] + [(k, f"empty:i32:{n}") for k, n in [("grid", R * C), ("tr", R * C), ("pm", R * C),
                                                            ("cube", 64), ("cube2", 64), ("first", 1)]]
    checks = {"grid": np.add.outer(np.arange(R) * 100, np.arange(C)).astype(np.int32).reshape(-1),
              "tr": x.T.reshape(-1), "pm": x.T.reshape(-1), "cube": cube, "cube2": cube, "first": x.reshape(-1)[:1]}
    yield Case(f"{R}x{C}", (1,), args, checks, rtol=0, atol=0)


def swizzle_ref(i, j, size_i, size_j, size_g):
    """Triton's standard.py `swizzle2d` on non-negative ints (`//` and `%` truncate)."""
    ij = i * size_j + j
    size_gj = size_g * size_j
    group_id = ij // size_gj
    off_i = group_id * size_g
    size_g = np.minimum(size_i - off_i, size_g)
    ij = ij % size_gj  # within the group first (Triton's test_swizzle2d, a last group of fewer rows)
    return off_i + ij % size_g, ij // size_g


def _swizzle_doc_example():
    """The example in Triton's docstring: 4 x 4, groups of 2 rows; element (i, j) of the
    row-major matrix lands at (new_i, new_j)."""
    i, j = np.mgrid[0:4, 0:4]
    out = np.empty((4, 4), np.int64)
    out[swizzle_ref(i, j, 4, 4, 2)] = i * 4 + j
    return out.tolist() == [[0, 2, 4, 6], [1, 3, 5, 7], [8, 10, 12, 14], [9, 11, 13, 15]]


def swizzle_cases(c, rng):
    assert _swizzle_doc_example()
    for si, sj, sg in [(4, 4, 2), (16, 16, 4), (7, 5, 3), (10, 16, 4), (1, 9, 8), (16, 3, 1)]:
        i, j = np.mgrid[0:si, 0:sj]
        a, b = swizzle_ref(i, j, si, sj, sg)
        args = [("ni", f"empty:i32:{si * sj}"), ("nj", f"empty:i32:{si * sj}"), ("size_i", si), ("size_j", sj),
                ("size_g", sg)]
        checks = {"ni": a.astype(np.int32).reshape(-1), "nj": b.astype(np.int32).reshape(-1)}
        yield Case(f"{si}x{sj},g={sg}", (1,), args, checks, rtol=0, atol=0)


def reduce_dtypes_cases(c, rng):
    N = int(c.get("N", 256))
    x = rng.integers(-128, 128, N, dtype=np.int64).astype(np.int8)
    h = rng.integers(-64, 64, N).astype(np.float16)  # small integers: every sum is exact
    args = [("x", x), ("h", h), ("s8", "empty:i8:1"), ("s32", "empty:i32:1"), ("sf", "empty:f32:1"),
            ("c8", f"empty:i8:{N}"), ("cf", f"empty:f32:{N}")]
    total = int(x.astype(np.int64).sum())
    checks = {"s8": np.array([total], np.int64).astype(np.int8), "s32": np.array([total], np.int32),
              "sf": np.array([h.astype(np.float32).sum()], np.float32),
              "c8": np.cumsum(x.astype(np.int64)).astype(np.int8), "cf": np.cumsum(h.astype(np.float32))}
    yield Case(f"N={N}", (1,), args, checks, rtol=0, atol=0)


def helper_values_cases(c, rng):
    T = int(c.get("T", 128))
    x = rng.integers(-8, 8, T).astype(np.float32)  # small integers: every result is exact
    args = [("x", x)] + [(k, f"empty:f32:{T}") for k in ("sq", "quad", "neg_sq")] + [("total", "empty:f32:1")]
    checks = {"sq": x * x, "quad": x ** 4, "neg_sq": -(x * x), "total": np.array([x.sum()], np.float32)}
    yield Case(f"T={T}", (1,), args, checks, rtol=0, atol=0)


def early_returns_ref(x, src, n, start, k):
    """What examples/helpers.tile's `early_returns` computes, written as Python does it."""
    neg = [i for i in range(n) if x[i] < 0]
    signs = np.array([-1 if v < 0 else 1 if v > 0 else 0 if v == 0 else 2 for v in x[:n]], np.int32)
    mult = next((i for i in range(start, 0, -1) if i % k == 0), -1)
    prod = next((100 * i + j for i in range(1, k) for j in range(1, k) if i * j == start), -1)
    low = next((b for b in range(32) if (start >> b) & 1), -1)
    a, b = (k, start) if start > k else (start, k)
    zero = next((i for i in range(n) if src[i] == 0), n)
    return neg[0] if neg else n, signs, np.array([mult, prod, low, a, b, 2 * start], np.int32), zero


def early_returns_cases(c, rng):
    for n, start, k in [(1, 12, 5), (37, 36, 7), (64, 97, 10), (20, 0, 3), (50, 40, 2)]:
        x = rng.integers(-3, 10, n).astype(np.float32)
        x[rng.random(n) < 0.1] = 0.0
        x[rng.random(n) < 0.1] = np.nan
        src = rng.integers(-5, 5, n, dtype=np.int32)
        first, signs, out, zero = early_returns_ref(x, src, n, start, k)
        dst = np.full(n, 77, np.int32)
        dst[:zero] = src[:zero]
        args = [("x", x), ("src", src), ("dst", np.full(n, 77, np.int32)), ("first", "empty:i32:1"),
                ("signs", f"empty:i32:{n}"), ("out", "empty:i32:6"), ("n", n), ("start", start), ("k", k)]
        checks = {"first": np.array([first], np.int32), "signs": signs, "out": out, "dst": dst}
        yield Case(f"n={n},start={start},k={k}", (1,), args, checks, rtol=0, atol=0)


def rand_fill_cases(c, rng):
    T = int(c.get("TILE", 1024))
    for n, seed in [(1, 3), (5000, 1234), (100003, -7)]:
        args = [("out", f"empty:f32:{n}"), ("seed", seed), ("n", n)]
        yield Case(f"n={n}", (cdiv(n, T),), args, {"out": philox_ref.rand(seed, np.arange(n, dtype=np.int32))}, rtol=0, atol=0)


def join2d_cases(c, rng):
    R, C = int(c.get("R", 16)), int(c.get("C", 32))
    x = rng.integers(-1 << 20, 1 << 20, (R, C), dtype=np.int32)
    y = rng.standard_normal((R, C), dtype=np.float32)
    j = np.stack([x.astype(np.float32), y], -1)
    args = [("x", x), ("y", y)] + [(k, f"empty:f32:{2 * R * C}") for k in ("joined", "inter", "both")] + \
        [("pairs", "empty:i32:2")]
    checks = {"joined": j.reshape(-1), "inter": j.reshape(R, 2 * C).reshape(-1),
              "both": np.concatenate([y, x.astype(np.float32)]).reshape(-1), "pairs": np.array([R, 7], np.int32)}
    yield Case(f"{R}x{C}", (1,), args, checks, rtol=0, atol=0)


def interleave1d_cases(c, rng):
    T = int(c.get("TILE", 512))
    for n in [1, 1000, 4096, 100003]:
        x = rng.standard_normal(n, dtype=np.float32)
        y = rng.standard_normal(n, dtype=np.float32)
        yield Case(f"n={n}", (cdiv(n, T),), [("x", x), ("y", y), ("out", f"empty:f32:{2 * n}"), ("n", n)],
                   {"out": np.stack([x, y], -1).reshape(-1)}, rtol=0, atol=0)


def gather2d_cases(c, rng):
    """gather along both axes (indices past the axis wrap, as documented) and view."""
    R, C, I, K = (int(c.get(k, d)) for k, d in [("R", 64), ("C", 32), ("I", 16), ("K", 8)])
    s = rng.standard_normal((R, C), dtype=np.float32)
    rows = rng.integers(-R - 5, 2 * R, (I, C), dtype=np.int32)
    cols = rng.integers(0, C, (R, K), dtype=np.int64)
    args = [("src", s), ("rows", rows), ("cols", cols), ("by_row", f"empty:f32:{I * C}"),
            ("by_col", f"empty:f32:{R * K}"), ("viewed", f"empty:f32:{R * C}")]
    checks = {"by_row": np.take_along_axis(s, rows % R, 0).reshape(-1),
              "by_col": np.take_along_axis(s, cols, 1).reshape(-1), "viewed": s.reshape(-1)}
    yield Case(f"{R}x{C}", (1,), args, checks, rtol=0, atol=0)


def lookup_cases(c, rng):
    T = int(c.get("TILE", 1024))
    for n in [1, 1000, 4096, 100003]:
        table = rng.integers(-1 << 30, 1 << 30, 256, dtype=np.int32)
        keys = rng.integers(0, 256, n, dtype=np.uint32)
        yield Case(f"n={n}", (cdiv(n, T),), [("table", table), ("keys", keys), ("out", f"empty:i32:{n}"), ("n", n)],
                   {"out": table[keys]}, rtol=0, atol=0)


def deinterleave_cases(c, rng):
    """split of interleaved pairs (the last block masked), and a helper returning a tuple."""
    T = int(c.get("TILE", 256))
    for n in [1, 1000, 4096, 100003]:
        z = rng.standard_normal(2 * n, dtype=np.float32)
        z[::7] = -0.0  # signed zeros come through split unchanged
        r, i = z[0::2], z[1::2]
        args = [("z", z)] + [(b, f"empty:f32:{n}") for b in ("re", "im", "lo", "hi")] + [("n", n)]
        checks = {"re": r, "im": i, "lo": np.minimum(r, i), "hi": np.maximum(r, i)}
        yield Case(f"n={n}", (cdiv(n, T),), args, checks, rtol=0, atol=0)


def split_pairs2d_cases(c, rng):
    R, C = int(c.get("R", 16)), int(c.get("C", 32))
    x = rng.integers(-1 << 30, 1 << 30, (R, C, 2), dtype=np.int32)
    second = (x[:, :, 1].astype(np.int64) - x[:, :1, 1]).astype(np.int32)  # wraps as i32 does
    args = [("x", x), ("first", f"empty:i32:{R * C}"), ("second", f"empty:i32:{R * C}")]
    yield Case(f"{R}x{C}", (1,), args, {"first": x[:, :, 0].reshape(-1), "second": second.reshape(-1)}, rtol=0, atol=0)


def custom_reduce_cases(c, rng):
    """reduce with a helper combine: quarter-integers, so every order of adding is exact;
    ties in each row check argmax's first index."""
    R, C = int(c.get("ROWS", 16)), int(c.get("COLS", 64))
    x = (rng.integers(-40, 40, (R, C)) / 4).astype(np.float32)
    x[1, 5] = x[1, 9] = x[1].max() + 1
    args = [("x", x)] + [(b, f"empty:{t}:{n}") for b, t, n in [("row_sum", "f32", R), ("row_max", "f32", R),
            ("row_arg", "i32", R), ("col_sum", "f32", C), ("total", "f32", 1), ("centered", "f32", R * C)]]
    checks = {"row_sum": x.sum(1), "row_max": x.max(1), "row_arg": x.argmax(1).astype(np.int32),
              "col_sum": x.sum(0), "total": np.array([x.sum()], np.float32),
              "centered": (x - x.sum(1, keepdims=True)).reshape(-1)}
    yield Case(f"{R}x{C}", (1,), args, checks, rtol=0, atol=0)


def custom_sum_cases(c, rng):
    T = int(c.get("TILE", 4096))
    for n in [1, 1000, 4096, 1 << 20, 1000003]:
        x = rng.random(n, dtype=np.float32)
        ref = np.array([x.astype(np.float64).sum()], dtype=np.float32)
        yield Case(f"n={n}", (cdiv(n, T),), [("x", x), ("out", "zeros:f32:1"), ("n", n)], {"out": ref}, rtol=1e-4, atol=1e-3)


def custom_scan_cases(c, rng):
    R, C = int(c.get("ROWS", 8)), int(c.get("COLS", 64))
    x = rng.integers(-3, 4, (R, C)).astype(np.int32)  # zeros and ties in every row
    held = x.copy()
    for j in range(1, C):
        held[:, j] = np.where(x[:, j] != 0, x[:, j], held[:, j - 1])
    run_max = np.maximum.accumulate(x, 1)
    run_arg = np.array([[int(np.argmax(row[:j + 1])) for j in range(C)] for row in x], np.int32)
    outs = ["sums", "suffix", "down", "held", "run_max", "run_arg"]
    args = [("x", x)] + [(b, f"empty:i32:{R * C}") for b in outs]
    refs = [np.cumsum(x, 1), np.cumsum(x[:, ::-1], 1)[:, ::-1], np.cumsum(x, 0), held, run_max, run_arg]
    yield Case(f"{R}x{C}", (1,), args, {b: r.astype(np.int32).reshape(-1) for b, r in zip(outs, refs)},
               rtol=0, atol=0)


def custom_last_cases(c, rng):
    """Non-commutative combines (the last nonzero value) reduced and scanned in order."""
    R, C = int(c.get("ROWS", 8)), int(c.get("COLS", 512))
    x = rng.integers(-3, 4, (R, C)).astype(np.int32)
    x[2, -40:] = 0  # a row whose last nonzero is far from its end
    x[-1, -1] = 0

    def last(v):
        nz = v[v != 0]
        return nz[-1] if nz.size else 0

    s = x.reshape(-1)[:16]
    held = s.copy()
    for j in range(1, 16):
        held[j] = s[j] if s[j] != 0 else held[j - 1]
    outs = [("row_last", R), ("last", 1), ("small", 1), ("small_held", 16), ("small_suffix", 16)]
    args = [("x", x)] + [(b, f"empty:i32:{n}") for b, n in outs]
    refs = [np.array([last(r) for r in x]), np.array([last(x.reshape(-1))]), np.array([last(s)]), held,
            np.cumsum(s[::-1])[::-1]]
    yield Case(f"{R}x{C}", (1,), args, {b: r.astype(np.int32) for (b, _), r in zip(outs, refs)}, rtol=0, atol=0)


def block_cumsum_cases(c, rng):
    """Per-block cumsum; on a GPU also TILE 32768 (256 warp totals to fold)."""
    sizes = [(n, int(c.get("TILE", 1024)), {}) for n in [1, 1000, 4096, 100003]]
    if not INTERPRET:
        sizes += [(n, 32768, {"TILE": 32768}) for n in [1000, 100003, (1 << 20) + 3]]
    for n, T, defines in sizes:
        x = rng.integers(-100, 100, n).astype(np.int32)
        nb = cdiv(n, T)
        blk = np.zeros(nb * T, np.int32)
        blk[:n] = x
        ref = np.cumsum(blk.reshape(nb, T), 1).reshape(-1)[:n].astype(np.int32)
        yield Case(size_label(n, defines), (nb,), [("x", x), ("y", f"empty:i32:{n}"), ("n", n)], {"y": ref},
                   rtol=0, atol=0, defines=defines)



# examples/scan_lookback_types.tile: single-pass look-back scans of every element type and
# combine, each inclusive and exclusive (`-D EXCLUSIVE=true`). Sizes: none, 1 element, part
# of one tile, a few tiles and a remainder, and 391 programs of TILE 256 with a window of 4
# (the interpreter's lock-step rounds then walk past whole windows of aggregates; a wider
# one always holds a prefix there); on a GPU instead 782 programs of TILE 128 (W stays 128:
# a thread a slot, see the kernel file's header), 2^20 + 3, 2^24 and 2^24 + 3 of TILE 1024.
# Each size: (n, defines).
def lookback_sizes(c):
    T = int(c.get("TILE", 8192))
    sizes = [(0, {}), (1, {}), (1000, {}), (3 * T + 5, {})]
    if INTERPRET:
        return sizes + [(100003, {"TILE": 256, "W": 4})]
    return sizes + [(100003, {"TILE": 128}), ((1 << 20) + 3, {}), (1 << 24, {}), ((1 << 24) + 3, {"TILE": 1024})]


def lookback_cases(c, rng, out, words, make, rtol=0, atol=0):
    """make(n) -> (input arguments, inclusive reference, identity); the exclusive
    reference is the inclusive one shifted right by one, the identity first."""
    for n, defines in lookback_sizes(c):
        T = int(defines.get("TILE", c.get("TILE", 8192)))
        g = max(cdiv(n, T), 1)  # n = 0: one program, which finds nothing to do
        inputs, inc, identity = make(n)
        for excl in (False, True):
            ref = np.concatenate([np.array([identity], inc.dtype), inc[:-1]])[:n] if excl else inc
            args = inputs + [("y", f"empty:{out}:{n}"), ("state", f"zeros:u64:{words * g}"),
                             ("counter", "zeros:i32:1"), ("n", n)]
            label = size_label(n, defines, *(["exclusive"] if excl else []))
            yield Case(label, (g,), args, {"y": ref}, rtol=rtol, atol=atol,
                       defines=dict(defines, EXCLUSIVE="true") if excl else defines)
            if n == 1000 and not excl:  # more programs than tiles: the extra ones leave at once
                yield Case(label + ",grid+2", (g + 2,), args, {"y": ref}, rtol=rtol, atol=atol, defines=defines)


def lookback_i32_cases(c, rng):
    def make(n):  # the whole i32 range: the sums wrap, as numpy's int32 cumsum
        x = rng.integers(-(1 << 31), 1 << 31, n, dtype=np.int32)
        return [("x", x)], np.cumsum(x, dtype=np.int32), 0
    return lookback_cases(c, rng, "i32", 1, make)


def lookback_f32_cases(c, rng):
    def make(n):
        x = rng.random(n, dtype=np.float32)
        return [("x", x)], np.cumsum(x, dtype=np.float64).astype(np.float32), 0.0
    return lookback_cases(c, rng, "f32", 1, make, rtol=1e-4, atol=1e-5)


def lookback_i64_cases(c, rng):
    def make(n):  # carries between the two state words' halves, and wrapping
        x = rng.integers(-(1 << 63), (1 << 63) - 1, n, dtype=np.int64)
        return [("x", x)], np.cumsum(x, dtype=np.int64), 0
    return lookback_cases(c, rng, "i64", 2, make)


def lookback_u64_cases(c, rng):
    def make(n):
        x = rng.integers(0, (1 << 64) - 1, n, dtype=np.uint64)
        return [("x", x)], np.cumsum(x, dtype=np.uint64), 0
    return lookback_cases(c, rng, "u64", 2, make)


def lookback_max_cases(c, rng):
    def make(n):
        x = rng.standard_normal(n).astype(np.float32)
        return [("x", x)], np.maximum.accumulate(x), -np.inf
    return lookback_cases(c, rng, "f32", 1, make)


def lookback_segmented_cases(c, rng):
    def make(n):
        x = rng.integers(-1000, 1000, n, dtype=np.int32)
        # About one start in 100; any nonzero byte starts a segment.
        heads = np.where(rng.random(n) < 0.01, rng.integers(1, 256, n), 0).astype(np.uint8)
        total = np.cumsum(x, dtype=np.int64)
        starts = np.flatnonzero(heads)
        base = np.concatenate([[0], np.where(starts > 0, total[np.maximum(starts - 1, 0)], 0)])
        seg = np.cumsum(heads != 0)  # the segment of each element (0: before any start)
        return [("x", x), ("heads", heads)], (total - base[seg]).astype(np.int32), 0
    return lookback_cases(c, rng, "i32", 2, make)


def lookback_linear_cases(c, rng):
    def make(n):
        a = rng.uniform(0.5, 1.0, n).astype(np.float32)
        b = rng.standard_normal(n).astype(np.float32)
        # h[k] = a[k] h[k-1] + b[k] in f64, by doubling: (A, B) composes the maps up to k.
        A, B = a.astype(np.float64), b.astype(np.float64)
        d = 1
        while d < n:
            A, B = np.concatenate([A[:d], A[d:] * A[:-d]]), np.concatenate([B[:d], A[d:] * B[:-d] + B[d:]])
            d *= 2
        return [("a", a), ("b", b)], B.astype(np.float32), 0.0
    return lookback_cases(c, rng, "f32", 2, make, rtol=1e-4, atol=1e-4)


# Kernels of test/gpu/fixtures only: not looked for among the examples.
FIXTURE_ONLY = {"convert"}

# Kernels only a GPU can run, with the reason: skipped under --interpret.
GPU_ONLY = {"asm_mad": "inline_asm_elementwise runs PTX, which the interpreter cannot"}

MATMUL_FP8_SIG = [("a", "*f8e4m3"), ("b", "*f8e4m3"), ("c", "*f16"), ("sa", "*f32"), ("sb", "*f32"), ("M", "i32"),
                  ("N", "i32"), ("K", "i32"), ("sam", "i32"), ("sbn", "i32"), ("scm", "i32")]

LOOKBACK_STATE = [("state", "*u64"), ("counter", "*i32"), ("n", "i32")]

KERNELS = {
    "matmul_batched": ([("a", "*f16"), ("b", "*f16"), ("c", "*f16"), ("M", "i32"), ("N", "i32"), ("K", "i32"),
                        ("saz", "i32"), ("sam", "i32"), ("sak", "i32"), ("sbz", "i32"), ("sbk", "i32"),
                        ("sbn", "i32"), ("scz", "i32"), ("scm", "i32")], matmul_batched_cases),
    "matmul_splitk": ([("a", "*f16"), ("b", "*f16"), ("c", "*f16"), ("ws", "*f32"), ("count", "*i32"), ("M", "i32"),
                       ("N", "i32"), ("K", "i32"), ("sam", "i32"), ("sbk", "i32"), ("scm", "i32")], matmul_splitk_cases),
    "matmul_fp8": (MATMUL_FP8_SIG, matmul_fp8_cases),
    "matmul_fp8_e5m2": ([(n, {"*f8e4m3": "*f8e5m2", "*f16": "*bf16"}.get(t, t)) for n, t in MATMUL_FP8_SIG],
                        matmul_fp8_e5m2_cases),
    "add": ([("a", "*f32"), ("b", "*f32"), ("out", "*f32"), ("n", "i32")], add_cases),
    "sum": ([("x", "*f32"), ("out", "*f32"), ("n", "i32")], sum_cases),
    "transpose": ([("x", "*f32"), ("y", "*f32"), ("rows", "i32"), ("cols", "i32"),
                   ("sxr", "i32"), ("sxc", "i32"), ("syr", "i32"), ("syc", "i32")], transpose_cases),
    "scan": ([("x", "*i32"), ("y", "*i32"), ("state", "*u64"), ("counter", "*i32"), ("n", "i32")], scan_cases),
    "scan_window": ([("x", "*i32"), ("y", "*i32"), ("state", "*u64"), ("counter", "*i32"), ("n", "i32")], scan_cases),
    "scan_i32": ([("x", "*i32"), ("y", "*i32")] + LOOKBACK_STATE, lookback_i32_cases),
    "scan_f32": ([("x", "*f32"), ("y", "*f32")] + LOOKBACK_STATE, lookback_f32_cases),
    "scan_i64": ([("x", "*i64"), ("y", "*i64")] + LOOKBACK_STATE, lookback_i64_cases),
    "scan_u64": ([("x", "*u64"), ("y", "*u64")] + LOOKBACK_STATE, lookback_u64_cases),
    "scan_max_f32": ([("x", "*f32"), ("y", "*f32")] + LOOKBACK_STATE, lookback_max_cases),
    "scan_segmented_i32": ([("x", "*i32"), ("heads", "*u8"), ("y", "*i32")] + LOOKBACK_STATE,
                           lookback_segmented_cases),
    "scan_linear_f32": ([("a", "*f32"), ("b", "*f32"), ("y", "*f32")] + LOOKBACK_STATE, lookback_linear_cases),
    "matmul": ([("a", "*f16"), ("b", "*f16"), ("c", "*f16"), ("M", "i32"), ("N", "i32"), ("K", "i32"),
                ("sam", "i32"), ("sak", "i32"), ("sbk", "i32"), ("sbn", "i32"), ("scm", "i32"), ("scn", "i32")],
               matmul_cases),
    "matmul_tuned": ([("a", "*f16"), ("b", "*f16"), ("c", "*f16"), ("M", "i32"), ("N", "i32"), ("K", "i32"),
                      ("sam", "i32"), ("sak", "i32"), ("sbk", "i32"), ("sbn", "i32"), ("scm", "i32"), ("scn", "i32")],
                     matmul_tuned_cases),
    "matmul_tma": ([("a", "*f16"), ("b", "*f16"), ("c", "*f16"), ("M", "i32"), ("N", "i32"), ("K", "i32")],
                   matmul_tma_cases),
    "matmul_tma_strided": ([("a", "*f16"), ("b", "*f16"), ("c", "*f16"), ("M", "i32"), ("N", "i32"), ("K", "i32"),
                            ("sa", "i32"), ("sb", "i32"), ("sc", "i32")], matmul_tma_strided_cases),
    "matmul_tma_persistent": ([("a", "*f16"), ("b", "*f16"), ("c", "*f16"), ("M", "i32"), ("N", "i32"), ("K", "i32")],
                              matmul_tma_persistent_cases),
    "matmul_tma_cluster": ([("a", "*f16"), ("b", "*f16"), ("c", "*f16"), ("M", "i32"), ("N", "i32"), ("K", "i32")],
                           matmul_tma_cluster_cases),
    "matmul_streamk": ([("a", "*f16"), ("b", "*f16"), ("c", "*f16"), ("ws", "*f32"), ("count", "*i32"), ("M", "i32"),
                        ("N", "i32"), ("K", "i32"), ("sam", "i32"), ("sbk", "i32"), ("scm", "i32"), ("dp", "i32"),
                        ("split", "i32")], matmul_streamk_cases),
    "matmul_tail": ([("a", "*f16"), ("b", "*f16"), ("c", "*f16"), ("M", "i32"), ("N", "i32"), ("K", "i32"), ("dp", "i32")],
                    matmul_tail_cases),
    "matmul_tail_cluster": ([("a", "*f16"), ("b", "*f16"), ("c", "*f16"), ("M", "i32"), ("N", "i32"), ("K", "i32"),
                             ("dp", "i32")], matmul_tail_cluster_cases),
    "persistent_sum": ([("x", "*f32"), ("out", "*f32"), ("n", "i32")], persistent_sum_cases),
    "attention": ([("q", "*f16"), ("k", "*f16"), ("v", "*f16"), ("o", "*f16"), ("sm_scale", "f32"), ("H", "i32"),
                   ("N_CTX", "i32"), ("sqz", "i32"), ("sqh", "i32"), ("sqm", "i32"), ("skz", "i32"), ("skh", "i32"),
                   ("skn", "i32"), ("svz", "i32"), ("svh", "i32"), ("svn", "i32"), ("soz", "i32"), ("soh", "i32"),
                   ("som", "i32")], attention_cases),
    "softmax": ([("y", "*f32"), ("x", "*f32"), ("sx", "i32"), ("sy", "i32"), ("cols", "i32")], softmax_cases),
    "cumsum2d": ([("x", "*f32"), ("down", "*f32"), ("across", "*f32"), ("rows", "i32"), ("cols", "i32")],
                 cumsum2d_cases),
    "histogram": ([("x", "*i32"), ("hist", "*i32"), ("n", "i32")], histogram_cases),
    "any_all": ([("x", "*i32"), ("any", "*i32"), ("all", "*i32"), ("n", "i32")], any_all_cases),
    "byte_histogram": ([("x", "*u8"), ("hist", "*i32"), ("n", "i32")], byte_histogram_cases),
    "row_topk": ([("x", "*f32"), ("top", "*f32"), ("vmax", "*f32"), ("imax", "*i32"), ("vmin", "*f32"), ("imin", "*i32"),
                  ("rows", "i32")], row_topk_cases),
    "col_topk": ([("x", "*i32"), ("low", "*i32"), ("vmax", "*i32"), ("imax", "*i32")], col_topk_cases),
    "head_scores": ([("q", "*f16"), ("k", "*f16"), ("s", "*f32"), ("Z", "i32"), ("S", "i32"), ("scale", "f32")],
                    head_scores_cases),
    "big_transpose": ([("x", "*f32"), ("y", "*f32"), ("rows", "i32"), ("cols", "i32")], big_transpose_cases),
    "big_blocks": ([("x", "*f32"), ("idx", "*i32"), ("sorted", "*f32"), ("flipped", "*f32"), ("down", "*f32"),
                    ("picked", "*f32"), ("flat", "*f32")], big_blocks_cases),
    "big_atomics": ([("x", "*f32"), ("acc", "*f32"), ("small", "*f32"), ("hi", "*i32"), ("old", "*i32")],
                    big_atomics_cases),
    "big_histogram": ([("x", "*u8"), ("hist", "*i32"), ("top", "*i64")], big_histogram_cases),
    "broadcast_dot": ([("a", "*f16"), ("b", "*f16"), ("m", "*f16"), ("left", "*f32"), ("right", "*f32")],
                      broadcast_dot_cases),
    "sort_blocks": ([("x", "*f32"), ("y", "*f32"), ("n", "i32")], sort_blocks_cases),
    "sort_rows": ([("x", "*i32"), ("y", "*i32"), ("rows", "i32")], sort_rows_cases),
    "count_if": ([("x", "*f32"), ("count", "*i32"), ("n", "i32")], count_if_cases),
    "convert": ([("x", "*f32"), ("h", "*f16"), ("b", "*bf16"), ("n", "i32")], convert_cases),
    "fp8_scale": ([("x", "*f8e4m3"), ("y", "*f8e4m3"), ("scale", "f32"), ("n", "i32")], fp8_scale_cases),
    "fp8_round_trip": ([("h", "*f16"), ("e4", "*f16"), ("e5", "*f16"), ("bits", "*u8"), ("n", "i32")],
                       fp8_round_trip_cases),
    "minmax": ([("x", "*f32"), ("y", "*f32"), ("hi", "*f32"), ("lo", "*f32"), ("hi_nan", "*f32"), ("u", "*u32"),
                ("u_lo", "*u32"), ("n", "i32")], minmax_cases),
    "math_fns": ([("x", "*f32"), ("y", "*f32"), ("th", "*f32"), ("l1p", "*f32"), ("em1", "*f32"), ("fd", "*f32"),
                  ("n", "i32")], math_fns_cases),
    "math_pow": ([("x", "*f32"), ("y", "*f32"), ("out", "*f32"), ("n", "i32")], math_pow_cases),
    "math_exact": ([("x", "*f32"), ("y", "*f32"), ("dr", "*f32"), ("sr", "*f32"), ("u", "*u32"), ("v", "*u32"),
                    ("uh", "*u32"), ("s", "*i32"), ("t", "*i32"), ("sh", "*i32"), ("n", "i32")], math_exact_cases),
    "loop_exits": ([("x", "*f32"), ("first", "*i32"), ("pos_sum", "*f32"), ("pairs", "*i32"), ("steps", "*i32"),
                    ("n", "i32"), ("limit", "f32")], loop_exits_cases),
    "static_loops": ([("x", "*f32"), ("y", "*f32"), ("heads", "*f32"), ("n", "i32")], static_loops_cases),
    "unrolled_rows": ([("x", "*f32"), ("sums", "*f32"), ("n", "i32")], unrolled_rows_cases),
    "outer_max": ([("x", "*f32"), ("y", "*f32"), ("out", "*f32"), ("n", "i32")], outer_max_cases),
    "reverse_blocks": ([("x", "*f32"), ("y", "*f32"), ("n", "i32")], reverse_blocks_cases),
    "flip2d": ([("x", "*i32"), ("upside", "*i32"), ("mirrored", "*i32"), ("flat", "*i32")], flip2d_cases),
    "branchy": ([("x", "*f32"), ("y", "*f32"), ("flags", "*i32"), ("n", "i32"), ("split", "i32")], branchy_cases),
    "permute3d": ([("x", "*i32"), ("cab", "*i32"), ("bca", "*i32"), ("ba", "*i32")], permute3d_cases),
    "permute4d": ([("x", "*f32"), ("y", "*f32")], permute4d_cases),
    "philox": ([("ints", "*u32"), ("ints7", "*u32"), ("uni", "*f32"), ("normal", "*f32"), ("seed", "i64"),
                ("n", "i32")], philox_cases),
    "join2d": ([("x", "*i32"), ("y", "*f32"), ("joined", "*f32"), ("inter", "*f32"), ("both", "*f32"),
                ("pairs", "*i32")], join2d_cases),
    "interleave1d": ([("x", "*f32"), ("y", "*f32"), ("out", "*f32"), ("n", "i32")], interleave1d_cases),
    "gather2d": ([("src", "*f32"), ("rows", "*i32"), ("cols", "*i64"), ("by_row", "*f32"), ("by_col", "*f32"),
                  ("viewed", "*f32")], gather2d_cases),
    "lookup": ([("table", "*i32"), ("keys", "*u32"), ("out", "*i32"), ("n", "i32")], lookup_cases),
    "philox4x": ([("w0", "*u32"), ("w1", "*u32"), ("w2", "*u32"), ("w3", "*u32"), ("seed", "i64"), ("n", "i32")],
                 philox4x_cases),
    "asm_mad": ([("x", "*i32"), ("y", "*i32"), ("out", "*i32"), ("lo", "*u32"), ("hi", "*u32"), ("n", "i32")],
                asm_mad_cases),
    "desc_matmul": ([("a", "*f16"), ("b", "*f16"), ("c", "*f32"), ("M", "i32"), ("N", "i32"), ("K", "i32")],
                    desc_matmul_cases),
    "desc_window": ([("x", "*f32"), ("y", "*f32"), ("rows", "i32"), ("cols", "i32"), ("dr", "i32"), ("dc", "i32")],
                    desc_window_cases),
    "desc_sum_rows": ([("x", "*f32"), ("out", "*f32"), ("B", "i32"), ("R", "i32"), ("C", "i32")], desc_sum_rows_cases),
    "block_matmul": ([("a", "*f16"), ("b", "*f16"), ("c", "*f32"), ("M", "i32"), ("N", "i32"), ("K", "i32"),
                      ("sam", "i32"), ("sak", "i32"), ("sbk", "i32"), ("sbn", "i32"), ("scm", "i32"), ("scn", "i32")],
                     block_matmul_cases),
    "block_copy": ([("x", "*f32"), ("y", "*f32"), ("pad", "*f32"), ("rows", "i32"), ("cols", "i32"), ("sxr", "i32"),
                    ("sxc", "i32"), ("syr", "i32"), ("syc", "i32")], block_copy_cases),
    "rand_fill": ([("out", "*f32"), ("seed", "i32"), ("n", "i32")], rand_fill_cases),
    "philox_u32": ([("ints", "*u32"), ("first", "*f32"), ("seed", "i32"), ("base", "u32")], philox_u32_cases),
    "shape_args": ([("x", "*i32"), ("grid", "*i32"), ("tr", "*i32"), ("pm", "*i32"), ("cube", "*i32"),
                    ("cube2", "*i32"), ("first", "*i32")], shape_args_cases),
    "swizzle": ([("ni", "*i32"), ("nj", "*i32"), ("size_i", "i32"), ("size_j", "i32"), ("size_g", "i32")],
                swizzle_cases),
    "reduce_dtypes": ([("x", "*i8"), ("h", "*f16"), ("s8", "*i8"), ("s32", "*i32"), ("sf", "*f32"), ("c8", "*i8"),
                       ("cf", "*f32")], reduce_dtypes_cases),
    "helper_values": ([("x", "*f32"), ("sq", "*f32"), ("quad", "*f32"), ("neg_sq", "*f32"), ("total", "*f32")],
                      helper_values_cases),
    "early_returns": ([("x", "*f32"), ("src", "*i32"), ("dst", "*i32"), ("first", "*i32"), ("signs", "*i32"),
                       ("out", "*i32"), ("n", "i32"), ("start", "i32"), ("k", "i32")], early_returns_cases),
    "philox64": ([("ints", "*u64"), ("uints", "*u64"), ("uni", "*f32"), ("normal", "*f32"), ("w1", "*u64"),
                  ("w2", "*u64"), ("w3", "*u64"), ("seed", "i64"), ("base", "i64"), ("n", "i32")], philox64_cases),
    "philox_split": ([("w0", "*u32"), ("w1", "*u32"), ("v0", "*u64"), ("seed", "i64"), ("base", "i64"), ("n", "i32")],
                     philox_split_cases),
    "uniform_bits": ([("u", "*u32"), ("w", "*u64"), ("fu", "*f32"), ("fi", "*f32"), ("fw", "*f32"), ("fl", "*f32")],
                     uniform_bits_cases),
    "deinterleave": ([("z", "*f32"), ("re", "*f32"), ("im", "*f32"), ("lo", "*f32"), ("hi", "*f32"), ("n", "i32")],
                     deinterleave_cases),
    "split_pairs2d": ([("x", "*i32"), ("first", "*i32"), ("second", "*i32")], split_pairs2d_cases),
    "custom_reduce": ([("x", "*f32"), ("row_sum", "*f32"), ("row_max", "*f32"), ("row_arg", "*i32"), ("col_sum", "*f32"),
                       ("total", "*f32"), ("centered", "*f32")], custom_reduce_cases),
    "custom_sum": ([("x", "*f32"), ("out", "*f32"), ("n", "i32")], custom_sum_cases),
    "custom_scan": ([("x", "*i32")] + [(b, "*i32") for b in ["sums", "suffix", "down", "held", "run_max", "run_arg"]],
                    custom_scan_cases),
    "custom_last": ([("x", "*i32")] + [(b, "*i32") for b in ["row_last", "last", "small", "small_held",
                                                             "small_suffix"]], custom_last_cases),
    "custom_block_cumsum": ([("x", "*i32"), ("y", "*i32"), ("n", "i32")], block_cumsum_cases),
    "block_cumsum": ([("x", "*i32"), ("y", "*i32"), ("n", "i32")], block_cumsum_cases),
    "suffix_scan": ([("x", "*i32"), ("sums", "*i32"), ("prods", "*i32"), ("n", "i32")], suffix_scan_cases),
    "suffix2d": ([("x", "*f32"), ("up", "*f32"), ("back", "*f32"), ("rows", "i32"), ("cols", "i32")],
                 suffix2d_cases),
    "row_stats": ([("x", "*i32"), ("row_xor", "*i32"), ("row_argmin", "*i32"), ("centered", "*i32"),
                   ("spread", "*i32"), ("col_sum", "*i32"), ("total", "*i32"), ("rows", "i32")], row_stats_cases),
}

# The lowering's cases (f64 math, pointer where / casts, packed inline asm): their own file.
cases_lowering.Case = Case
KERNELS.update(cases_lowering.KERNELS)
GPU_ONLY.update(cases_lowering.GPU_ONLY)
cases_rank.Case = Case
KERNELS.update(cases_rank.KERNELS)
GPU_ONLY.update(cases_rank.GPU_ONLY)
cases_attention.Case = Case
KERNELS.update(cases_attention.KERNELS)
GPU_ONLY.update(cases_attention.GPU_ONLY)


# ------------------------------------------------------------------ running
class Results:
    def __init__(self):
        self.passed = self.failed = self.skipped = 0

    def ok(self, name, secs, note=None):
        self.passed += 1
        print(f"PASS  {name}  ({note or f'{secs:.2f} s'})", flush=True)

    def fail(self, name, why):
        self.failed += 1
        print(f"FAIL  {name}: {why}", flush=True)

    def skip(self, name, why):
        self.skipped += 1
        print(f"SKIP  {name}: {why}", flush=True)


def tail(text, n=15):
    lines = [l for l in text.strip().splitlines() if l.strip()]
    return "\n" + "\n".join("      " + l for l in lines[-n:]) if lines else " (no output)"


def kernels_in_tile(path):
    return re.findall(r"^\s*kernel\s+(\w+)\s*\(", open(path).read(), flags=re.M)


class Compiler:
    """tilec, once per (file, defines): the .ptx and its metadata, or the error. Without
    tilec, `tilerun --compile-only` (the same compiler, linked into tilerun)."""

    def __init__(self, tilec, tilerun, work):
        self.tilec, self.tilerun, self.work, self.cache = tilec, tilerun, work, {}

    def compile(self, tile, defines, kernel=None):
        """tilec compiles every kernel of the file; tilerun one at a time (`kernel`)."""
        kernel = None if self.tilec else (kernel or kernels_in_tile(tile)[0])
        key = (tile, tuple(sorted(defines.items())), kernel)
        if key not in self.cache:
            stem = os.path.splitext(os.path.basename(tile))[0]
            tag = "".join(f"_{k}{v}" for k, v in sorted(defines.items())) + (f"_{kernel}" if kernel else "")
            out = os.path.join(self.work, f"{stem}{tag}.ptx")
            if self.tilec:
                cmd = [self.tilec, tile, "-o", out]
            else:
                cmd = [self.tilerun, tile, "--compile-only", "--emit-ptx", out, "--kernel", kernel]
            cmd += [f"-D{k}={v}" for k, v in sorted(defines.items())]
            t = time.time()
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
            ms = (time.time() - t) * 1e3
            if p.returncode != 0 or not os.path.exists(out):
                self.cache[key] = (None, None, f"{os.path.basename(cmd[0])} exited {p.returncode}:{tail(p.stdout + p.stderr, 25)}")
            else:
                self.cache[key] = (out, json.load(open(os.path.splitext(out)[0] + ".json")), f"{ms:.0f} ms")
        return self.cache[key]


def signature(meta_kernel):
    return [(p["name"], p["type"]) for p in meta_kernel["params"]]


def fmt_sig(sig):
    return "(" + ", ".join(f"{n}: {t}" for n, t in sig) + ")"


# Set by --interpret: extra tilerun options of every run.
INTERPRET = []


def case_elements(case):
    """The largest buffer of a case, in elements (for --max-elements)."""
    sizes = [v.size for _, v in case.args if isinstance(v, np.ndarray)]
    for _, v in case.args:
        if isinstance(v, str):
            dims = v.split(":")[2] if v.count(":") >= 2 else "1"
            sizes.append(int(np.prod([int(d) for d in dims.split("x")])))
    return max(sizes + [0])


def run_case(tilerun, target, kernel, case, case_dir, via, results, verbose):
    os.makedirs(case_dir, exist_ok=True)
    cmd = [tilerun, target, "--kernel", kernel, "--grid", ",".join(map(str, case.grid))] + INTERPRET
    for name, v in case.args:
        if isinstance(v, np.ndarray):
            p = os.path.join(case_dir, f"{name}.npy")
            if not os.path.exists(p):
                np.save(p, v)
            cmd.append(f"{name}={p}")
        else:
            cmd.append(f"{name}={v}")
    for name, ref in case.checks.items():
        p = os.path.join(case_dir, f"ref_{name}.npy")
        if not os.path.exists(p):
            np.save(p, ref)
        cmd += ["--check", f"{name}={p}"]
    if case.rtol is not None:
        cmd += ["--rtol", repr(case.rtol)]
    if case.atol is not None:
        cmd += ["--atol", repr(case.atol)]
    if via in ("tile", "interpreter"):
        cmd += [f"-D{k}={v}" for k, v in case.defines.items()]
    cmd += case.flags
    name = f"{kernel}[{case.label}] via {via}"
    t = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        results.fail(name, "timed out after 300 s (a hang? the scan's look-back spins)")
        return
    out = p.stdout + p.stderr
    if "no CUDA driver found" in out or "no CUDA device found" in out:
        print(out.strip())
        print("no GPU here: these tests need the GPU machine")
        print(f"0 passed, 1 failed")
        sys.exit(1)
    if verbose:
        print("      $ " + " ".join(cmd))
    if p.returncode == 0:
        results.ok(name, time.time() - t)
    else:
        results.fail(name, f"tilerun exited {p.returncode}:{tail(out)}\n      $ " + " ".join(cmd))


def self_test(tilerun, target, kernel, consts, work, results):
    """tilerun must notice a wrong result (else every PASS above means nothing)."""
    n = 1000
    rng = np.random.default_rng(1)
    a = rng.standard_normal(n, dtype=np.float32)
    b = rng.standard_normal(n, dtype=np.float32)
    d = os.path.join(work, "selftest")
    os.makedirs(d, exist_ok=True)
    for nm, v in [("a", a), ("b", b), ("bad", a + b + np.float32(1e-3))]:
        np.save(os.path.join(d, f"{nm}.npy"), v)
    T = int(consts.get("TILE", 1024))
    cmd = [tilerun, target, "--kernel", kernel, "--grid", str(cdiv(n, T)), f"a={d}/a.npy", f"b={d}/b.npy",
           f"out=empty:f32:{n}", f"n={n}", "--check", f"out={d}/bad.npy"] + INTERPRET
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    out = p.stdout + p.stderr
    name = "tilerun --check catches a wrong result"
    if p.returncode == 1 and "FAILED" in out and "first at index 0" in out:
        results.ok(name, None, "exit 1 with a FAILED report")
    else:
        results.fail(name, f"exit {p.returncode}, expected 1 with a FAILED report:{tail(out)}")


def tilerun_selftests(tilerun, work, results):
    """tilerun's own error paths on the GPU, with the fixtures of test/gpu/fixtures/bad:
    each must exit 1 and say what the message below says."""
    bad = os.path.join(HERE, "fixtures", "bad")
    add = os.path.join(HERE, "fixtures", "add.ptx")
    small = ["zeros:f32:1024", "zeros:f32:1024", "empty:f32:1024"]
    cases = [
        ("a kernel fault is reported with the kernel's name", [f"{bad}/fault.ptx", "--grid", "1", "zeros:f32:4"],
         ["kernel `fault` failed", "CUDA_ERROR_ILLEGAL_ADDRESS"]),
        ("invalid PTX shows the JIT's log", [f"{bad}/invalid.ptx", "--grid", "1", "zeros:f32:4"],
         ["kernel `invalid`: the driver cannot load the PTX", "CUDA_ERROR_INVALID_PTX"]),
        ("a kernel missing from the PTX is named", [f"{bad}/misnamed.ptx", "--grid", "1"] + small + ["1024"],
         ["has no kernel `nothere` (it has: add)"]),
        ("a block larger than the kernel allows is refused", [f"{bad}/bigblock.ptx", "--grid", "1"] + small + ["1024"],
         ["a block of 256 threads is more than the 128"]),
        ("an argument breaking compiled-in divisibility is refused", [f"{bad}/add_div16.ptx", "--grid", "1"] + small + ["1000"],
         ["argument `n` = 1000 is not a multiple of 16"]),
        ("a buffer too large for 32-bit offsets is refused", [add, "--grid", "1", "zeros:f32:3000000000"] + small[1:] + ["4"],
         ["argument `a` has 3000000000 elements; this kernel uses 32-bit offsets"]),
        ("a buffer of the wrong type is refused", [add, "--grid", "1", "zeros:f16:4"] + small[1:] + ["4"],
         ["argument `a` is *f32, but `zeros:f16:4` makes f16 elements"]),
    ]
    for name, args, wants in cases:
        p = subprocess.run([tilerun] + args, capture_output=True, text=True, timeout=120)
        out = p.stdout + p.stderr
        missing = [w for w in wants if w not in out]
        if p.returncode == 1 and not missing and "tilerun: error:" in out:
            results.ok(f"tilerun: {name}", None, "exit 1, says so")
        else:
            results.fail(f"tilerun: {name}", f"exit {p.returncode}, missing {missing}:{tail(out)}")
    # Divisibility that holds runs; --save writes what --check compared.
    d = os.path.join(work, "selftest-save")
    os.makedirs(d, exist_ok=True)
    p = subprocess.run([tilerun, f"{bad}/add_div16.ptx", "--grid", "1", "arange:f32:1024", "full:f32:1024:0.5",
                        "empty:f32:1024", "1024", "--save", f"out={d}/out.npy", "--save", f"a={d}/a.npy"],
                       capture_output=True, text=True, timeout=120)
    name = "tilerun: --save writes the result (n divisible by 16 runs)"
    try:
        ok = p.returncode == 0 and np.array_equal(np.load(f"{d}/out.npy"), np.arange(1024, dtype=np.float32) + 0.5) \
            and np.load(f"{d}/a.npy").dtype == np.float32
    except Exception as e:  # a missing or unreadable file
        ok, p.stderr = False, p.stderr + f"\n{e}"
    if ok:
        results.ok(name, None, "out == arange + 0.5")
    else:
        results.fail(name, f"exit {p.returncode}:{tail(p.stdout + p.stderr)}")


def shard_arg(text):
    """`I/N` with 0 <= I < N."""
    i, sep, n = text.partition("/")
    if not (sep and i.isdigit() and n.isdigit() and int(i) < int(n)):
        raise argparse.ArgumentTypeError(f"{text!r}: write I/N with 0 <= I < N, e.g. 0/4")
    return int(i), int(n)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--examples", default=os.path.join(ROOT, "examples"), help="directory of .tile examples")
    ap.add_argument("--ptx-dir", help="use DIR/*.ptx + *.json instead of compiling (no TILEC needed)")
    ap.add_argument("--work", help="scratch directory (default: a temporary one, removed at the end)")
    ap.add_argument("--only", nargs="*", help="only these kernels")
    ap.add_argument("--no-tile", action="store_true", help="run only from tilec's .ptx, not from the .tile")
    ap.add_argument("--no-selftest", action="store_true", help="skip tilerun's own error-path tests")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every tilerun command")
    ap.add_argument("--interpret", action="store_true",
                    help="run every case in the interpreter (no GPU needed), with memcheck and the race detector")
    ap.add_argument("--max-elements", type=int, help="skip cases with a buffer larger than this")
    ap.add_argument("--shard", metavar="I/N", type=shard_arg, default=(0, 1),
                    help="only every N-th kernel, starting at the I-th (0-based): N processes split the run")
    args = ap.parse_args()
    shard = args.shard
    if shard[0] != 0:
        args.no_selftest = True  # tilerun's self-tests run once, in shard 0
    if args.interpret:
        INTERPRET.extend(["--interpret", "--uninit", "--races"])
        args.no_selftest = True  # the GPU's error paths (faults, PTX JIT) need a GPU

    tilerun = os.environ.get("TILERUN")
    tilec = os.environ.get("TILEC")
    if not tilerun or not os.access(tilerun, os.X_OK):
        print(f"TILERUN={tilerun!r} is not an executable tilerun\n0 passed, 1 failed")
        return 1
    if tilec and not os.access(tilec, os.X_OK):
        print(f"TILEC={tilec!r} is not an executable tilec\n0 passed, 1 failed")
        return 1
    if not args.ptx_dir and not tilec:
        print("TILEC is not set: compiling with `tilerun --compile-only` (the same compiler)")
    work = args.work or tempfile.mkdtemp(prefix="tile-gpu-tests-")
    os.makedirs(work, exist_ok=True)
    results = Results()

    # kernel name -> (how to get a .ptx for some defines, the .tile or None)
    found = {}
    if args.ptx_dir:
        for j in sorted(f for f in os.listdir(args.ptx_dir) if f.endswith(".json")):
            jp = os.path.join(args.ptx_dir, j)
            meta = json.load(open(jp))
            ptx = os.path.splitext(jp)[0] + ".ptx"
            for k in meta["kernels"]:
                found[k["name"]] = ("ptx", ptx, meta, None)
    else:
        comp = Compiler(tilec, tilerun, work)
        tiles = sorted(os.path.join(args.examples, f) for f in os.listdir(args.examples) if f.endswith(".tile"))
        for tile in tiles:
            for k in kernels_in_tile(tile):
                ptx, meta, info = comp.compile(tile, {}, k)
                what = f"compile {os.path.basename(tile)}" + ("" if tilec else f" ({k})")
                if ptx is None:
                    results.fail(what, info)
                elif shard[0] == 0:  # every shard compiles every example; one counts them
                    results.ok(what, None, info)
                found[k] = ("tile", ptx, meta, tile)

    probe = subprocess.run([tilerun, os.path.join(HERE, "fixtures", "add.ptx"), "--grid", "1", "zeros:f32:1", "zeros:f32:1",
                            "empty:f32:1", "1"], capture_output=True, text=True, timeout=120)
    if probe.returncode != 0 and not args.interpret:
        print((probe.stdout + probe.stderr).strip())
        print("tilerun cannot run a kernel here (these tests need the GPU machine)\n0 passed, 1 failed")
        return 1
    if not args.no_selftest:
        tilerun_selftests(tilerun, work, results)
    selected = args.only or [k for k in KERNELS if args.ptx_dir or k not in FIXTURE_ONLY]
    selected = selected[shard[0]::shard[1]]
    for kname in selected:
        if kname not in KERNELS:
            results.skip(kname, "no test cases are written for this kernel")
            continue
        want_sig, gen = KERNELS[kname]
        if args.interpret and kname in GPU_ONLY:
            results.skip(kname, GPU_ONLY[kname])
            continue
        if kname not in found:
            where = args.ptx_dir or args.examples
            results.skip(kname, f"no example in {where} defines kernel `{kname}`")
            continue
        mode, ptx, meta, tile = found[kname]
        if meta is None:
            results.skip(kname, f"all cases: {os.path.basename(tile)} does not compile (see above)")
            continue
        km = next(k for k in meta["kernels"] if k["name"] == kname)
        sig = signature(km)
        if sig != want_sig:
            results.skip(kname, f"its signature {fmt_sig(sig)} is not the one the cases are written for {fmt_sig(want_sig)}")
            continue
        consts = {c["name"]: c["value"] for c in km["consts"]}
        rng = np.random.default_rng(0)
        for case in gen(consts, rng):
            case_dir = os.path.join(work, kname, re.sub(r"[^\w.-]", "_", case.label))
            if args.max_elements and case_elements(case) > args.max_elements:
                continue
            if args.interpret:
                run_case(tilerun, tile, kname, case, case_dir, "interpreter", results, args.verbose)
                continue
            if tile and not args.no_tile:
                run_case(tilerun, tile, kname, case, case_dir, "tile", results, args.verbose)
            if case.flags:
                results.skip(f"{kname}[{case.label}] via ptx", f"{' '.join(case.flags)} is a tilerun flag: the case runs from the .tile")
                continue
            if mode == "ptx" and case.defines:
                results.skip(f"{kname}[{case.label}] via ptx", f"needs -D {case.defines}, and the PTX is prebuilt")
                continue
            target = ptx
            if case.defines:
                target, _, info = comp.compile(tile, case.defines, kname)
                if target is None:
                    results.fail(f"{kname}[{case.label}] via ptx", f"compile with {case.defines}: {info}")
                    continue
            run_case(tilerun, target, kname, case, case_dir, "ptx", results, args.verbose)
        if kname == "add":
            self_test(tilerun, tile if args.interpret else ptx, kname, consts, work, results)

    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{results.passed} passed, {results.failed} failed, {results.skipped} skipped")
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
