# test_core.py test_broadcast: tl.broadcast(x, y) gives both operands broadcast.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def broadcast_kernel(x, y, yb, M: tl.constexpr, N: tl.constexpr):
    offset1 = tl.arange(0, M)
    offset2 = tl.arange(0, N)
    xv = tl.load(x + N * offset1[:, None] + offset2[None, :])
    yv = tl.load(y + offset2)
    _, y_broadcasted = tl.broadcast(xv, yv)
    tl.store(yb + N * offset1[:, None] + offset2[None, :], y_broadcasted)
