"""Triton kernels that move blocks through tensor descriptors, in Triton's syntax (the
corpus of python/tests/test_triton_desc.py): made in the kernel (`tl.make_tensor_descriptor`)
and made on the host (`TensorDescriptor`), as Triton 3.6's tutorials use them."""

import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def scale_rows(x_ptr, y_ptr, M, N, s, BM: tl.constexpr, BN: tl.constexpr):
    # A descriptor made in the kernel; blocks past the edges read zeros and store nothing.
    x_desc = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    y_desc = tl.make_tensor_descriptor(y_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    off_m = tl.program_id(0) * BM
    off_n = tl.program_id(1) * BN
    x = x_desc.load([off_m, off_n])
    y_desc.store([off_m, off_n], x * s)


@triton.jit
def matmul_desc(a_desc, b_desc, c_desc, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                BLOCK_K: tl.constexpr):
    # Descriptors made on the host; B is given as N x K (K-major) and transposed after the load.
    off_m = tl.program_id(0) * BLOCK_M
    off_n = tl.program_id(1) * BLOCK_N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = a_desc.load([off_m, k])
        b = b_desc.load([off_n, k]).T
        acc = tl.dot(a, b, acc)
    c_desc.store([off_m, off_n], acc.to(tl.float16))


@triton.jit
def _load_twice(desc, off, BLOCK: tl.constexpr):
    # A helper taking a descriptor.
    return desc.load([off]) + desc.load([off + BLOCK])


@triton.jit
def pair_sum(x_desc, out_ptr, n, BLOCK: tl.constexpr):
    off = tl.program_id(0) * 2 * BLOCK
    v = _load_twice(x_desc, off, BLOCK)
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, v, mask=offs < n)
