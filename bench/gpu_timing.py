"""What the Python benchmark scripts share (GPU machine only: needs cupy, and triton for
`triton_transpose`): the timing method and Triton's tiled transpose, the baseline of the
2-D layout work.

bench(fn) is the method `tilerun --bench` and triton.testing.do_bench use: the median of
event-timed launches, each after a 256 MB clear that evicts the L2.
"""
import numpy as np
import cupy as cp

_flush = cp.empty(256 * 1024 * 1024 // 4, dtype=cp.int32)


def bench(fn, warm=10, reps=100):
    """Median microseconds of `reps` launches of `fn`, each after an L2 flush."""
    for _ in range(warm):
        fn()
    starts = [cp.cuda.Event() for _ in range(reps)]
    ends = [cp.cuda.Event() for _ in range(reps)]
    for s, e in zip(starts, ends):
        _flush.fill(0)
        s.record(); fn(); e.record()
    ends[-1].synchronize()
    return float(np.median([cp.cuda.get_elapsed_time(s, e) for s, e in zip(starts, ends)])) * 1e3


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
