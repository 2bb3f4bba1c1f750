"""``triton.testing``: timing a launch the way Triton's benchmarks do, for tilec kernels (and
anything else launched on the current CUDA stream)."""

import statistics


def do_bench(fn, warmup=25, rep=100, grad_to_none=None, quantiles=None, return_mode="mean"):
    """Milliseconds `fn()` takes on the GPU, as ``triton.testing.do_bench`` measures it: CUDA
    events around each call, the L2 cache cleared before each (a 256 MB write), about
    `warmup` ms of calls first and `rep` ms timed. Returns the `return_mode` statistic
    ("mean", "median", "min", "max" or "all"), or the `quantiles` of the times when given."""
    if return_mode not in ("mean", "median", "min", "max", "all"):
        raise ValueError(f"return_mode is 'mean', 'median', 'min', 'max' or 'all', not {return_mode!r}")
    import torch
    fn()
    torch.cuda.synchronize()
    flush = torch.empty(256 * 1024 * 1024 // 4, dtype=torch.int32, device="cuda")
    # A first estimate of one call's time decides how many calls fill the windows.
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(5):
        flush.zero_()
        fn()
    end.record()
    torch.cuda.synchronize()
    estimate = start.elapsed_time(end) / 5
    n_warmup = max(1, int(warmup / max(estimate, 1e-3)))
    n_rep = max(1, int(rep / max(estimate, 1e-3)))
    for _ in range(n_warmup):
        fn()
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(n_rep)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(n_rep)]
    for s, e in zip(starts, ends):
        if grad_to_none is not None:
            for x in grad_to_none:
                x.grad = None
        flush.zero_()
        s.record()
        fn()
        e.record()
    torch.cuda.synchronize()
    times = sorted(s.elapsed_time(e) for s, e in zip(starts, ends))
    if quantiles is not None:
        out = [_quantile(times, q) for q in quantiles]
        return out[0] if len(out) == 1 else out
    if return_mode == "all":
        return times
    return {"mean": statistics.fmean, "median": statistics.median, "min": min, "max": max}[return_mode](times)


def _quantile(sorted_times, q):
    """The `q` quantile of sorted times, interpolated linearly (as torch.quantile)."""
    if not 0 <= q <= 1:
        raise ValueError(f"a quantile is between 0 and 1, not {q}")
    x = q * (len(sorted_times) - 1)
    i = int(x)
    j = min(i + 1, len(sorted_times) - 1)
    return sorted_times[i] + (sorted_times[j] - sorted_times[i]) * (x - i)
