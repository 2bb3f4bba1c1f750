# test_core.py test_expand_dims: expand_dims with a tuple of axes, on a tile and a scalar.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def expand_dims_tuple(z):
    a = tl.arange(0, 32)
    t1 = tl.expand_dims(a, (0, -1))
    t2 = tl.expand_dims(a, (0, 1, 3))
    t3 = tl.expand_dims(a, (-4, 2, -1))
    t4 = tl.expand_dims(a, (3, 1, 2))
    s = tl.expand_dims(tl.sum(a, 0), 0)
    r = tl.reshape(t1, (32, )) + tl.reshape(t2, (32, )) + tl.reshape(t3, (32, )) + tl.reshape(t4, (32, )) + s
    tl.store(z + tl.arange(0, 32), r)
