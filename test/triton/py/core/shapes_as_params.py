# test_core.py test_shapes_as_params: shapes as separate arguments, tensor methods.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def shapes_as_params(z):
    a = tl.arange(0, 32).expand_dims(-1).broadcast_to(32, 32)
    b = tl.arange(0, 32).reshape(4, 8).permute(1, 0)
    c = tl.arange(0, 64).reshape(2, 4, 8).trans(2, 1, 0)
    d = tl.arange(0, 64).view(2, 4, 8)
    e = tl.zeros(8, 4, dtype=tl.int32)
    tl.store(z + tl.arange(0, 32)[:, None] * 32 + tl.arange(0, 32)[None, :], a)
    tl.store(z + 1024 + tl.arange(0, 8)[:, None] * 4 + tl.arange(0, 4)[None, :], b + e)
    tl.store(z + 1056 + tl.arange(0, 64), c.reshape(64))
    tl.store(z + 1120 + tl.arange(0, 64), d.reshape(64))
