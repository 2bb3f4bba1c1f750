"""Helpers the tutorial drivers share: where the .tile files are, and a GPU timer."""

import os

import torch

HERE = os.path.dirname(os.path.abspath(__file__))


def path(name):
    """The path of a tutorial's .tile file, wherever the driver is run from."""
    return os.path.join(HERE, name)


def bench_ms(fn, warmup=10, rep=50):
    """Median milliseconds of fn() over rep launches, timed with CUDA events."""
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(rep):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end))
    return sorted(times)[len(times) // 2]
