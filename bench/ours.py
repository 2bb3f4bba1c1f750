"""Times and checks tilec-compiled kernels on the GPU, launched from their PTX through
CuPy (the same PTX and launch metadata tilerun uses), beside torch references.

Usage (on the GPU machine): python3 bench/ours.py PTX_DIR  -> prints JSON lines, writes
$OUT/ours.json. PTX_DIR holds NAME.ptx + NAME.json from `tilec`.
"""
import json, os, sys, time
import numpy as np
import cupy as cp
import torch

ptx_dir = sys.argv[1]
rows = []


def kernel(name, entry=None):
    meta = json.load(open(os.path.join(ptx_dir, name + ".json")))
    k = meta["kernels"][0]
    mod = cp.RawModule(path=os.path.join(ptx_dir, name + ".ptx"))
    return mod.get_function(entry or k["name"]), k


_flush = cp.empty(256 * 1024 * 1024 // 4, dtype=cp.int32)


def bench(fn, warm=10, reps=100):
    """Median of event-timed launches, each after clearing a 256 MB buffer (this flushes
    L2 and keeps the GPU busy while the host launches): triton.testing.do_bench's method."""
    for _ in range(warm):
        fn()
    starts = [cp.cuda.Event() for _ in range(reps)]
    ends = [cp.cuda.Event() for _ in range(reps)]
    for s, e in zip(starts, ends):
        _flush.fill(0)
        s.record(); fn(); e.record()
    ends[-1].synchronize()
    return float(np.median([cp.cuda.get_elapsed_time(s, e) for s, e in zip(starts, ends)])) * 1e3  # us


def rec(kernel, size, us, nbytes, ok, err):
    r = {"kernel": kernel, "size": size, "impl": "tilec", "us": round(us, 2),
         "GB/s": round(nbytes / us / 1e3, 1), "ok": ok, "max_err": err}
    rows.append(r)
    print(json.dumps(r), flush=True)


def tp(t):
    return cp.asarray(t)  # zero-copy view of a torch CUDA tensor


# vector add, sizes that are and are not multiples of the tile
add, meta = kernel("add")
add_any, _ = kernel("add_any")
for n in [1, 1000, 4096, 1000003, 1 << 20, 1 << 28]:
    a = torch.randn(n, device="cuda"); b = torch.randn(n, device="cuda")
    o = torch.full((n,), float("nan"), device="cuda")
    k = add if n % 16 == 0 else add_any
    g = ((n + 1023) // 1024,)
    args = (tp(a), tp(b), tp(o), np.int32(n))
    launch = lambda: k(g, (meta["block"][0],), args)
    launch(); cp.cuda.Device().synchronize()
    err = (o - (a + b)).abs().max().item()
    ok = bool(err == 0.0)
    us = bench(launch) if n >= (1 << 20) else 0.0
    if n >= (1 << 20):
        rec("vadd", n, us, 12 * n, ok, err)
    else:
        print(json.dumps({"kernel": "vadd", "size": n, "check": ok, "max_err": err}), flush=True)
        rows.append({"kernel": "vadd-check", "size": n, "ok": ok})

# atomic sum (one relaxed atomic per program) and the persistent grid-stride sum
sm = torch.cuda.get_device_properties(0).multi_processor_count
for name, grid in [("sum", None), ("persistent_sum", sm * 4)]:
    for n in [1000, 1 << 20, 1 << 30]:
        k, m = kernel(name if n % 16 == 0 else name + "_any")
        x = torch.rand(n, device="cuda")
        out = torch.zeros(1, device="cuda")
        g = (grid or (n + 4095) // 4096,)
        args, co = (tp(x), tp(out), np.int32(n)), tp(out)
        launch = lambda: (co.fill(0), k(g, (m["block"][0],), args))
        launch(); cp.cuda.Device().synchronize()
        ref = x.double().sum().item()
        err = abs(out.item() - ref) / max(abs(ref), 1.0)
        ok = bool(err < 1e-4)
        if n >= (1 << 20):
            rec(name, n, bench(launch), 4 * n, ok, err)
        else:
            rows.append({"kernel": name + "-check", "size": n, "ok": ok})
            print(json.dumps({"kernel": name, "size": n, "check": ok, "rel_err": err}), flush=True)

# row softmax
for (R, C) in [(4096, 4096), (16384, 1024), (1000, 3000)]:
    k, m = kernel("softmax_row_any" if C % 16 else ("softmax_row_1024" if C <= 1024 else "softmax_row"))
    x = torch.randn(R, C, device="cuda"); y = torch.empty_like(x)
    args = (tp(y), tp(x), np.int32(C), np.int32(C), np.int32(C))
    launch = lambda: k((R,), (m["block"][0],), args)
    launch(); cp.cuda.Device().synchronize()
    err = (y - torch.softmax(x, 1)).abs().max().item()
    ok = bool(err < 1e-5)
    rec("softmax", f"{R}x{C}", bench(launch), 8 * R * C, ok, err)

out = os.environ.get("OUT")
if out:
    json.dump(rows, open(os.path.join(out, "ours.json"), "w"), indent=1)
bad = [r for r in rows if r.get("ok") is False]
print(f"{len(rows) - len(bad)} passed, {len(bad)} failed")
