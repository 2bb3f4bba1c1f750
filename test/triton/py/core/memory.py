# test_core.py test_masked_load_scalar, test_masked_load_shared_memory, test_load_cache_modifier, test_store_cache_modifier, test_store_eviction_policy, test_vectorization(_hints), test_store_constant, test_load_scalar_with_mask, test_load_store_same_ptr, test_arange, test_empty_kernel.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def masked_load_scalar(in_ptr, out_ptr, SIZE: tl.constexpr, MASK: tl.constexpr, OTHER: tl.constexpr):
    offsets = tl.arange(0, SIZE)
    x = tl.load(in_ptr + offsets, mask=MASK == 1, other=OTHER)
    tl.store(out_ptr + offsets, x)


@triton.jit
def masked_load_dot_f16(in1, in2, out, in_stride, in2_stride, out_stride, M: tl.constexpr, N: tl.constexpr,
                        K: tl.constexpr):
    M_offsets = tl.arange(0, M)
    N_offsets = tl.arange(0, N)
    K_offsets = tl.arange(0, K)
    in_offsets = M_offsets[:, None] * in_stride + K_offsets[None, :]
    in2_offsets = K_offsets[:, None] * in2_stride + N_offsets[None, :]
    x = tl.load(in1 + in_offsets, mask=in_offsets < M * K)
    w = tl.load(in2 + in2_offsets, mask=in2_offsets < K * N)
    o = tl.dot(x, w, out_dtype=tl.float32)
    output_offsets = M_offsets[:, None] * out_stride + N_offsets[None, :]
    tl.store(out + output_offsets, o, mask=output_offsets < M * N)


@triton.jit
def masked_load_dot_f32(in1, in2, out, in_stride, in2_stride, out_stride, M: tl.constexpr, N: tl.constexpr,
                        K: tl.constexpr):
    M_offsets = tl.arange(0, M)
    N_offsets = tl.arange(0, N)
    K_offsets = tl.arange(0, K)
    in_offsets = M_offsets[:, None] * in_stride + K_offsets[None, :]
    in2_offsets = K_offsets[:, None] * in2_stride + N_offsets[None, :]
    x = tl.load(in1 + in_offsets, mask=in_offsets < M * K)
    w = tl.load(in2 + in2_offsets, mask=in2_offsets < K * N)
    o = tl.dot(x, w, out_dtype=tl.float32)
    output_offsets = M_offsets[:, None] * out_stride + N_offsets[None, :]
    tl.store(out + output_offsets, o, mask=output_offsets < M * N)


@triton.jit
def masked_load_dot_bf16(in1, in2, out, in_stride, in2_stride, out_stride, M: tl.constexpr, N: tl.constexpr,
                         K: tl.constexpr):
    M_offsets = tl.arange(0, M)
    N_offsets = tl.arange(0, N)
    K_offsets = tl.arange(0, K)
    in_offsets = M_offsets[:, None] * in_stride + K_offsets[None, :]
    in2_offsets = K_offsets[:, None] * in2_stride + N_offsets[None, :]
    x = tl.load(in1 + in_offsets, mask=in_offsets < M * K)
    w = tl.load(in2 + in2_offsets, mask=in2_offsets < K * N)
    o = tl.dot(x, w, out_dtype=tl.float32)
    output_offsets = M_offsets[:, None] * out_stride + N_offsets[None, :]
    tl.store(out + output_offsets, o, mask=output_offsets < M * N)


# CACHE: 0 "", 1 ".ca", 2 ".cg", 3 ".cv".
@triton.jit
def load_cache_modifier(dst, src, CACHE: tl.constexpr):
    offsets = tl.arange(0, 128)
    if CACHE == 1:
        x = tl.load(src + offsets, cache_modifier=".ca")
    elif CACHE == 2:
        x = tl.load(src + offsets, cache_modifier=".cg")
    elif CACHE == 3:
        x = tl.load(src + offsets, cache_modifier=".cv")
    else:
        x = tl.load(src + offsets, cache_modifier="")
    tl.store(dst + offsets, x)


# CACHE: 0 "", 1 ".wb", 2 ".cg", 3 ".cs", 4 ".wt".
@triton.jit
def store_cache_modifier(dst, src, CACHE: tl.constexpr):
    offsets = tl.arange(0, 128)
    x = tl.load(src + offsets)
    if CACHE == 0:
        tl.store(dst + offsets, x, cache_modifier="")
    elif CACHE == 1:
        tl.store(dst + offsets, x, cache_modifier=".wb")
    elif CACHE == 2:
        tl.store(dst + offsets, x, cache_modifier=".cg")
    elif CACHE == 3:
        tl.store(dst + offsets, x, cache_modifier=".cs")
    else:
        tl.store(dst + offsets, x, cache_modifier=".wt")


# POLICY: 0 "", 1 "evict_last", 2 "evict_first".
@triton.jit
def store_eviction_policy(dst, src, POLICY: tl.constexpr):
    offsets = tl.arange(0, 128)
    x = tl.load(src + offsets)
    if POLICY == 0:
        tl.store(dst + offsets, x, eviction_policy="")
    elif POLICY == 1:
        tl.store(dst + offsets, x, eviction_policy="evict_last")
    else:
        tl.store(dst + offsets, x, eviction_policy="evict_first")


@triton.jit
def vectorization(dst, src, n, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    x = tl.load(src + offsets, mask=offsets < n)
    tl.store(dst + offsets, x, mask=offsets < n)


@triton.jit
def vectorization_hints(dst, src, off, n, BLOCK_SIZE: tl.constexpr, HINT: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    offsets += tl.load(off)
    if HINT == 1:
        offsets = tl.max_contiguous(tl.multiple_of(offsets, 1024), 1024)
    x = tl.load(src + offsets, mask=offsets < n)
    tl.store(dst + offsets, x, mask=offsets < n)


# MODE 0: a constant tile stored into every type; MODE 1: a bool tile under a constant false mask.
@triton.jit
def store_constant(o_i1, o_i8, o_i16, o_i32, o_i64, o_u8, o_f16, o_f32, o_f64, o_bf16, n, BLOCK_SIZE: tl.constexpr,
                   MODE: tl.constexpr):
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    if MODE == 0:
        value = 1
        output = tl.full([BLOCK_SIZE], value=value, dtype=tl.int32)
        mask = offsets < n
    else:
        output = offsets < n
        mask = False
    tl.store(o_i1 + offsets, output, mask=mask)
    tl.store(o_i8 + offsets, output, mask=mask)
    tl.store(o_i16 + offsets, output, mask=mask)
    tl.store(o_i32 + offsets, output, mask=mask)
    tl.store(o_i64 + offsets, output, mask=mask)
    tl.store(o_u8 + offsets, output, mask=mask)
    tl.store(o_f16 + offsets, output, mask=mask)
    tl.store(o_f32 + offsets, output, mask=mask)
    tl.store(o_f64 + offsets, output, mask=mask)
    tl.store(o_bf16 + offsets, output, mask=mask)


@triton.jit
def load_scalar_with_mask(inp, index, out, n):
    i = tl.load(index)
    scalar = tl.load(inp + i, mask=i < n, other=0)
    tl.store(out, scalar, mask=i < n)


@triton.jit
def load_store_same_ptr(in_out):
    pid = tl.program_id(axis=0)
    x = tl.load(in_out + pid)
    out = x * 2
    tl.store(in_out + pid, out)


@triton.jit
def arange_(z, BLOCK: tl.constexpr, START: tl.constexpr):
    off = tl.arange(0, BLOCK)
    val = tl.arange(START, START + BLOCK)
    tl.store(z + off, val)


@triton.jit
def empty_kernel(x, SIZE: tl.constexpr):
    pass
