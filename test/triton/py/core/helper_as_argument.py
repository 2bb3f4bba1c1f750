# A @jit function passed to a helper as an argument.
import tilec.triton as triton
import tilec.triton.language as tl


@triton.jit
def add_one(x):
    return x + 1


@triton.jit
def apply_twice(f, x):
    return f(f(x))


@triton.jit
def helper_as_argument(x, z):
    o = tl.arange(0, 128)
    tl.store(z + o, apply_twice(add_one, tl.load(x + o)))
