"""What the Python benchmark scripts share (GPU machine only: needs cupy, and triton for
`triton_transpose`): the timing method and Triton's tiled transpose, the baseline of the
2-D layout work.

bench(fn) is the method `tilerun --bench` and triton.testing.do_bench use: the median of
event-timed launches, each after a 256 MB clear that evicts the L2, over the same time
budget (25 ms of warm-up, 100 ms of timed launches, from a 5-launch estimate). The budget
matters for the tensor-core kernels: their clocks drop under sustained load (a fixed 100
launches of a 190 µs matmul took a third of tilerun's time, and measured it faster).
"""
import numpy as np
import cupy as cp

_flush = cp.empty(256 * 1024 * 1024 // 4, dtype=cp.int32)


def bench(fn, warmup_ms=25.0, rep_ms=100.0):
    """Median microseconds of `fn`'s launches, each after an L2 flush, as do_bench."""
    s, e = cp.cuda.Event(), cp.cuda.Event()
    s.record()
    for _ in range(5):
        _flush.fill(0)
        fn()
    e.record()
    e.synchronize()
    est = max(cp.cuda.get_elapsed_time(s, e) / 5, 1e-4)
    warm = min(max(int(warmup_ms / est), 1), 100_000)
    reps = min(max(int(rep_ms / est), 1), 100_000)
    for _ in range(warm):
        fn()
    starts = [cp.cuda.Event() for _ in range(reps)]
    ends = [cp.cuda.Event() for _ in range(reps)]
    for s, e in zip(starts, ends):
        _flush.fill(0)
        s.record(); fn(); e.record()
    ends[-1].synchronize()
    return float(np.median([cp.cuda.get_elapsed_time(s, e) for s, e in zip(starts, ends)])) * 1e3


def rounds(impls, base, nbytes, n=None):
    """Interleaved rounds: each round times every impl (name -> launch) once with
    `bench`, so clock and thermal drift hit all alike; prints a JSON line an impl with
    the median of the rounds and its speed relative to impl `base` (above 1: faster).
    `n` rounds, else $ROUNDS, else 5."""
    import json, os
    n = n or int(os.environ.get("ROUNDS", "5"))
    res = {}
    for _ in range(n):
        for name, f in impls.items():
            res.setdefault(name, []).append(bench(f))
    ref = float(np.median(res[base]))
    for name, ts in res.items():
        us = float(np.median(ts))
        print(json.dumps({"impl": name, "us": round(us, 2), "GB/s": round(nbytes / us / 1e3, 1),
                          f"vs_{base}": round(ref / us, 4), "rounds_us": [round(t, 2) for t in ts]}), flush=True)


def warm_clocks():
    """An idle H100 starts at 345 MHz: run the memory system first so the first timing does
    not pay the ramp."""
    for _ in range(400):
        _flush.fill(1)
    cp.cuda.Device().synchronize()


def triton_transpose():
    """Triton's tiled transpose, the same source as examples/transpose.tile."""
    import triton
    import triton.language as tl

    @triton.jit
    def transpose_tiled(inp, o, rows, cols, s_ir, s_ic, s_or, s_oc, RB: tl.constexpr, CB: tl.constexpr):
        ro = tl.program_id(0) * RB + tl.arange(0, RB)
        co = tl.program_id(1) * CB + tl.arange(0, CB)
        m = (ro[:, None] < rows) & (co[None, :] < cols)
        v = tl.load(inp + ro[:, None] * s_ir + co[None, :] * s_ic, mask=m, other=0.0)
        tl.store(o + co[:, None] * s_or + ro[None, :] * s_oc, tl.trans(v), mask=tl.trans(m))

    return transpose_tiled
