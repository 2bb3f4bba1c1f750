"""Triton's tutorial 04: dropout with a mask tensor, then seeded dropout that draws its
mask from Philox `rand(seed, offsets)` (04-low-memory-dropout.tile), so the mask is never
stored. Needs an NVIDIA GPU and torch: python3 docs/tutorials/04-low-memory-dropout.py"""

import torch

import tilec
from common import path

dropout_kernel = tilec.compile(path("04-low-memory-dropout.tile"), kernel="dropout")
seeded_kernel = tilec.compile(path("04-low-memory-dropout.tile"), kernel="seeded_dropout")


def grid(n):
    return lambda meta: (tilec.cdiv(n, meta["BLOCK_SIZE"]),)


def dropout(x, x_keep, p):
    output = torch.empty_like(x)
    dropout_kernel[grid(x.numel())](x, x_keep, output, x.numel(), p, BLOCK_SIZE=1024)
    return output


def seeded_dropout(x, p, seed):
    output = torch.empty_like(x)
    seeded_kernel[grid(x.numel())](x, output, x.numel(), p, seed, BLOCK_SIZE=1024)
    return output


torch.manual_seed(0)
p = 0.5
x = torch.randn(size=(10,), device="cuda")
x_keep = (torch.rand(size=(10,), device="cuda") > p).to(torch.int8)
out = dropout(x, x_keep, p)
torch.testing.assert_close(out, torch.where(x_keep != 0, x / (1 - p), torch.zeros_like(x)))
print("input   ", x.tolist())
print("keep    ", x_keep.tolist())
print("dropout ", out.tolist())

x = torch.randn(size=(10,), device="cuda")
a, b, c = seeded_dropout(x, p, seed=123), seeded_dropout(x, p, seed=123), seeded_dropout(x, p, seed=512)
assert torch.equal(a, b) and not torch.equal(a, c)
print("seeded dropout: the same seed gives the same mask, another seed another one")
print("seed 123", a.tolist())
print("seed 512", c.tolist())
