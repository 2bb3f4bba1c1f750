"""Cases of check_examples.py for examples/attention_bwd.tile: the forward that stores the
row log-sum-exp M, the backward's preprocess (delta) and the backward itself (dQ, dK, dV),
each kernel on its own against a float64 numpy reference (kept apart: check_examples.py
is long, and other work adds to it). Each entry of KERNELS is (signature, case generator)
as there."""
import numpy as np


def cdiv(a, b):
    return (a + b - 1) // b


class Case:
    """Set by check_examples.py to its Case class (no import cycle)."""


LOG2E = 1.0 / np.log(2.0)


def attention_grads(q, k, v, do, scale, causal):
    """O = softmax(S) V, S = Q K^T * scale, and the gradients for dL/dO = do, all in
    float64: (o, M, delta, dq, dk, dv), M the row log-sum-exp of S in log2 units (what the
    forward stores), delta = rowsum(O * dO). Derivation: dV = P^T dO, dP = dO V^T,
    dS = P * (dP - rowsum(P * dP)) (softmax's Jacobian; rowsum(P * dP) = rowsum(O * dO)),
    dQ = scale dS K, dK = scale dS^T Q."""
    q, k, v, do = (x.astype(np.float64) for x in (q, k, v, do))
    s = np.einsum("zhmd,zhnd->zhmn", q, k) * scale
    if causal:
        n = s.shape[-1]
        s = np.where(np.tril(np.ones((n, n), dtype=bool)), s, -np.inf)
    mx = s.max(-1, keepdims=True)
    lse = mx + np.log(np.exp(s - mx).sum(-1, keepdims=True))
    p = np.exp(s - lse)
    o = p @ v
    delta = (o * do).sum(-1)
    dv = np.swapaxes(p, -1, -2) @ do
    ds = p * (do @ np.swapaxes(v, -1, -2) - delta[..., None])
    dq = scale * (ds @ k)
    dk = scale * (np.swapaxes(ds, -1, -2) @ q)
    return o, lse[..., 0] * LOG2E, delta, dq, dk, dv


# (Z, H, N_CTX, HEAD_DIM): N_CTX 128 is one block of the backward, 96 and 200 end in a
# partial block (200: two programs, the second's diagonal block past N_CTX), 384 and 256
# give the causal programs both stages (masked diagonal, unmasked rest). A multiple of
# the block is specialised on (tilerun's divisibility hint), so those run without the
# bounds checks, as a GPU launch of N_CTX 4096 does.
SHAPES = [(1, 2, 128, 64), (2, 1, 200, 64), (1, 1, 96, 64), (1, 2, 384, 64), (1, 1, 256, 128), (1, 1, 200, 128)]


def problems(rng):
    """Each shape, causal or not: inputs (normal, so dQ, dK and dV are all of order 1 and
    the tolerances below mean something) and float64 references."""
    for (Z, H, N, D) in SHAPES:
        for causal in (False, True):
            q, k, v, do = (rng.standard_normal((Z, H, N, D)).astype(np.float16) for _ in range(4))
            scale = 1.0 / np.sqrt(D)
            refs = attention_grads(q, k, v, do, scale, causal)
            label = f"Z={Z},H={H},N={N},d={D}{',causal' if causal else ''}"
            defines = {"HEAD_DIM": D, "CAUSAL": int(causal)}
            yield label, (Z, H, N, D), causal, scale, (q, k, v, do), refs, defines


def strides(Z, H, N, D):
    return [("sz", H * N * D), ("sh", N * D), ("sm", D)]


def fwd_cases(c, rng):
    BM = int(c.get("BLOCK_M", 128))
    for label, (Z, H, N, D), causal, scale, (q, k, v, do), refs, defines in problems(rng):
        o, M = refs[0], refs[1]
        args = [("q", q), ("k", k), ("v", v), ("o", f"empty:f16:{Z * H * N * D}"), ("m", f"empty:f32:{Z * H * N}"),
                ("sm_scale", float(scale)), ("H", H), ("N_CTX", N)] + strides(Z, H, N, D)
        checks = {"o": o.reshape(-1).astype(np.float16), "m": M.reshape(-1).astype(np.float32)}
        for arch in ("sm_90a", "sm_80"):
            yield Case(f"{label},{arch}", (cdiv(N, BM), Z * H), args, checks, rtol=1e-2, atol=5e-3,
                       defines=defines, flags=["--arch", arch])


def preprocess_cases(c, rng):
    BM = int(c.get("BLOCK_M", 128))
    for label, (Z, H, N, D), causal, scale, (q, k, v, do), refs, defines in problems(rng):
        if causal:
            continue  # delta does not depend on the mask
        o = refs[0].astype(np.float16)
        delta = (o.astype(np.float64) * do.astype(np.float64)).sum(-1)
        args = [("o", o), ("do", do), ("delta", f"empty:f32:{Z * H * N}"), ("H", H), ("N_CTX", N)] + \
            strides(Z, H, N, D)
        yield Case(label, (cdiv(N, BM), Z * H), args, {"delta": delta.reshape(-1).astype(np.float32)},
                   rtol=1e-4, atol=1e-4, defines={"HEAD_DIM": D})


def bwd_cases(c, rng):
    BN1 = int(c.get("BLOCK_N1", 128))
    for label, (Z, H, N, D), causal, scale, (q, k, v, do), refs, defines in problems(rng):
        _, M, delta, dq, dk, dv = refs
        n = Z * H * N * D
        args = [("q", q), ("k", k), ("v", v), ("do", do), ("dq", f"empty:f16:{n}"), ("dk", f"empty:f16:{n}"),
                ("dv", f"empty:f16:{n}"), ("m", M.reshape(-1).astype(np.float32)),
                ("delta", delta.reshape(-1).astype(np.float32)), ("sm_scale", float(scale)), ("H", H),
                ("N_CTX", N)] + strides(Z, H, N, D)
        checks = {nm: r.reshape(-1).astype(np.float16) for nm, r in (("dq", dq), ("dk", dk), ("dv", dv))}
        # Hopper's wgmma and Ampere's mma.sync (whose 164 KB of shared memory take two
        # stages at HEAD_DIM 128); on one shape each, trans() of one load for the operands
        # needed both ways round (RELOAD=0), and wider steps (bench/attention_bwd.py's
        # variants).
        variants = [("sm_90a", {}), ("sm_80", {"NUM_STAGES": 2} if D == 128 else {})]
        if N == 200:
            variants.append(("sm_90a", {"RELOAD": 0}))
        if N == 384:
            variants.append(("sm_90a", {"BLOCK_M1": 64, "BLOCK_N2": 64, "NUM_STAGES": 3}))
        for arch, extra in variants:
            tag = "".join(f",{k}={v}" for k, v in extra.items())
            # P and dS go through f16 on the tensor cores: about 1e-3 off at these sizes
            # (an error such as a missed mask or scale is 0.1 or more).
            yield Case(f"{label},{arch}{tag}", (cdiv(N, BN1), Z * H), args, checks, rtol=1e-2, atol=5e-3,
                       defines=dict(defines, **extra), flags=["--arch", arch])


F16 = [(n, "*f16") for n in ("q", "k", "v")]
STRIDES = [("sz", "i32"), ("sh", "i32"), ("sm", "i32")]
KERNELS = {
    "attention_fwd": (F16 + [("o", "*f16"), ("m", "*f32"), ("sm_scale", "f32"), ("H", "i32"), ("N_CTX", "i32")]
                      + STRIDES, fwd_cases),
    "attention_bwd_preprocess": ([("o", "*f16"), ("do", "*f16"), ("delta", "*f32"), ("H", "i32"), ("N_CTX", "i32")]
                                 + STRIDES, preprocess_cases),
    "attention_bwd": (F16 + [("do", "*f16"), ("dq", "*f16"), ("dk", "*f16"), ("dv", "*f16"), ("m", "*f32"),
                             ("delta", "*f32"), ("sm_scale", "f32"), ("H", "i32"), ("N_CTX", "i32")] + STRIDES,
                      bwd_cases),
}
GPU_ONLY = {}
