# test_random.py: test_randint, test_rand, test_randn (a seed argument or a constexpr seed), randint4x / n_rounds.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def randint_(x, n, seed, BLOCK: tl.constexpr):
    offset = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    rand = tl.randint(seed, offset)
    tl.store(x + offset, rand, mask=offset < n)


@triton.jit
def randint_const(x, n, SEED: tl.constexpr, BLOCK: tl.constexpr):
    offset = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    rand = tl.randint(SEED, offset)
    tl.store(x + offset, rand, mask=offset < n)


@triton.jit
def rand_(x, n, seed, BLOCK: tl.constexpr):
    offset = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    rand = tl.rand(seed, offset)
    tl.store(x + offset, rand, mask=offset < n)


@triton.jit
def rand_const(x, n, SEED: tl.constexpr, BLOCK: tl.constexpr):
    offset = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    rand = tl.rand(SEED, offset)
    tl.store(x + offset, rand, mask=offset < n)


@triton.jit
def randn_(x, n, seed, BLOCK: tl.constexpr):
    offset = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    rand = tl.randn(seed, offset)
    tl.store(x + offset, rand, mask=offset < n)


@triton.jit
def randn_const(x, n, SEED: tl.constexpr, BLOCK: tl.constexpr):
    offset = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    rand = tl.randn(SEED, offset)
    tl.store(x + offset, rand, mask=offset < n)


@triton.jit
def randint4x_(w0, w1, w2, w3, r7, n, seed, BLOCK: tl.constexpr):
    offset = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offset < n
    a, b, c, d = tl.randint4x(seed, offset)
    tl.store(w0 + offset, a, mask=m)
    tl.store(w1 + offset, b, mask=m)
    tl.store(w2 + offset, c, mask=m)
    tl.store(w3 + offset, d, mask=m)
    tl.store(r7 + offset, tl.randint(seed, offset, n_rounds=7), mask=m)
