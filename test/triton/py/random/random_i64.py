# test_random.py with int64 offsets (pid.to(int64) * BLOCK + arange): Philox-4x64.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def randint_i64(x, n, seed, BLOCK: tl.constexpr):
    offset = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK).to(tl.int64)
    rand = tl.randint(seed, offset)
    tl.store(x + offset, rand, mask=offset < n.to(tl.int64))


@triton.jit
def rand_i64(x, n, seed, BLOCK: tl.constexpr):
    offset = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK).to(tl.int64)
    rand = tl.rand(seed, offset)
    tl.store(x + offset, rand, mask=offset < n.to(tl.int64))
