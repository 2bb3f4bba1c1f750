"""Scans and message passing on the GPU: checks, timings and a memory-model litmus test,
tilec's PTX launched through CuPy (as bench/ours.py does) beside torch.cumsum and
Triton's decoupled look-back in the same run.

Usage (on the GPU machine):
    python3 bench/scan_bench.py --tilec PATH [--triton-ref triton_reference.py] [--launches N]
        [--variants scan,window32,window128] [--skip checks,litmus] [--sizes 20,24,28]
Prints JSON lines and a summary; writes $OUT/scan.json when OUT is set. Exit 1 when a
check fails or the release/acquire litmus test sees a stale read.

1. Tile-local cumsum / cumprod (bench/kernels/scan_checks.tile) for TILE 16..4096 and
   1, 4, 8 warps, specialised (16-byte accesses) and not: exact for integers (wrapping,
   as numpy's int32), within float rounding for f32.
2. examples/scan.tile (decoupled look-back, one-word state, dynamic program ids) and
   examples/scan_window.tile (W predecessors per round trip) on randint(-100, 100) i32
   of 2^20 + 3, 2^24, 2^28: exact against torch.cumsum (twice), then timed
   (state re-zeroed in each timed launch, as Triton's reference does) beside torch.cumsum
   and Triton's scan_lookback (taken from the reference script, which is not ours to ship).
3. examples/message_passing.tile: data store then release flag; acquire flag then data
   load, `--launches` x 8192 pairs. Stale reads must not happen with release/acquire;
   with relaxed ordering the count is reported.
"""
import argparse, importlib.util, json, os, subprocess, sys, tempfile, time
import numpy as np
import cupy as cp
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
ap = argparse.ArgumentParser()
ap.add_argument("--tilec", required=True)
ap.add_argument("--triton-ref", default=None)
ap.add_argument("--launches", type=int, default=500)
ap.add_argument("--sizes", default="20,24,28")
ap.add_argument("--variants", default="scan", help="look-back kernels: scan (examples/scan.tile), window32, window128 "
                "(examples/scan_window.tile with W = 32 / 128); a suffix @TILExWARPS (scan@8192x8) overrides the "
                "tile (default 4096) and the warps (default 4)")
ap.add_argument("--skip", default="", help="sections to skip: checks, litmus")
args = ap.parse_args()
work = tempfile.mkdtemp(prefix="scan-bench-")
rows, failures = [], []


def emit(r):
    rows.append(r)
    print(json.dumps(r), flush=True)


def compile_tile(tag, path, *flags):
    out = os.path.join(work, tag + ".ptx")
    t0 = time.perf_counter()
    p = subprocess.run([args.tilec, path, "-o", out, *flags], capture_output=True, text=True)
    ms = (time.perf_counter() - t0) * 1e3
    if p.returncode != 0:
        raise RuntimeError(f"tilec {path} {' '.join(flags)}: {p.stderr[-2000:]}")
    meta = json.load(open(os.path.join(work, tag + ".json")))
    mod = cp.RawModule(path=out)
    return {k["name"]: (mod.get_function(k["name"]), k) for k in meta["kernels"]}, ms


from gpu_timing import bench  # noqa: E402


def tp(t):
    return cp.asarray(t)


# ---------------------------------------------------------------- 1. tile-local scans
rng = np.random.default_rng(0)


def local_ref(kname, x, tile):
    n = len(x)
    pad = (-n) % tile
    if kname.startswith("cp"):
        xp = np.concatenate([x, np.ones(pad, x.dtype)]).reshape(-1, tile)
    else:
        xp = np.concatenate([x, np.zeros(pad, x.dtype)]).reshape(-1, tile)
    if kname == "cs_u8":
        r = np.cumsum(xp.astype(np.uint32), axis=1, dtype=np.uint32)
    elif kname == "cs_f32" or kname == "cp_f32":
        r = (np.cumsum if kname == "cs_f32" else np.cumprod)(xp.astype(np.float64), axis=1)
    else:
        with np.errstate(over="ignore"):
            r = (np.cumsum if kname.startswith("cs") else np.cumprod)(xp, axis=1, dtype=xp.dtype)
    return r.reshape(-1)[:n]


inputs = {
    "cs_i32": lambda n: rng.integers(-1000, 1000, n, dtype=np.int32),
    "cp_i32": lambda n: rng.choice(np.array([1, -1, 3, 5], dtype=np.int32), n),  # odd: wraps, never 0
    "cs_f32": lambda n: rng.standard_normal(n).astype(np.float32),
    "cp_f32": lambda n: rng.uniform(0.999, 1.001, n).astype(np.float32),
    "cs_i64": lambda n: rng.integers(-(1 << 40), 1 << 40, n, dtype=np.int64),
    "cs_u8": lambda n: rng.integers(0, 256, n, dtype=np.uint8),
}
out_dtype = {"cs_u8": np.uint32}
n_checks = 0
for tile in ([] if "checks" in args.skip else [16, 64, 128, 1024, 4096]):
    for warps in [1, 4, 8]:
        for spec in [False, True]:
            flags = ["-D", f"TILE={tile}", "--num-warps", str(warps)] + (["--divisibility", "n=16"] if spec else [])
            ks, _ = compile_tile(f"chk_{tile}_{warps}_{int(spec)}", os.path.join(HERE, "kernels", "scan_checks.tile"), *flags)
            n = tile * 37 + (0 if spec else 5)
            for kname, (fn, meta) in ks.items():
                x = inputs[kname](n)
                xd = cp.asarray(x)
                yd = cp.zeros(n, dtype=out_dtype.get(kname, x.dtype))
                fn(((n + tile - 1) // tile,), (meta["block"][0],), (xd, yd, np.int32(n)))
                try:
                    y = cp.asnumpy(yd)
                except Exception:
                    print(f"CUDA error after {kname} TILE={tile} warps={warps} spec={spec}", flush=True)
                    raise
                ref = local_ref(kname, x, tile)
                if kname == "cs_f32":
                    bound = 1e-5 * local_ref("cs_f32", np.abs(x), tile) + 1e-5
                    ok = bool(np.all(np.abs(y - ref) <= bound))
                elif kname == "cp_f32":
                    ok = bool(np.allclose(y, ref, rtol=2e-5, atol=0))
                else:
                    ok = bool(np.array_equal(y, ref.astype(y.dtype)))
                n_checks += 1
                if not ok:
                    bad = int(np.argmax(y != ref)) if kname not in ("cs_f32", "cp_f32") else int(np.argmax(np.abs(y - ref)))
                    f = {"check": kname, "TILE": tile, "warps": warps, "spec": spec, "first_bad": bad,
                         "got": str(y[bad]), "want": str(ref[bad])}
                    failures.append(f)
                    print(json.dumps(f), flush=True)
emit({"kernel": "tile-local scans", "checks": n_checks, "failed": len(failures)})

# ---------------------------------------------------------------- 2. decoupled look-back
TILE = 4096  # Triton's
variants, tiles = {}, {}
for v in args.variants.split(","):
    base, _, shape = v.partition("@")
    tile, warps = (int(t) for t in shape.split("x")) if shape else (TILE, 4)
    path, name, extra = {
        "scan": ("scan.tile", "scan", []),
        "window16": ("scan_window.tile", "scan_window", ["-D", "W=16"]),  # copies inside a warp
        "window32": ("scan_window.tile", "scan_window", ["-D", "W=32"]),
        "window128": ("scan_window.tile", "scan_window", ["-D", "W=128"]),
    }[base]
    extra = extra + ["-D", f"TILE={tile}", "--num-warps", str(warps)]
    full = os.path.join(ROOT, "examples", path)
    tag = v.replace("@", "_")
    spec_ks, ms = compile_tile(tag, full, "--divisibility", "n=16", *extra)
    any_ks, _ = compile_tile(tag + "_any", full, *extra)
    variants[v] = (spec_ks[name], any_ks[name])
    tiles[v] = tile
    emit({"kernel": v, "compile_ms": round(ms, 1)})

triton_scan = None
if args.triton_ref:
    try:
        import triton
        src = open(args.triton_ref).read()
        i = src.index("@triton.jit\ndef scan_lookback")
        j = src.index("\nfor ", i)
        mod_path = os.path.join(work, "triton_scan_lookback.py")
        open(mod_path, "w").write("import triton\nimport triton.language as tl\n\n" + src[i:j])
        spec = importlib.util.spec_from_file_location("triton_scan_lookback", mod_path)
        m = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(m)
        triton_scan = m.scan_lookback
    except Exception as e:
        print("triton scan_lookback unavailable:", repr(e)[-500:], flush=True)

for lg in [int(s) for s in args.sizes.split(",")]:
    n = (1 << lg) + (3 if lg == 20 else 0)
    g = (n + TILE - 1) // TILE
    x = torch.randint(-100, 100, (n,), device="cuda", dtype=torch.int32)
    y = torch.empty_like(x)
    st = torch.zeros(g + 1, device="cuda", dtype=torch.int64)  # big enough for any tile >= TILE
    ref = torch.cumsum(x, 0, dtype=torch.int32)
    r = {"kernel": "scan", "size": n, "bytes": 8 * n}
    for v, (spec_k, any_k) in variants.items():
        fn, meta = spec_k if n % 16 == 0 else any_k
        gv = (n + tiles[v] - 1) // tiles[v]
        sv = st[: gv + 1]
        a = (tp(x), tp(y), tp(sv), tp(sv[gv:]), np.int32(n))
        launch = lambda: (sv.zero_(), fn((gv,), (meta["block"][0],), a))
        ok = True
        for _ in range(2):  # the result must not depend on the run
            y.fill_(0); launch(); torch.cuda.synchronize()
            if not torch.equal(y, ref):
                ok = False
                bad = int((y != ref).nonzero()[0])
                failures.append({"check": v, "n": n, "first_bad": bad, "got": int(y[bad]), "want": int(ref[bad])})
                print(json.dumps(failures[-1]), flush=True)
                break
        r[v + "_ok"] = ok
        if lg >= 24:
            r[v + "_us"] = round(bench(launch), 2)
    if lg < 24:
        emit(r)
        continue
    r["torch_us"] = round(bench(lambda: torch.cumsum(x, 0, out=y)), 2)
    if triton_scan is not None:
        tl_launch = lambda: (st.zero_(), triton_scan[(g,)](x, y, st, st[g:], n, TILE=TILE))
        t0 = time.perf_counter(); tl_launch(); torch.cuda.synchronize()
        r["triton_first_launch_ms"] = round((time.perf_counter() - t0) * 1e3, 1)
        r["triton_ok"] = bool(torch.equal(y, ref))
        r["triton_us"] = round(bench(tl_launch), 2)
    for k in list(variants) + ["torch", "triton"]:
        if k + "_us" in r:
            r[k + "_GB/s"] = round(8 * n / r[k + "_us"] / 1e3, 1)
    for v in variants:
        r[v + "/torch"] = round(r["torch_us"] / r[v + "_us"], 3)
        if "triton_us" in r:
            r[v + "/triton"] = round(r["triton_us"] / r[v + "_us"], 3)
    emit(r)
    del x, y, ref, st
    torch.cuda.empty_cache()

# ---------------------------------------------------------------- 3. message passing
mp, _ = compile_tile("mp", os.path.join(ROOT, "examples", "message_passing.tile"))
pairs, spins = 8192, 4000
for kname in ([] if "litmus" in args.skip else ["mp_release_acquire", "mp_relaxed"]):
    fn, meta = mp[kname]
    data = cp.zeros(pairs * 32, dtype=cp.int32)
    flag = cp.zeros(pairs * 32, dtype=cp.int32)
    counts = cp.zeros(3, dtype=cp.int32)
    t0 = time.perf_counter()
    for it in range(1, args.launches + 1):
        fn((2 * pairs,), (meta["block"][0],), (data, flag, counts, np.int32(it), np.int32(spins)))
    cp.cuda.Device().synchronize()
    seen, stale, early = (int(v) for v in cp.asnumpy(counts))
    r = {"kernel": kname, "trials": pairs * args.launches, "flag_seen": seen, "stale_reads": stale,
         "data_seen_before_flag_wait": early, "s": round(time.perf_counter() - t0, 2)}
    if kname == "mp_release_acquire":
        r["ok"] = stale == 0
        if stale:
            failures.append(r)
    emit(r)

out = os.environ.get("OUT")
if out:
    json.dump({"rows": rows, "failures": failures}, open(os.path.join(out, "scan.json"), "w"), indent=1)
print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
