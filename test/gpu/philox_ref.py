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


def philox4x32(seed, offsets, n_rounds=10, c1=None):
    """The four u32 words of every offset (an array of i32 or u32 bit patterns); `c1`, if
    given, is the counter's second word (Triton's `tl.philox(seed, c0, c1, 0, 0)`)."""
    seed = int(seed) & ((1 << 64) - 1)  # a negative seed: its 64-bit two's complement
    k0, k1 = seed & M32, seed >> 32
    c0 = np.asarray(offsets).astype(np.uint32).astype(np.uint64)
    c1 = np.zeros_like(c0) if c1 is None else np.asarray(c1).astype(np.uint32).astype(np.uint64)
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


# ---- Philox-4x64 (random.py's `philox(seed, c0, c1, c2, c3)` when the counter is 64 bits
# wide; `randint` of a 64-bit offset is 4x32, `philox64_offsets` below): u64 words, key (the seed as a 64-bit
# integer, 0), 64-bit multipliers and key increments, the high half of each 128-bit
# product. Computed here on Python integers, one offset at a time (exact, and independent
# of how the compiler builds the 128-bit products from 32-bit halves).
KEY_A64, KEY_B64 = 0x9E3779B97F4A7C15, 0xBB67AE8584CAA73B
ROUND_A64, ROUND_B64 = 0xD2E7470EE14C6C93, 0xCA5A826395121157
M64 = (1 << 64) - 1
# Triton's `uint_to_uniform_float` scale for 64-bit words (0x1.fffffcp-64 as float32).
UNIFORM_SCALE_64 = np.float32(1.0842020432385337e-19)


def _u64_bits(offsets):
    o = np.asarray(offsets)
    return o.astype(np.uint64) if o.dtype.kind == "u" else o.astype(np.int64).view(np.uint64)


def philox4x64(seed, offsets, n_rounds=10):
    """The four u64 words of every offset (an array of i64 or u64 values)."""
    bits = _u64_bits(offsets)
    out = [np.empty(bits.shape, np.uint64) for _ in range(4)]
    for idx, o in np.ndenumerate(bits):
        c0, c1, c2, c3 = int(o), 0, 0, 0
        k0, k1 = int(seed) & M64, 0
        for _ in range(n_rounds):
            pa, pb = ROUND_A64 * c0, ROUND_B64 * c2
            c0, c1, c2, c3 = (pb >> 64) ^ c1 ^ k0, pb & M64, (pa >> 64) ^ c3 ^ k1, pa & M64
            k0, k1 = (k0 + KEY_A64) & M64, (k1 + KEY_B64) & M64
        for w, v in zip(out, (c0, c1, c2, c3)):
            w[idx] = v
    return out


def uniform64(bits):
    i = np.asarray(bits).view(np.int64)
    i = np.where(i < 0, ~i, i)
    return i.astype(np.float32) * UNIFORM_SCALE_64


# numpy's int64 -> float32 must round once (as the GPU's cvt.rn.f32.s64 does), not through
# float64: 2^62 + 2^38 + 1 is just above halfway between two floats.
assert int(np.array([(1 << 62) + (1 << 38) + 1]).astype(np.float32)[0]) == (1 << 62) + (1 << 39)


def philox64_offsets(seed, offsets, n_rounds=10):
    """Triton's `randint4x` of 64-bit offsets: Philox-4x32 on the counter (the offset's low
    word, its high word, 0, 0); four u32 words (what Triton 3.6 gives on an H200)."""
    o = _u64_bits(offsets)
    lo = (o & np.uint64(M32)).astype(np.uint32)
    hi = (o >> np.uint64(32)).astype(np.uint32)
    return philox4x32(seed, lo, n_rounds, c1=hi)


def randint64(seed, offsets, n_rounds=10):
    return philox64_offsets(seed, offsets, n_rounds)[0]


def rand64(seed, offsets, n_rounds=10):
    return uniform(randint64(seed, offsets, n_rounds))


def randn64(seed, offsets, n_rounds=10):
    w = philox64_offsets(seed, offsets, n_rounds)
    u1 = np.maximum(np.float32(1e-7), uniform(w[0]))
    th = np.float32(6.283185307179586) * uniform(w[1])
    r = np.sqrt(np.float32(-2.0) * np.log(u1))
    return (r * np.cos(th)).astype(np.float32)
