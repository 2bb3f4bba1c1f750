# test_block_pointer.py: test_block_copy (padding zero / nan / none, offsets below and above the tensor),
# test_block_ptr_matmul_no_scf (advance with negative offsets), test_block_ptr_rank_3,
# test_block_ptr_dtype_element_ty.
import tilec.triton as triton
import tilec.triton.language as tl


# BOUND: 0 in range, 1 lower (offset -N), 2 upper (offset N); PAD: 0 none, 1 zero, 2 nan.
@triton.jit
def block_copy_f32(a, b, n, BLOCK_SIZE: tl.constexpr, PAD: tl.constexpr, BOUND: tl.constexpr):
    pid = tl.program_id(0)
    if BOUND == 1:
        offset = -n
    elif BOUND == 2:
        offset = n
    else:
        offset = pid * BLOCK_SIZE
    a_block_ptr = tl.make_block_ptr(base=a, shape=(n // 2, ), strides=(1, ), offsets=(offset, ),
                                    block_shape=(BLOCK_SIZE, ), order=(0, ))
    b_block_ptr = tl.make_block_ptr(base=b, shape=(n, ), strides=(1, ), offsets=(offset, ), block_shape=(BLOCK_SIZE, ),
                                    order=(0, ))
    if PAD == 1:
        a_block = tl.load(a_block_ptr, boundary_check=(0, ), padding_option="zero")
    elif PAD == 2:
        a_block = tl.load(a_block_ptr, boundary_check=(0, ), padding_option="nan")
    else:
        a_block = tl.load(a_block_ptr, boundary_check=(0, ))
    tl.store(b_block_ptr, a_block, boundary_check=(0, ))


# BOUND: 0 in range, 1 lower (offset -N), 2 upper (offset N); PAD: 0 none, 1 zero, 2 nan.
@triton.jit
def block_copy_f16(a, b, n, BLOCK_SIZE: tl.constexpr, PAD: tl.constexpr, BOUND: tl.constexpr):
    pid = tl.program_id(0)
    if BOUND == 1:
        offset = -n
    elif BOUND == 2:
        offset = n
    else:
        offset = pid * BLOCK_SIZE
    a_block_ptr = tl.make_block_ptr(base=a, shape=(n // 2, ), strides=(1, ), offsets=(offset, ),
                                    block_shape=(BLOCK_SIZE, ), order=(0, ))
    b_block_ptr = tl.make_block_ptr(base=b, shape=(n, ), strides=(1, ), offsets=(offset, ), block_shape=(BLOCK_SIZE, ),
                                    order=(0, ))
    if PAD == 1:
        a_block = tl.load(a_block_ptr, boundary_check=(0, ), padding_option="zero")
    elif PAD == 2:
        a_block = tl.load(a_block_ptr, boundary_check=(0, ), padding_option="nan")
    else:
        a_block = tl.load(a_block_ptr, boundary_check=(0, ))
    tl.store(b_block_ptr, a_block, boundary_check=(0, ))


# BOUND: 0 in range, 1 lower (offset -N), 2 upper (offset N); PAD: 0 none, 1 zero, 2 nan.
@triton.jit
def block_copy_bf16(a, b, n, BLOCK_SIZE: tl.constexpr, PAD: tl.constexpr, BOUND: tl.constexpr):
    pid = tl.program_id(0)
    if BOUND == 1:
        offset = -n
    elif BOUND == 2:
        offset = n
    else:
        offset = pid * BLOCK_SIZE
    a_block_ptr = tl.make_block_ptr(base=a, shape=(n // 2, ), strides=(1, ), offsets=(offset, ),
                                    block_shape=(BLOCK_SIZE, ), order=(0, ))
    b_block_ptr = tl.make_block_ptr(base=b, shape=(n, ), strides=(1, ), offsets=(offset, ), block_shape=(BLOCK_SIZE, ),
                                    order=(0, ))
    if PAD == 1:
        a_block = tl.load(a_block_ptr, boundary_check=(0, ), padding_option="zero")
    elif PAD == 2:
        a_block = tl.load(a_block_ptr, boundary_check=(0, ), padding_option="nan")
    else:
        a_block = tl.load(a_block_ptr, boundary_check=(0, ))
    tl.store(b_block_ptr, a_block, boundary_check=(0, ))


# BOUND: 0 in range, 1 lower (offset -N), 2 upper (offset N); PAD: 0 none, 1 zero, 2 nan.
@triton.jit
def block_copy_i32(a, b, n, BLOCK_SIZE: tl.constexpr, PAD: tl.constexpr, BOUND: tl.constexpr):
    pid = tl.program_id(0)
    if BOUND == 1:
        offset = -n
    elif BOUND == 2:
        offset = n
    else:
        offset = pid * BLOCK_SIZE
    a_block_ptr = tl.make_block_ptr(base=a, shape=(n // 2, ), strides=(1, ), offsets=(offset, ),
                                    block_shape=(BLOCK_SIZE, ), order=(0, ))
    b_block_ptr = tl.make_block_ptr(base=b, shape=(n, ), strides=(1, ), offsets=(offset, ), block_shape=(BLOCK_SIZE, ),
                                    order=(0, ))
    if PAD == 1:
        a_block = tl.load(a_block_ptr, boundary_check=(0, ), padding_option="zero")
    else:
        a_block = tl.load(a_block_ptr, boundary_check=(0, ))
    tl.store(b_block_ptr, a_block, boundary_check=(0, ))


# BOUND: 0 in range, 1 lower (offset -N), 2 upper (offset N); PAD: 0 none, 1 zero, 2 nan.
@triton.jit
def block_copy_i16(a, b, n, BLOCK_SIZE: tl.constexpr, PAD: tl.constexpr, BOUND: tl.constexpr):
    pid = tl.program_id(0)
    if BOUND == 1:
        offset = -n
    elif BOUND == 2:
        offset = n
    else:
        offset = pid * BLOCK_SIZE
    a_block_ptr = tl.make_block_ptr(base=a, shape=(n // 2, ), strides=(1, ), offsets=(offset, ),
                                    block_shape=(BLOCK_SIZE, ), order=(0, ))
    b_block_ptr = tl.make_block_ptr(base=b, shape=(n, ), strides=(1, ), offsets=(offset, ), block_shape=(BLOCK_SIZE, ),
                                    order=(0, ))
    if PAD == 1:
        a_block = tl.load(a_block_ptr, boundary_check=(0, ), padding_option="zero")
    else:
        a_block = tl.load(a_block_ptr, boundary_check=(0, ))
    tl.store(b_block_ptr, a_block, boundary_check=(0, ))


# BOUND: 0 in range, 1 lower (offset -N), 2 upper (offset N); PAD: 0 none, 1 zero, 2 nan.
@triton.jit
def block_copy_i1(a, b, n, BLOCK_SIZE: tl.constexpr, PAD: tl.constexpr, BOUND: tl.constexpr):
    pid = tl.program_id(0)
    if BOUND == 1:
        offset = -n
    elif BOUND == 2:
        offset = n
    else:
        offset = pid * BLOCK_SIZE
    a_block_ptr = tl.make_block_ptr(base=a, shape=(n // 2, ), strides=(1, ), offsets=(offset, ),
                                    block_shape=(BLOCK_SIZE, ), order=(0, ))
    b_block_ptr = tl.make_block_ptr(base=b, shape=(n, ), strides=(1, ), offsets=(offset, ), block_shape=(BLOCK_SIZE, ),
                                    order=(0, ))
    if PAD == 1:
        a_block = tl.load(a_block_ptr, boundary_check=(0, ), padding_option="zero")
    else:
        a_block = tl.load(a_block_ptr, boundary_check=(0, ))
    tl.store(b_block_ptr, a_block, boundary_check=(0, ))


@triton.jit
def matmul_no_scf_with_advance(a, b, c, M, N, K, sam, sak, sbk, sbn, scm, scn, BM: tl.constexpr, BN: tl.constexpr,
                               BK: tl.constexpr):
    offs_m = tl.arange(0, BM)
    offs_n = tl.arange(0, BN)
    a_block_ptr = tl.make_block_ptr(base=a, shape=(M, K), strides=(sam, sak), offsets=(0, 0), block_shape=(BM, BK),
                                    order=(1, 0))
    b_block_ptr = tl.make_block_ptr(base=b, shape=(K, N), strides=(sbk, sbn), offsets=(0, 0), block_shape=(BK, BN),
                                    order=(1, 0))
    a_block_ptr = tl.advance(a_block_ptr, (BM, -BK))
    a_block_ptr = tl.advance(a_block_ptr, (-BM, BK))
    x = tl.load(a_block_ptr, boundary_check=(1, ), padding_option="zero")
    y = tl.load(b_block_ptr, boundary_check=(0, ), padding_option="zero")
    z = tl.dot(x, y)
    c_ptrs = c + offs_m[:, None] * scm + offs_n[None, :] * scn
    tl.store(c_ptrs, z)


@triton.jit
def block_copy_3d(src, dst, dim0, dim1, dim2, stride0, stride1, stride2, BLOCK0: tl.constexpr, BLOCK1: tl.constexpr,
                  BLOCK2: tl.constexpr):
    src_block = tl.make_block_ptr(base=src, shape=(dim0, dim1, dim2), strides=(stride0, stride1, stride2),
                                  offsets=(dim0 - 1, 0, dim2 - 2), block_shape=(BLOCK0, BLOCK1, BLOCK2),
                                  order=(2, 1, 0))
    dst_block = tl.make_block_ptr(base=dst, shape=(dim0, dim1, dim2), strides=(stride0, stride1, stride2),
                                  offsets=(dim0 - 1, 0, dim2 - 2), block_shape=(BLOCK0, BLOCK1, BLOCK2),
                                  order=(2, 1, 0))
    x = tl.load(src_block, boundary_check=(0, 2), padding_option="zero")
    tl.store(dst_block, x, boundary_check=(0, 2))


@triton.jit
def block_ptr_dtype(src, dst, n, BLOCK_SIZE: tl.constexpr):
    src_block_ptr = tl.make_block_ptr(base=src, shape=(n, ), strides=(1, ), offsets=(0, ), block_shape=(BLOCK_SIZE, ),
                                      order=(0, ))
    x = tl.load(src_block_ptr, boundary_check=(0, ), padding_option="zero")
    tl.store(dst + tl.arange(0, BLOCK_SIZE), x.to(dst.dtype.element_ty))
