"""Cases of check_examples.py for examples/bin_rank.tile: `bin_rank`, `scatter` and the
stable counting sort they make with `histogram` (kept apart: check_examples.py is long,
and other work adds to it). Each entry of KERNELS is (signature, case generator) as
there."""
import numpy as np


def cdiv(a, b):
    return (a + b - 1) // b


class Case:
    """Set by check_examples.py to its Case class (no import cycle)."""


def ranks_in_tiles(keys, tile, known):
    """Each key's count of equal keys before it in its tile; keys where `known` is false
    count as one key of their own."""
    bins = np.where(known, keys.astype(np.int64), -(1 << 40))
    out = np.empty(len(keys), np.int32)
    for t in range(0, len(keys), tile):
        seen = {}
        for i in range(t, min(t + tile, len(keys))):
            b = bins[i]
            out[i] = seen.get(b, 0)
            seen[b] = out[i] + 1
    return out


def counting_sort_cases(c, rng):
    T, B = int(c.get("TILE", 1024)), int(c.get("BINS", 64))
    # TILE 16 is smaller than the program's lanes; 4096 gives each lane several rounds.
    for tile, n in [(T, 1), (T, 1000), (T, 3 * T + 5), (16, 37), (4096, 4096 * 2 + 3)]:
        keys = rng.integers(-3, B + 3, n, dtype=np.int32)
        keys[::7] = rng.integers(0, 3, len(keys[::7]))  # long runs of a few keys
        vals = rng.standard_normal(n).astype(np.float32)
        known = (keys >= 0) & (keys < B)
        sk, sv = keys.copy(), vals.copy()
        for t in range(0, n, tile):
            seg = slice(t, min(t + tile, n))
            order = np.argsort(np.where(known[seg], keys[seg], B), kind="stable")
            sk[seg], sv[seg] = keys[seg][order], vals[seg][order]
        args = [("keys", keys), ("vals", vals), ("out_keys", f"empty:i32:{n}"), ("out_vals", f"empty:f32:{n}"),
                ("ranks", f"empty:i32:{n}"), ("n", n)]
        checks = {"out_keys": sk, "out_vals": sv, "ranks": ranks_in_tiles(keys, tile, known)}
        yield Case(f"TILE={tile} n={n}", (cdiv(n, tile),), args, checks, rtol=0, atol=0,
                   defines={"TILE": tile, "BINS": B})


def byte_rank_cases(c, rng):
    T = int(c.get("TILE", 2048))
    for n in [1, 1000, 2 * T + 7]:
        x = rng.integers(0, 256, n, dtype=np.uint8)
        x[::5] = 200
        yield Case(f"n={n}", (cdiv(n, T),), [("x", x), ("ranks", f"empty:i32:{n}"), ("n", n)],
                   {"ranks": ranks_in_tiles(x, T, np.ones(n, bool))})


KERNELS = {
    "counting_sort": ([("keys", "*i32"), ("vals", "*f32"), ("out_keys", "*i32"), ("out_vals", "*f32"),
                       ("ranks", "*i32"), ("n", "i32")], counting_sort_cases),
    "byte_rank": ([("x", "*u8"), ("ranks", "*i32"), ("n", "i32")], byte_rank_cases),
}
GPU_ONLY = {}
