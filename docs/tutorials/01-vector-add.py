"""Triton's tutorial 01: vector addition (01-vector-add.tile), launched from Python on
torch tensors. Needs an NVIDIA GPU and torch: python3 docs/tutorials/01-vector-add.py"""

import torch

import tilec
from common import bench_ms, path

add_kernel = tilec.compile(path("01-vector-add.tile"))


def add(x, y):
    output = torch.empty_like(x)
    n_elements = output.numel()
    # The grid may depend on the launch's arguments and constants, as in Triton.
    grid = lambda meta: (tilec.cdiv(n_elements, meta["BLOCK_SIZE"]),)  # noqa: E731
    add_kernel[grid](x, y, output, n_elements, BLOCK_SIZE=1024)
    return output


torch.manual_seed(0)
size = 98432
x, y = torch.rand(size, device="cuda"), torch.rand(size, device="cuda")
assert torch.equal(add(x, y), x + y)
print(f"vector add of {size} elements matches torch")

for size in [2**20, 2**24, 2**28]:
    x, y = torch.rand(size, device="cuda"), torch.rand(size, device="cuda")
    ms = bench_ms(lambda: add(x, y))
    ms_torch = bench_ms(lambda: x + y)
    gbps = lambda ms: 3 * x.numel() * x.element_size() / ms * 1e-6  # noqa: E731
    print(f"size {size:>10}: tilec {gbps(ms):7.1f} GB/s, torch {gbps(ms_torch):7.1f} GB/s")
