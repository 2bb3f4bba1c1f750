"""Triton's language semantics in numpy: the references of the ported tests (test/triton).

Written from Triton's rules (python/triton/language/semantic.py and the tests' own
references), not copied: the dtype tables, the promotion of binary operands
(`computation_type_impl` / `integer_promote_impl`), C integer semantics (wrapping,
truncating division, remainder with the dividend's sign), conversions, and the inputs the
tests draw (random values plus the edge values of each type)."""
import numpy as np

INTS = ["i8", "i16", "i32", "i64"]
UINTS = ["u8", "u16", "u32", "u64"]
FLOATS = ["f16", "f32", "f64"]
# Triton's `dtypes` (int, uint, float) and `dtypes_with_bfloat16`.
DTYPES = INTS + UINTS + FLOATS
DTYPES_BF16 = DTYPES + ["bf16"]
TRITON_NAME = {"i1": "bool", "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64", "u8": "uint8",
               "u16": "uint16", "u32": "uint32", "u64": "uint64", "f16": "float16", "bf16": "bfloat16",
               "f32": "float32", "f64": "float64"}

# numpy has no bfloat16: bf16 values travel as float32 (tilerun reads <f4 for a bf16 buffer).
NP = {"i1": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64, "u8": np.uint8,
      "u16": np.uint16, "u32": np.uint32, "u64": np.uint64, "f16": np.float16, "bf16": np.float32,
      "f32": np.float32, "f64": np.float64}


def is_int(t):
    return t in INTS or t in UINTS


def is_signed(t):
    return t in INTS


def is_float(t):
    return t in FLOATS or t == "bf16"


def bits(t):
    return {"i1": 1, "bf16": 16}.get(t) or int(t[1:])


def int_range(t):
    b = bits(t)
    return (-(1 << (b - 1)), (1 << (b - 1)) - 1) if is_signed(t) else (0, (1 << b) - 1)


def integer_promote(a, b):
    """Triton's integer promotion: no promotion to int (i8 + i8 is i8); mixed signedness
    takes the unsigned type when it is at least as wide (C's usual conversions)."""
    if is_signed(a) == is_signed(b):
        return a if bits(a) > bits(b) else b
    u, s = (a, b) if not is_signed(a) else (b, a)
    return u if bits(u) >= bits(s) else s


def computation_type(a, b, div_or_mod=False):
    """The type both operands of a binary arithmetic operator are converted to (None: the
    program is refused, mixed signedness under / or %)."""
    if "f64" in (a, b):
        return "f64"
    if "f32" in (a, b):
        return "f32"
    if "f16" in (a, b):
        return "f32" if div_or_mod else "f16"
    if "bf16" in (a, b):
        if div_or_mod:
            return "f32"
        return "bf16" if a == b == "bf16" else "f32"
    if div_or_mod and is_signed(a) != is_signed(b):
        return None
    return integer_promote(a, b)


def bf16_round(x):
    """f32 -> bf16 (round to nearest even), as f32 values."""
    x = np.asarray(x, dtype=np.float32)
    u = x.view(np.uint32).astype(np.uint64)
    r = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) << 16
    out = r.astype(np.uint32).view(np.float32)
    return np.where(np.isnan(x), np.float32(np.nan), out).astype(np.float32)


def cast(x, src, dst):
    """Triton's `.to(dst)` of values of type `src` (numpy arrays): integers wrap, sign- or
    zero-extend by the source's signedness; floats round to nearest; bool is `!= 0`."""
    x = np.asarray(x)
    with np.errstate(all="ignore"):
        if dst == "i1":
            return x != 0
        if dst == "bf16":
            return bf16_round(x.astype(np.float64).astype(np.float32) if not is_float(src) else x.astype(np.float32))
        if is_int(dst) and is_int(src):
            return x.astype(NP[src]).astype(NP[dst])
        if is_int(dst):
            # float -> int truncates toward zero (in range: the tests keep it there)
            return np.trunc(x.astype(np.float64)).astype(np.int64).astype(NP[dst]) if is_signed(dst) else \
                np.trunc(x.astype(np.float64)).astype(np.uint64).astype(NP[dst])
        if src == "i1":
            return x.astype(NP[dst])
        if is_int(src) and dst in ("f16", "f32"):
            if bits(src) <= 32:  # exact in f64: one rounding
                return x.astype(np.float64).astype(NP[dst])
            return np.array([_int_to_float(int(v), dst) for v in x.ravel()], dtype=NP[dst]).reshape(x.shape)
        return x.astype(NP[dst])


def _int_to_float(v, dst):
    """One correctly rounded conversion of a Python int to f16 / f32."""
    import fractions
    f = np.float64(v)  # may round; fix by comparing neighbours exactly
    t = NP[dst]
    c = t(f)
    if not np.isfinite(c):
        return c
    best = c
    for cand in (np.nextafter(c, t(-np.inf)), c, np.nextafter(c, t(np.inf))):
        if abs(fractions.Fraction(float(cand)) - v) < abs(fractions.Fraction(float(best)) - v):
            best = cand
    return best


def wrap(v, t):
    """A Python int wrapped to the integer type t."""
    b = bits(t)
    v &= (1 << b) - 1
    if is_signed(t) and v >= 1 << (b - 1):
        v -= 1 << b
    return v


def c_div(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def c_rem(a, b):
    return a - c_div(a, b) * b


def int_op(op, x, y, t):
    """Elementwise C semantics on integers of type t (already converted)."""
    out = []
    for a, b in zip(np.broadcast_to(x, np.broadcast(x, y).shape).ravel().tolist(),
                    np.broadcast_to(y, np.broadcast(x, y).shape).ravel().tolist()):
        a, b = int(a), int(b)
        if op == "+":
            r = a + b
        elif op == "-":
            r = a - b
        elif op == "*":
            r = a * b
        elif op == "/":
            r = c_div(a, b)
        elif op == "%":
            r = c_rem(a, b)
        elif op == "&":
            r = a & b
        elif op == "|":
            r = a | b
        elif op == "^":
            r = a ^ b
        else:
            raise ValueError(op)
        out.append(wrap(r, t))
    return np.array(out, dtype=NP[t]).reshape(np.broadcast(x, y).shape)


def float_op(op, x, y, t):
    """Elementwise float arithmetic in type t (bf16: in f32, rounded once)."""
    w = np.float32 if t == "bf16" else NP[t]
    a, b = np.asarray(x).astype(w), np.asarray(y).astype(w)
    with np.errstate(all="ignore"):
        r = {"+": np.add, "-": np.subtract, "*": np.multiply, "/": np.divide, "%": np.fmod}[op](a, b)
    return bf16_round(r) if t == "bf16" else r.astype(w)


def binop(op, x, tx, y, ty):
    """(reference values, result type) of Triton's `x op y` for tiles x: tx and y: ty
    (`/` on two integers is Triton's `//`: tilec's `/`). None where Triton refuses."""
    if op in "&|^":
        if not (is_int(tx) and is_int(ty)):
            return None
        t = integer_promote(tx, ty)
        return int_op(op, cast(x, tx, t), cast(y, ty, t), t), t
    c = computation_type(tx, ty, op in "/%")
    if c is None:
        return None
    if is_float(c):
        return float_op(op, cast(x, tx, c), cast(y, ty, c), c), c
    return int_op(op, cast(x, tx, c), cast(y, ty, c), c), c


def compare(op, x, tx, y, ty):
    c = computation_type(tx, ty)
    a, b = cast(x, tx, c), cast(y, ty, c)
    if c == "bf16":
        a, b = a.astype(np.float32), b.astype(np.float32)
    if is_int(c):  # exact: Python ints
        a, b = np.array([int(v) for v in a.ravel()], dtype=object), np.array([int(v) for v in b.ravel()], dtype=object)
    f = {"==": np.equal, "!=": np.not_equal, "<": np.less, "<=": np.less_equal, ">": np.greater,
         ">=": np.greater_equal}[op]
    with np.errstate(invalid="ignore"):
        return np.asarray(f(a, b), dtype=np.bool_)


def shift(op, x, tx, y, ty):
    """Triton's `x << y` / `x >> y`: both promoted, `>>` arithmetic when x's own type is
    signed, logical otherwise; the result has the promoted type."""
    t = integer_promote(tx, ty)
    b = bits(t)
    a = [int(v) for v in cast(x, tx, t).ravel()]
    s = [int(v) for v in cast(y, ty, t).ravel()]
    out = []
    for u, k in zip(a, s):
        u &= (1 << b) - 1
        if op == "<<":
            r = u << k
        elif is_signed(tx):
            sv = u - (1 << b) if u >= 1 << (b - 1) else u
            r = sv >> k
        else:
            r = u >> k
        out.append(wrap(r, t))
    return np.array(out, dtype=NP[t]), t


def random_values(t, n, rng, low=None, high=None, edges=True, specials=False):
    """Triton's `numpy_random` in spirit: integers over their whole range (or [low, high)),
    never all zeros; floats normal(0, 1) (bf16 rounded); the type's edge values first."""
    if t == "i1":
        return rng.random(n) < 0.5
    if is_int(t):
        lo, hi = int_range(t)
        lo = lo if low is None else max(lo, low)
        hi = hi if high is None else min(hi, high - 1)
        x = np.array([int(v) for v in rng.integers(lo, hi, n, endpoint=True, dtype=np.int64 if hi < 2 ** 63 else np.uint64)],
                     dtype=object)
        x = np.array([wrap(int(v), t) for v in x], dtype=NP[t])
        if edges:
            mn, mx = int_range(t)
            e = [v for v in [0, 1, -1, mn, mx, mn + 1, mx - 1, 2, -2] if lo <= v <= hi]
            x[:min(n, len(e))] = e[:n]
        return x
    x = rng.standard_normal(n)
    if specials:
        s = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0]
        x[:min(n, len(s))] = s[:n]
    if t == "bf16":
        return bf16_round(x.astype(np.float32))
    with np.errstate(over="ignore"):
        return x.astype(NP[t])


def zero_safe(y, ty, x=None, tx=None, ct=None):
    """Divisors: no zeros, and no -1 under a dividend equal to its type's minimum (C's
    undefined INT_MIN / -1)."""
    y = y.copy()
    y[y == 0] = 1
    if x is not None and ct is not None and is_int(ct) and is_signed(ct):
        bad = (cast(x, tx, ct) == int_range(ct)[0]) & (cast(y, ty, ct) == -1)
        y[bad] = 1
    return y


def philox(seed, lo, hi=None, n_rounds=10):
    """Triton's Philox-4x32 words for counter (lo, hi, 0, 0) and key (seed's low, high 32
    bits as a 64-bit integer): `tl.randint4x` of a 32-bit offset (hi = 0) or of a 64-bit one
    (its two halves)."""
    import philox_ref
    if hi is None:
        return philox_ref.philox4x32(seed, lo, n_rounds)
    seed = int(seed) & ((1 << 64) - 1)
    k0, k1 = seed & 0xFFFFFFFF, seed >> 32
    m = np.uint64(0xFFFFFFFF)
    c0 = np.asarray(lo).astype(np.uint32).astype(np.uint64)
    c1 = np.asarray(hi).astype(np.uint32).astype(np.uint64)
    c2 = np.zeros_like(c0)
    c3 = np.zeros_like(c0)
    for _ in range(n_rounds):
        pa = c0 * np.uint64(philox_ref.ROUND_A)
        pb = c2 * np.uint64(philox_ref.ROUND_B)
        c0, c1, c2, c3 = ((pb >> np.uint64(32)) ^ c1 ^ np.uint64(k0), pb & m,
                          (pa >> np.uint64(32)) ^ c3 ^ np.uint64(k1), pa & m)
        k0, k1 = (k0 + philox_ref.KEY_A) & 0xFFFFFFFF, (k1 + philox_ref.KEY_B) & 0xFFFFFFFF
    return [c.astype(np.uint32) for c in (c0, c1, c2, c3)]


# Triton's uint_to_uniform_float for 32-bit words: the bits as i32, negatives folded by
# -x - 1, times this f32 constant (the largest with (2^31 - 1) * scale < 1 in f32).
UNIFORM_SCALE = np.float32(4.6566127342e-10)


def uniform(words):
    i = np.asarray(words).astype(np.uint32).view(np.int32).astype(np.int64)
    i = np.where(i < 0, -i - 1, i)
    return (i.astype(np.float32) * UNIFORM_SCALE).astype(np.float32)


def normal(w0, w1):
    """randn: Box-Muller, the cosine of the first two uniforms (f32 math)."""
    u1 = np.maximum(np.float32(1e-7), uniform(w0))
    th = np.float32(6.283185307179586) * uniform(w1)
    r = np.sqrt(np.float32(-2.0) * np.log(u1.astype(np.float64))).astype(np.float32)
    return (r.astype(np.float64) * np.cos(th.astype(np.float64))).astype(np.float32)
