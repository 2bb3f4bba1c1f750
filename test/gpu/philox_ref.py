"""numpy reference of Triton's Philox-4x32 streams (`tl.randint`, `tl.rand`, `tl.randn`),
written from the algorithm (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3")
and Triton's conventions: counter (offset, 0, 0, 0), key (low, high 32 bits of the seed
as a 64-bit integer), uniform floats from the bits as i32 folded onto [0, 2^31) times
Triton's scale 4.6566127342e-10 in float32 (the largest f32 with (2^31 - 1) * scale < 1,
so the range is [0, 1)), normals by Box-Muller (the cosine half) of the first two words."""
import numpy as np

KEY_A, KEY_B = 0x9E3779B9, 0xBB67AE85
ROUND_A, ROUND_B = 0xD2511F53, 0xCD9E8D57
M32 = (1 << 32) - 1


def philox4x32(seed, offsets, n_rounds=10):
    """The four u32 words of every offset (an array of i32 or u32 bit patterns)."""
    seed = int(seed) & ((1 << 64) - 1)  # a negative seed: its 64-bit two's complement
    k0, k1 = seed & M32, seed >> 32
    c0 = np.asarray(offsets).astype(np.uint32).astype(np.uint64)
    c1 = np.zeros_like(c0)
    c2 = np.zeros_like(c0)
    c3 = np.zeros_like(c0)
    for _ in range(n_rounds):
        pa = c0 * np.uint64(ROUND_A)  # exact: both factors < 2^32
        pb = c2 * np.uint64(ROUND_B)
        c0, c1, c2, c3 = ((pb >> np.uint64(32)) ^ c1 ^ np.uint64(k0), pb & np.uint64(M32),
                          (pa >> np.uint64(32)) ^ c3 ^ np.uint64(k1), pa & np.uint64(M32))
        k0, k1 = (k0 + KEY_A) & M32, (k1 + KEY_B) & M32
    return [c.astype(np.uint32) for c in (c0, c1, c2, c3)]


def randint(seed, offsets, n_rounds=10):
    return philox4x32(seed, offsets, n_rounds)[0]


# Triton's `uint_to_uniform_float` scale for 32-bit words, as float32 (0x1.fffffep-32,
# one ulp below 2^-31): computed exactly as Triton does, i32 -> f32 (rounded), times it.
UNIFORM_SCALE_32 = np.float32(4.6566127342e-10)


def uniform(bits):
    i = bits.view(np.int32)
    i = np.where(i < 0, ~i, i)
    return i.astype(np.float32) * UNIFORM_SCALE_32


def rand(seed, offsets, n_rounds=10):
    return uniform(randint(seed, offsets, n_rounds))


def randn(seed, offsets, n_rounds=10):
    w = philox4x32(seed, offsets, n_rounds)
    u1 = np.maximum(np.float32(1e-7), uniform(w[0]))
    th = np.float32(6.283185307179586) * uniform(w[1])
    r = np.sqrt(np.float32(-2.0) * np.log(u1))
    return (r * np.cos(th)).astype(np.float32)
