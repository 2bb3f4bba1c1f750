# test_core.py test_atomic_rmw_predicate, test_tensor_atomic_add_non_exclusive_offset, test_tensor_atomic_rmw_block, test_atomic_cas, test_tensor_atomic_cas, test_constexpr_if_return, masked tile atomics.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def atomic_rmw_predicate(x):
    pid = tl.program_id(axis=0)
    if pid < 64:
        tl.atomic_max(x, pid)


@triton.jit
def atomic_add_non_exclusive_f32(x, val, NUM: tl.constexpr):
    off = tl.arange(0, NUM)
    offset = off[:, None] * NUM + off[None, :]
    tl.atomic_add(x + offset // 2, tl.load(val + offset))


@triton.jit
def atomic_add_non_exclusive_f16(x, val, NUM: tl.constexpr):
    off = tl.arange(0, NUM)
    offset = off[:, None] * NUM + off[None, :]
    tl.atomic_add(x + offset // 2, tl.load(val + offset))


@triton.jit
def atomic_rmw_block(x, SHAPE0: tl.constexpr, SHAPE1: tl.constexpr):
    off0 = tl.arange(0, SHAPE0)
    off1 = tl.arange(0, SHAPE1)
    offs = off0[:, None] * SHAPE1 + off1[None, :]
    val = offs.to(tl.float32)
    x = x + offs
    tl.atomic_min(x, val)


@triton.jit
def change_value(lock):
    tl.atomic_cas(lock, 0, 1)


# SEM: 0 the default, 1 acquire, 2 release, 3 acq_rel, 4 relaxed.
@triton.jit
def serialized_add(data, lock, SEM: tl.constexpr):
    ptrs = data + tl.arange(0, 128)
    if SEM == 0:
        while tl.atomic_cas(lock, 0, 1) == 1:
            pass
    elif SEM == 1:
        while tl.atomic_cas(lock, 0, 1, sem="acquire") == 1:
            pass
    elif SEM == 2:
        while tl.atomic_cas(lock, 0, 1, sem="release") == 1:
            pass
    elif SEM == 3:
        while tl.atomic_cas(lock, 0, 1, sem="acq_rel") == 1:
            pass
    else:
        while tl.atomic_cas(lock, 0, 1, sem="relaxed") == 1:
            pass
    tl.store(ptrs, tl.load(ptrs) + 1.0)
    tl.debug_barrier()
    tl.atomic_xchg(lock, 0)


@triton.jit
def tensor_atomic_cas(x, BLOCK_SIZE: tl.constexpr, SEM: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    t1 = tl.full((BLOCK_SIZE, ), 0, dtype=tl.int64)
    t2 = tl.full((BLOCK_SIZE, ), 2, dtype=tl.int64)
    if SEM == 0:
        tl.atomic_cas(x + offsets, t1, t2)
    elif SEM == 1:
        tl.atomic_cas(x + offsets, t1, t2, sem="acquire")
    elif SEM == 2:
        tl.atomic_cas(x + offsets, t1, t2, sem="release")
    elif SEM == 3:
        tl.atomic_cas(x + offsets, t1, t2, sem="acq_rel")
    else:
        tl.atomic_cas(x + offsets, t1, t2, sem="relaxed")


@triton.jit
def constexpr_if_return(semaphore, out, TOTAL: tl.constexpr):
    if TOTAL == 1:
        tl.store(out, tl.program_id(0))
        return
    prev = tl.atomic_add(semaphore, 1)
    if prev + 1 != TOTAL:
        return
    tl.store(out, tl.program_id(0) + prev)


@triton.jit
def atomic_add_masked(out, idx, val, n, step, XBLOCK: tl.constexpr):
    x_idx = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)
    mask = (x_idx < n) & (x_idx % step != 0)
    o = tl.load(idx + x_idx, mask=mask, other=0)
    tl.atomic_add(out + o, tl.load(val + x_idx, mask=mask, other=0.0), mask=mask, sem="relaxed")
