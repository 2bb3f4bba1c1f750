"""Triton's tutorial 05: layer normalisation, forward and backward (05-layer-norm.tile).
The backward pass accumulates partial dw / db in GROUP_SIZE_M buffers under spin locks,
then a second kernel sums them. Needs an NVIDIA GPU and torch:
python3 docs/tutorials/05-layer-norm.py"""

import torch

import tilec
from common import path

fwd = tilec.compile(path("05-layer-norm.tile"), kernel="layer_norm_fwd_fused", num_warps=8)
bwd_dx = tilec.compile(path("05-layer-norm.tile"), kernel="layer_norm_bwd_dx_fused", num_warps=8)
bwd_dwdb = tilec.compile(path("05-layer-norm.tile"), kernel="layer_norm_bwd_dwdb")


def next_pow2(n):
    return 1 << (n - 1).bit_length()


def layer_norm_forward(x, w, b, eps):
    M, N = x.shape
    y = torch.empty_like(x)
    mean = torch.empty(M, device=x.device, dtype=torch.float32)
    rstd = torch.empty(M, device=x.device, dtype=torch.float32)
    block = min(65536 // x.element_size(), next_pow2(N))
    fwd[(M,)](x, y, w, b, mean, rstd, x.stride(0), N, eps, BLOCK_SIZE=block)
    return y, mean, rstd


def layer_norm_backward(dy, x, w, mean, rstd):
    M, N = x.shape
    group = 64 if N > 8192 else 96 if N > 4096 else 128 if N > 1024 else 256
    locks = torch.zeros(2 * group, dtype=torch.int32, device=x.device)  # the lock, then a "first" flag
    partial_dw = torch.zeros((group, N), dtype=torch.float32, device=x.device)
    partial_db = torch.zeros((group, N), dtype=torch.float32, device=x.device)
    dx = torch.empty_like(dy)
    bwd_dx[(M,)](dx, dy, partial_dw, partial_db, x, w, mean, rstd, locks, x.stride(0), N,
                 GROUP_SIZE_M=group, BLOCK_SIZE_N=next_pow2(N))
    dw = torch.empty(N, dtype=torch.float32, device=x.device)
    db = torch.empty(N, dtype=torch.float32, device=x.device)
    bwd_dwdb[lambda meta: (tilec.cdiv(N, meta["BLOCK_SIZE_N"]),)](partial_dw, partial_db, dw, db, group, N,
                                                                 BLOCK_SIZE_M=32, BLOCK_SIZE_N=128)
    return dx, dw, db


torch.manual_seed(0)
M, N, eps = 1151, 8192, 1e-5
x = (-2.3 + 0.5 * torch.randn(M, N, device="cuda")).requires_grad_(True)
w = torch.rand(N, device="cuda", requires_grad=True)
b = torch.rand(N, device="cuda", requires_grad=True)
dy = 0.1 * torch.randn(M, N, device="cuda")

y_ref = torch.nn.functional.layer_norm(x, (N,), w, b, eps)
y_ref.backward(dy)
y, mean, rstd = layer_norm_forward(x.detach(), w.detach(), b.detach(), eps)
dx, dw, db = layer_norm_backward(dy, x.detach(), w.detach(), mean, rstd)
torch.testing.assert_close(y, y_ref.detach(), atol=1e-2, rtol=0)
torch.testing.assert_close(dx, x.grad, atol=1e-2, rtol=0)
torch.testing.assert_close(dw, w.grad, atol=1e-2, rtol=0)
torch.testing.assert_close(db, b.grad, atol=1e-2, rtol=0)
print(f"layer norm of {M}x{N}: forward and backward match torch")
