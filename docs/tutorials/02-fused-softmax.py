"""Triton's tutorial 02: a fused row softmax (02-fused-softmax.tile), each program looping
over rows. Needs an NVIDIA GPU and torch: python3 docs/tutorials/02-fused-softmax.py"""

import torch

import tilec
from common import bench_ms, path

# num_warps is a compile option here (Triton's launch keyword): 8 warps for long rows.
softmax_kernel = tilec.compile(path("02-fused-softmax.tile"), num_warps=8)
NUM_SM = torch.cuda.get_device_properties(0).multi_processor_count


def softmax(x):
    n_rows, n_cols = x.shape
    block_size = 1 << (n_cols - 1).bit_length()  # the next power of two: one row a tile
    y = torch.empty_like(x)
    num_programs = min(n_rows, 4 * NUM_SM)
    softmax_kernel[(num_programs,)](y, x, x.stride(0), y.stride(0), n_rows, n_cols, BLOCK_SIZE=block_size)
    return y


torch.manual_seed(0)
x = torch.randn(1823, 781, device="cuda")
torch.testing.assert_close(softmax(x), torch.softmax(x, dim=1))
print("softmax of 1823x781 matches torch")

for n_cols in [256, 1024, 4096]:
    x = torch.randn(4096, n_cols, device="cuda")
    gbps = lambda ms: 2 * x.numel() * x.element_size() / ms * 1e-6  # noqa: E731
    ms, ms_torch = bench_ms(lambda: softmax(x)), bench_ms(lambda: torch.softmax(x, dim=1))
    print(f"4096x{n_cols}: tilec {gbps(ms):7.1f} GB/s, torch {gbps(ms_torch):7.1f} GB/s")
