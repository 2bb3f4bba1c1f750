#!/usr/bin/env python3
"""Flash attention backward (issue 29): examples/attention_bwd.tile launched through the
tilec Python package, beside torch's scaled_dot_product_attention backward (cuDNN and
flash backends) and, when given, Triton's tutorial 06 backward, in one process, one timer
(`triton.testing.do_bench`, median), interleaved rounds. NOT run by CI (needs a GPU).

    PYTHONPATH=<dir with the tilec package> python3 bench/attention_bwd.py \\
        [--triton-tutorial PATH/06-fused-attention.py] [--n 4096] [--out DIR]
    ... --check-only            # correctness only, N_CTX 1024 and 1000 (a partial block)

For Z=4, H=32 (--z, --h), N_CTX (--n), head dim 64 and 128, causal and not:
1. check: the forward (attention_fwd: O and the row log-sum-exp M) and every tilec
   backward variant's dQ, dK, dV, and each library's, against an f32 reference (torch
   autograd through SDPA's memory-efficient backend on f32 copies of the f16 inputs);
   max abs and relative (Frobenius) error. tilec fails when its relative error exceeds
   max(5e-3, 3x torch's f16 SDPA's); the script then exits 1 (after the other cases).
   A library whose gradients are wrong is reported and not timed: the tutorial's backward
   always applies the causal mask, so it is wrong (and does half the work) when not causal.
2. time the backward alone (forward excluded, as the tutorial's mode="bwd"): tilec's
   preprocess + backward launches; for the libraries, the forward run once with
   requires_grad and `o.backward(do, retain_graph=True)` timed, the tutorial's bench's
   way, with q/k/v.grad reset before each run (do_bench's grad_to_none) so no gradient
   accumulation is timed. TFLOP/s count the tutorial's way: 2.5 x 4 Z H N^2 D (2.0 for
   the backward's products, 0.5 for recomputing QK^T), halved when causal.
tilec runs in several variants (--variants: warps, pipeline stages, step sizes; VARIANTS
below); each is checked, then timed, and the fastest is the one compared ("tilec best
speedup" = the library's time / that variant's, above 1 when tilec is faster).
Writes DIR/attention_bwd.json and .csv (one row per case and implementation).
"""
import argparse
import csv
import importlib.util
import json
import math
import os
import sys
import types


def need(name):
    try:
        return importlib.import_module(name)
    except ImportError as e:
        sys.exit(f"attention_bwd.py: cannot import {name} ({e}); it needs torch, triton and the tilec package "
                 "(PYTHONPATH=<dir with the tilec package>)")


torch = need("torch")
need("triton.testing")
import triton.testing  # noqa: E402
tilec = need("tilec")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TILE = os.path.join(ROOT, "examples", "attention_bwd.tile")

# tilec backward variants: (compile options, const overrides). The first is the file's
# defaults; the best of those run is the `tilec` figure.
VARIANTS = {
    "w8s5": ({}, {}),
    "w4s5": ({"num_warps": 4}, {}),
    "w8s3": ({}, {"NUM_STAGES": 3}),
    "w8s4": ({}, {"NUM_STAGES": 4}),
    "w8b64s3": ({}, {"BLOCK_M1": 64, "BLOCK_N2": 64, "NUM_STAGES": 3}),  # d64 only (shared memory)
    "w8b64s2": ({}, {"BLOCK_M1": 64, "BLOCK_N2": 64, "NUM_STAGES": 2}),
    "w8s5_trans": ({}, {"RELOAD": 0}),
}


def bwd_flops(Z, H, N, D, causal):
    return 2.5 * 4.0 * Z * H * N * N * D * (0.5 if causal else 1.0)


def errors(got, ref):
    """(max abs error, relative Frobenius error) of got against the f32 reference."""
    d = got.float() - ref
    return d.abs().max().item(), (d.norm() / ref.norm().clamp_min(1e-30)).item()


class Tilec:
    """examples/attention_bwd.tile's three kernels through the Python package."""

    def __init__(self, variants):
        self.fwd = tilec.compile(TILE, kernel="attention_fwd")
        self.pre = tilec.compile(TILE, kernel="attention_bwd_preprocess")
        self.bwd = {v: (tilec.compile(TILE, kernel="attention_bwd", **VARIANTS[v][0]), VARIANTS[v][1])
                    for v in variants}

    def forward(self, q, k, v, causal, scale):
        Z, H, N, D = q.shape
        o = torch.empty_like(q)
        M = torch.empty((Z * H, N), device=q.device, dtype=torch.float32)
        self.fwd[lambda m: (tilec.cdiv(N, m["BLOCK_M"]), Z * H)](
            q, k, v, o, M, scale, H, N, *q.stride()[:3], HEAD_DIM=D, CAUSAL=int(causal))
        return o, M

    def backward(self, variant, q, k, v, o, do, M, causal, scale):
        """A function launching preprocess + backward, and the dq, dk, dv it writes."""
        Z, H, N, D = q.shape
        assert q.stride() == k.stride() == v.stride() == o.stride() == do.stride() and q.stride(3) == 1
        kern, consts = self.bwd[variant]
        dq, dk, dv = torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)
        delta = torch.empty_like(M)
        st = q.stride()[:3]
        pre_grid = lambda m: (tilec.cdiv(N, m["BLOCK_M"]), Z * H)  # noqa: E731
        grid = lambda m: (tilec.cdiv(N, m["BLOCK_N1"]), Z * H)  # noqa: E731

        def run():
            self.pre[pre_grid](o, do, delta, H, N, *st, HEAD_DIM=D)
            kern[grid](q, k, v, do, dq, dk, dv, M, delta, scale, H, N, *st, HEAD_DIM=D, CAUSAL=int(causal), **consts)

        return run, (dq, dk, dv)


def load_tutorial(path):
    """The tutorial's `attention` autograd function, from a copy of
    python/tutorials/06-fused-attention.py (it imports pytest for its tests: a stub of
    pytest.mark stands in where pytest is missing)."""
    if not os.path.isfile(path):
        sys.exit(f"--triton-tutorial {path}: no such file; copy Triton's python/tutorials/06-fused-attention.py "
                 "there (a git-ignored folder such as .carry/), or leave the option out")
    try:
        import pytest  # noqa: F401
    except ImportError:
        class Mark:
            def __getattr__(self, _):
                return lambda *a, **k: (a[0] if len(a) == 1 and callable(a[0]) and not k else (lambda f: f))
        sys.modules["pytest"] = types.ModuleType("pytest")
        sys.modules["pytest"].mark = Mark()
    spec = importlib.util.spec_from_file_location("triton_tutorial_06", path)
    mod = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(mod)
    except Exception as e:  # noqa: BLE001 (any failure of the copy is reported as such)
        sys.exit(f"--triton-tutorial {path}: importing it failed: {type(e).__name__}: {e}")
    if not hasattr(mod, "attention"):
        sys.exit(f"--triton-tutorial {path}: has no `attention` (is it tutorial 06-fused-attention.py?)")
    return mod.attention


def sdpa_backend(name):
    from torch.nn.attention import SDPBackend, sdpa_kernel
    return sdpa_kernel({"cudnn": SDPBackend.CUDNN_ATTENTION, "flash": SDPBackend.FLASH_ATTENTION,
                        "efficient": SDPBackend.EFFICIENT_ATTENTION, "math": SDPBackend.MATH}[name])


def reference(q, k, v, do, causal, scale):
    """O and (dQ, dK, dV) in f32: torch autograd through SDPA on f32 copies, by the
    memory-efficient backend (or, where it refuses, the math one, a batch at a time)."""
    def run(backend, q, k, v, do):
        qf, kf, vf = (x.detach().float().requires_grad_() for x in (q, k, v))
        with sdpa_backend(backend):
            o = torch.nn.functional.scaled_dot_product_attention(qf, kf, vf, is_causal=causal, scale=scale)
            grads = torch.autograd.grad(o, (qf, kf, vf), do.float())
        return o.detach(), grads
    try:
        return run("efficient", q, k, v, do)
    except RuntimeError as e:
        print(f"  reference: the memory-efficient backend refused f32 ({str(e).splitlines()[0][:100]}); "
              "math backend, a batch at a time", flush=True)
    parts = [run("math", q[z:z + 1], k[z:z + 1], v[z:z + 1], do[z:z + 1]) for z in range(q.shape[0])]
    return torch.cat([p[0] for p in parts]), tuple(torch.cat([p[1][i] for p in parts]) for i in range(3))


def row_lse_log2(q, k, causal, scale):
    """The forward's M (log2 units) in f32, one (batch, head) at a time."""
    out = []
    N = q.shape[2]
    tri = torch.ones(N, N, device=q.device, dtype=torch.bool).tril()
    for qb, kb in zip(q.flatten(0, 1), k.flatten(0, 1)):
        s = (qb.float() @ kb.float().T) * scale
        if causal:
            s = s.masked_fill(~tri, -math.inf)
        out.append(torch.logsumexp(s, -1) / math.log(2.0))
    return torch.stack(out)


def libraries(tutorial):
    """name -> function(q, k, v, causal, scale) giving O with an autograd graph."""
    def sdpa(backend):
        def f(q, k, v, causal, scale):
            with sdpa_backend(backend):
                return torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=scale)
        return f
    libs = {"sdpa_cudnn": sdpa("cudnn"), "sdpa_flash": sdpa("flash")}
    if tutorial:
        # Batch and heads folded into one axis of heads (Z = 1): the tutorial's TMA forward
        # indexes rows as z + h * N_CTX, right only for Z = 1, and its pointer forward does
        # not compile under Triton 3.6 (its pipeliner fails); the backward timed is the same
        # kernel either way, over the same Z * H heads.
        def tut(q, k, v, causal, scale):
            Z, H, N, D = q.shape
            fold = lambda t: t.reshape(1, Z * H, N, D)
            return tutorial(fold(q), fold(k), fold(v), causal, scale).reshape(Z, H, N, D)
        libs["triton_tutorial"] = tut
    return libs


def one_case(tl, libs, Z, H, N, D, causal, args, rows, failures):
    torch.manual_seed(0)
    shape = (Z, H, N, D)
    q, k, v = (torch.randn(shape, device="cuda", dtype=torch.float16, requires_grad=True) for _ in range(3))
    do = torch.randn(shape, device="cuda", dtype=torch.float16)
    scale = 1.0 / math.sqrt(D)
    case = f"Z={Z} H={H} N={N} d={D} {'causal' if causal else 'full'}"
    print(f"\n== {case}", flush=True)
    o_ref, g_ref = reference(q, k, v, do, causal, scale)

    # 1. Check.
    o, M = tl.forward(q.detach(), k.detach(), v.detach(), causal, scale)
    torch.cuda.synchronize()
    o_err = errors(o, o_ref)
    line = f"  tilec forward: O max abs {o_err[0]:.2e} rel {o_err[1]:.2e}"
    ok_fwd = o_err[1] < 5e-3
    if args.check_only:
        m_err = errors(M, row_lse_log2(q.detach(), k.detach(), causal, scale))
        line += f"; M max abs {m_err[0]:.2e}"
        ok_fwd = ok_fwd and m_err[0] < 1e-2
    print(line + ("" if ok_fwd else "  FAILED"), flush=True)
    if not ok_fwd:
        failures.append(f"{case}: tilec forward")
    checked = {}  # name -> (fn, grad_to_none, ok)
    lib_rel = {}
    for name, f in libs.items():
        try:
            out = f(q, k, v, causal, scale)
            grads = torch.autograd.grad(out, (q, k, v), do, retain_graph=True)
            torch.cuda.synchronize()
        except Exception as e:  # noqa: BLE001 (a backend missing here is reported, not fatal)
            print(f"  {name}: unavailable: {type(e).__name__}: {str(e).splitlines()[0][:160]}", flush=True)
            continue
        errs = [errors(g, r) for g, r in zip(grads, g_ref)]
        ok = max(e[1] for e in errs) < 2e-2
        lib_rel[name] = max(e[1] for e in errs)
        print(f"  {name}: " + ", ".join(f"d{t} max abs {e[0]:.2e} rel {e[1]:.2e}" for t, e in zip("qkv", errs))
              + ("" if ok else "  WRONG: not timed" + (" (its backward is causal only)" if name ==
                                                        "triton_tutorial" and not causal else "")), flush=True)
        rows.append(dict(case=case, Z=Z, H=H, N=N, D=D, causal=causal, impl=name, check="ok" if ok else "wrong",
                         **{f"rel_d{t}": e[1] for t, e in zip("qkv", errs)}))
        if ok:
            checked[name] = (lambda out=out: out.backward(do, retain_graph=True), [q, k, v], rows[-1])
        del grads
    sdpa_rel = min([r for n, r in lib_rel.items() if n.startswith("sdpa")] or [1e-3])
    limit = max(5e-3, 3 * sdpa_rel)
    for variant in tl.bwd:
        run, grads = tl.backward(variant, q.detach(), k.detach(), v.detach(), o, do, M, causal, scale)
        try:
            run()
        except tilec.CompileError as e:  # a variant too large for this head dim: not a failure
            print(f"  tilec {variant}: does not compile here: {e.message}", flush=True)
            continue
        torch.cuda.synchronize()
        errs = [errors(g, r) for g, r in zip(grads, g_ref)]
        ok = max(e[1] for e in errs) <= limit
        print(f"  tilec {variant}: " + ", ".join(f"d{t} max abs {e[0]:.2e} rel {e[1]:.2e}" for t, e in zip("qkv", errs))
              + ("" if ok else f"  FAILED (limit rel {limit:.1e})"), flush=True)
        rows.append(dict(case=case, Z=Z, H=H, N=N, D=D, causal=causal, impl=f"tilec_{variant}",
                         check="ok" if ok else "FAILED", **{f"rel_d{t}": e[1] for t, e in zip("qkv", errs)}))
        if ok:
            checked[f"tilec_{variant}"] = (run, None, rows[-1])
        else:
            failures.append(f"{case}: tilec {variant} (rel errors {[round(e[1], 5) for e in errs]}, limit {limit:.1e})")
    if args.check_only:
        return

    # 2. Time, interleaved rounds.
    flops = bwd_flops(Z, H, N, D, causal)
    ts = {name: [] for name in checked}
    for _ in range(args.rounds):
        for name, (fn, g2n, _) in checked.items():
            ts[name].append(triton.testing.do_bench(fn, warmup=25, rep=args.rep, grad_to_none=g2n,
                                                    return_mode="median"))
    for name, t in ts.items():
        ms = sorted(t)[len(t) // 2]
        checked[name][2].update(ms=round(ms, 4), tflops=round(flops / ms / 1e9, 1))
    ours = [n for n in ts if n.startswith("tilec_")]
    if ours:
        best = min(ours, key=lambda n: checked[n][2]["ms"])
        base = checked[best][2]["ms"]
        for name in ts:
            checked[name][2]["tilec_best_over"] = round(checked[name][2]["ms"] / base, 3)
        print(f"  {'impl':22} {'ms':>9} {'TFLOP/s':>8} {'tilec best speedup':>19}")
        for name in sorted(ts, key=lambda n: checked[n][2]["ms"]):
            r = checked[name][2]
            print(f"  {name + (' *' if name == best else ''):22} {r['ms']:9.3f} {r['tflops']:8.1f} "
                  f"{r['tilec_best_over']:18.3f}x", flush=True)


def summary(rows):
    """One line per case: the best tilec variant's TFLOP/s and its speedup over each library."""
    cases = list(dict.fromkeys(r["case"] for r in rows if "ms" in r))
    if not cases:
        return
    print("\nsummary (TFLOP/s; speedup = library ms / best tilec ms)")
    for case in cases:
        rs = [r for r in rows if r["case"] == case and "ms" in r]
        ours = [r for r in rs if r["impl"].startswith("tilec_")]
        if not ours:
            continue
        best = min(ours, key=lambda r: r["ms"])
        libs = ", ".join(f"{r['impl']} {r['tflops']} ({r['ms'] / best['ms']:.3f}x)"
                         for r in rs if not r["impl"].startswith("tilec_"))
        print(f"  {case}: {best['impl']} {best['tflops']}; {libs}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--z", type=int, default=4)
    ap.add_argument("--h", type=int, default=32)
    ap.add_argument("--n", type=int, nargs="*", help="N_CTX values (default 4096; with --check-only 1024 1000)")
    ap.add_argument("--d", type=int, nargs="*", default=[64, 128], help="head dims")
    ap.add_argument("--causal", choices=["both", "yes", "no"], default="both")
    ap.add_argument("--variants", help="tilec backward variants, comma-separated (default: w8s5,w4s5,w8s4,w8s3,"
                    f"w8b64s3,w8b64s2; with --check-only w8s5), of: {', '.join(VARIANTS)}")
    ap.add_argument("--triton-tutorial", metavar="PATH", help="a copy of Triton's 06-fused-attention.py")
    ap.add_argument("--check-only", action="store_true", help="correctness only, small N_CTX")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--rep", type=int, default=200, help="do_bench's rep (ms) per round")
    ap.add_argument("--out", default="attention_bwd_out")
    args = ap.parse_args()
    default = "w8s5" if args.check_only else "w8s5,w4s5,w8s4,w8s3,w8b64s3,w8b64s2"
    variants = [v for v in (args.variants or default).split(",") if v]
    bad = [v for v in variants if v not in VARIANTS]
    if bad:
        sys.exit(f"--variants: unknown {bad}; known: {list(VARIANTS)}")
    ns = args.n or ([1024, 1000] if args.check_only else [4096])
    causals = {"both": [False, True], "yes": [True], "no": [False]}[args.causal]
    if not torch.cuda.is_available():
        sys.exit("attention_bwd.py: no CUDA device")
    tutorial = load_tutorial(args.triton_tutorial) if args.triton_tutorial else None
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}, triton {triton.__version__}, "
          f"tilec {tilec.__version__}, tutorial {args.triton_tutorial or '(not given)'}", flush=True)
    tl = Tilec(variants)
    libs = libraries(tutorial)
    rows, failures = [], []
    for N in ns:
        for D in args.d:
            for causal in causals:
                # The tutorial's backward needs N_CTX a multiple of 128.
                use = {n: f for n, f in libs.items() if n != "triton_tutorial" or N % 128 == 0}
                one_case(tl, use, args.z, args.h, N, D, causal, args, rows, failures)
                torch.cuda.empty_cache()
    os.makedirs(args.out, exist_ok=True)
    json.dump(rows, open(os.path.join(args.out, "attention_bwd.json"), "w"), indent=1)
    keys = list(dict.fromkeys(k for r in rows for k in r))
    with open(os.path.join(args.out, "attention_bwd.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=keys)
        w.writeheader()
        w.writerows(rows)
    summary(rows)
    print(f"\nwrote {args.out}/attention_bwd.json and .csv")
    if failures:
        print("FAILED:\n  " + "\n  ".join(failures))
        sys.exit(1)
    print("all tilec results checked ok")


if __name__ == "__main__":
    main()
