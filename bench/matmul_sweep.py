#!/usr/bin/env python3
"""A shape sweep of matmul (issue 27): tilec launched through its Python package beside
cuBLAS (`torch.matmul`) and Triton's tutorial 03 matmul, f16 and bf16, on shapes from
real models, timed in one process by the same timer, in interleaved rounds.

    PYTHONPATH=<dir with the tilec package> python3 bench/matmul_sweep.py \\
        --ref-dir <dir with triton_reference.py> [--out DIR] [--rounds 3] [--budget-s 420]

Implementations, each checked against torch (relative Frobenius error) before it is timed:
- `tilec`: examples/matmul.tile (128x256x64, 8 warps, 3 stages), as the package launches
  it: specialised on the arguments (3000 and 4104 as multiples of 8, ...).
- `tilec_tuned`: examples/matmul_autotune.tile, tuned at its first launch of each shape
  (its `#[autotune]`: Triton's tutorial configurations).
- `tilec_splitk`: examples/matmul_splitk.tile (the K loop split over a second grid axis,
  autotuned), for skinny shapes (M <= 128) only.
- `tilec_streamk`: examples/matmul_streamk.tile (128x256 tiles, the last partial wave split
  over K; A and B through tensor descriptors), where its plan splits (the last wave at
  most half full on this GPU's SMs).
- `tilec_tma`: examples/matmul_tma.tile (tensor descriptors: TMA copies into wgmma's
  swizzled buffers on Hopper where the row strides are 16-byte multiples), autotuned.
- `tilec_padded`: where K or N is not a multiple of 8 (f16/bf16 rows TMA cannot take):
  A and B copied into buffers whose row strides are multiples of 8 (examples/copy2d.tile
  made f16), `matmul_tma_strided` on them into such a C, C copied back; all four launches
  timed together.
- `tilec_cluster`: examples/matmul_tma.tile's `matmul_tma_cluster` (clusters of two
  programs, B's blocks multicast), where K and N are multiples of 8 (autotuned).
- `tilec_tail`: examples/matmul_streamk.tile's `matmul_tail` (whole 128x256 tiles, the
  last partial wave in 64x128 quarters), where its plan cuts a tail; `tilec_tail_cluster`
  the same in clusters of two (B multicast) where K and N are multiples of 8.
  `tilec_best` is the fastest of `tilec_tuned`, `tilec_splitk`, `tilec_streamk`,
  `tilec_tma`, `tilec_padded`, `tilec_cluster` and `tilec_tail` for each shape (the
  example a user would pick).
- `cublas`: `torch.matmul(a, b, out=c)`.
- `triton`: Triton's tutorial 03 kernel, autotuned, from the optional module
  `triton_reference` found in `--ref-dir` (not shipped here: Triton's code is not ours
  to copy). Its `matmul_kernel` (the tutorial's signature) is launched on the same
  buffers; failing that, its `matmul(a, b)`. Without the module the column is empty.
bf16 runs the same examples with their element type made bf16 (the source text, edited).

Timing: `triton.testing.do_bench` (its L2 flush, median), fewer repetitions for large
shapes; each round times every implementation once, starting at a different one each
round (round r at implementation r x n / rounds, the order rotated), and the table gives
the median of the rounds. A case starts only while the run is under `--budget-s` (the rest are listed
as not run), so the whole run stays under ~8 minutes on an H100.

Writes DIR/results.csv, DIR/table.md and DIR/ratio.png (tilec / cuBLAS per shape; skipped
with a message without matplotlib). NOT run by CI: it needs a GPU, torch and triton.
"""
import argparse
import ast
import csv
import inspect
import math
import os
import sys
import time
import types

import torch
import triton
import triton.testing

import tilec

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (M, N, K, label): M is batch x sequence (tokens); N, K a model's projection.
LLM = [
    (12288, 4096, "qkv 7B"),            # Llama-2 7B fused q, k, v
    (4096, 4096, "attn out 7B"),
    (28672, 4096, "mlp gate+up 8B"),    # Llama-3 8B: 2 x 14336
    (4096, 14336, "mlp down 8B"),
    (8192, 28672, "mlp down 70B"),      # Llama-3 70B
]
VOCAB = [(50257, 768, "vocab GPT-2"), (128256, 4096, "vocab Llama-3")]
TOKENS = [1, 16, 128, 1000, 3000, 8192]


def shapes():
    """The sweep, most telling first (a run cut short by the budget keeps those): issue 27's
    shapes, squares and odd sizes, then every model projection at every token count."""
    out = [(3000, 3000, 3000, "issue 27"), (4096, 5000, 4104, "issue 27"),
           (3001, 3001, 3001, "odd"), (4095, 4095, 4095, "odd")]
    out += [(s, s, s, "square") for s in (512, 1024, 2048, 4096, 8192, 16384)]
    for m in TOKENS:
        out += [(m, n, k, lab) for n, k, lab in LLM]
    for m in (16, 1000, 8192):
        out += [(m, n, k, lab) for n, k, lab in VOCAB]
    return out


def load_reference(ref_dir):
    """The optional module `triton_reference` of `ref_dir`, or None (with the reason).

    Triton's tutorial script runs its tests and benchmark at the top level, so only its
    imports, functions, classes and ALL-CAPS constants are executed, one statement at a
    time (a statement that fails, such as a decorator over a dropped loop's result, is
    left out): the kernel and its `matmul` wrapper, without the script's own runs."""
    path = os.path.join(ref_dir, "triton_reference.py") if ref_dir else None
    if not path or not os.path.exists(path):
        return None, f"no triton_reference.py in {ref_dir!r} (give --ref-dir)"
    src = open(path).read()
    mod = types.ModuleType("triton_reference")
    mod.__file__ = path
    sys.modules["triton_reference"] = mod
    keep = (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.ClassDef)
    for node in ast.parse(src).body:
        const = isinstance(node, ast.Assign) and all(isinstance(t, ast.Name) and t.id.isupper() for t in node.targets)
        if not (isinstance(node, keep) or const):
            continue
        try:
            exec(compile(ast.Module(body=[node], type_ignores=[]), path, "exec"), mod.__dict__)
        except Exception as e:  # noqa: BLE001 (a statement of the script we do not need)
            print(f"triton_reference: left out line {node.lineno}: {type(e).__name__}: {e}", flush=True)
    if not hasattr(mod, "matmul_kernel") and not hasattr(mod, "matmul"):
        return None, f"{path} has neither matmul_kernel nor matmul"
    return mod, None


def triton_launch(ref, a, b, c):
    """A launch of the reference's kernel on (a, b, c), or its wrapper `matmul(a, b)`."""
    M, K = a.shape
    N = b.shape[1]
    kern = getattr(ref, "matmul_kernel", None)
    # A JITFunction's parameters, constexprs included (its `fn` is the Python function).
    names = list(inspect.signature(getattr(kern, "fn", kern)).parameters) if kern is not None else []
    if kern is not None and "BM" in names:
        return tuned_reference(kern, a, b, c)
    if kern is not None:
        extra = {"ACTIVATION": ""} if "ACTIVATION" in names else {}

        def grid(meta):
            return (triton.cdiv(M, meta["BLOCK_SIZE_M"]) * triton.cdiv(N, meta["BLOCK_SIZE_N"]),)
        return lambda: kern[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                                  c.stride(0), c.stride(1), **extra)

    def wrapper():
        c.copy_(ref.matmul(a, b))
    return wrapper


# The tutorial's configurations for f16 on Hopper that the shared reference script tries.
REF_CONFIGS = [(128, 256, 64, 3, 8), (128, 128, 64, 4, 4), (128, 128, 32, 4, 4), (64, 128, 32, 4, 4)]


def tuned_reference(kern, a, b, c):
    """The reference script's kernel (constexprs BM, BN, BK, GM, not autotuned by
    decorator): tuned here per shape as `@triton.autotune` would, the fastest of
    REF_CONFIGS by do_bench, and that launch returned."""
    M, K = a.shape
    N = b.shape[1]
    best = None
    for (BM, BN, BK, st, nw) in REF_CONFIGS:
        g = (triton.cdiv(M, BM) * triton.cdiv(N, BN),)

        def f(g=g, BM=BM, BN=BN, BK=BK, st=st, nw=nw):
            kern[g](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                    BM=BM, BN=BN, BK=BK, GM=8, num_stages=st, num_warps=nw)
        try:
            f()
            t = triton.testing.do_bench(f, warmup=5, rep=20, return_mode="median")
        except Exception:  # noqa: BLE001 (a configuration that does not fit this device)
            continue
        if best is None or t < best[0]:
            best = (t, f)
    if best is None:
        raise RuntimeError("no reference configuration ran")
    return best[1]


def kernels():
    """tilec's kernels by (name, dtype): the examples as written (f16) and made bf16."""
    out = {}
    for name, file in (("tilec", "matmul.tile"), ("tilec_tuned", "matmul_autotune.tile"),
                       ("tilec_splitk", "matmul_splitk.tile"), ("tilec_streamk", "matmul_streamk.tile"),
                       ("tilec_tma", "matmul_tma.tile")):
        src = open(os.path.join(ROOT, "examples", file)).read()
        # (the files' other kernels: persistent, strided, clustered, tail)
        kernel = {"tilec_tma": "matmul_tma", "tilec_streamk": "matmul_streamk"}.get(name)
        out[(name, torch.float16)] = tilec.compile(src, kernel=kernel)
        bf16 = src.replace("*f16", "*bf16").replace(".to(f16)", ".to(bf16)")
        out[(name, torch.bfloat16)] = tilec.compile(bf16, kernel=kernel)
        if name == "tilec_tma":
            out[("tilec_padded", torch.float16)] = tilec.compile(src, kernel="matmul_tma_strided")
            out[("tilec_padded", torch.bfloat16)] = tilec.compile(bf16, kernel="matmul_tma_strided")
            out[("tilec_cluster", torch.float16)] = tilec.compile(src, kernel="matmul_tma_cluster")
            out[("tilec_cluster", torch.bfloat16)] = tilec.compile(bf16, kernel="matmul_tma_cluster")
        if name == "tilec_streamk":
            out[("tilec_tail", torch.float16)] = tilec.compile(src, kernel="matmul_tail")
            out[("tilec_tail", torch.bfloat16)] = tilec.compile(bf16, kernel="matmul_tail")
            out[("tilec_tail_cluster", torch.float16)] = tilec.compile(src, kernel="matmul_tail_cluster")
            out[("tilec_tail_cluster", torch.bfloat16)] = tilec.compile(bf16, kernel="matmul_tail_cluster")
    copy = open(os.path.join(ROOT, "examples", "copy2d.tile")).read()
    for dt, t in ((torch.float16, "f16"), (torch.bfloat16, "bf16")):
        out[("copy2d", dt)] = tilec.compile(copy.replace("*f32", f"*{t}"))
    return out


def padded_launch(ks, dt, a, b, c):
    """`tilec_padded`: A, B into row strides of multiples of 8, the TMA product, C back."""
    M, K = a.shape
    N = b.shape[1]
    kp, np_ = -(-K // 8) * 8, -(-N // 8) * 8
    a2 = torch.empty(M, kp, device=a.device, dtype=a.dtype)
    b2 = torch.empty(K, np_, device=a.device, dtype=a.dtype)
    c2 = torch.empty(M, np_, device=a.device, dtype=a.dtype)
    cp, mm = ks[("copy2d", dt)], ks[("tilec_padded", dt)]

    def copy(x, y, rows, cols):
        cp[(tilec.cdiv(rows, 32), tilec.cdiv(cols, 128))](x, y, rows, cols, x.stride(0), 1, y.stride(0), 1)

    def run():
        copy(a, a2, M, K)
        copy(b, b2, K, N)
        mm[(tilec.cdiv(M, 128) * tilec.cdiv(N, 256),)](a2, b2, c2, M, N, K, kp, np_, np_)
        copy(c2, c, M, N)
    return run


def tilec_launch(k, a, b, c):
    M, K = a.shape
    N = b.shape[1]
    args = (a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1))

    def grid(meta):
        return (tilec.cdiv(M, meta["BM"]) * tilec.cdiv(N, meta["BN"]),)
    return lambda: k[grid](*args), args


def splitk_launch(k, a, b, c):
    """matmul_splitk.tile on (a, b, c): partials and counters sized for every
    configuration (BM, BN >= 64, SPLIT <= 16); unit inner strides."""
    M, K = a.shape
    N = b.shape[1]
    tiles = tilec.cdiv(M, 64) * tilec.cdiv(N, 64)
    ws = torch.empty(tiles * 16 * 64 * 64, device="cuda", dtype=torch.float32)
    count = torch.zeros(tiles, device="cuda", dtype=torch.int32)

    def grid(meta):
        return (tilec.cdiv(M, meta["BM"]) * tilec.cdiv(N, meta["BN"]), meta["SPLIT"])
    return lambda: k[grid](a, b, c, ws, count, M, N, K, a.stride(0), b.stride(0), c.stride(0))


def streamk_plan(M, N, K, slots, BM=128, BN=256, BK=64):
    """matmul_streamk.tile's plan (its header): (data-parallel tiles, split, split tiles)."""
    tiles = tilec.cdiv(M, BM) * tilec.cdiv(N, BN)
    rem = tiles % slots
    if rem and 2 * rem <= slots:
        return tiles - rem, min(slots // rem, tilec.cdiv(K, BK)), rem
    return tiles, 1, 0


def tail_plan(M, N, slots, BM=128, BN=256, TM=64, TN=128):
    """matmul_streamk.tile's `matmul_tail` plan (its header): (whole tiles, grid)."""
    tiles, pieces = tilec.cdiv(M, BM) * tilec.cdiv(N, BN), (BM // TM) * (BN // TN)
    rem = tiles % slots
    dp = tiles - rem if rem * pieces <= slots else tiles
    return dp, dp + (tiles - dp) * pieces


def streamk_launch(k, a, b, c, plan):
    M, K = a.shape
    N = b.shape[1]
    dp, split, parts = plan
    ws = torch.empty(parts * split * 128 * 256, device="cuda", dtype=torch.float32)
    count = torch.zeros(parts, device="cuda", dtype=torch.int32)
    grid = (dp + parts * split,)
    return lambda: k[grid](a, b, c, ws, count, M, N, K, a.stride(0), b.stride(0), c.stride(0), dp, split)


def spec_text(k, args):
    """tilec's specialisation of the size and stride arguments, where not 16: `K:8 N:8`."""
    s = k.specialisation(*args)
    div, ones = s["divisibility"], set(s["equal_to_one"])
    names = ["M", "N", "K", "sam", "sbk", "scm"]
    parts = [f"{n}:{'1' if n in ones else div.get(n, '-')}" for n in names if n in ones or div.get(n, 1) < 16]
    return " ".join(parts) or "all 16"


def rel_err(c, ref):
    d = (c.float() - ref).norm().item()
    return d / max(ref.norm().item(), 1e-30)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ref-dir", help="directory holding triton_reference.py (Triton's tutorial 03 matmul)")
    ap.add_argument("--out", default="matmul_sweep_out", help="where results.csv, table.md, ratio.png go")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved timing rounds")
    ap.add_argument("--budget-s", type=float, default=420.0, help="start no case after this many seconds")
    ap.add_argument("--dtypes", default="f16,bf16")
    ap.add_argument("--only", type=int, help="only the first N shapes (a quick look)")
    ap.add_argument("--shapes", help="only the sweep's shapes with these M (comma-separated token counts)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    torch.backends.cuda.matmul.allow_tf32 = False  # the f32 references stay f32
    start = time.time()
    dtypes = [{"f16": torch.float16, "bf16": torch.bfloat16}[d] for d in args.dtypes.split(",")]
    ref_mod, why = load_reference(args.ref_dir)
    if ref_mod is None:
        print(f"Triton's reference unavailable: {why}; its column stays empty", flush=True)
    ks = kernels()
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}, triton {triton.__version__}, "
          f"tilec {tilec.__version__}", flush=True)
    picked = shapes()[:args.only]
    if args.shapes:
        ms = {int(x) for x in args.shapes.split(",")}
        picked = [s for s in picked if s[0] in ms]
    cases = [(m, n, k, lab, dt) for (m, n, k, lab) in picked for dt in dtypes]
    rows, skipped = [], []
    for (M, N, K, lab, dt) in cases:
        if time.time() - start > args.budget_s:
            skipped.append((M, N, K, lab, dt))
            continue
        rows.append(run_case(M, N, K, lab, dt, ks, ref_mod, args.rounds))
        torch.cuda.empty_cache()
    write(args.out, rows, skipped, time.time() - start)


def run_case(M, N, K, lab, dt, ks, ref_mod, rounds):
    """Checks every implementation on one shape, then times those that are right."""
    name = f"{M}x{N}x{K} {str(dt)[6:]}"
    torch.manual_seed(0)
    a = torch.randn(M, K, device="cuda", dtype=dt)
    b = torch.randn(K, N, device="cuda", dtype=dt)
    ref = torch.matmul(a.float(), b.float()) if M * N * K <= 1 << 36 else torch.matmul(a, b).float()
    flops = 2.0 * M * N * K
    row = {"shape": f"{M}x{N}x{K}", "M": M, "N": N, "K": K, "what": lab, "dtype": str(dt)[6:]}
    impls, outs = {}, {}

    def add(impl, make):
        c = torch.empty(M, N, device="cuda", dtype=dt)
        try:
            fn = make(c)
            fn()  # compiles (and tunes) here, before the timed rounds
            torch.cuda.synchronize()
        except Exception as e:  # noqa: BLE001 (reported in the table, the sweep goes on)
            row[f"{impl}_note"] = f"{type(e).__name__}: {str(e)[:120]}"
            return
        err = rel_err(c, ref)
        row[f"{impl}_err"] = f"{err:.1e}"
        # f16/bf16 outputs round each element (2^-11 / 2^-8 relative); accumulation in f32.
        if err > (2e-3 if dt == torch.float16 else 1e-2):
            row[f"{impl}_note"] = f"WRONG (relative error {err:.1e})"
            return
        impls[impl], outs[impl] = fn, c

    for impl in ("tilec", "tilec_tuned"):
        k = ks[(impl, dt)]

        def make(c, k=k):
            fn, targs = tilec_launch(k, a, b, c)
            row[f"{impl}_spec"] = spec_text(k, targs)
            return fn
        add(impl, make)
        if impl == "tilec_tuned" and ks[(impl, dt)].best_config is not None:
            row["tilec_tuned_config"] = ks[(impl, dt)].best_config["label"]
    def tma(c):
        k = ks[("tilec_tma", dt)]
        return lambda: k[lambda meta: (tilec.cdiv(M, meta["BM"]) * tilec.cdiv(N, meta["BN"]),)](a, b, c, M, N, K)
    add("tilec_tma", tma)
    if ks[("tilec_tma", dt)].best_config is not None:
        row["tilec_tma_config"] = ks[("tilec_tma", dt)].best_config["label"]
    if K % 8 or N % 8:
        add("tilec_padded", lambda c: padded_launch(ks, dt, a, b, c))
    if M <= 128:  # (its i32 workspace offsets also bound M x N x SPLIT)
        add("tilec_splitk", lambda c: splitk_launch(ks[("tilec_splitk", dt)], a, b, c))
        if ks[("tilec_splitk", dt)].best_config is not None:
            row["tilec_splitk_config"] = ks[("tilec_splitk", dt)].best_config["label"]
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    tail = tail_plan(M, N, sms)
    if tail[1] > tail[0] and K % 8 == 0 and N % 8 == 0:  # a tail to cut, rows TMA can take
        add("tilec_tail", lambda c: (lambda: ks[("tilec_tail", dt)][(tail[1],)](a, b, c, M, N, K, tail[0])))
        row["tilec_tail_plan"] = f"dp={tail[0]} grid={tail[1]}"
    ctail = tail_plan(M, N, sms // 2, BM=256, TM=128)  # in clusters of two
    if ctail[1] > ctail[0] and K % 8 == 0 and N % 8 == 0:
        add("tilec_tail_cluster",
            lambda c: (lambda: ks[("tilec_tail_cluster", dt)][(2 * ctail[1],)](a, b, c, M, N, K, ctail[0])))
    if K % 8 == 0 and N % 8 == 0:
        kc = ks[("tilec_cluster", dt)]
        add("tilec_cluster", lambda c: (lambda: kc[lambda m: (2 * tilec.cdiv(M, 2 * m["BM"]) * tilec.cdiv(N, m["BN"]),)](
            a, b, c, M, N, K)))
    plan = streamk_plan(M, N, K, sms)
    if plan[2]:
        add("tilec_streamk", lambda c: streamk_launch(ks[("tilec_streamk", dt)], a, b, c, plan))
        row["tilec_streamk_plan"] = f"dp={plan[0]} split={plan[1]}"
    add("cublas", lambda c: (lambda: torch.matmul(a, b, out=c)))
    if ref_mod is not None:
        add("triton", lambda c: triton_launch(ref_mod, a, b, c))
    # Fewer repetitions where one launch is long (16384^3: ~13 ms).
    est_ms = flops / 5e14 * 1e3
    warm, rep = (10, 40) if est_ms < 1 else (5, max(25, 3 * est_ms))
    times = {i: [] for i in impls}
    order = list(impls)
    for r in range(rounds):
        # Each round starts further along the list: a long kernel's clock depends on how
        # hot the ones before it left the GPU, so no implementation always goes first or
        # last (in a fixed order cuBLAS and Triton's kernel always came last).
        at = r * len(order) // rounds
        for impl in order[at:] + order[:at]:
            times[impl].append(triton.testing.do_bench(impls[impl], warmup=warm, rep=rep, return_mode="median"))
    for impl, ts in times.items():
        ms = sorted(ts)[len(ts) // 2]
        row[f"{impl}_us"] = round(ms * 1e3, 2)
        row[f"{impl}_tflops"] = round(flops / (ms * 1e-3) / 1e12, 1)
    cub = row.get("cublas_us")
    best = [row[f"{i}_us"] for i in ("tilec_tuned", "tilec_splitk", "tilec_streamk", "tilec_tma", "tilec_padded",
                                     "tilec_cluster", "tilec_tail", "tilec_tail_cluster") if row.get(f"{i}_us")]
    if best:
        row["tilec_best_us"] = min(best)
        row["tilec_best_tflops"] = round(flops / (min(best) * 1e-6) / 1e12, 1)
    for impl in ("tilec", "tilec_tuned", "tilec_splitk", "tilec_streamk", "tilec_tma", "tilec_padded", "tilec_cluster",
                 "tilec_tail", "tilec_tail_cluster", "tilec_best", "triton"):
        if cub and row.get(f"{impl}_us"):
            row[f"{impl}/cublas"] = round(cub / row[f"{impl}_us"], 3)
    impl_names = ("tilec", "tilec_tuned", "tilec_splitk", "tilec_streamk", "tilec_tma", "tilec_padded", "tilec_cluster",
                  "tilec_tail", "tilec_tail_cluster", "cublas", "triton")
    line = ", ".join(f"{i} {row.get(i + '_tflops', '—')}" for i in impl_names)
    notes = "; ".join(f"{i}: {row[i + '_note']}" for i in impl_names
                      if i + "_note" in row)
    print(f"{name} ({lab}): TFLOP/s {line}; tilec spec {row.get('tilec_spec', '?')}"
          + (f"; {notes}" if notes else ""), flush=True)
    del outs
    return row


COLUMNS = ["shape", "what", "dtype", "tilec_tflops", "tilec_tuned_tflops", "tilec_splitk_tflops",
           "tilec_streamk_tflops", "tilec_tma_tflops", "tilec_padded_tflops", "tilec_cluster_tflops", "tilec_tail_tflops",
           "tilec_tail_cluster_tflops",
           "cublas_tflops", "triton_tflops", "tilec/cublas",
           "tilec_tuned/cublas", "tilec_tma/cublas", "tilec_padded/cublas", "tilec_best/cublas", "triton/cublas", "tilec_spec",
           "tilec_tuned_config", "tilec_tma_config", "tilec_splitk_config",
           "tilec_streamk_plan", "tilec_tail_plan", "tilec_us", "tilec_tuned_us", "tilec_splitk_us", "tilec_streamk_us", "tilec_tma_us", "tilec_padded_us",
           "cublas_us", "triton_us", "tilec_err", "tilec_tuned_err", "tilec_splitk_err", "tilec_streamk_err",
           "tilec_tma_err", "tilec_padded_err", "triton_err", "tilec_note", "tilec_tuned_note", "tilec_splitk_note", "tilec_streamk_note",
           "tilec_tma_note", "tilec_padded_note", "cublas_note", "triton_note"]


def write(out, rows, skipped, secs):
    with open(os.path.join(out, "results.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS + ["M", "N", "K"], extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    shown = COLUMNS[:19]
    lines = ["| " + " | ".join(shown) + " |", "|" + "---|" * len(shown)]
    for r in rows:
        cells = [str(r.get(c, r.get(c.replace("_tflops", "_note"), "—"))) for c in shown]
        lines.append("| " + " | ".join(cells) + " |")
    ratios = [r["tilec/cublas"] for r in rows if "tilec/cublas" in r]
    tuned = [r["tilec_tuned/cublas"] for r in rows if "tilec_tuned/cublas" in r]
    tma = [r["tilec_tma/cublas"] for r in rows if "tilec_tma/cublas" in r]
    best = [r["tilec_best/cublas"] for r in rows if "tilec_best/cublas" in r]
    vs_triton = [r["tilec_best_us"] / r["triton_us"] for r in rows if r.get("tilec_best_us") and r.get("triton_us")]
    summary = [f"{len(rows)} cases in {secs:.0f} s (ratios above 1: faster than cuBLAS)."]
    if vs_triton:
        slower = sum(1 for x in vs_triton if x > 1.0)
        summary.append(f"tilec_best slower than Triton's tutorial kernel on {slower} of {len(vs_triton)} shapes.")
    for label, xs in (("tilec/cuBLAS", ratios), ("tilec_tuned/cuBLAS", tuned), ("tilec_tma/cuBLAS", tma),
                      ("tilec_best/cuBLAS", best)):
        if xs:
            geo = math.exp(sum(math.log(x) for x in xs) / len(xs))
            summary.append(f"{label}: geometric mean {geo:.3f}, min {min(xs):.3f}, max {max(xs):.3f}.")
    if skipped:
        summary.append("Not run (over the time budget): "
                       + ", ".join(f"{m}x{n}x{k} {str(d)[6:]}" for m, n, k, _, d in skipped) + ".")
    text = "\n".join(summary) + "\n\n" + "\n".join(lines) + "\n"
    open(os.path.join(out, "table.md"), "w").write(text)
    print("\n" + text, flush=True)
    plot(out, rows)


def plot(out, rows):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no ratio.png (results.csv and table.md are written)")
        return
    fig, ax = plt.subplots(figsize=(max(10, 0.28 * len(rows)), 5))
    xs = range(len(rows))
    for key, mark in (("tilec/cublas", "o"), ("tilec_best/cublas", "s"), ("triton/cublas", "^")):
        ax.plot(xs, [r.get(key, float("nan")) for r in rows], mark, label=key.replace("cublas", "cuBLAS"))
    ax.axhline(1.0, color="gray", lw=0.8)
    ax.set_xticks(list(xs))
    ax.set_xticklabels([f"{r['shape']} {r['dtype']}" for r in rows], rotation=90, fontsize=6)
    ax.set_ylabel("speed relative to cuBLAS (higher is faster)")
    ax.set_title(f"matmul sweep, {torch.cuda.get_device_name()}")
    ax.legend()
    fig.tight_layout()
    fig.savefig(os.path.join(out, "ratio.png"), dpi=130)
    print(f"wrote {os.path.join(out, 'ratio.png')}")


if __name__ == "__main__":
    main()
