# test_index1d's kernel_dim_mismatch: a (32, 32) value stored through (64, 64) pointers.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def k(z, x):
    m = tl.arange(0, 32)
    v = tl.load(x + m)
    p = z + tl.arange(0, 64)[:, None] * 64 + tl.arange(0, 64)[None, :]
    tl.store(p, tl.broadcast_to(v[None, :], (32, 32)))  # <- refused here
